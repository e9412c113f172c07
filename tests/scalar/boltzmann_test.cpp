// boltzmann() and boltzmann_difference() (scalar/boltzmann.hpp) against an independent reference:
// the naive formula sum b e^b / sum e^b evaluated with plain MPFR at a precision far above the
// cancellation (up to 60000 bits), and closed forms. The enclosures at 128 bits must contain the
// reference bracket and, for the difference, be RELATIVELY tight however small the value is.
#include <doctest/doctest.h>

#include <vector>

#include "scalar/boltzmann.hpp"
#include "scalar_test_support.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

// Naive boltz(s x) with MPFR at `bits` (round to nearest): every value has |error| below
// 2^(64 - bits) * (1 + max |b|) for the few terms used here.
void naive_boltz(Mpfr& out, const Rational& s, const std::vector<Rational>& x, long bits) {
  Mpfr b(bits), e(bits), num(bits), den(bits), t(bits);
  mpfr_set_zero(num.v, 1);
  mpfr_set_zero(den.v, 1);
  for (const Rational& xi : x) {
    mpfr_set_q(b.v, (s * xi).get_mpq_t(), MPFR_RNDN);
    mpfr_exp(e.v, b.v, MPFR_RNDN);
    mpfr_add(den.v, den.v, e.v, MPFR_RNDN);
    mpfr_mul(t.v, b.v, e.v, MPFR_RNDN);
    mpfr_add(num.v, num.v, t.v, MPFR_RNDN);
  }
  mpfr_set_prec(out.v, bits);
  mpfr_div(out.v, num.v, den.v, MPFR_RNDN);
}

Rational max_abs_score(const Rational& s, const std::vector<Rational>& x) {
  Rational m(0);
  for (const Rational& xi : x) m = max(m, abs(s * xi));
  return m;
}

// A bracket of boltz(s x) - boltz(s y) from the naive formula at `bits`.
Bracket naive_difference(const Rational& s, const std::vector<Rational>& x, const std::vector<Rational>& y, long bits) {
  Mpfr a(bits), b(bits), d(bits);
  naive_boltz(a, s, x, bits);
  naive_boltz(b, s, y, bits);
  mpfr_sub(d.v, a.v, b.v, MPFR_RNDN);
  const Rational slack = pow2(64 - bits) * (Rational(1) + max(max_abs_score(s, x), max_abs_score(s, y)));
  const Rational r = to_rational(d.v);
  return {r - slack, r + slack};
}

template <class S>
S difference(const Rational& s, const std::vector<Rational>& x, const std::vector<Rational>& y, Prec p) {
  S r;
  boltzmann_difference(r, make<S>(s, p), std::span<const Rational>(x), std::span<const Rational>(y), p);
  return r;
}

// |width| <= 2^-100 |value|: the relative accuracy the cancellation-free formula promises at 128 bits.
template <class S>
bool relatively_tight(const S& e) {
  const Rational lo = lower(e), hi = upper(e);
  const Rational m = min(abs(lo), abs(hi));
  return lo.sign() == hi.sign() && hi - lo <= m * pow2(-100);
}

}  // namespace

TEST_CASE_TEMPLATE("boltzmann: direct value against the naive MPFR formula", S, Ball, Interval) {
  const Prec p(128);
  for (const Rational& s : {q(1), q(10), q(-3, 2)}) {
    const std::vector<Rational> x = {q(1), q(2), q(5), q(6)};
    std::vector<S> b;
    for (const Rational& xi : x) b.push_back(make<S>(s * xi, p));
    S r;
    boltzmann(r, std::span<const S>(b), p);
    Mpfr ref(2);
    naive_boltz(ref, s, x, 2000);
    const Rational v = to_rational(ref.v), slack = pow2(-1900);
    CHECK(encloses(r, v - slack, v + slack));
    CHECK(upper(r) - lower(r) < pow2(-110));
  }
}

TEST_CASE_TEMPLATE("boltzmann: the spec's Theorem 1 values (softmax separates the witness)", S, Ball, Interval) {
  // s(1; X) = boltz(lambda X) / lambda at lambda = 1: 5.659114 and 5.619317 (spec §2.7), and the
  // difference at lambda = 10 is -4.539e-5.
  const Prec p(128);
  const std::vector<Rational> x1 = {q(1), q(2), q(5), q(6)}, x2 = {q(1), q(3), q(4), q(6)};
  const S d = difference<S>(q(10), x1, x2, p);
  CHECK(encloses(d, naive_difference(q(10), x1, x2, 3000)));
  CHECK(upper(d) < q(-45393, 100000000));  // boltz difference = 10 (s1 - s2)
  CHECK(lower(d) > q(-45394, 100000000));
  CHECK(relatively_tight(d));
}

TEST_CASE_TEMPLATE("boltzmann_difference: equals the naive difference, also at 10^-6500 (60000-bit reference)", S, Ball,
                   Interval) {
  const Prec p(128);
  struct Case {
    Rational s;
    std::vector<Rational> x, y;
    long bits;
  };
  const std::vector<Case> cases = {
      // K-A at the instance temperature: token 7/8, sets {1/8, 7/8} vs {3/8, 7/8} (common top)
      {q(1228, 10), {q(1, 8), q(7, 8)}, {q(3, 8), q(7, 8)}, 2000},
      // tops differ
      {q(40), {q(1, 8), q(5, 8)}, {q(3, 8), q(7, 8)}, 2000},
      // common prefix of two, tails differ (n = 3)
      {q(200), {q(7, 8), q(5, 8), q(1, 8)}, {q(7, 8), q(5, 8), q(3, 8)}, 4000},
      // negative scale: the top is the smallest entry
      {q(-300), {q(1, 8), q(3, 8), q(5, 8)}, {q(1, 8), q(3, 8), q(7, 8)}, 4000},
      // paper-size temperature: the difference is about 15000 e^-15000 ~ 10^-6510
      {q(30000), {q(1, 8), q(7, 8)}, {q(3, 8), q(7, 8)}, 60000},
  };
  for (const Case& c : cases) {
    const S d = difference<S>(c.s, c.x, c.y, p);
    CHECK(encloses(d, naive_difference(c.s, c.x, c.y, c.bits)));
    CHECK(relatively_tight(d));
    // antisymmetry: swapping the vectors negates the enclosure
    const S e = difference<S>(c.s, c.y, c.x, p);
    CHECK(lower(e) == -upper(d));
    CHECK(upper(e) == -lower(d));
  }
}

TEST_CASE_TEMPLATE("boltzmann_difference: closed form for n = 2 with a common top", S, Ball, Interval) {
  // b = (T, T - D), b' = (T, T - D'): boltz = T - D e^-D / (1 + e^-D), so the difference is
  // D' e^-D' / (1 + e^-D') - D e^-D / (1 + e^-D). With D = 3, D' = 5 (s = 8, x gaps 3/8 and 5/8).
  const Prec p(128);
  const S d = difference<S>(q(8), {q(7, 8), q(4, 8)}, {q(7, 8), q(2, 8)}, p);
  const long bits = 500;
  Mpfr e3(bits), e5(bits), t(bits), u(bits);
  mpfr_set_si(t.v, -3, MPFR_RNDN);
  mpfr_exp(e3.v, t.v, MPFR_RNDN);
  mpfr_set_si(t.v, -5, MPFR_RNDN);
  mpfr_exp(e5.v, t.v, MPFR_RNDN);
  // u = 5 e5 / (1 + e5) - 3 e3 / (1 + e3)
  mpfr_add_ui(t.v, e5.v, 1, MPFR_RNDN);
  mpfr_div(u.v, e5.v, t.v, MPFR_RNDN);
  mpfr_mul_ui(u.v, u.v, 5, MPFR_RNDN);
  mpfr_add_ui(t.v, e3.v, 1, MPFR_RNDN);
  mpfr_div(t.v, e3.v, t.v, MPFR_RNDN);
  mpfr_mul_ui(t.v, t.v, 3, MPFR_RNDN);
  mpfr_sub(u.v, u.v, t.v, MPFR_RNDN);
  const Rational v = to_rational(u.v);
  CHECK(encloses(d, v - pow2(-450), v + pow2(-450)));
  CHECK(upper(d) < q(0));
}

TEST_CASE_TEMPLATE("boltzmann_difference: equal token sets give exactly 0, in any order", S, Ball, Interval) {
  const Prec p(128);
  const S d = difference<S>(q(7), {q(1, 8), q(5, 8), q(3, 8)}, {q(3, 8), q(1, 8), q(5, 8)}, p);
  CHECK(lower(d) == q(0));
  CHECK(upper(d) == q(0));
}

TEST_CASE_TEMPLATE("boltzmann_difference: refuses a scale that may be 0 and repeated entries", S, Ball, Interval) {
  const Prec p(128);
  const std::vector<Rational> x = {q(1), q(2)}, y = {q(1), q(3)}, rep = {q(1), q(1)};
  S r;
  const S zero_ish = make<S>(q(-1, 1000), q(1, 1000), p);
  CHECK_THROWS_AS(boltzmann_difference(r, zero_ish, std::span<const Rational>(x), std::span<const Rational>(y), p),
                  std::domain_error);
  CHECK_THROWS_AS(
      boltzmann_difference(r, make<S>(q(1), p), std::span<const Rational>(rep), std::span<const Rational>(y), p),
      std::domain_error);
  const std::vector<S> empty;
  CHECK_THROWS_AS(boltzmann(r, std::span<const S>(empty), p), std::invalid_argument);
}
