// Above the gradient budget (net/gradient_work.hpp) the engine and the cover checker bound boxes by
// the natural form alone; where that form is exact, one box settles the problem. Reference: f =
// sum_i (1 - x_i^2) on [-1, 1]^d, whose sup is d exactly (at the midpoint 0, every term at most 1),
// and the interval extension of each term is exactly [0, 1].
#include <doctest/doctest.h>

#include <string>

#include "check/cover_check.hpp"
#include "net/gradient_work.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

constexpr std::size_t kDim = 1100;  // 1100 inputs: the input jets alone are 1100^2 > 2^20 numbers

Program sum_of_bumps(std::size_t d) {
  std::string target;
  for (std::size_t i = 0; i < d; ++i) target += (i ? "+(1-x" : "(1-x") + std::to_string(i) + "^2)";
  return expression_error_program("0", target, d);
}

}  // namespace

TEST_CASE("gradient budget: the engine bounds an 1100-input problem by the natural form, in one box") {
  const Program prog = sum_of_bumps(kDim);
  REQUIRE_FALSE(gradient_forms_affordable(prog));  // the premise: this is the natural-form path
  SupNormOptions o;
  o.threads = 1;
  o.max_cover_leaves = 16;
  const SupNormResult r = sup_norm(prog, cube(Rational(-1), Rational(1), kDim), o);
  CHECK(r.status == SupNormStatus::Converged);
  CHECK(r.lower == Rational(static_cast<long>(kDim)));
  REQUIRE(r.upper.has_value());
  // Sound (at least the exact sup) and within the default relative tolerance of it, in one box:
  // the natural form of this sum is exact up to the rounding of the working arithmetic.
  CHECK(Rational(static_cast<long>(kDim)) <= *r.upper);
  CHECK(*r.upper <= Rational(static_cast<long>(kDim)) * (Rational(1) + o.rel_tol));
  CHECK(r.boxes == 1);
}

TEST_CASE("gradient budget: the cover checker proves the exact bound and refuses a smaller one") {
  const Program prog = sum_of_bumps(kDim);
  const Box domain = cube(Rational(-1), Rational(1), kDim);
  RecordedCover cover;
  cover.tree = "L";
  cover.bounds = {Rational(static_cast<long>(kDim))};
  CHECK(check_cover(prog, domain, cover, CoverCheckOptions{}).ok());
  cover.bounds = {Rational(static_cast<long>(kDim)) - Rational(1) / Rational(2)};  // below the true sup
  CoverCheckOptions quick;
  quick.max_extra_boxes = 8;
  CHECK_FALSE(check_cover(prog, domain, cover, quick).ok());
}
