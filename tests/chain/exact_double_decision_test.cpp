// Claims decided in doubles: decide_doubles() (relation.hpp) and ForAll::add_exact_first() (step.hpp)
// against the reference, decide_with_margin() and ForAll::add() on the exact rational enclosures of
// the same doubles: the same verdicts, the same margins (ExactDifference::exact() equal to the
// rational margin, and ordered as the rational margins), the same counts and decisive points, for
// every relation, with ties, values one ulp apart, subnormals, and values outside the doubles'
// range (which decide_doubles declines).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "../test_multiplier.hpp"
#include "chain/for_all_parallel.hpp"
#include "scalar/fast_interval.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

Rational exact(double x) { return lower(FastInterval{x, x}); }
Side side(double x) { return Side::exact(exact(x)); }

constexpr Relation kRelations[] = {Relation::LessEqual, Relation::Less,       Relation::GreaterEqual,
                                   Relation::Greater,   Relation::Equal,      Relation::NotEqual,
                                   Relation::InClosed,  Relation::NotInClosed};

// Doubles that tie, sit one ulp apart, differ in magnitude by far more than 53 bits, or are subnormal.
struct Draw {
  std::mt19937_64 rng{20260529};
  std::vector<double> base = {0.0,     -0.0,      1.0,        -1.0,    0.5,      3.0,       1e-300,
                              -1e-300, 0x1p-1074, -0x1p-1074, 0x1p999, -0x1p999, 123456.789};
  double operator()() {
    const double b = base[rng() % base.size()];
    switch (rng() % 5) {
      case 0: return b;
      case 1: return std::nextafter(b, 1e308);
      case 2: return std::nextafter(b, -1e308);
      case 3: return b + std::ldexp(static_cast<double>(rng() % 2001) - 1000.0, -static_cast<int>(rng() % 60));
      default:
        return std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() % 4001) - 2000),
                          static_cast<int>(rng() % 40) - 20);
    }
  }
};

}  // namespace

TEST_CASE("decide_doubles: the verdict and margin of decide_with_margin on the exact points") {
  Draw draw;
  int decided = 0;
  for (int c = 0; c < approxcert::test::random_cases(20000); ++c) {
    const Relation r = kRelations[c % 8];
    const double a = draw(), b = draw(), h = is_range(r) ? std::max(b, draw()) : 0.0;
    CAPTURE(a);
    CAPTURE(b);
    CAPTURE(h);
    const Enclosure ea = Enclosure::exact(exact(a)), eb = Enclosure::exact(exact(b)), eh = Enclosure::exact(exact(h));
    const VerdictMargin want = decide_with_margin(r, ea, eb, is_range(r) ? &eh : nullptr);
    const std::optional<DoubleVerdictMargin> got = decide_doubles(r, a, b, is_range(r) ? &h : nullptr);
    REQUIRE(got.has_value());  // every drawn value is below 2^1000
    CHECK(got->verdict == want.verdict);
    REQUIRE(want.margin.has_value());  // exact points are always decided
    CHECK(got->margin.exact() == *want.margin);
    ++decided;
  }
  CHECK(decided == approxcert::test::random_cases(20000));
}

TEST_CASE("ExactDifference: exact, and ordered exactly as the rational differences") {
  Draw draw;
  for (int c = 0; c < approxcert::test::random_cases(20000); ++c) {
    const double a = draw(), b = draw(), x = draw(), y = draw();
    const ExactDifference d = ExactDifference::of(a, b), e = ExactDifference::of(x, y);
    const Rational dq = exact(a) - exact(b), eq = exact(x) - exact(y);
    CHECK(d.exact() == dq);
    CHECK((d < e) == (dq < eq));
    CHECK((d == e) == (dq == eq));
    CHECK(min(d, e).exact() == min(dq, eq));
  }
  // 1 - 2^-60 is not a double: the difference keeps it exactly as 1 + (-2^-60).
  CHECK(ExactDifference::of(1.0, 0x1p-60).exact() == Rational(1) - exact(0x1p-60));
  CHECK(ExactDifference::of(1.0, 0x1p-60) < ExactDifference::of(1.0, 0x1p-61));
}

TEST_CASE("decide_doubles: declines values it cannot difference exactly, and a missing or extra range end throws") {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(decide_doubles(Relation::LessEqual, 0x1p1000, 1.0).has_value());
  CHECK_FALSE(decide_doubles(Relation::LessEqual, 1.0, -inf).has_value());
  CHECK_FALSE(decide_doubles(Relation::Less, nan, 1.0).has_value());
  const double high = 0x1p1010;
  CHECK_FALSE(decide_doubles(Relation::InClosed, 1.0, 0.0, &high).has_value());
  CHECK(decide_doubles(Relation::LessEqual, std::nextafter(0x1p1000, 0.0), 1.0).has_value());
  CHECK_THROWS_AS(decide_doubles(Relation::InClosed, 1.0, 0.0), std::logic_error);
  CHECK_THROWS_AS(decide_doubles(Relation::LessEqual, 1.0, 0.0, &high), std::logic_error);
}

namespace {

// Everything add() decides about a sequence: the decisive point, its sides and the counts.
auto decided(const Outcome& o) {
  REQUIRE(o.for_all.has_value());
  const std::optional<Enclosure> high = o.rhs_high ? std::optional<Enclosure>(o.rhs_high->value) : std::nullopt;
  return std::tuple(o.at, o.lhs.value, o.lhs.evidence, o.rhs.value, high, o.for_all->points, o.for_all->proved,
                    o.for_all->refuted, o.for_all->unknown);
}

// One point of a random claim: some sides given as doubles, some only as enclosures (a few not
// exact), so that both paths of add_exact_first and their margins meet in one ForAll.
struct RandomPoint {
  double lhs, rhs, high;
  bool lhs_double, rhs_double, lhs_wide;
};

}  // namespace

TEST_CASE(
    "ForAll::add_exact_first: the counts and decisive point of add(), mixed with enclosure points, merged in parts") {
  Draw draw;
  for (int trial = 0; trial < approxcert::test::random_cases(400); ++trial) {
    const Relation r = kRelations[trial % 8];
    CAPTURE(static_cast<int>(r));
    std::vector<RandomPoint> pts;
    const double low_end = draw(), high_end = std::max(low_end, draw());
    for (int k = 0; k < 60; ++k)
      pts.push_back({draw(), is_range(r) ? low_end : draw(), high_end, draw.rng() % 8 != 0, draw.rng() % 8 != 0,
                     draw.rng() % 16 == 0});
    auto sides_of = [&](const RandomPoint& p) {
      Side l = p.lhs_wide ? Side::derived(Enclosure::between(exact(p.lhs), exact(p.lhs) + Rational(1))) : side(p.lhs);
      return PointSides{std::move(l), side(p.rhs), is_range(r) ? std::optional<Side>(side(p.high)) : std::nullopt};
    };
    ForAll want(r);
    for (std::size_t k = 0; k < pts.size(); ++k) {
      const PointSides s = sides_of(pts[k]);
      want.add(Point{}.add("k", static_cast<long>(k)), s.lhs, s.rhs, s.rhs_high);
    }
    ForAll got(r), part(r);
    for (std::size_t k = 0; k < pts.size(); ++k) {
      const RandomPoint& p = pts[k];
      ForAll& into = k < 25 ? got : part;  // the last points are fed to a second part and merged
      const Verdict v =
          into.add_exact_first([k] { return Point{}.add("k", static_cast<long>(k)); },
                               p.lhs_double && !p.lhs_wide ? std::optional<double>(p.lhs) : std::nullopt,
                               p.rhs_double ? std::optional<double>(p.rhs) : std::nullopt,
                               is_range(r) ? std::optional<double>(p.high) : std::nullopt, [&] { return sides_of(p); });
      const PointSides s = sides_of(p);
      CHECK(v == decide(r, s.lhs.value, s.rhs.value, s.rhs_high ? &s.rhs_high->value : nullptr));
    }
    got.merge(std::move(part));
    CHECK(decided(got.outcome()) == decided(want.outcome()));
  }
}

TEST_CASE("ForAll::add_exact_first: sides that are not the points decided are a logic error") {
  ForAll fa(Relation::LessEqual);
  CHECK_THROWS_AS(fa.add_exact_first([] { return Point{}; }, 1.0, 2.0, std::nullopt,
                                     [] {
                                       return PointSides{side(1.5), side(2.0), std::nullopt};
                                     }),
                  std::logic_error);
}
