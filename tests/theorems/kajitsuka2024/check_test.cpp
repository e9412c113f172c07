// Kajitsuka & Sato 2024: every fast check instance under checks/kajitsuka2024/ gives its expected
// verdicts; verify accepts the certificate and rejects tampered ones (a forged separation bound, a
// moved counterexample, a non-unit projection candidate) even when the forger recomputes the hash.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "theorems/kajitsuka2024/register.hpp"

namespace approxcert::theorems::kajitsuka2024 {

namespace {

chain::TheoremRegistry registry() {
  chain::TheoremRegistry r;
  register_theorems(r);
  return r;
}

chain::CheckRun run(const std::string& name) {
  const chain::CheckFile f =
      chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/kajitsuka2024/" + name);
  return chain::run_check(registry(), f);
}

void check_instance(const std::string& name) {
  const chain::CheckRun r = run(name);
  std::string msg;
  for (const auto& mm : r.mismatches) msg += mm.step + ": expected " + mm.expected + ", got " + mm.actual + "; ";
  CHECK_MESSAGE(r.mismatches.empty(), msg);
}

std::size_t step_index(const nlohmann::json& c, const std::string& id) {
  for (std::size_t i = 0; i < c["steps"].size(); ++i)
    if (c["steps"][i]["id"] == id) return i;
  FAIL("no step " << id);
  return 0;
}

std::string problems_of(const chain::TheoremRegistry& r, nlohmann::json c) {
  c["sha256"] = chain::certificate_hash(c);
  std::string s;
  for (const std::string& p : chain::verify_certificate(r, c, "forged.json").problems) s += p + "\n";
  return s;
}

}  // namespace

TEST_CASE("kajitsuka2024 check ka-d1n2-paper (K-A, paper lambda: 10^-6548 separations)") {
  check_instance("ka-d1n2-paper.json");
}
TEST_CASE("kajitsuka2024 check ka-d1n2-inst") { check_instance("ka-d1n2-inst.json"); }
TEST_CASE("kajitsuka2024 check kb-d1n3-paper") { check_instance("kb-d1n3-paper.json"); }
TEST_CASE("kajitsuka2024 check kc-d2n2-paper (searched projection)") { check_instance("kc-d2n2-paper.json"); }
TEST_CASE("kajitsuka2024 check kd-d2n3-inst") { check_instance("kd-d2n3-inst.json"); }
TEST_CASE("kajitsuka2024 check ke-d1n2-paper (no same-token pairs)") { check_instance("ke-d1n2-paper.json"); }
TEST_CASE("kajitsuka2024 check thm1-hardmax-witness") { check_instance("thm1-hardmax-witness.json"); }
TEST_CASE("kajitsuka2024 check cor1-ka-d1n2-inst (memoriser)") { check_instance("cor1-ka-d1n2-inst.json"); }
TEST_CASE("kajitsuka2024 check cor1-kc-d2n2-inst (memoriser, d = 2)") { check_instance("cor1-kc-d2n2-inst.json"); }
TEST_CASE("kajitsuka2024 check prop1-ka-d1n2-inst (Proposition 1 assembly)") {
  check_instance("prop1-ka-d1n2-inst.json");
}
TEST_CASE("kajitsuka2024 check prop1-ka-d1n2-not-equivariant (E2 refuted)") {
  check_instance("prop1-ka-d1n2-not-equivariant.json");
}

TEST_CASE("kajitsuka2024 verify: accepts the K-A certificate, rejects tampered ones") {
  const chain::TheoremRegistry r = registry();
  const chain::CheckRun cr = run("ka-d1n2-inst.json");
  const nlohmann::json cert = chain::make_certificate(cr.run);
  CHECK(problems_of(r, cert).empty());

  // A forged same-token separation that excludes the true value 7.649514e-29.
  nlohmann::json f1 = cert;
  const std::size_t k9 = step_index(f1, "K-9");
  f1["steps"][k9]["lhs"]["lower"] = "1e-20";
  f1["steps"][k9]["lhs"]["upper"] = "2e-20";
  f1["steps"][k9]["lhs"].erase("lower_exact");
  f1["steps"][k9]["lhs"].erase("upper_exact");
  CHECK(problems_of(r, f1).find("K-9") != std::string::npos);

  // The erratum E1b claimed proved instead of refuted.
  nlohmann::json f2 = cert;
  f2["steps"][step_index(f2, "E1b")]["verdict"] = "proved";
  CHECK(problems_of(r, f2).find("E1b") != std::string::npos);

  // A projection candidate that is not a unit vector: K-1u (||u||^2 = 1) is not re-confirmed.
  nlohmann::json f3 = cert;
  f3["steps"][step_index(f3, "K-1")]["candidate"][0]["value"] = "1/2";
  CHECK(problems_of(r, f3).find("K-1u") != std::string::npos);

  // A renamed projection coordinate (found by the forgery sweep: it was read by position and
  // accepted): the re-run refuses the candidate, so K-1 is no longer proved.
  nlohmann::json f4 = cert;
  f4["steps"][step_index(f4, "K-1")]["candidate"][0]["name"] = "u1_forged";
  CHECK(problems_of(r, f4).find("K-1") != std::string::npos);
}

}  // namespace approxcert::theorems::kajitsuka2024
