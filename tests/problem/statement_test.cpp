// The certificate's statement rules (problem/statement.hpp), which the engine's writer and the
// checker both apply: the tolerance test behind "converged", the recorded gap, the claim sentences.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "problem/statement.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;

namespace {
Rational q(long p, long d) { return Rational(p) / Rational(d); }
}  // namespace

TEST_CASE("statement: within_tolerance is upper - lower <= abs_tol or upper <= lower (1 + rel_tol), exactly") {
  const Rational lower = q(1, 1), rel = q(1, 100), abs0(0);
  CHECK(within_tolerance(lower, q(101, 100), rel, abs0));                      // exactly at 1 + rel_tol
  CHECK_FALSE(within_tolerance(lower, q(10101, 10000), rel, abs0));            // just above
  CHECK(within_tolerance(Rational(0), q(1, 10), Rational(0), q(1, 10)));       // the absolute test alone
  CHECK_FALSE(within_tolerance(Rational(0), q(1, 10), q(1, 2), Rational(0)));  // lower 0: no relative test
  CHECK_FALSE(within_tolerance(lower, std::nullopt, rel, q(1000, 1)));         // no finite upper bound
}

TEST_CASE("statement: supnorm_gap is derived from the recorded bounds, rounded up") {
  const nlohmann::json g = supnorm_gap(q(1, 1), q(3, 2));
  CHECK(g["absolute"] == "0.5");
  CHECK(g["relative"] == "0.5");
  const nlohmann::json third = supnorm_gap(Rational(3), Rational(4));
  CHECK(parse_rational(third["relative"].get<std::string>()) >= q(1, 3));  // outward: 1/3 rounded up
  CHECK(parse_rational(third["relative"].get<std::string>()) < q(1, 3) + q(1, 100000));
  const nlohmann::json none = supnorm_gap(Rational(0), std::nullopt);
  CHECK(none["absolute"] == "inf");
  CHECK(none["relative"].is_null());
  CHECK(supnorm_gap(Rational(0), Rational(1))["relative"].is_null());  // lower 0: no relative gap
}

TEST_CASE("statement: the claim sentences name the inputs that were given") {
  SupNormInputs net_target;
  net_target.net_path = "n.json";
  net_target.target = "x0";
  CHECK(supnorm_claim(net_target) == "lower <= sup over the domain of |target - net| <= upper");
  SupNormInputs approx_net;
  approx_net.approx = "0";
  approx_net.target_net_path = "t.json";
  approx_net.relative = true;
  CHECK(supnorm_claim(approx_net) == "lower <= sup over the domain of |(approx - target_net) / target_net| <= upper");
  CHECK(lpnorm_claim(net_target, 2, false) == "lower <= (integral over the domain of |target - net|^2)^(1/2) <= upper");
  CHECK(lpnorm_claim(approx_net, 3, true) ==
        "lower <= (1/vol(domain) * integral over the domain of |target_net - approx|^3)^(1/3) <= upper");
}
