// Splitter (supnorm/splitter.hpp): soundness never depends on the choice, but the cut must be an
// exact point strictly inside the chosen coordinate (in its middle half), the halves must tile
// the box, and the documented choices hold (gradient-weighted width, midpoint of dyadic boxes).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "../test_multiplier.hpp"
#include "forms/dyadic.hpp"
#include "supnorm/splitter.hpp"

using namespace approxcert;

namespace {

Rational q(std::string_view s) { return parse_rational(s); }

Box box_of(std::vector<Rational> lo, std::vector<Rational> hi) { return Box{std::move(lo), std::move(hi)}; }

}  // namespace

TEST_CASE("splitter: the cut is inside the middle half of its coordinate and the halves tile the box") {
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<long> num(-1000, 1000), den(1, 97);
  for (int i = 0; i < approxcert::test::random_cases(500); ++i) {
    const std::size_t d = 1 + i % 3;
    Box b{std::vector<Rational>(d), std::vector<Rational>(d)};
    std::vector<double> grad(d);
    for (std::size_t k = 0; k < d; ++k) {
      Rational x(mpz_class(num(rng)), mpz_class(den(rng))), y(mpz_class(num(rng)), mpz_class(den(rng)));
      if (y < x) std::swap(x, y);
      b.lo[k] = x, b.hi[k] = (k == 0 && i % 5 == 0) ? x : y;      // some zero-width coordinates
      grad[k] = std::abs(static_cast<double>(num(rng))) / 100.0;  // max |df/dx_k| (0 for some)
    }
    const auto s = choose_split(b, i % 2 ? grad : std::vector<double>{}, b);
    bool any_width = false;
    for (std::size_t k = 0; k < d; ++k) any_width = any_width || b.lo[k] < b.hi[k];
    REQUIRE(s.has_value() == any_width);
    if (!s) continue;
    REQUIRE(s->dim < d);
    const Rational quarter = (b.hi[s->dim] - b.lo[s->dim]) / Rational(4);
    CHECK(b.lo[s->dim] + quarter <= s->at);
    CHECK(s->at <= b.hi[s->dim] - quarter);
    CHECK(s->at == simplest_dyadic_between(b.lo[s->dim] + quarter, b.hi[s->dim] - quarter));
    const auto [left, right] = split_box(b, *s);
    for (std::size_t k = 0; k < d; ++k) {
      CHECK(left.lo[k] == b.lo[k]);
      CHECK(right.hi[k] == b.hi[k]);
      CHECK(left.hi[k] == (k == s->dim ? s->at : b.hi[k]));
      CHECK(right.lo[k] == (k == s->dim ? s->at : b.lo[k]));
    }
  }
}

TEST_CASE("splitter: documented choices") {
  // A dyadic box k/2^j .. (k+1)/2^j is cut at its midpoint.
  const Box unit = box_of({q("3/8")}, {q("1/2")});
  CHECK(choose_split(unit, {}, unit)->at == q("7/16"));
  // Round points are preferred: the middle half of [-1, 3] is [0, 2], and 0 is its simplest dyadic.
  const Box wide = box_of({q("-1")}, {q("3")});
  CHECK(choose_split(wide, {}, wide)->at == q("0"));
  // With a gradient, width times |df/dx_i| decides: coordinate 1 is narrower but much steeper.
  const Box b = box_of({q("0"), q("0")}, {q("1"), q("1/4")});
  CHECK(choose_split(b, {1.0, 10.0}, b)->dim == 1);
  CHECK(choose_split(b, {1.0, 1.0}, b)->dim == 0);
  // Without a gradient, the widest coordinate relative to the domain.
  const Box domain = box_of({q("0"), q("0")}, {q("1"), q("1/8")});
  const Box part = box_of({q("0"), q("0")}, {q("1/2"), q("1/8")});
  CHECK(choose_split(part, {}, domain)->dim == 1);
  // A point box cannot be split.
  const Box point = box_of({q("1"), q("2")}, {q("1"), q("2")});
  CHECK(!choose_split(point, {}, point).has_value());
}

TEST_CASE("splitter: dirty_split_levels cuts once near the threshold, once per wide coordinate far above it") {
  const Box b = box_of({q("0"), q("0"), q("1"), q("0")}, {q("1/4"), q("1/4"), q("1"), q("1/4")});  // 3 wide coordinates
  CHECK(dirty_split_levels(b, 1.0, 0.6, 4) == 1);  // within 2x of the threshold
  CHECK(dirty_split_levels(b, 1.3, 0.6, 4) == 3);  // more than 2x: one cut per wide coordinate
  CHECK(dirty_split_levels(b, 1.3, 0.6, 2) == 2);  // at most max_levels
  CHECK(dirty_split_levels(b, 1.3, 0.0, 4) == 1);  // no threshold yet: nothing to judge by
  const Box point = box_of({q("1")}, {q("1")});
  CHECK(dirty_split_levels(point, 5.0, 1.0, 4) == 1);
}
