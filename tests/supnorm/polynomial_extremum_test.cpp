// polynomial_end_near_extremum (supnorm/polynomial_extremum.hpp) against exact rational values, no
// slack: for cubic polynomials with a definite quadratic part, the certified end is beyond every
// exact value on a grid of the box (and close to the largest there, which is the point of the
// bound); an indefinite quadratic part gives no bound.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "forms/dirty_solve.hpp"
#include "forms/dyadic.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/multi_series.hpp"
#include "reference/programs.hpp"
#include "supnorm/polynomial_extremum.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// The MultiSeries of order 3 of the polynomial expression at 0 (its exact coefficients, rounded outward).
MultiSeries polynomial(const Program& prog) {
  const MonomialTable& t = monomial_table(2, 3);
  std::vector<MultiSeries> in{multi_series_variable(FastInterval{}, 0, t), multi_series_variable(FastInterval{}, 1, t)};
  return evaluate<MultiSeries>(prog, std::span<const MultiSeries>(in), Prec(64)).at(0);
}

// dirty: the stationary point of P's quadratic part (the point the form passes), as a dyadic.
std::vector<Rational> newton_point(const MultiSeries& P) {
  const MonomialTable& t = *P.table();
  auto c = [&](std::vector<unsigned> alpha) { return dirty_mid(P.coefficient(t.index_of(alpha))); };
  const std::vector<std::vector<double>> H{{2 * c({2, 0}), c({1, 1})}, {c({1, 1}), 2 * c({0, 2})}};
  const std::vector<double> step = dirty_solve(H, {-c({1, 0}), -c({0, 1})});
  REQUIRE(step.size() == 2);
  return {dyadic_near(dirty_dyadic(step[0]), Rational(-1), Rational(1), 40),
          dyadic_near(dirty_dyadic(step[1]), Rational(-1), Rational(1), 40)};
}

}  // namespace

TEST_CASE("polynomial extremum: the certified end bounds cubic polynomials on a grid") {
  const Box box = cube(frac(-1, 32), frac(1, 32), 2);
  const std::vector<Range> offsets{{box.lo[0], box.hi[0]}, {box.lo[1], box.hi[1]}};
  struct Case {
    std::string expr;
    bool upper;
  };
  const std::vector<Case> cases = {
      {"1 + x0/100 - x1/200 - x0^2 - x0*x1/2 - 2*x1^2 + 3*x0^3 - x0*x1^2", true},
      {"-2 + x0/70 + x1/50 + 3*x0^2 + x0*x1 + x1^2 - 4*x1^3 + 2*x0^2*x1", false},
      {"x0/100 - x0^2 - x1^2 + 5*x0*x1^2 + x1^3", true},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expr);
    const Program prog = compile_target(c.expr, 2);
    const MultiSeries P = polynomial(prog);
    const std::vector<Rational> s = newton_point(P);
    const std::optional<Rational> end = polynomial_end_near_extremum(P, offsets, s, c.upper);
    REQUIRE(end.has_value());
    std::optional<Rational> extreme;
    for (const auto& x : grid(box, 33)) {
      const Rational y = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(64)).at(0);
      if (c.upper) CHECK(y <= *end);
      else CHECK(*end <= y);
      if (!extreme || (c.upper ? *extreme < y : y < *extreme)) extreme = y;
    }
    // Tight: the excess is |g|^2/(4 mu') at s (tiny: s is near the extremum) plus the grid's
    // distance from the true extreme (about 2e-6), far below the 1e-4 that bounding the cubic
    // terms by interval products loses on this box.
    const Rational excess = c.upper ? *end - *extreme : *extreme - *end;
    CHECK(excess <= Rational(2) / Rational(100000));
  }
}

TEST_CASE("polynomial extremum: no bound without a certified definite quadratic part") {
  const std::vector<Range> offsets{{frac(-1, 8), frac(1, 8)}, {frac(-1, 8), frac(1, 8)}};
  const std::vector<Rational> s{Rational(0), Rational(0)};
  const MultiSeries saddle = polynomial(compile_target("x0^2 - x1^2 + x0^3", 2));
  CHECK_FALSE(polynomial_end_near_extremum(saddle, offsets, s, true).has_value());
  CHECK_FALSE(polynomial_end_near_extremum(saddle, offsets, s, false).has_value());
  const MultiSeries bowl = polynomial(compile_target("x0^2 + x1^2", 2));
  CHECK_FALSE(polynomial_end_near_extremum(bowl, offsets, s, true).has_value());  // convex: no upper end here
  REQUIRE(polynomial_end_near_extremum(bowl, offsets, s, false).has_value());
  CHECK(*polynomial_end_near_extremum(bowl, offsets, s, false) <= Rational(0));
  CHECK_THROWS_AS(polynomial_end_near_extremum(bowl, std::vector<Range>(3, offsets[0]), s, true),
                  std::invalid_argument);
}
