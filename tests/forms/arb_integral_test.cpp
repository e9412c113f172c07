// Arb's rigorous integration (forms/arb_integral.hpp) and lp_norm's ArbIntegration / Auto methods
// against closed forms computed here, without slack (lower^p <= exact integral <= upper^p):
//   - exact rationals: (x - x^2)^2 on [0,1] gives 1/30; |x - 1/2|^p on [0,1] gives 2^-p/(p+1)
//     (a sign change of the error: odd p needs the non-analytic |.|); the ReLU interpolant I_n of x^2
//     (kinks at k/n) gives n^(-2p) (p!)^2/(2p+1)!;
//   - MPFI directly (a different library and code path from Arb's acb_calc_integrate): the integral
//     of (e^x - 1 - x)^2 over [0,1] is (e^2 - 1)/2 - 2e + 7/3, enclosed at 512 bits.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "domain/domain.hpp"
#include "forms/arb_integral.hpp"
#include "problem/error_program.hpp"
#include "scalar/interval.hpp"
#include "scalar/rational.hpp"
#include "supnorm/lpnorm.hpp"

#include "../supnorm/lp_closed_forms.hpp"

using namespace approxcert;
using namespace approxcert::lp_test;

namespace {

Rational q(long n, long d = 1) { return Rational(n) / Rational(d); }

LpNormResult arb_run(const std::string& approx, const std::string& target, const std::string& domain, unsigned long p,
                     const Rational& rel_tol = q(1, 1000)) {
  LpNormOptions o;
  o.p = p;
  o.rel_tol = rel_tol;
  o.method = LpMethod::ArbIntegration;
  return lp_norm(expression_error_program(approx, target, 1), parse_domain(domain), o);
}

void check_arb_encloses(const LpNormResult& r, const Rational& lo_exact, const Rational& hi_exact, unsigned long p) {
  CHECK(r.method == LpMethod::ArbIntegration);
  lp_test::check_encloses(r, lo_exact, hi_exact, p);
}

}  // namespace

TEST_CASE("arb integral: polynomial errors against exact rationals, analytic and with a sign change") {
  check_arb_encloses(arb_run("x", "x^2", "[0,1]", 2), q(1, 30), q(1, 30), 2);
  for (unsigned long p : {1ul, 2ul, 3ul, 4ul}) {
    CAPTURE(p);
    const Rational exact = pow_int(q(1, 2), static_cast<long>(p)) / Rational(static_cast<long>(p) + 1);
    const LpNormResult r = arb_run("x", "1/2", "[0,1]", p);
    check_arb_encloses(r, exact, exact, p);
    CHECK(*r.upper <= r.lower * (Rational(1) + q(1, 1000)));
  }
  // A tight tolerance: exponential convergence where the integrand is analytic.
  const LpNormResult tight = arb_run("x", "x^2", "[0,1]", 2, q(1, 1000000000) / q(1000000000));
  check_arb_encloses(tight, q(1, 30), q(1, 30), 2);
  CHECK(*tight.upper - tight.lower <= tight.lower * q(1, 1000000000) / q(1000000000));
}

TEST_CASE("arb integral: the ReLU interpolant of x^2, whose kinks acb_calc_integrate must isolate") {
  for (long n : {2, 3}) {
    for (unsigned long p : {1ul, 2ul}) {
      CAPTURE(n);
      CAPTURE(p);
      const Rational exact = interpolant_integral(n, static_cast<long>(p));
      check_arb_encloses(arb_run(relu_interpolant(n), "x0^2", "[0,1]", p, q(1, 100)), exact, exact, p);
    }
  }
}

TEST_CASE("arb integral: (e^x - 1 - x)^2 on [0,1] against its closed form enclosed by MPFI") {
  const Prec bits(512);
  Interval e, e2, t, ref;
  set(e, q(1), bits);
  exp(e, e, bits);      // e
  mul(e2, e, e, bits);  // e^2
  set(t, q(1), bits);
  sub(ref, e2, t, bits);
  set(t, q(1, 2), bits);
  mul(ref, ref, t, bits);  // (e^2 - 1)/2
  set(t, q(2), bits);
  mul(t, t, e, bits);
  sub(ref, ref, t, bits);  // - 2e
  set(t, q(7, 3), bits);
  add(ref, ref, t, bits);  // + 7/3
  const LpNormResult r = arb_run("1 + x", "exp(x)", "[0,1]", 2, q(1, 1000000));
  check_arb_encloses(r, lower(ref), upper(ref), 2);
}

TEST_CASE("arb integral: Auto falls back to the leaf sums where Arb cannot run, and bad calls are refused") {
  LpNormOptions o;
  o.p = 2;
  o.rel_tol = q(1, 100);
  o.method = LpMethod::Auto;
  o.threads = 1;
  // An endpoint that is not a dyadic: the leaf sums (1/3 - ... closed form: integral of (x - x^2)^2 on [0,1/3]).
  const LpNormResult r = lp_norm(expression_error_program("x", "x^2", 1), parse_domain("[0,1/3]"), o);
  CHECK(r.method == LpMethod::LeafSums);
  // (x - x^2)^2 = x^2 - 2x^3 + x^4: on [0, 1/3], 1/81 - 1/162 + 1/1215 = 17/2430.
  const Rational exact = q(1, 81) - q(1, 162) + q(1, 1215);
  CHECK(r.integral_lower <= exact);
  CHECK(exact <= *r.integral_upper);
  // Two inputs: Auto runs the leaf sums (a small budget: only the method is checked here);
  // ArbIntegration is refused.
  const Program two = expression_error_program("x0", "x0*x1", 2);
  o.max_boxes = 64;
  CHECK(lp_norm(two, parse_domain("[0,1]^2"), o).method == LpMethod::LeafSums);
  o.method = LpMethod::ArbIntegration;
  CHECK_THROWS_AS(lp_norm(two, parse_domain("[0,1]^2"), o), std::invalid_argument);
  CHECK_THROWS_AS(arb_integral_of_power(two, q(0), q(1), 2, {}), std::invalid_argument);
  const Program one = expression_error_program("x", "x^2", 1);
  CHECK_THROWS_AS(arb_integral_of_power(one, q(1), q(0), 2, {}), std::invalid_argument);
  ArbIntegralSettings huge;
  huge.prec = kMaxArbIntegralBits + 1;
  CHECK_THROWS_AS(arb_integral_of_power(one, q(0), q(1), 2, huge), std::invalid_argument);
}

TEST_CASE("arb integral: odd p over a zero of high order, where Arb stops short, and Auto's leaf sums") {
  // e^x - 1 - x - x^2/2 >= 0 vanishes to order 3 at 0: its integral over [0,1] is e - 8/3 (MPFI).
  const Prec bits(256);
  Interval e, ref, t;
  set(e, q(1), bits);
  exp(e, e, bits);
  set(t, q(8, 3), bits);
  sub(ref, e, t, bits);
  const Program prog = expression_error_program("1 + x + x^2/2", "exp(x)", 1);
  LpNormOptions o;
  o.p = 1;
  o.threads = 1;
  o.method = LpMethod::ArbIntegration;
  const LpNormResult arb = lp_norm(prog, parse_domain("[0,1]"), o);
  CHECK(arb.method == LpMethod::ArbIntegration);
  REQUIRE(arb.upper.has_value());
  CHECK(arb.integral_lower <= lower(ref));  // sound even though it did not converge
  CHECK(upper(ref) <= *arb.integral_upper);
  o.method = LpMethod::Auto;
  const LpNormResult r = lp_norm(prog, parse_domain("[0,1]"), o);
  if (arb.status != SupNormStatus::Converged) CHECK(r.method == LpMethod::LeafSums);
  lp_test::check_encloses(r, lower(ref), upper(ref), 1);
}
