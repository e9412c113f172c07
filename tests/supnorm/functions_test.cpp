// supnorm with the functions of issue 17 (log2, log10, asin, acos, sinh, cosh, asinh, acosh, atanh,
// erf, erfc, real powers) against closed forms of the supremum evaluated by MPFR at 300 bits
// (mpfr_asin, mpfr_sinh, mpfr_erf, ...: a different library and code path from Arb and the engine),
// or exact rational suprema; absolute and relative mode. No slack: lower <= sup <= upper.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <functional>
#include <string>

#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/removable_zero.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// An MPFR value at 300 bits as an enclosing pair of exact rationals (+- 2^-280 relative).
struct Ref {
  Rational lo, hi;
};
Ref mpfr_value(const Rational& x, const std::function<void(mpfr_t, const mpfr_t)>& f) {
  mpfr_t a, r;
  mpfr_inits2(300, a, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_q(a, x.get_mpq_t(), MPFR_RNDN);  // the x used here are dyadic: exact
  f(r, a);
  mpq_class q;
  mpfr_get_q(q.get_mpq_t(), r);
  mpfr_clears(a, r, static_cast<mpfr_ptr>(nullptr));
  const Rational mid{q};
  const Rational slack = abs(mid) * pow2(-280);
  return {mid - slack, mid + slack};
}

SupNormResult run(const std::string& approx, const std::string& target, const Rational& lo, const Rational& hi,
                  bool relative = false) {
  Program prog = expression_error_program(approx, target, 1);
  if (relative) prog = relative_error_program(std::move(prog));
  const Box box{{lo}, {hi}};
  SupNormOptions o;
  o.rel_tol = frac(1, 1000000000);
  o.abs_tol = Rational(0);
  o.threads = 1;
  o.max_boxes = 200000;
  if (relative) o.removable_zeros = find_removable_zeros(prog, box, Prec(64), "relative mode");
  return sup_norm(prog, box, o);
}

void check_encloses(const SupNormResult& r, const Ref& sup) {
  CHECK(r.status == SupNormStatus::Converged);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower <= sup.hi);
  CHECK(sup.lo <= *r.upper);
}

}  // namespace

TEST_CASE("supnorm functions: absolute suprema agree with MPFR closed forms") {
  SUBCASE("asin(x) - x on [-1/2, 1/2]: increasing odd error, sup = asin(1/2) - 1/2") {
    check_encloses(run("x", "asin(x)", frac(-1, 2), frac(1, 2)), mpfr_value(frac(1, 2), [](mpfr_t r, const mpfr_t a) {
                     mpfr_asin(r, a, MPFR_RNDN);
                     mpfr_sub(r, r, a, MPFR_RNDN);
                   }));
  }
  SUBCASE("acos(x) on [-1, 1] against 0: sup = acos(-1) = pi, at the end of the domain") {
    check_encloses(run("0", "acos(x)", Rational(-1), Rational(1)),
                   mpfr_value(Rational(-1), [](mpfr_t r, const mpfr_t a) { mpfr_acos(r, a, MPFR_RNDN); }));
  }
  SUBCASE("sinh(x) - x on [0, 2]: sup = sinh(2) - 2") {
    check_encloses(run("x", "sinh(x)", Rational(0), Rational(2)), mpfr_value(Rational(2), [](mpfr_t r, const mpfr_t a) {
                     mpfr_sinh(r, a, MPFR_RNDN);
                     mpfr_sub(r, r, a, MPFR_RNDN);
                   }));
  }
  SUBCASE("cosh(x) - 1 - x^2/2 on [-1, 3/2]: even in x and increasing in |x|, sup at 3/2") {
    check_encloses(run("1 + x^2/2", "cosh(x)", Rational(-1), frac(3, 2)),
                   mpfr_value(frac(3, 2), [](mpfr_t r, const mpfr_t a) {
                     mpfr_t s;
                     mpfr_init2(s, 300);
                     mpfr_cosh(r, a, MPFR_RNDN);
                     mpfr_sqr(s, a, MPFR_RNDN);
                     mpfr_div_2ui(s, s, 1, MPFR_RNDN);
                     mpfr_sub(r, r, s, MPFR_RNDN);
                     mpfr_sub_ui(r, r, 1, MPFR_RNDN);
                     mpfr_clear(s);
                   }));
  }
  SUBCASE("x - asinh(x) on [0, 4]: increasing, sup = 4 - asinh(4)") {
    check_encloses(run("x", "asinh(x)", Rational(0), Rational(4)),
                   mpfr_value(Rational(4), [](mpfr_t r, const mpfr_t a) {
                     mpfr_asinh(r, a, MPFR_RNDN);
                     mpfr_sub(r, a, r, MPFR_RNDN);
                   }));
  }
  SUBCASE("acosh(x) on [1, 3] against 0, the derivative unbounded at 1: sup = acosh(3)") {
    check_encloses(run("0", "acosh(x)", Rational(1), Rational(3)),
                   mpfr_value(Rational(3), [](mpfr_t r, const mpfr_t a) { mpfr_acosh(r, a, MPFR_RNDN); }));
  }
  SUBCASE("atanh(x) - x on [-3/4, 3/4]: sup = atanh(3/4) - 3/4") {
    check_encloses(run("x", "atanh(x)", frac(-3, 4), frac(3, 4)), mpfr_value(frac(3, 4), [](mpfr_t r, const mpfr_t a) {
                     mpfr_atanh(r, a, MPFR_RNDN);
                     mpfr_sub(r, r, a, MPFR_RNDN);
                   }));
  }
  SUBCASE("erfc(x) on [-2, 2] against 0: decreasing, sup = erfc(-2)") {
    check_encloses(run("0", "erfc(x)", Rational(-2), Rational(2)),
                   mpfr_value(Rational(-2), [](mpfr_t r, const mpfr_t a) { mpfr_erfc(r, a, MPFR_RNDN); }));
  }
  SUBCASE("exact suprema: log2(x) on [1/8, 4] is 3; log10(x) on [1/1000, 10] is 3; x^(1/3) - 1 on [1, 8] is 1") {
    check_encloses(run("0", "log2(x)", frac(1, 8), Rational(4)), Ref{Rational(3), Rational(3)});
    check_encloses(run("0", "log10(x)", frac(1, 1000), Rational(10)), Ref{Rational(3), Rational(3)});
    check_encloses(run("1", "x^(1/3)", Rational(1), Rational(8)), Ref{Rational(1), Rational(1)});
  }
  SUBCASE("pow(x, x) on [1/4, 2] against 1: sup = 2^2 - 1 = 3 at x = 2") {
    check_encloses(run("1", "pow(x, x)", frac(1, 4), Rational(2)), Ref{Rational(3), Rational(3)});
  }
}

TEST_CASE("supnorm functions: relative mode with a removable zero at 0 (atanh, erf, asin)") {
  SUBCASE("x vs atanh(x) on [-1/2, 1/2]: x/atanh(x) decreases in |x|, sup = 1 - (1/2)/atanh(1/2)") {
    check_encloses(run("x", "atanh(x)", frac(-1, 2), frac(1, 2), true),
                   mpfr_value(frac(1, 2), [](mpfr_t r, const mpfr_t a) {
                     mpfr_atanh(r, a, MPFR_RNDN);
                     mpfr_div(r, a, r, MPFR_RNDN);
                     mpfr_ui_sub(r, 1, r, MPFR_RNDN);
                   }));
  }
  SUBCASE("x vs asin(x) on [-1/2, 1/2]: sup = 1 - (1/2)/asin(1/2)") {
    check_encloses(run("x", "asin(x)", frac(-1, 2), frac(1, 2), true),
                   mpfr_value(frac(1, 2), [](mpfr_t r, const mpfr_t a) {
                     mpfr_asin(r, a, MPFR_RNDN);
                     mpfr_div(r, a, r, MPFR_RNDN);
                     mpfr_ui_sub(r, 1, r, MPFR_RNDN);
                   }));
  }
  SUBCASE("x vs erf(x) on [-1, 1]: x/erf(x) grows with |x| (erf concave on [0, 1]), sup = 1/erf(1) - 1") {
    check_encloses(run("x", "erf(x)", Rational(-1), Rational(1), true),
                   mpfr_value(Rational(1), [](mpfr_t r, const mpfr_t a) {
                     mpfr_erf(r, a, MPFR_RNDN);
                     mpfr_div(r, a, r, MPFR_RNDN);
                     mpfr_sub_ui(r, r, 1, MPFR_RNDN);
                   }));
  }
}
