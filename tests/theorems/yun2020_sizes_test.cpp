// Tests of the Yun 2020 size steps Y-S1 .. Y-S3 (spec 2.7) against the spec's tables of 4.1 (Y-A)
// and 4.2 (Y-B), whose layer and parameter counts were computed independently of this code, and
// the stored-parameter counts worked out by hand below.
#include <doctest/doctest.h>

#include <string>

#include "yun2020_runs.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020::testing;

namespace {

Rational reported(const chain::StepResult& s, const std::string& prefix) {
  const chain::Side& side = reported_side(s, prefix);
  REQUIRE(side.value.is_exact());
  return side.value.lower();
}

}  // namespace

TEST_CASE(
    "yun2020 sizes: Y-A (spec 4.1): 5 + 5 + 14 = 24 sub-layers, 297 parameters in T^{2,1,4}, 552 in 24 full blocks") {
  const chain::CheckRun r = run_check_file("ya-repair-j-e3.json");  // has both bar g and g
  for (const char* id : {"Y-S1", "Y-S2", "Y-S3"}) CHECK(step_of(r, id).verdict == chain::Verdict::Proved);
  CHECK(reported(step_of(r, "Y-S1"), "B") == Rational(24));
  REQUIRE(step_of(r, "Y-S1").outcome.for_all.has_value());
  CHECK(step_of(r, "Y-S1").outcome.for_all->points == 10);  // 5 counts for each of bar g and g
  const chain::StepResult& p = step_of(r, "Y-S3");
  CHECK(p.outcome.lhs.value == chain::Enclosure::exact(Rational(297)));  // 5 * 10 + 19 * 13 (spec 4.1)
  CHECK(reported(p, "parameters of B full blocks") == Rational(552));    // 24 * 23 (spec 4.1)
  // Stored, by hand (d = 1): attention 4 windows x 2 heads x 5 + the global layer's 1 head x 5 = 45;
  // bar g: 19 feed-forward x (3d + 1 = 4) = 76, total 121; g: r (2d + 1) + d per feed-forward with
  // r = 4 (R_1), 3 (Q_{1,0..3}), 4 (V_0), 1 (V_1), 4 (12 value windows): 13 + 40 + 13 + 4 + 156 = 226, total 271.
  CHECK(reported(p, "parameters stored by bar g") == Rational(121));
  CHECK(reported(p, "parameters stored by g") == Rational(271));
}

TEST_CASE("yun2020 sizes: Y-B (spec 4.2): 6 + 5 + 15 = 26 sub-layers, 552 parameters, 1040 in 26 full blocks") {
  const chain::CheckRun r = run_check_file("yb-e1-recalled-j.json");  // bar g only
  for (const char* id : {"Y-S1", "Y-S2", "Y-S3"}) CHECK(step_of(r, id).verdict == chain::Verdict::Proved);
  CHECK(reported(step_of(r, "Y-S1"), "B") == Rational(26));
  const chain::StepResult& p = step_of(r, "Y-S3");
  CHECK(p.outcome.lhs.value == chain::Enclosure::exact(Rational(552)));  // 5 * 18 + 21 * 22 (spec 4.2)
  CHECK(reported(p, "parameters of B full blocks") == Rational(1040));   // 26 * 40 (spec 4.2)
  // bar g stored (d = 2): 4 windows x 2 heads x 9 + 9 = 81; 21 feed-forward x 7 = 147; total 228.
  CHECK(reported(p, "parameters stored by bar g") == Rational(228));
}

TEST_CASE(
    "yun2020 sizes, Theorem 3 (reconstructed): Y-A sizes 9 + 9 + 34 = 52 sub-layers after E, 649 parameters in T_P^{2,1,4}") {
  // By hand from spec 2.6 (d = 1, n = 2, delta = 1/4): g_q = 1 range + n/delta = 8 quantization
  // layers, g_c = n delta^-d = 8 windows + 1 global, g_v = V_0, V_1 and n delta^(-dn) = 2 * 16 = 32
  // value windows; parameters 9 * 10 + 43 * 13 = 649, blocks 52 * 23 = 1196; E has 2 entries.
  const chain::CheckRun r = run_check_file("pe-ya-restatement-j.json");
  for (const char* id : {"Y-S1", "Y-S2", "Y-S3"}) CHECK(step_of(r, id).verdict == chain::Verdict::Proved);
  CHECK(step_of(r, "Y-S1").spec.status == "R");  // reconstructed formulas
  CHECK(step_of(r, "Y-S3").spec.status == "R");
  CHECK(reported(step_of(r, "Y-S1"), "B_P") == Rational(52));
  REQUIRE(step_of(r, "Y-S1").outcome.for_all.has_value());
  CHECK(step_of(r, "Y-S1").outcome.for_all->points == 6);  // encoding, g_q, g_c, g_v, total, blocks (bar g only)
  const chain::StepResult& p = step_of(r, "Y-S3");
  CHECK(p.outcome.lhs.value == chain::Enclosure::exact(Rational(649)));
  CHECK(reported(p, "parameters of B_P full blocks") == Rational(1196));
  CHECK(reported(p, "entries of the encoding E") == Rational(2));
  // stored by bar g: 8 windows x 2 heads x 5 + the global head 5 = 85; 43 Phi layers x 4 = 172
  CHECK(reported(p, "parameters stored by bar g") == Rational(257));
}

TEST_CASE(
    "yun2020 sizes, Theorem 3 (reconstructed): Y-B sizes 14 + 13 + 195 = 222 sub-layers after E, 4832 parameters") {
  // d = 2, n = 3, delta = 1/2: g_q = 2 + 2 * 3 * 2 = 14, g_c = 3 * 4 + 1 = 13, g_v = 1 + 2 + 3 * 64 = 195;
  // parameters 13 * 18 + 209 * 22 = 4832.
  const chain::CheckRun r = run_check_file("pe-yb-restatement-j.json");
  for (const char* id : {"Y-S1", "Y-S2", "Y-S3"}) CHECK(step_of(r, id).verdict == chain::Verdict::Proved);
  CHECK(reported(step_of(r, "Y-S1"), "B_P") == Rational(222));
  CHECK(step_of(r, "Y-S3").outcome.lhs.value == chain::Enclosure::exact(Rational(4832)));
}
