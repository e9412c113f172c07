// Oracle (c): functional identities hold. Both sides are computed from the same exact random
// inputs through different operations; each side encloses the same real number, so the two
// enclosures must overlap. Every side must also be finite, so that overlap is not vacuous.
#include <doctest/doctest.h>

#include <functional>

#include "../test_multiplier.hpp"
#include "scalar/directed_interval.hpp"
#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

const int kCases = approxcert::test::random_cases(200);

// Runs `identity(x, y, p)` on random exact x, y drawn from `range` (with kinks at 0), at most
// `max_width` wide.
template <class S>
void for_random_inputs(std::uint64_t seed, const std::vector<Range>& range,
                       const std::function<void(const S&, const S&, Prec)>& identity,
                       const Rational& max_width = q(1000)) {
  Rng rng(seed);
  auto draw = [&] {
    Range r = rng.interval(range, {q(0)});
    if (r.hi - r.lo > max_width) r.hi = r.lo + max_width;
    return r;
  };
  for (int c = 0; c < kCases; ++c) {
    const Range x = draw(), y = draw();
    const Prec p = rng.prec();
    INFO("x = [" << x.lo.to_string() << ", " << x.hi.to_string() << "], y = [" << y.lo.to_string() << ", "
                 << y.hi.to_string() << "], prec " << p.bits);
    identity(make<S>(x, p), make<S>(y, p), p);
  }
}

template <class S>
void same_number(const S& lhs, const S& rhs) {
  CHECK(is_finite(lhs));
  CHECK(is_finite(rhs));
  CHECK(overlaps(lhs, rhs));
}

const std::vector<Range> kUnit = {{q(-1), q(1)}};
const std::vector<Range> kMid = {{q(-6), q(6)}};
// A Ball is mid +/- rad with a 30-bit radius: it cannot hold [lo, hi] with 0 < lo < 2^-30 hi
// without reaching 0, and the product of two wide positive balls reaches below 0 (mid-rad
// multiplication); log, sqrt, 1/x of such an intermediate are then (soundly) indeterminate.
// Positive inputs are therefore kept narrow (kNarrow), so that finiteness can be required.
const std::vector<Range> kPositive = {{q(1, 10), q(50)}};
const Rational kNarrow = q(1, 20);

}  // namespace

// DirectedInterval: its own + - * / (the rest is FastInterval's).
TEST_CASE_TEMPLATE("scalar identities: field operations", S, Ball, Interval, DirectedInterval) {
  for_random_inputs<S>(1, kMid, [](const S& a, const S& b, Prec p) {
    S l, r, t;
    add(l, a, b, p);
    add(r, b, a, p);
    same_number(l, r);  // a+b = b+a
    sub(l, a, b, p);
    neg(t, b);
    add(r, a, t, p);
    same_number(l, r);  // a-b = a+(-b)
    add(t, a, b, p);
    sub(l, t, b, p);
    same_number(l, a);  // (a+b)-b = a
    mul(t, a, b, p);
    l = a;
    addmul(l, a, b, p);
    add(r, a, t, p);
    same_number(l, r);  // addmul = a + a*b
    add(t, a, b, p);
    mul(l, a, t, p);
    mul(r, a, a, p);
    addmul(r, a, b, p);
    same_number(l, r);  // a(a+b)=aa+ab
    neg(t, a);
    neg(l, t);
    CHECK(lower(l) == lower(a));
    CHECK(upper(l) == upper(a));  // -(-a) = a exactly
  });
  for_random_inputs<S>(2, kPositive, [](const S& a, const S& b, Prec p) {
    S l, t;
    div(t, a, b, p);
    mul(l, t, b, p);
    same_number(l, a);  // (a/b)*b = a
  });
}

TEST_CASE_TEMPLATE("scalar identities: integer powers", S, Ball, Interval) {
  for_random_inputs<S>(3, {{q(-3), q(3)}}, [](const S& a, const S&, Prec p) {
    S l, r, t;
    pow_int(l, a, 5, p);
    pow_int(t, a, 2, p);
    pow_int(r, a, 3, p);
    mul(r, r, t, p);
    same_number(l, r);
    pow_int(l, a, 2, p);
    abs(t, a, p);
    mul(r, t, t, p);
    same_number(l, r);  // a^2 = |a|^2
    pow_int(l, a, 1, p);
    same_number(l, a);
  });
  for_random_inputs<S>(4, kPositive, [](const S& a, const S&, Prec p) {
    S l, r, t;
    pow_int(l, a, -3, p);
    pow_int(t, a, 3, p);
    div(r, make<S>(q(1), p), t, p);
    same_number(l, r);
  });
}

TEST_CASE_TEMPLATE("scalar identities: exp and log", S, Ball, Interval) {
  for_random_inputs<S>(5, {{q(-20), q(20)}}, [](const S& a, const S& b, Prec p) {
    S l, r, t;
    exp(l, a, p);
    exp(t, b, p);
    mul(l, l, t, p);
    add(t, a, b, p);
    exp(r, t, p);
    same_number(l, r);
  });
  for_random_inputs<S>(13, {{q(-5), q(5)}}, [](const S& a, const S&, Prec p) {
    S l, t;
    exp(t, a, p);
    log(l, t, p);
    same_number(l, a);  // log(exp(a)) = a
  });
  for_random_inputs<S>(
      6, kPositive,
      [](const S& a, const S& b, Prec p) {
        S l, r, t;
        mul(t, a, b, p);
        log(l, t, p);
        log(r, a, p);
        log(t, b, p);
        add(r, r, t, p);
        same_number(l, r);
        log(t, a, p);
        exp(l, t, p);
        same_number(l, a);  // exp(log(a)) = a
      },
      kNarrow);
}

TEST_CASE_TEMPLATE("scalar identities: sqrt", S, Ball, Interval) {
  for_random_inputs<S>(
      7, {{q(1, 10), q(100)}},
      [](const S& a, const S& b, Prec p) {
        S l, r, t;
        sqrt(t, a, p);
        mul(l, t, t, p);
        same_number(l, a);  // sqrt(a)^2 = a
        mul(t, a, b, p);
        sqrt(l, t, p);
        sqrt(r, a, p);
        sqrt(t, b, p);
        mul(r, r, t, p);
        same_number(l, r);
        pow_int(t, a, 2, p);
        sqrt(l, t, p);
        same_number(l, a);  // sqrt(a^2) = a for a >= 0
      },
      kNarrow);
}

TEST_CASE_TEMPLATE("scalar identities: trigonometric", S, Ball, Interval) {
  for_random_inputs<S>(8, {{q(-10), q(10)}}, [](const S& a, const S& b, Prec p) {
    S s, c, l, r, t;
    sin(s, a, p);
    cos(c, a, p);
    mul(l, s, s, p);
    addmul(l, c, c, p);
    same_number(l, make<S>(q(1), p));  // sin^2 + cos^2 = 1
    add(t, a, a, p);
    sin(l, t, p);
    mul(r, s, c, p);
    add(r, r, r, p);
    same_number(l, r);  // sin 2a
    add(t, a, b, p);
    sin(l, t, p);  // sin(a+b) = sin a cos b + cos a sin b
    S sb, cb;
    sin(sb, b, p);
    cos(cb, b, p);
    mul(r, s, cb, p);
    addmul(r, c, sb, p);
    same_number(l, r);
    neg(t, a);
    cos(l, t, p);
    same_number(l, c);  // cos(-a) = cos a
  });
  for_random_inputs<S>(9, {{q(-3, 2), q(3, 2)}}, [](const S& a, const S&, Prec p) {
    if (upper(a) - lower(a) > q(1, 4)) return;  // tan of a wide ball may be unbounded
    S l, r, t;
    tan(l, a, p);
    sin(r, a, p);
    cos(t, a, p);
    div(r, r, t, p);
    same_number(l, r);  // tan = sin/cos
    tan(t, a, p);
    atan(l, t, p);
    same_number(l, a);  // atan(tan a) = a for |a| < pi/2
  });
  for_random_inputs<S>(10, kPositive, [](const S& a, const S&, Prec p) {
    S l, r, t;  // atan(a) + atan(1/a) = pi/2 for a > 0
    atan(l, a, p);
    div(t, make<S>(q(1), p), a, p);
    atan(t, t, p);
    add(l, l, t, p);
    set_pi(r, p);
    mul(r, r, make<S>(q(1, 2), p), p);
    same_number(l, r);
  });
}

TEST_CASE_TEMPLATE("scalar identities: expm1 and log1p", S, Ball, Interval) {
  for_random_inputs<S>(31, {{q(-10), q(10)}}, [](const S& a, const S&, Prec p) {
    S l, r;
    expm1(l, a, p);
    exp(r, a, p);
    sub(r, r, make<S>(q(1), p), p);
    same_number(l, r);  // expm1 = exp - 1
    expm1(l, a, p);
    log1p(r, l, p);
    same_number(r, a);  // log1p(expm1 a) = a
  });
  for_random_inputs<S>(32, {{q(-1, 2), q(10)}}, [](const S& a, const S&, Prec p) {
    S l, r;
    log1p(l, a, p);
    add(r, a, make<S>(q(1), p), p);
    log(r, r, p);
    same_number(l, r);  // log1p(a) = log(1 + a)
  });
  for (long bits : {64L, 200L}) {  // exactly 0 at 0, as relative mode needs
    S r;
    expm1(r, make<S>(q(0), Prec(bits)), Prec(bits));
    CHECK(lower(r) == q(0));
    CHECK(upper(r) == q(0));
    log1p(r, make<S>(q(0), Prec(bits)), Prec(bits));
    CHECK(lower(r) == q(0));
    CHECK(upper(r) == q(0));
    log1p(r, make<S>(q(-1), Prec(bits)), Prec(bits));  // outside the domain
    CHECK(!is_finite(r));
  }
}

TEST_CASE_TEMPLATE("scalar identities: log2, log10 and real powers", S, Ball, Interval) {
  for_random_inputs<S>(
      41, kPositive,
      [](const S& a, const S& b, Prec p) {
        S l, r, t;
        log2(l, a, p);
        log(t, make<S>(q(2), p), p);
        mul(l, l, t, p);
        log(r, a, p);
        same_number(l, r);  // log2(a) log 2 = log a
        log10(l, a, p);
        log(t, make<S>(q(10), p), p);
        mul(l, l, t, p);
        same_number(l, r);  // log10(a) log 10 = log a
        pow(l, a, b, p);
        log(t, a, p);
        mul(t, t, b, p);
        exp(r, t, p);
        same_number(l, r);  // a^b = exp(b log a)
        pow(l, a, b, p);
        pow(t, a, a, p);
        mul(l, l, t, p);
        add(t, a, b, p);
        pow(r, a, t, p);
        same_number(l, r);  // a^b a^a = a^(a+b)
        pow(l, a, make<S>(q(3), p), p);
        pow_int(r, a, 3, p);
        same_number(l, r);  // a^3 both ways
      },
      kNarrow);
}

TEST_CASE_TEMPLATE("scalar identities: inverse trigonometric and hyperbolic functions", S, Ball, Interval) {
  const std::vector<Range> inside = {{q(-9, 10), q(9, 10)}};
  for_random_inputs<S>(
      42, inside,
      [](const S& a, const S&, Prec p) {
        S l, r, t;
        asin(t, a, p);
        sin(l, t, p);
        same_number(l, a);  // sin(asin a) = a
        acos(t, a, p);
        cos(l, t, p);
        same_number(l, a);  // cos(acos a) = a
        asin(l, a, p);
        acos(t, a, p);
        add(l, l, t, p);
        set_pi(r, p);
        mul(r, r, make<S>(q(1, 2), p), p);
        same_number(l, r);  // asin + acos = pi/2
        atanh(t, a, p);
        tanh(l, t, p);
        same_number(l, a);  // tanh(atanh a) = a
      },
      kNarrow);
  for_random_inputs<S>(
      43, kMid,
      [](const S& a, const S&, Prec p) {
        S l, r, t;
        cosh(l, a, p);
        pow_int(l, l, 2, p);
        sinh(t, a, p);
        pow_int(t, t, 2, p);
        sub(l, l, t, p);
        same_number(l, make<S>(q(1), p));  // cosh^2 - sinh^2 = 1
        asinh(t, a, p);
        sinh(l, t, p);
        same_number(l, a);  // sinh(asinh a) = a
        sinh(l, a, p);
        exp(r, a, p);
        neg(t, a);
        exp(t, t, p);
        sub(r, r, t, p);
        mul(r, r, make<S>(q(1, 2), p), p);
        same_number(l, r);  // sinh = (e^a - e^-a)/2
      },
      kNarrow);
  for_random_inputs<S>(
      44, {{q(11, 10), q(50)}},
      [](const S& a, const S&, Prec p) {
        S l, t;
        acosh(t, a, p);
        cosh(l, t, p);
        same_number(l, a);  // cosh(acosh a) = a
      },
      kNarrow);
}

TEST_CASE_TEMPLATE("scalar identities: erf and erfc", S, Ball, Interval) {
  for_random_inputs<S>(45, kMid, [](const S& a, const S&, Prec p) {
    S l, r, t;
    erf(l, a, p);
    erfc(t, a, p);
    add(l, l, t, p);
    same_number(l, make<S>(q(1), p));  // erf + erfc = 1
    neg(t, a);
    erf(l, t, p);
    erf(r, a, p);
    neg(r, r);
    same_number(l, r);  // erf is odd
  });
}

TEST_CASE_TEMPLATE("scalar identities: tanh and sigmoid", S, Ball, Interval) {
  for_random_inputs<S>(11, {{q(-4), q(4)}}, [](const S& a, const S&, Prec p) {
    S l, r, t, e2, one = make<S>(q(1), p);
    tanh(l, a, p);  // tanh(a) = (exp(2a) - 1)/(exp(2a) + 1)
    add(t, a, a, p);
    exp(e2, t, p);
    sub(r, e2, one, p);
    add(t, e2, one, p);
    div(r, r, t, p);
    same_number(l, r);
    neg(t, a);
    tanh(r, t, p);
    neg(r, r);
    same_number(l, r);  // tanh odd
    sigmoid(l, a, p);
    neg(t, a);
    sigmoid(r, t, p);
    add(l, l, r, p);
    same_number(l, one);  // s(a)+s(-a) = 1
    sigmoid(l, a, p);
    neg(t, a);
    exp(t, t, p);
    add(t, t, one, p);
    div(r, one, t, p);
    same_number(l, r);
    sigmoid(l, a, p);  // sigmoid(a) = (1 + tanh(a/2))/2
    mul(t, a, make<S>(q(1, 2), p), p);
    tanh(t, t, p);
    add(t, t, one, p);
    mul(r, t, make<S>(q(1, 2), p), p);
    same_number(l, r);
  });
}

TEST_CASE_TEMPLATE("scalar identities: relu, step, abs, min, max", S, Ball, Interval) {
  for_random_inputs<S>(12, {{q(-4), q(4)}}, [](const S& a, const S& b, Prec p) {
    S l, r, t;
    relu(l, a, p);
    neg(t, a);
    relu(r, t, p);
    sub(l, l, r, p);
    same_number(l, a);  // relu(a) - relu(-a) = a
    relu(l, a, p);
    abs(t, a, p);
    add(r, a, t, p);
    mul(r, r, make<S>(q(1, 2), p), p);
    same_number(l, r);
    step(t, a, p);
    mul(l, a, t, p);
    relu(r, a, p);
    same_number(l, r);  // a*step(a) = relu(a)
    abs(l, a, p);
    neg(t, a);
    max(r, a, t, p);
    same_number(l, r);  // |a| = max(a, -a)
    min(l, a, b, p);
    max(r, a, b, p);
    add(l, l, r, p);
    add(r, a, b, p);
    same_number(l, r);  // min+max = a+b
    max(l, a, b, p);
    neg(t, a);
    S u;
    neg(u, b);
    min(r, t, u, p);
    neg(r, r);
    same_number(l, r);  // max = -min(-,-)
  });
}
