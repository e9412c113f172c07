// The small checker's second-order form (check/cover_check.hpp), 2 to 4 inputs, no slack:
//   - polynomials whose maximum on the leaf is known in closed form: the checker's bound equals
//     it exactly (MPFI is exact on these dyadic inputs), and a leaf bound just below it is
//     rejected even after bisection;
//   - a concave quadratic with cross terms on small leaves around its maximum 1: the bound is the
//     hand-computed value, and proves without bisection what the natural and centred forms cannot;
//   - random 3- and 4-input tanh networks against a product of sines: the bound is at least
//     |f| at random points of the leaf, f from the 200-bit reference interpreter.
#include <doctest/doctest.h>

#include <string>

#include "../test_multiplier.hpp"
#include "check/cover_check.hpp"
#include "net/expression.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

RecordedCover one_leaf(const Rational& bound) { return RecordedCover{"L", {}, {bound}}; }

}  // namespace

TEST_CASE("cover check second-order form: exact on polynomials with a known maximum") {
  // x0 - x0^2 + x1 - x1^2 on [0, 3/4]^2: maximum 1/2 at (1/2, 1/2), an interior vertex of each
  // diagonal parabola (the midpoint is 3/8).
  const Program bump = compile_target("x0 - x0^2 + x1 - x1^2", 2);
  const Box box = cube(Rational(0), frac(3, 4), 2);
  CHECK(natural_centred_abs_bound(bump, box, 64) == frac(1, 2));
  const CoverCheckReport ok = check_cover(bump, box, one_leaf(frac(1, 2)), CoverCheckOptions{});
  CHECK(ok.ok());
  CHECK(ok.leaves_split == 0);
  CHECK_FALSE(check_cover(bump, box, one_leaf(frac(1, 2) - pow2(-40)), CoverCheckOptions{}).ok());

  // x0 x1 on [0, 1]^2: maximum 1 at the corner, reached by the form through its cross term.
  const Program product = compile_target("x0*x1", 2);
  const Box unit = cube(Rational(0), Rational(1), 2);
  CHECK(Rational(1) <= *natural_centred_abs_bound(product, unit, 64));
  CHECK_FALSE(check_cover(product, unit, one_leaf(frac(9, 10)), CoverCheckOptions{}).ok());

  // A 3-input cubic with cross terms: the bound is at least its value at a fine grid (exact).
  const Program cubic = compile_target("x0*x1 - x1*x2 + x0^2*x2/4 - x2^2", 3);
  const Box b3 = cube(frac(-1, 2), frac(1, 4), 3);
  const Rational bound = *natural_centred_abs_bound(cubic, b3, 64);
  for (const auto& x : grid(b3, 7)) {
    const Rational y = x[0] * x[1] - x[1] * x[2] + x[0] * x[0] * x[2] / Rational(4) - x[2] * x[2];
    CHECK(abs(y) <= bound);
  }
}

TEST_CASE("cover check second-order form: proves tight leaves around a maximum without bisection") {
  // f = 1 - x0^2 - x1^2 - x2^2 - x0 x1 - x1 x2 (maximum exactly 1, at 0) on [-w, 3w/2] x [-w, w]^2.
  // By hand: the natural form gives 1 + 5w^2/2 (the cross products), the centred form about
  // 1 + 12w^2, the second-order form 1 + 145w^2/64 (exact here). So 1 + 12w^2/5 needs it.
  const Program f = compile_target("1 - x0^2 - x1^2 - x2^2 - x0*x1 - x1*x2", 3);
  for (int k = 3; k <= 8; ++k) {
    CAPTURE(k);
    const Rational w = pow2(-k);
    Box box = cube(-w, w, 3);
    box.hi[0] = w + w / Rational(2);  // off-centre: the gradient at the midpoint is not 0
    CHECK(natural_centred_abs_bound(f, box, 64) == Rational(1) + frac(145, 64) * w * w);
    const CoverCheckReport r = check_cover(f, box, one_leaf(Rational(1) + frac(12, 5) * w * w), CoverCheckOptions{});
    CHECK(r.ok());
    CHECK(r.leaves_split == 0);
    CHECK_FALSE(check_cover(f, box, one_leaf(Rational(1) - pow2(-60)), CoverCheckOptions{}).ok());
  }
}

TEST_CASE("cover check second-order form: bounds |f| on random tanh networks (200-bit reference)") {
  RandomNetworks gen(14005);
  for (std::size_t d = 3; d <= 4; ++d) {
    const std::string target = d == 3 ? "sin(2*x0)*sin(2*x1)*sin(2*x2)" : "sin(2*x0)*sin(2*x1)*sin(2*x2)*sin(2*x3)";
    const Box domain = cube(Rational(-1), Rational(1), d);
    for (int n = 0; n < approxcert::test::random_cases(3); ++n) {
      const Program prog = net_error_program(lower(gen.network(d, Hidden::Tanh, 5)), 0, target);
      for (int k = 0; k < 8; ++k) {
        Box box = domain;
        const Rational w = pow2(-gen.integer(2, 6));
        for (std::size_t i = 0; i < d; ++i) {
          box.lo[i] = min(gen.point(domain)[i], Rational(1) - w);
          box.hi[i] = box.lo[i] + w;
        }
        const std::optional<Rational> bound = natural_centred_abs_bound(prog, box, 64);
        REQUIRE(bound.has_value());
        for (int s = 0; s < 10; ++s) {
          const Ball y = reference_value(prog, gen.point(box));
          REQUIRE(is_finite(y));
          CHECK(abs_min(range_of(y)) <= *bound);
        }
      }
    }
  }
}
