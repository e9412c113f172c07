// Oracle (b): simple references agree. Field operations against exact rationals, the piecewise
// operations (relu, step, abs, min, max, hull) against the exact image of the input computed with
// rationals, and the transcendental ones against published 50-digit constants.
#include <doctest/doctest.h>

#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// A constant known to 50 decimals: the true value lies within 10^-50 of it.
Bracket digits50(const char* text) {
  const Rational d = parse_rational(text);
  return {d - pow10(-50), d + pow10(-50)};
}

// The enclosure is consistent with the constant and tight (so the check means something).
template <class S>
void agrees_with_constant(const S& e, const Bracket& c) {
  REQUIRE(is_finite(e));
  CHECK(overlaps(e, c.lo, c.hi));
  CHECK(width(e) < pow2(-200));
}

template <class S>
void is_exactly(const S& e, const Rational& v) {
  REQUIRE(is_finite(e));
  CHECK(lower(e) == v);
  CHECK(upper(e) == v);
}

}  // namespace

TEST_CASE_TEMPLATE("scalar reference: field operations on exact dyadics are exact", S, Ball, Interval) {
  const Prec p(64);
  const S a = make<S>(q(3, 4), p), b = make<S>(q(-5, 8), p), h = make<S>(q(1, 2), p);
  S r;
  add(r, a, b, p);
  is_exactly(r, q(1, 8));
  sub(r, a, b, p);
  is_exactly(r, q(11, 8));
  mul(r, a, b, p);
  is_exactly(r, q(-15, 32));
  r = h;
  addmul(r, a, b, p);
  is_exactly(r, q(1, 32));
  neg(r, b);
  is_exactly(r, q(5, 8));
  pow_int(r, a, 3, p);
  is_exactly(r, q(27, 64));
  pow_int(r, b, 2, p);
  is_exactly(r, q(25, 64));
  pow_int(r, b, 0, p);
  is_exactly(r, q(1));
  div(r, h, a, p);  // 2/3: not dyadic
  CHECK(encloses(r, q(2, 3)));
  CHECK(width(r) < pow2(-60));
  pow_int(r, a, -2, p);  // 16/9
  CHECK(encloses(r, q(16, 9)));
  CHECK(width(r) < pow2(-58));
}

TEST_CASE_TEMPLATE("scalar reference: decimal inputs are the decimals they spell", S, Ball, Interval) {
  // 0.1 + 0.2 contains exactly 3/10 (it would not if 0.1 went through double).
  for (long bits : {30L, 64L, 256L}) {
    const Prec p(bits);
    S r;
    add(r, make<S>(parse_rational("0.1"), p), make<S>(parse_rational("0.2"), p), p);
    CHECK(encloses(r, q(3, 10)));
    CHECK(width(r) < pow2(-bits + 2));
    mul(r, make<S>(q(1, 3), p), make<S>(q(3), p), p);
    CHECK(encloses(r, q(1)));
    sub(r, make<S>(q(1, 3), p), make<S>(q(1, 3), p), p);
    CHECK(encloses(r, q(0)));
  }
}

TEST_CASE_TEMPLATE("scalar reference: known constants", S, Ball, Interval) {
  const Prec p(256);
  S r;
  set_pi(r, p);
  agrees_with_constant(r, digits50("3.14159265358979323846264338327950288419716939937510"));
  const S one = make<S>(q(1), p), two = make<S>(q(2), p), zero = make<S>(q(0), p);
  exp(r, one, p);
  agrees_with_constant(r, digits50("2.71828182845904523536028747135266249775724709369995"));
  exp(r, make<S>(q(-1), p), p);
  agrees_with_constant(r, digits50("0.36787944117144232159552377016146086744581113103176"));
  log(r, two, p);
  agrees_with_constant(r, digits50("0.69314718055994530941723212145817656807550013436025"));
  sqrt(r, two, p);
  agrees_with_constant(r, digits50("1.41421356237309504880168872420969807856967187537694"));
  sin(r, one, p);
  agrees_with_constant(r, digits50("0.84147098480789650665250232163029899962256306079837"));
  cos(r, one, p);
  agrees_with_constant(r, digits50("0.54030230586813971740093660744297660373231042061792"));
  tan(r, one, p);
  agrees_with_constant(r, digits50("1.55740772465490223050697480745836017308725077238152"));
  atan(r, two, p);
  agrees_with_constant(r, digits50("1.10714871779409050301706546017853704007004764540143"));
  atan(r, one, p);  // pi/4
  agrees_with_constant(r, digits50("0.78539816339744830961566084581987572104929234984377"));
  tanh(r, one, p);
  agrees_with_constant(r, digits50("0.76159415595576488811945828260479359041276859725793"));

  // Values that are exact: the enclosure must contain them and be tight.
  auto contains_tightly = [&](const S& e, const Rational& v) {
    CHECK(encloses(e, v));
    CHECK(width(e) < pow2(-250));
  };
  exp(r, zero, p);
  contains_tightly(r, q(1));
  log(r, one, p);
  contains_tightly(r, q(0));
  sqrt(r, make<S>(q(9, 4), p), p);
  contains_tightly(r, q(3, 2));
  sqrt(r, zero, p);
  contains_tightly(r, q(0));
  sin(r, zero, p);
  contains_tightly(r, q(0));
  cos(r, zero, p);
  contains_tightly(r, q(1));
  tan(r, zero, p);
  contains_tightly(r, q(0));
  atan(r, zero, p);
  contains_tightly(r, q(0));
  tanh(r, zero, p);
  contains_tightly(r, q(0));
  sigmoid(r, zero, p);
  contains_tightly(r, q(1, 2));
}

// The functions of issue 17 against 50-decimal values (computed with mpmath at 80 digits and
// matching the published tables of erf, sinh, cosh, ...), and their exact values.
TEST_CASE_TEMPLATE("scalar reference: known values of log2, log10, asin .. erfc and pow", S, Ball, Interval) {
  const Prec p(256);
  S r;
  const S one = make<S>(q(1), p), two = make<S>(q(2), p), zero = make<S>(q(0), p), half = make<S>(q(1, 2), p);
  log2(r, make<S>(q(3), p), p);
  agrees_with_constant(r, digits50("1.58496250072115618145373894394781650875981440769248"));
  log10(r, two, p);
  agrees_with_constant(r, digits50("0.30102999566398119521373889472449302676818988146210"));
  asin(r, half, p);  // pi/6
  agrees_with_constant(r, digits50("0.52359877559829887307710723054658381403286156656251"));
  acos(r, make<S>(q(1, 4), p), p);
  agrees_with_constant(r, digits50("1.31811607165281796574566425464604046984639096659071"));
  sinh(r, one, p);
  agrees_with_constant(r, digits50("1.17520119364380145688238185059560081515571798133409"));
  cosh(r, one, p);
  agrees_with_constant(r, digits50("1.54308063481524377847790562075706168260152911236586"));
  asinh(r, one, p);
  agrees_with_constant(r, digits50("0.88137358701954302523260932497979230902816032826163"));
  acosh(r, two, p);
  agrees_with_constant(r, digits50("1.31695789692481670862504634730796844402698197146751"));
  atanh(r, half, p);
  agrees_with_constant(r, digits50("0.54930614433405484569762261846126285232374527891137"));
  erf(r, one, p);
  agrees_with_constant(r, digits50("0.84270079294971486934122063508260925929606699796630"));
  erfc(r, one, p);
  agrees_with_constant(r, digits50("0.15729920705028513065877936491739074070393300203369"));
  erfc(r, make<S>(q(5), p), p);
  agrees_with_constant(r, digits50("0.00000000000153745979442803485018834348538337889011"));
  pow(r, two, make<S>(q(1, 3), p), p);
  agrees_with_constant(r, digits50("1.25992104989487316476721060727822835057025146470150"));
  pow(r, make<S>(q(3), p), make<S>(q(-5, 2), p), p);
  agrees_with_constant(r, digits50("0.06415002990995841827879430894466193951640019458556"));
  asin(r, one, p);  // pi/2 at the end of the domain
  agrees_with_constant(r, digits50("1.57079632679489661923132169163975144209858469968755"));
  acos(r, zero, p);
  agrees_with_constant(r, digits50("1.57079632679489661923132169163975144209858469968755"));

  auto contains_tightly = [&](const S& e, const Rational& v) {
    CHECK(encloses(e, v));
    CHECK(width(e) < pow2(-250));
  };
  log2(r, make<S>(q(8), p), p);
  contains_tightly(r, q(3));
  log2(r, make<S>(q(1, 1024), p), p);
  contains_tightly(r, q(-10));
  log10(r, make<S>(q(1000), p), p);
  contains_tightly(r, q(3));
  log10(r, one, p);
  contains_tightly(r, q(0));
  asin(r, zero, p);
  contains_tightly(r, q(0));
  acos(r, one, p);
  contains_tightly(r, q(0));
  sinh(r, zero, p);
  contains_tightly(r, q(0));
  cosh(r, zero, p);
  contains_tightly(r, q(1));
  asinh(r, zero, p);
  contains_tightly(r, q(0));
  acosh(r, one, p);
  contains_tightly(r, q(0));
  atanh(r, zero, p);
  contains_tightly(r, q(0));
  erf(r, zero, p);
  contains_tightly(r, q(0));
  erfc(r, zero, p);
  contains_tightly(r, q(1));
  pow(r, make<S>(q(27), p), make<S>(q(1, 3), p), p);
  contains_tightly(r, q(3));
  pow(r, make<S>(q(9, 4), p), make<S>(q(-1, 2), p), p);
  contains_tightly(r, q(2, 3));
  pow(r, make<S>(q(7), p), zero, p);
  contains_tightly(r, q(1));
}

TEST_CASE_TEMPLATE("scalar reference: relu, step, abs, min, max, hull contain the exact image", S, Ball, Interval) {
  Rng rng(7);
  const std::vector<Range> range = {{q(-4), q(4)}};
  for (int c = 0; c < 400; ++c) {
    const Range x = rng.interval(range, {q(0)}), y = rng.chance(25) ? x : rng.interval(range, {x.lo, x.hi, q(0)});
    const Prec pin = rng.prec(), pout = rng.prec();
    INFO("x = [" << x.lo.to_string() << ", " << x.hi.to_string() << "], y = [" << y.lo.to_string() << ", "
                 << y.hi.to_string() << "], prec " << pin.bits << " -> " << pout.bits);
    const S a = make<S>(x, pin), b = make<S>(y, pin);
    S r;
    relu(r, a, pout);
    CHECK(encloses(r, max(x.lo, q(0)), max(x.hi, q(0))));
    step(r, a, pout);
    CHECK(encloses(r, x.lo.sign() >= 0 ? q(1) : q(0), x.hi.sign() >= 0 ? q(1) : q(0)));
    abs(r, a, pout);
    const Rational abs_lo = x.lo.sign() >= 0 ? x.lo : x.hi.sign() <= 0 ? -x.hi : q(0);
    CHECK(encloses(r, abs_lo, max(abs(x.lo), abs(x.hi))));
    min(r, a, b, pout);
    CHECK(encloses(r, min(x.lo, y.lo), min(x.hi, y.hi)));
    max(r, a, b, pout);
    CHECK(encloses(r, max(x.lo, y.lo), max(x.hi, y.hi)));
    hull(r, a, b, pout);
    CHECK(encloses(r, exact_range(a).lo, exact_range(a).hi));
    CHECK(encloses(r, exact_range(b).lo, exact_range(b).hi));
    hull(r, b, a, pout);
    CHECK(encloses(r, min(x.lo, y.lo), max(x.hi, y.hi)));
  }
}

TEST_CASE_TEMPLATE("scalar reference: piecewise operations are exact where the branch is decided", S, Ball, Interval) {
  const Prec p(64);
  S r;
  step(r, make<S>(q(0), p), p);
  is_exactly(r, q(1));  // step(0) = 1
  step(r, make<S>(q(1, 4), q(1), p), p);
  is_exactly(r, q(1));
  step(r, make<S>(q(-1), q(-1, 4), p), p);
  is_exactly(r, q(0));
  step(r, make<S>(q(-1), q(0), p), p);
  CHECK(encloses(r, q(0), q(1)));
  relu(r, make<S>(q(3, 8), p), p);
  is_exactly(r, q(3, 8));
  relu(r, make<S>(q(-3, 8), p), p);
  is_exactly(r, q(0));
  relu(r, make<S>(q(0), p), p);
  is_exactly(r, q(0));
  abs(r, make<S>(q(-3, 8), p), p);
  is_exactly(r, q(3, 8));
  min(r, make<S>(q(1), p), make<S>(q(2), p), p);
  is_exactly(r, q(1));
  max(r, make<S>(q(1), p), make<S>(q(2), p), p);
  is_exactly(r, q(2));
  min(r, make<S>(q(1), p), make<S>(q(1), p), p);
  is_exactly(r, q(1));
  hull(r, make<S>(q(1), p), make<S>(q(1), p), p);
  is_exactly(r, q(1));
  // step of the whole line still encloses both branches
  S whole;
  div(whole, make<S>(q(1), p), make<S>(q(0), p), p);
  step(r, whole, p);
  CHECK(encloses(r, q(0), q(1)));
}

// Boxes cut at short dyadics are held exactly, so a branch decided by an endpoint that touches the
// kink is exact too (a box edge on a kink must not look crossed).
TEST_CASE_TEMPLATE("scalar reference: kinks decided at touching dyadic endpoints", S, Ball, Interval) {
  const Prec p(64);
  S r;
  step(r, make<S>(q(0), q(1), p), p);
  is_exactly(r, q(1));
  step(r, make<S>(q(-1), q(0), p), p);
  CHECK(encloses(r, q(0), q(1)));
  relu(r, make<S>(q(-1), q(0), p), p);
  is_exactly(r, q(0));
  relu(r, make<S>(q(0), q(1), p), p);
  CHECK(lower(r) == q(0));
  CHECK(upper(r) == q(1));
  // Straddling: [0, max] exactly at 0; at the top within Arb's 30-bit radius precision.
  abs(r, make<S>(q(-2), q(1), p), p);
  CHECK(lower(r) == q(0));
  CHECK(encloses(r, q(0), q(2)));
  CHECK(upper(r) <= q(2) + pow2(-25));
  relu(r, make<S>(q(-2), q(1), p), p);
  CHECK(lower(r) == q(0));
  CHECK(encloses(r, q(0), q(1)));
  CHECK(upper(r) <= q(1) + pow2(-26));
  sqrt(r, make<S>(q(0), q(4), p), p);  // [0, 2]: finite, no longer reaching below 0
  CHECK(encloses(r, q(0), q(2)));
  CHECK(is_finite(r));
}

TEST_CASE("scalar reference: Interval decides kinks at any touching endpoint") {
  const Prec p(64);
  Interval r;
  step(r, make<Interval>(q(-1), -pow2(-300), p), p);
  is_exactly(r, q(0));
  step(r, make<Interval>(q(0), q(1, 3), p), p);
  is_exactly(r, q(1));
}

TEST_CASE_TEMPLATE("scalar reference: set_pi at low and high precision", S, Ball, Interval) {
  const Bracket pi = digits50("3.14159265358979323846264338327950288419716939937510");
  for (long bits : {2L, 10L, 30L, 53L, 64L, 128L}) {
    S r;
    set_pi(r, Prec(bits));
    CHECK(overlaps(r, pi.lo, pi.hi));
    CHECK(encloses(r, pi));  // pi's bracket is far narrower than the enclosure at these precisions
  }
}

// MPFI endpoints can sit exactly at 0 and 1. (A Ball near 0 or 1 may overshoot [0, 1] by its
// radius: the interval [1 - u, 1] has no exact midpoint-radius form in general.)
TEST_CASE("scalar reference: Interval sigmoid encloses within [0, 1] as documented") {
  using S = Interval;
  Rng rng(8);
  const std::vector<Range> range = {{q(-2000), q(2000)}};
  for (int c = 0; c < 300; ++c) {
    const Range x = rng.interval(range, {q(0), q(-40), q(40)});
    const Prec p = rng.prec();
    INFO("sigmoid on [" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << p.bits);
    S r;
    sigmoid(r, make<S>(x, p), p);
    if (!is_finite(r)) continue;
    CHECK(lower(r) >= q(0));
    CHECK(upper(r) <= q(1));
  }
}
