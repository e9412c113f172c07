// compile_named_expression / named_variables_used / is_reserved_expression_name: names resolve to
// the given nodes (checked by exact evaluation against hand-computed values), x0.. are not
// variables then, and unknown names are errors with a column.
#include <doctest/doctest.h>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

Rational q(long n, long d = 1) { return Rational(mpz_class(n), mpz_class(d)); }

}  // namespace

TEST_CASE("named expressions: names are the variables, evaluated exactly") {
  Program p(2);
  const std::vector<NodeId> vars{p.input(0), p.input(1)};
  const std::vector<std::string> names{"err_f", "gap"};
  p.add_output(compile_named_expression("2*err_f + gap/4 - 1", p, vars, names));
  Ball in[2];
  set(in[0], q(1, 3), Prec(128));
  set(in[1], q(2), Prec(128));
  const Ball out = evaluate<Ball>(p, std::span<const Ball>(in, 2), Prec(128)).at(0);
  // 2/3 + 1/2 - 1 = 1/6.
  CHECK(lower(out) <= q(1, 6));
  CHECK(q(1, 6) <= upper(out));
  CHECK(rad(out) <= pow2(-100));
}

TEST_CASE("named expressions: usage, reserved words and errors") {
  const std::vector<std::string> names{"a", "b_2", "c"};
  CHECK(named_variables_used("a + c*c", names) == std::vector<bool>{true, false, true});
  CHECK(named_variables_used("1/3", names) == std::vector<bool>{false, false, false});
  CHECK_THROWS_WITH_AS(named_variables_used("a + x0", names), doctest::Contains("column 5"), InputError);
  CHECK_THROWS_WITH_AS(named_variables_used("a + d", names), doctest::Contains("unknown identifier 'd'"), InputError);
  for (const char* r : {"pi", "e", "x", "x0", "x12", "sin", "exp", "inf", "nan"}) CHECK(is_reserved_expression_name(r));
  for (const char* ok : {"err_f", "x_0", "xy", "L", "e1", "sinus"}) CHECK_FALSE(is_reserved_expression_name(ok));
}
