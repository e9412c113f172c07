// The small checker's relu-substitution form (check/cover_check.hpp), no slack: a leaf around a
// maximum on an oblique kink line, whose exact value is derived by hand, is re-proved at a bound
// within 1e-9 of it without bisection, and a bound 1e-12 below it is refused.
#include <doctest/doctest.h>

#include "check/cover_check.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"

using namespace approxcert;
using namespace approxcert::test;

TEST_CASE("cover check relu substitution: a tight leaf on a kink ridge without bisection") {
  // f = 2 - |z| - (x0 - 3/10)^2 - (x1 + 1/5)^2, z = x0 - x1/2 - 1/7 (|z| as two relus): f is
  // concave, and on z = 0 the quadratic is least at x* = (33/350, -17/175) with gradient mu (1, -1/2),
  // mu = -72/175 in [-1, 1]: so max f = f(x*) = 11926/6125, on the kink line. Near x*, f > 0.
  const Program f = expression_error_program(
      "0", "2 - relu(x0 - x1/2 - 1/7) - relu(1/7 - x0 + x1/2) - (x0 - 3/10)^2 - (x1 + 1/5)^2", 2);
  const Rational sup(mpz_class(11926), mpz_class(6125));
  const Rational x0 = frac(33, 350), x1 = frac(-17, 175), w = frac(1, 64);
  const Box leaf{{x0 - w, x1 - w / Rational(3)}, {x0 + w / Rational(2), x1 + w}};
  const Rational tight = sup * (Rational(1) + pow2(-30));
  const CoverCheckReport ok = check_cover(f, leaf, RecordedCover{"L", {}, {tight}}, CoverCheckOptions{});
  CHECK(ok.ok());
  CHECK(ok.leaves_split == 0);
  CHECK_FALSE(check_cover(f, leaf, RecordedCover{"L", {}, {sup - pow2(-40)}}, CoverCheckOptions{}).ok());
}
