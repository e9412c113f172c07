// Statuses and budgets: a run cut short reports budget_exhausted with a sound enclosure; the
// result does not depend on the thread count; precision is raised when rounding dominates, and a
// run that needs more than max_prec reports precision_exhausted.
#include <doctest/doctest.h>

#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {
// exp(x) - q near x = 1/3, q = exp(1/3) to 30 decimals: |f| is about 4.1e-31 while 64-bit
// rounding errors are about 1e-19; the domain, 1e-40 wide, is thinner than 64-bit balls resolve.
Program rounding_dominated_error() {
  return expression_error_program("1.395612425086089528628125319603", "exp(x0)", 1);
}
const Box kThinDomain{{frac(1, 3)}, {frac(1, 3) + pow10(-40)}};

}  // namespace

TEST_CASE("supnorm: --max-boxes and --time-limit end the run with budget_exhausted and a sound enclosure") {
  const Rational exact = frac(1, 4 * 64 * 64);
  SupNormOptions o;
  o.max_boxes = 20;
  SupNormResult r = sup_norm(relu_interpolant_error(64), cube(Rational(0), Rational(1), 1), o);
  CHECK(r.status == SupNormStatus::BudgetExhausted);
  CHECK(r.boxes <= 20);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower <= exact);
  CHECK(exact <= *r.upper);
  CHECK(r.frontier > 0);

  o.max_boxes = 1000000;
  o.time_limit_seconds = 0.0;
  r = sup_norm(relu_interpolant_error(64), cube(Rational(0), Rational(1), 1), o);
  CHECK(r.status == SupNormStatus::BudgetExhausted);
  CHECK(r.boxes == 1);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower <= exact);
  CHECK(exact <= *r.upper);
}

TEST_CASE("supnorm: results do not depend on the number of threads") {
  RandomNetworks gen(7);
  const Program prog = net_error_program(lower(gen.network(2, Hidden::Tanh, 6)), 0, "sin(x0) * x1");
  SupNormOptions o;
  o.max_boxes = 300;
  o.threads = 1;
  o.fast_path = true;  // the default, named: the fast path keeps the result deterministic
  const SupNormResult one = sup_norm(prog, cube(Rational(-1), Rational(1), 2), o);
  o.threads = 2;
  const SupNormResult two = sup_norm(prog, cube(Rational(-1), Rational(1), 2), o);
  CHECK(one.lower == two.lower);
  CHECK(one.upper == two.upper);
  CHECK(one.boxes == two.boxes);
  CHECK(one.witness == two.witness);
  CHECK(two.threads == 2);
}

TEST_CASE("supnorm: precision is raised when rounding errors dominate, and precision_exhausted at max_prec") {
  const Box& domain = kThinDomain;
  SupNormOptions o;
  SupNormResult r = sup_norm(rounding_dominated_error(), domain, o);
  CHECK(r.status == SupNormStatus::Converged);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower.sign() > 0);
  CHECK(*r.upper <= r.lower * (Rational(1) + o.rel_tol));
  CHECK(r.max_prec_used > o.prec);

  o.max_prec = o.prec;
  r = sup_norm(rounding_dominated_error(), domain, o);
  CHECK(r.status == SupNormStatus::PrecisionExhausted);
  REQUIRE(r.upper.has_value());
  CHECK(*r.upper > r.lower * (Rational(1) + o.rel_tol));
}
