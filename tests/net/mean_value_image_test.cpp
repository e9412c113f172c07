// mean_value_image (net/mean_value_image.hpp): the layer-by-layer mean-value image of an interval.
// References: the true images worked out by hand in exact rationals (monotone maps: the images of
// the end points), and the mean-value bound itself by hand where the test pins its width.
#include <doctest/doctest.h>

#include <stdexcept>

#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/mean_value_image.hpp"
#include "net/network_json.hpp"

using namespace approxcert;

namespace {

const Prec kPrec(128);

Rational q(long n, long d = 1) { return Rational(n) / Rational(d); }

// lower(r) <= lo and hi <= upper(r): r contains the true image [lo, hi].
void check_contains(const std::optional<Interval>& r, const Rational& lo, const Rational& hi) {
  REQUIRE(r.has_value());
  REQUIRE(is_finite(*r));
  CHECK(lower(*r) <= lo);
  CHECK(hi <= upper(*r));
}

std::vector<Program> layers(std::initializer_list<const char*> texts) {
  std::vector<Program> out;
  for (const char* t : texts) out.push_back(compile_target(t, 1));
  return out;
}

}  // namespace

TEST_CASE("mean_value_image: affine layers give their exact image, to rounding") {
  // [1/4, 1/2] -> 2x + 1 -> [3/2, 2] -> -x/3 -> [-2/3, -1/2].
  const auto r = mean_value_image(layers({"2*x0 + 1", "-x0/3"}), q(1, 4), q(1, 2), kPrec);
  check_contains(r, q(-2, 3), q(-1, 2));
  CHECK(upper(*r) - lower(*r) - q(1, 6) < pow2(-100));
}

TEST_CASE("mean_value_image: a convex layer is over-estimated by the mean-value term, never under") {
  // x^2 on [1, 2]: true image [1, 4]; by hand the form gives 1 + [2, 4] [0, 1] = [1, 5].
  const auto r = mean_value_image(layers({"x0*x0"}), q(1), q(2), kPrec);
  check_contains(r, q(1), q(4));
  CHECK(lower(*r) == q(1));
  CHECK(upper(*r) == q(5));
  // Two layers: x^2 then x - 3 on [1, 2]: true image [-2, 1].
  check_contains(mean_value_image(layers({"x0*x0", "x0 - 3"}), q(1), q(2), kPrec), q(-2), q(1));
}

TEST_CASE("mean_value_image: a layer constant on the interval gives an exact point -- a ramp its hull") {
  const auto r = mean_value_image(layers({"relu(x0)"}), q(-2), q(-1), kPrec);
  REQUIRE(r.has_value());
  CHECK(is_exact(*r));
  CHECK(lower(*r) == q(0));
  // relu on [-1/2, 1/2]: true image [0, 1/2]; then 3x + 1: [1, 5/2].
  check_contains(mean_value_image(layers({"relu(x0)", "3*x0 + 1"}), q(-1, 2), q(1, 2), kPrec), q(1), q(5, 2));
}

TEST_CASE("mean_value_image: no bound through a jump or after an unbounded layer -- misuse is a logic error") {
  const Network step = parse_network(
      R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [{"type": "step"}]})", "step.json");
  CHECK_FALSE(mean_value_image({lower(step)}, q(-1), q(1), kPrec).has_value());
  CHECK_FALSE(mean_value_image(layers({"1/x0", "x0"}), q(-1), q(1), kPrec).has_value());
  CHECK_THROWS_AS(mean_value_image(layers({"x0"}), q(1), q(0), kPrec), std::logic_error);
  CHECK_THROWS_AS(mean_value_image({compile_target("x0 + x1", 2)}, q(0), q(1), kPrec), std::logic_error);
}
