#include "theorems/altabaa2024/certify.hpp"

#include "net/evaluate.hpp"
#include "net/expression.hpp"

namespace approxcert::theorems::altabaa2024 {

Ball expression_at(std::string_view expression, const Rational& x, Prec p) {
  const Program prog = compile_target(expression, 1);
  Ball in;
  set(in, x, p);
  return evaluate<Ball>(prog, std::span<const Ball>(&in, 1), p).at(0);
}

Rational dyadic_near(const Ball& b, long bits) {
  return floor_div(mid(b) * pow2(bits) + Rational(1) / Rational(2)) / pow2(bits);
}

}  // namespace approxcert::theorems::altabaa2024
