// constant_on_ray (net/constant_on_ray.hpp): the value of a composition on a ray where it is
// constant. References: the piecewise-linear maps below worked out by hand (their pieces and
// values beyond the last kink), in exact rationals.
#include <doctest/doctest.h>

#include <stdexcept>

#include "net/constant_on_ray.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"

using namespace approxcert;

namespace {

const Prec kPrec(128);

Rational q(long n, long d = 1) { return Rational(n) / Rational(d); }

std::vector<Program> layers(std::initializer_list<const char*> texts) {
  std::vector<Program> out;
  for (const char* t : texts) out.push_back(compile_target(t, 1));
  return out;
}

}  // namespace

TEST_CASE("constant_on_ray: a ramp is constant beyond its kinks, on both rays") {
  // relu(x - 1) - relu(x - 2): 0 on (-inf, 1], x - 1 on [1, 2], 1 on [2, +inf).
  const auto ramp = layers({"relu(x0 - 1) - relu(x0 - 2)"});
  const auto up = constant_on_ray(ramp, q(2), RayDirection::Up, kPrec);
  REQUIRE(up.has_value());
  CHECK(*up == q(1));
  const auto down = constant_on_ray(ramp, q(1), RayDirection::Down, kPrec);
  REQUIRE(down.has_value());
  CHECK(*down == q(0));
  // Not constant on [1, +inf) nor on (-inf, 2]: no value.
  CHECK_FALSE(constant_on_ray(ramp, q(1), RayDirection::Up, kPrec).has_value());
  CHECK_FALSE(constant_on_ray(ramp, q(2), RayDirection::Down, kPrec).has_value());
  CHECK_FALSE(constant_on_ray(ramp, q(3, 2), RayDirection::Up, kPrec).has_value());
}

TEST_CASE("constant_on_ray: cancelling slopes (a residual layer) and the following layers evaluated exactly") {
  // x - relu(x) + 1/3 is 1/3 on [0, +inf) (slopes 1 - 1 = 0); then 3x + 1 gives exactly 2.
  const auto r = constant_on_ray(layers({"x0 - relu(x0) + 1/3", "3*x0 + 1"}), q(0), RayDirection::Up, kPrec);
  REQUIRE(r.has_value());
  CHECK(*r == q(2));
  // On (-inf, 0] the same layer is x + 1/3: not constant.
  CHECK_FALSE(constant_on_ray(layers({"x0 - relu(x0) + 1/3"}), q(0), RayDirection::Down, kPrec).has_value());
}

TEST_CASE("constant_on_ray: a step is constant where its argument keeps its sign, refused where it jumps") {
  // -5 step(x - 1): -5 on [1, +inf), 0 on (-inf, 1); as a network (the expression language has no step).
  const Program stepped = lower(parse_network(R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [
      {"type": "dense", "weight": [["1"]], "bias": ["-1"]}, {"type": "step"},
      {"type": "dense", "weight": [["-5"]], "bias": ["0"]}]})",
                                              "step.json"));
  const auto r = constant_on_ray({stepped}, q(1), RayDirection::Up, kPrec);
  REQUIRE(r.has_value());
  CHECK(*r == q(-5));
  const auto d = constant_on_ray({stepped}, q(1, 2), RayDirection::Down, kPrec);
  REQUIRE(d.has_value());
  CHECK(*d == q(0));
  CHECK_FALSE(constant_on_ray({stepped}, q(0), RayDirection::Up, kPrec).has_value());
}

TEST_CASE("constant_on_ray: a function that tends to a constant is not constant on the ray") {
  // 1/(1 + x^2) -> 0 but is not constant; a nonzero slope anywhere refuses.
  CHECK_FALSE(constant_on_ray(layers({"1/(1 + x0*x0)"}), q(10), RayDirection::Up, kPrec).has_value());
  CHECK_FALSE(constant_on_ray(layers({"x0"}), q(0), RayDirection::Up, kPrec).has_value());
}

TEST_CASE("constant_on_ray: layers must have one input and one output") {
  CHECK_THROWS_AS(constant_on_ray(std::vector<Program>{compile_target("x0 + x1", 2)}, q(0), RayDirection::Up, kPrec),
                  std::logic_error);
  CHECK_THROWS_AS(constant_on_ray(std::vector<Program>{}, q(0), RayDirection::Up, kPrec), std::logic_error);
}
