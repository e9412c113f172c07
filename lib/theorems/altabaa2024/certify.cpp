#include "theorems/altabaa2024/certify.hpp"

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "problem/error_program.hpp"

namespace approxcert::theorems::altabaa2024 {

Program constant_error_program(std::string_view target, const Rational& c, std::size_t dim) {
  Program p(dim);
  std::vector<NodeId> vars;
  for (std::size_t k = 0; k < dim; ++k) vars.push_back(p.input(k));
  const NodeId t = compile_expression(target, p, vars);
  const NodeId approx = p.constant(c);
  return with_error_output(std::move(p), t, approx);
}

Ball expression_at(std::string_view expression, const Rational& x, Prec p) {
  const Program prog = compile_target(expression, 1);
  Ball in;
  set(in, x, p);
  return evaluate<Ball>(prog, std::span<const Ball>(&in, 1), p).at(0);
}

Rational dyadic_down(const Rational& q, long bits) { return floor_div(q * pow2(bits)) / pow2(bits); }
Rational dyadic_up(const Rational& q, long bits) { return ceil_div(q * pow2(bits)) / pow2(bits); }
Rational dyadic_near(const Ball& b, long bits) {
  return floor_div(mid(b) * pow2(bits) + Rational(1) / Rational(2)) / pow2(bits);
}

chain::Side derived_upper(const chain::Enclosure& e, std::string note) {
  return chain::Side::derived(e, std::move(note));
}

}  // namespace approxcert::theorems::altabaa2024
