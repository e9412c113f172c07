// Extreme magnitudes at modest precision: exp(-52751) ~ 10^-22909.37 is enclosed at 64..256 bits
// (Arb and MPFI carry arbitrary exponents), compared against 10^-22909 both ways, and its log10
// enclosure decides the log-space claim "log10 |x| <= c" proved / refuted / unknown.
// Independent references: MPFR (correctly rounded, directed, 400 bits) for exp(-52751) and ln 10,
// combined in exact rational arithmetic.
#include <doctest/doctest.h>
#include <mpfr.h>

#include "chain/log_magnitude.hpp"
#include "chain/relation.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

struct Bracket {
  Rational lo, hi;
};

Rational to_rational(const mpfr_t m) {
  mpq_class out;
  mpfr_get_q(out.get_mpq_t(), m);
  return Rational(out);
}

// f(k) for an integer k, rounded down and up by MPFR at 400 bits (f = mpfr_exp or mpfr_log).
Bracket mpfr_bracket(int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), long k) {
  mpfr_t x, lo, hi;
  mpfr_inits2(400, x, lo, hi, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_si(x, k, MPFR_RNDN);  // exact
  f(lo, x, MPFR_RNDD);
  f(hi, x, MPFR_RNDU);
  Bracket b{to_rational(lo), to_rational(hi)};
  mpfr_clears(x, lo, hi, static_cast<mpfr_ptr>(nullptr));
  return b;
}

template <class S>
S exp_of(long k, Prec p) {
  S x, e;
  set(x, Rational(k), p);
  exp(e, x, p);
  return e;
}

bool encloses(const Enclosure& e, const Bracket& b) { return e.bounded() && e.lower() <= b.lo && b.hi <= e.upper(); }

}  // namespace

TEST_CASE_TEMPLATE("log_magnitude: exp(-52751) against 10^-22909 both ways at 64..256 bits", S, Ball, Interval) {
  // Reference: exp(-52751) < 10^-22909 because 22909 ln 10 < 52751 (upper bound of ln 10 by MPFR).
  const Bracket ln10 = mpfr_bracket(mpfr_log, 10);
  REQUIRE(Rational(22909) * ln10.hi < Rational(52751));
  const Bracket e = mpfr_bracket(mpfr_exp, -52751);
  REQUIRE(e.hi < pow10(-22909));
  for (long bits : {64L, 128L, 256L}) {
    CAPTURE(bits);
    const Side x = Side::enclosure(exp_of<S>(-52751, Prec(bits)));
    REQUIRE(x.value.bounded());
    CHECK(encloses(x.value, e));  // contains MPFR's 400-bit bracket of the true value
    const Enclosure ten = Enclosure::exact(pow10(-22909));
    CHECK(decide(Relation::LessEqual, x.value, ten) == Verdict::Proved);
    CHECK(decide(Relation::Less, x.value, ten) == Verdict::Proved);
    CHECK(decide(Relation::GreaterEqual, x.value, ten) == Verdict::Refuted);
    CHECK(decide(Relation::Greater, x.value, ten) == Verdict::Refuted);
    // and the other neighbour: 10^-22910 < exp(-52751)
    CHECK(decide(Relation::GreaterEqual, x.value, Enclosure::exact(pow10(-22910))) == Verdict::Proved);
  }
}

TEST_CASE_TEMPLATE("log_magnitude: log10 |x| encloses -52751 / ln 10 and decides log-space claims", S, Ball, Interval) {
  const Bracket ln10 = mpfr_bracket(mpfr_log, 10);
  // log10 exp(-52751) = -52751 / ln 10, in [-52751/ln10.lo, -52751/ln10.hi] exactly.
  const Bracket truth{Rational(-52751) / ln10.lo, Rational(-52751) / ln10.hi};
  for (long bits : {64L, 128L, 256L}) {
    CAPTURE(bits);
    const Prec p(bits);
    const Side l = log10_abs(exp_of<S>(-52751, p), p);
    CHECK(encloses(l.value, truth));
    // Two precisions agree (overlap), and so does |x| of the negated value (identity).
    S neg_x;
    neg(neg_x, exp_of<S>(-52751, p));
    CHECK(l.value.intersects(log10_abs(neg_x, p).value));
    CHECK(l.value.intersects(log10_abs(exp_of<S>(-52751, Prec(2 * bits)), Prec(2 * bits)).value));

    CHECK(decide(Relation::LessEqual, l.value, Enclosure::exact(-22909)) == Verdict::Proved);   // -22909.37 <= -22909
    CHECK(decide(Relation::LessEqual, l.value, Enclosure::exact(-22910)) == Verdict::Refuted);  // -22909.37 > -22910
  }
  // Unknown: an x that may be 0 has no finite log10 |x| (whole line), and at 16 bits the
  // enclosure of log10 |x| straddles a threshold 10^-6 away from the truth.
  S around_zero;
  set_interval(around_zero, Rational(-1), Rational(1), Prec(64));
  const Side z = log10_abs(around_zero, Prec(64));
  CHECK_FALSE(z.value.bounded());
  CHECK(decide(Relation::LessEqual, z.value, Enclosure::exact(-22909)) == Verdict::Unknown);
  const Rational close = truth.hi + Rational(1) / Rational(1000000);
  REQUIRE(close > truth.hi);
  const Side coarse = log10_abs(exp_of<S>(-52751, Prec(16)), Prec(16));
  CHECK(decide(Relation::LessEqual, coarse.value, Enclosure::exact(close)) == Verdict::Unknown);
}
