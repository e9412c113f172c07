// Tests of the Yun 2020 size steps Y-S1 .. Y-S3 (spec 2.7) against the spec's tables of 4.1 (Y-A)
// and 4.2 (Y-B), whose layer and parameter counts were computed independently of this code, and
// the stored-parameter counts worked out by hand below.
#include <doctest/doctest.h>

#include <string>

#include "chain/instance.hpp"
#include "theorems/yun2020/register.hpp"

using namespace approxcert;

namespace {

chain::CheckRun run(const std::string& file) {
  chain::TheoremRegistry r;
  approxcert::theorems::yun2020::register_theorems(r);
  return chain::run_check(r, chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/" + file));
}

const chain::StepResult& step(const chain::CheckRun& r, const std::string& id) {
  for (const chain::StepResult& s : r.run.result.steps)
    if (s.spec.id == id) return s;
  FAIL("no step " << id);
  throw std::logic_error("unreachable");
}

Rational reported(const chain::StepResult& s, const std::string& prefix) {
  for (const auto& [n, side] : s.outcome.reported)
    if (n.rfind(prefix, 0) == 0) {
      REQUIRE(side.value.is_exact());
      return side.value.lower();
    }
  FAIL("no reported " << prefix);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("yun2020 sizes: Y-A (spec 4.1): 5 + 5 + 14 = 24 sub-layers, 297 parameters in T^{2,1,4}, 552 in 24 full blocks") {
  const chain::CheckRun r = run("ya-repair-j-e3.json");  // has both bar g and g
  for (const char* id : {"Y-S1", "Y-S2", "Y-S3"}) CHECK(step(r, id).verdict == chain::Verdict::Proved);
  CHECK(reported(step(r, "Y-S1"), "B") == Rational(24));
  REQUIRE(step(r, "Y-S1").outcome.for_all.has_value());
  CHECK(step(r, "Y-S1").outcome.for_all->points == 10);  // 5 counts for each of bar g and g
  const chain::StepResult& p = step(r, "Y-S3");
  CHECK(p.outcome.lhs.value == chain::Enclosure::exact(Rational(297)));  // 5 * 10 + 19 * 13 (spec 4.1)
  CHECK(reported(p, "parameters of B full blocks") == Rational(552));    // 24 * 23 (spec 4.1)
  // Stored, by hand (d = 1): attention 4 windows x 2 heads x 5 + the global layer's 1 head x 5 = 45;
  // bar g: 19 feed-forward x (3d + 1 = 4) = 76, total 121; g: r (2d + 1) + d per feed-forward with
  // r = 4 (R_1), 3 (Q_{1,0..3}), 4 (V_0), 1 (V_1), 4 (12 value windows): 13 + 40 + 13 + 4 + 156 = 226, total 271.
  CHECK(reported(p, "parameters stored by bar g") == Rational(121));
  CHECK(reported(p, "parameters stored by g") == Rational(271));
}

TEST_CASE("yun2020 sizes: Y-B (spec 4.2): 6 + 5 + 15 = 26 sub-layers, 552 parameters, 1040 in 26 full blocks") {
  const chain::CheckRun r = run("yb-e1-recalled-j.json");  // bar g only
  for (const char* id : {"Y-S1", "Y-S2", "Y-S3"}) CHECK(step(r, id).verdict == chain::Verdict::Proved);
  CHECK(reported(step(r, "Y-S1"), "B") == Rational(26));
  const chain::StepResult& p = step(r, "Y-S3");
  CHECK(p.outcome.lhs.value == chain::Enclosure::exact(Rational(552)));  // 5 * 18 + 21 * 22 (spec 4.2)
  CHECK(reported(p, "parameters of B full blocks") == Rational(1040));    // 26 * 40 (spec 4.2)
  // bar g stored (d = 2): 4 windows x 2 heads x 9 + 9 = 81; 21 feed-forward x 7 = 147; total 228.
  CHECK(reported(p, "parameters stored by bar g") == Rational(228));
}
