// SupNormOptions::batch_parents: batches of 1 and 32 parents give consistent enclosures (each lower
// bound at most the other's upper bound) on random networks of every hidden layer type in 1 to 3
// inputs; a batch of 32 gives the same result on 1 and 2 threads; 0 is refused.
#include <doctest/doctest.h>

#include <stdexcept>

#include "on_off_consistency.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

TEST_CASE("supnorm batch_parents: batches of 32 and 1 parents give consistent enclosures") {
  check_on_off_consistent(
      7171, 1, 3, 300, [](std::size_t) { return std::string("sin(x0)"); },
      [](SupNormOptions& o, bool large) { o.batch_parents = large ? 32 : 1; });
}

TEST_CASE("supnorm batch_parents: the same result for 1 and 2 threads") {
  const Program prog = expression_error_program("x0*x1*x2", "sin(2*x0)*sin(2*x1)*sin(2*x2)", 3);
  const Box domain = cube(Rational(-1), Rational(1), 3);
  SupNormOptions o;
  o.rel_tol = parse_rational("1e-4");
  o.batch_parents = 32;
  o.threads = 1;
  const SupNormResult one = sup_norm(prog, domain, o);
  o.threads = 2;
  const SupNormResult two = sup_norm(prog, domain, o);
  CHECK(one.status == SupNormStatus::Converged);
  REQUIRE(one.upper.has_value());
  REQUIRE(two.upper.has_value());
  CHECK(one.lower == two.lower);
  CHECK(*one.upper == *two.upper);
  CHECK(one.boxes == two.boxes);
}

TEST_CASE("supnorm batch_parents: 0 is refused") {
  const Program prog = expression_error_program("x0", "sin(x0)", 1);
  SupNormOptions o;
  o.batch_parents = 0;
  CHECK_THROWS_AS(sup_norm(prog, cube(Rational(-1), Rational(1), 1), o), std::invalid_argument);
}
