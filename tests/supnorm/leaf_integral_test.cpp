// The second-order leaf form of the L^p engine (supnorm/leaf_integral.hpp) against exact integrals
// of polynomials over boxes, computed here by expanding |f|^p into monomials with exact rationals
// (no slack): the enclosure must contain the exact integral, and for f = x0 x1 and p = 1 its width
// is exactly 2 vol r0 r1 (the form's closed form), i.e. second order in the width.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <utility>
#include <vector>

#include "../test_multiplier.hpp"
#include "domain/domain.hpp"
#include "scalar/rational.hpp"
#include "supnorm/leaf_integral.hpp"

using namespace approxcert;

namespace {

// A polynomial in x0, x1 with exact coefficients: {i, j} -> coefficient of x0^i x1^j.
using Poly = std::map<std::pair<int, int>, Rational>;

Poly times(const Poly& a, const Poly& b) {
  Poly r;
  for (const auto& [ea, ca] : a)
    for (const auto& [eb, cb] : b) r[{ea.first + eb.first, ea.second + eb.second}] += ca * cb;
  return r;
}

Poly power(const Poly& a, long p) {
  Poly r{{{0, 0}, Rational(1)}};
  for (long k = 0; k < p; ++k) r = times(r, a);
  return r;
}

// The exact integral of the polynomial over the box.
Rational integral(const Poly& a, const Box& box) {
  Rational s(0);
  for (const auto& [e, c] : a) {
    const long i = e.first + 1, j = e.second + 1;
    s += c * (pow_int(box.hi[0], i) - pow_int(box.lo[0], i)) / Rational(i) *
         (pow_int(box.hi[1], j) - pow_int(box.lo[1], j)) / Rational(j);
  }
  return s;
}

Rational eval(const Poly& a, const Rational& x0, const Rational& x1) {
  Rational s(0);
  for (const auto& [e, c] : a) s += c * pow_int(x0, e.first) * pow_int(x1, e.second);
  return s;
}

Box make_box(const Rational& a, const Rational& b, const Rational& c, const Rational& d) {
  Box box;
  box.lo = {a, c};
  box.hi = {b, d};
  return box;
}

Range point(const Rational& x) { return {x, x}; }

}  // namespace

TEST_CASE("leaf_integral: x0 x1 + k on boxes of the positive quadrant against the exact integral, p = 1 to 4") {
  // f = x0 x1 + k with k >= 0, on [a,b]x[c,d] with 0 <= a, c: f in [ac + k, bd + k], df/dx0 = x1 in
  // [c, d], df/dx1 = x0 in [a, b] -- exact enclosures, so the form is tested alone.
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<long> corner(0, 32), width(1, 16), shift(0, 8);
  for (int t = 0; t < approxcert::test::random_cases(40); ++t) {
    const Rational a = Rational(corner(rng)) / Rational(16), c = Rational(corner(rng)) / Rational(16);
    const Rational b = a + Rational(width(rng)) / Rational(64), d = c + Rational(width(rng)) / Rational(64);
    const Rational k = Rational(shift(rng)) / Rational(3);
    if ((a * c + k).sign() == 0) continue;  // f = 0 at a corner: no sign certified
    const Box box = make_box(a, b, c, d);
    const Poly f{{{1, 1}, Rational(1)}, {{0, 0}, k}};
    const std::vector<Range> G{Range{c, d}, Range{a, b}};
    // An off-centre dyadic centre too (the form allows any point of the box).
    for (const std::vector<Rational>& centre : {std::vector<Rational>{(a + b) / Rational(2), (c + d) / Rational(2)},
                                                std::vector<Rational>{a + (b - a) / Rational(4), d}}) {
      for (unsigned long p = 1; p <= 4; ++p) {
        CAPTURE(t);
        CAPTURE(p);
        const std::optional<Range> I = mean_value_leaf_integral(box, p, Range{a * c + k, b * d + k}, G, centre,
                                                                point(eval(f, centre[0], centre[1])));
        REQUIRE(I.has_value());
        const Rational exact = integral(power(f, static_cast<long>(p)), box);
        CHECK(I->lo <= exact);
        CHECK(exact <= I->hi);
      }
    }
  }
}

TEST_CASE("leaf_integral: a negative f (|f|^p = (-f)^p) and a wide enclosure at the centre stay sound") {
  // f = x0 x1 - 5 < 0 on [0,1]^2 boxes; F = [ac - 5, bd - 5]; the value at the centre given as a
  // wide interval (the form intersects it with F).
  const Poly f{{{1, 1}, Rational(1)}, {{0, 0}, Rational(-5)}};
  for (const Box& box : {make_box(Rational(0), Rational(1), Rational(0), Rational(1)),
                         make_box(Rational(1) / Rational(3), Rational(1) / Rational(2), Rational(1) / Rational(5),
                                  Rational(7) / Rational(9))}) {
    const Rational a = box.lo[0], b = box.hi[0], c = box.lo[1], d = box.hi[1];
    const std::vector<Rational> m{(a + b) / Rational(2), (c + d) / Rational(2)};
    const Rational fm = eval(f, m[0], m[1]);
    for (unsigned long p = 1; p <= 5; ++p) {
      CAPTURE(p);
      const Poly abs_f_p = power(Poly{{{1, 1}, Rational(-1)}, {{0, 0}, Rational(5)}}, static_cast<long>(p));
      const Rational exact = integral(abs_f_p, box);
      for (const Range& V : {point(fm), Range{fm - Rational(1), fm + Rational(1)}}) {
        const std::optional<Range> I = mean_value_leaf_integral(box, p, Range{a * c - Rational(5), b * d - Rational(5)},
                                                                std::vector<Range>{Range{c, d}, Range{a, b}}, m, V);
        REQUIRE(I.has_value());
        CHECK(I->lo <= exact);
        CHECK(exact <= I->hi);
      }
    }
  }
}

TEST_CASE("leaf_integral: for x0 x1 and p = 1 the width is exactly 2 vol r0 r1 (second order)") {
  // Phi = G = ([c, d], [a, b]): rho_0 = r1, rho_1 = r0, and at the midpoint the mean of |h_i| is
  // r_i / 2, so the enclosure is vol (f(m) +- r0 r1); the exact integral is vol f(m).
  for (long n : {1, 2, 4, 8, 16}) {
    const Rational w = Rational(1) / Rational(n);
    const Rational a(1), c = Rational(1) / Rational(2);
    const Box box = make_box(a, a + w, c, c + w);
    const std::vector<Rational> m{a + w / Rational(2), c + w / Rational(2)};
    const std::optional<Range> I =
        mean_value_leaf_integral(box, 1, Range{a * c, (a + w) * (c + w)},
                                 std::vector<Range>{Range{c, c + w}, Range{a, a + w}}, m, point(m[0] * m[1]));
    REQUIRE(I.has_value());
    const Rational vol = w * w, r = w / Rational(2);
    CHECK(I->hi - I->lo == Rational(2) * vol * r * r);
    CHECK(I->lo == vol * (m[0] * m[1] - r * r));
    CHECK(integral(Poly{{{1, 1}, Rational(1)}}, box) == vol * m[0] * m[1]);
  }
}

TEST_CASE("leaf_integral: not applicable without a certified sign, with mismatched sizes or a centre outside") {
  const Box box = make_box(Rational(0), Rational(1), Rational(0), Rational(1));
  const std::vector<Range> G{Range{Rational(0), Rational(1)}, Range{Rational(0), Rational(1)}};
  const std::vector<Rational> m{Rational(1) / Rational(2), Rational(1) / Rational(2)};
  CHECK_FALSE(mean_value_leaf_integral(box, 1, Range{Rational(0), Rational(1)}, G, m, point(Rational(1) / Rational(4)))
                  .has_value());
  CHECK_FALSE(mean_value_leaf_integral(box, 1, Range{Rational(-1), Rational(1)}, G, m, point(Rational(0))).has_value());
  CHECK_FALSE(
      mean_value_leaf_integral(box, 1, Range{Rational(1), Rational(2)}, std::vector<Range>{G[0]}, m, point(Rational(1)))
          .has_value());
  CHECK_FALSE(mean_value_leaf_integral(box, 1, Range{Rational(1), Rational(2)}, G,
                                       std::vector<Rational>{Rational(2), Rational(0)}, point(Rational(1)))
                  .has_value());
}
