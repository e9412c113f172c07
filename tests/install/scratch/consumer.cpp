// Uses the installed library: exact rationals and a certified enclosure of exp(1/3) (Arb).
#include <iostream>
#include <vector>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/scalar.hpp"

int main() {
  using namespace approxcert;
  const Rational sum = parse_rational("1/3") + parse_rational("1/6");
  const Program prog = compile_target("exp(x0)", 1);
  std::vector<Ball> x(1);
  set(x[0], parse_rational("1/3"), Prec(128));
  const Ball y = evaluate<Ball>(prog, x, Prec(128))[0];
  std::cout << "sum " << sum.to_string() << "\n"
            << "exp(1/3) in [" << decimal_down(lower(y), 20) << ", " << decimal_up(upper(y), 20) << "]\n";
}
