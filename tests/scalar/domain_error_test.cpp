// Domain errors: where an input enclosure reaches outside the function's domain or contains a
// pole, the result must be indeterminate (not finite, both endpoints throw std::domain_error as
// documented in ball.hpp/interval.hpp), never a finite enclosure that could be wrong.
#include <doctest/doctest.h>

#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

template <class S>
void indeterminate(const S& r) {
  CHECK_FALSE(is_finite(r));
  CHECK_THROWS_AS(static_cast<void>(lower(r)), std::domain_error);
  CHECK_THROWS_AS(static_cast<void>(upper(r)), std::domain_error);
}

const std::vector<Range> kLogDomainErrors = {{q(0), q(0)},   {q(0), q(1)},        {q(-1), q(1)},
                                             {q(-2), q(-1)}, {-pow10(-30), q(1)}, {q(-1), q(0)}};
const std::vector<Range> kSqrtDomainErrors = {{q(-1), q(4)}, {q(-2), q(-1)}, {-pow2(-200), q(1)}, {q(-1), q(0)}};
const std::vector<Range> kContainsZero = {
    {q(0), q(0)}, {q(-1), q(1)}, {q(0), q(1)}, {q(-1), q(0)}, {-pow2(-300), pow2(-300)}};

}  // namespace

TEST_CASE_TEMPLATE("scalar domain errors: log of a ball containing 0 or negatives", S, Ball, Interval) {
  for (long bits : {30L, 64L, 256L})
    for (const auto& x : kLogDomainErrors) {
      INFO("log on [" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << bits);
      S r;
      log(r, make<S>(x, Prec(bits)), Prec(bits));
      indeterminate(r);
    }
}

TEST_CASE_TEMPLATE("scalar domain errors: sqrt of a ball reaching below 0", S, Ball, Interval) {
  for (long bits : {30L, 64L, 256L})
    for (const auto& x : kSqrtDomainErrors) {
      INFO("sqrt on [" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << bits);
      S r;
      sqrt(r, make<S>(x, Prec(bits)), Prec(bits));
      indeterminate(r);
    }
}

TEST_CASE_TEMPLATE("scalar domain errors: division by a ball containing 0", S, Ball, Interval) {
  for (long bits : {30L, 64L, 256L})
    for (const auto& x : kContainsZero)
      for (const auto& num : std::vector<Range>{{q(1), q(1)}, {q(0), q(0)}, {q(-1), q(2)}}) {
        INFO("[" << num.lo.to_string() << ", " << num.hi.to_string() << "] / [" << x.lo.to_string() << ", "
                 << x.hi.to_string() << "] at " << bits);
        S r;
        div(r, make<S>(num, Prec(bits)), make<S>(x, Prec(bits)), Prec(bits));
        indeterminate(r);
      }
}

TEST_CASE_TEMPLATE("scalar domain errors: negative integer power of a ball containing 0", S, Ball, Interval) {
  for (long n : {-1L, -2L, -3L, -4L})
    for (const auto& x : kContainsZero) {
      INFO("pow_int(" << n << ") on [" << x.lo.to_string() << ", " << x.hi.to_string() << "]");
      S r;
      pow_int(r, make<S>(x, Prec(64)), n, Prec(64));
      indeterminate(r);
    }
}

TEST_CASE_TEMPLATE("scalar domain errors: tan across a pole", S, Ball, Interval) {
  const std::vector<Range> across = {{q(3, 2), q(8, 5)},       {q(1), q(2)},  {q(-2), q(2)}, {q(47, 10), q(472, 100)},
                                     {q(-16, 10), q(-15, 10)}, {q(0), q(100)}};
  for (long bits : {30L, 64L, 256L}) {
    for (const auto& x : across) {
      INFO("tan on [" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << bits);
      S r;
      tan(r, make<S>(x, Prec(bits)), Prec(bits));
      indeterminate(r);
    }
    // An enclosure of pi/2 itself contains the pole.
    S half_pi, r;
    set_pi(half_pi, Prec(bits));
    mul(half_pi, half_pi, make<S>(q(1, 2), Prec(bits)), Prec(bits));
    tan(r, half_pi, Prec(bits));
    indeterminate(r);
  }
}

TEST_CASE_TEMPLATE("scalar domain errors: indeterminate inputs never give a wrong finite result", S, Ball, Interval) {
  const Prec p(64);
  S whole;
  div(whole, make<S>(q(1), p), make<S>(q(0), p), p);
  REQUIRE(is_indeterminate(whole));
  const S one = make<S>(q(1), p);
  S r;
  // Operations unbounded on the real line stay unbounded.
  using Binary = void (*)(S&, const S&, const S&, Prec);
  using Unary = void (*)(S&, const S&, Prec);
  for (Binary f : std::initializer_list<Binary>{add, sub, mul, div, hull}) {
    f(r, whole, one, p);
    indeterminate(r);
    f(r, one, whole, p);
    indeterminate(r);
  }
  // min(x, 1) is (-inf, 1] and max(x, 1) is [1, inf): a finite endpoint there is right.
  for (bool swap : {false, true}) {
    min(r, swap ? one : whole, swap ? whole : one, p);
    CHECK_FALSE(is_finite(r));
    CHECK_FALSE(lower_bound_of(r));
    CHECK((!upper_bound_of(r) || *upper_bound_of(r) >= q(1)));
    max(r, swap ? one : whole, swap ? whole : one, p);
    CHECK_FALSE(is_finite(r));
    CHECK_FALSE(upper_bound_of(r));
    CHECK((!lower_bound_of(r) || *lower_bound_of(r) <= q(1)));
  }
  for (Unary f : std::initializer_list<Unary>{exp, log, sqrt, tan, relu, abs}) {
    f(r, whole, p);
    CHECK_FALSE(is_finite(r));
  }
  neg(r, whole);
  indeterminate(r);
  pow_int(r, whole, 2, p);
  CHECK_FALSE(is_finite(r));
  pow_int(r, whole, 3, p);
  indeterminate(r);
  r = one;
  addmul(r, whole, one, p);
  indeterminate(r);
  // Bounded functions may return a finite enclosure, but it must contain their whole range
  // (the closure of the range: an enclosure of (-1, 1) has lower <= -1).
  auto encloses_range = [&](Unary f, const Rational& lo, const Rational& hi) {
    f(r, whole, p);
    CHECK(encloses(r, lo, hi));
  };
  const Rational below_half_pi = parse_rational("1.5707963267");
  encloses_range(sin, q(-1), q(1));
  encloses_range(cos, q(-1), q(1));
  encloses_range(tanh, q(-1), q(1));
  encloses_range(atan, -below_half_pi, below_half_pi);
  encloses_range(sigmoid, q(0), q(1));
  encloses_range(step, q(0), q(1));
  for (Unary f : std::initializer_list<Unary>{log2, log10, asin, acos, sinh, cosh, asinh, acosh, atanh}) {
    f(r, whole, p);
    CHECK_FALSE(is_finite(r));
  }
  encloses_range(erf, q(-1), q(1));
  encloses_range(erfc, q(0), q(2));
  pow(r, whole, one, p);
  CHECK_FALSE(is_finite(r));
}

TEST_CASE_TEMPLATE("scalar domain errors: log2, log10 and the base of pow not certainly > 0", S, Ball, Interval) {
  for (long bits : {30L, 64L, 256L})
    for (const auto& x : kLogDomainErrors) {
      INFO("[" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << bits);
      const Prec p(bits);
      S r;
      log2(r, make<S>(x, p), p);
      indeterminate(r);
      log10(r, make<S>(x, p), p);
      indeterminate(r);
      for (const Rational& y : {q(1, 3), q(2), q(-1, 2)}) {
        pow(r, make<S>(x, p), make<S>(y, p), p);
        indeterminate(r);
      }
    }
}

TEST_CASE_TEMPLATE("scalar domain errors: asin, acos, acosh, atanh reaching outside their domains", S, Ball, Interval) {
  const Rational tiny = pow2(-200);
  const std::vector<Range> outside_unit = {{q(1, 2), q(2)},       {q(-3), q(0)},        {q(1) + tiny, q(2)},
                                           {q(-2), q(-1) - tiny}, {q(-1) - tiny, q(0)}, {q(5), q(5)}};
  const std::vector<Range> below_one = {{q(0), q(2)}, {q(1) - tiny, q(1)}, {q(-5), q(-2)}, {q(1, 2), q(1, 2)}};
  const std::vector<Range> touching_unit = {{q(1, 2), q(1)}, {q(-1), q(0)}, {q(1), q(1)}, {q(-2), q(-1, 2)}};
  for (long bits : {30L, 64L, 256L}) {
    const Prec p(bits);
    S r;
    for (const auto& x : outside_unit) {
      INFO("asin/acos/atanh on [" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << bits);
      asin(r, make<S>(x, p), p);
      indeterminate(r);
      acos(r, make<S>(x, p), p);
      indeterminate(r);
      atanh(r, make<S>(x, p), p);
      indeterminate(r);
    }
    for (const auto& x : touching_unit) {  // atanh is infinite at -1 and 1
      INFO("atanh on [" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << bits);
      atanh(r, make<S>(x, p), p);
      indeterminate(r);
    }
    for (const auto& x : below_one) {
      INFO("acosh on [" << x.lo.to_string() << ", " << x.hi.to_string() << "] at " << bits);
      acosh(r, make<S>(x, p), p);
      indeterminate(r);
    }
  }
}
