// Certificate-only verify (`verify --no-rebuild`, no theorem module) of the stored paper
// certificates: each passes as stored, and a forger who changes the recorded enclosure of a side
// the module records a recheck for -- keeping the verdict, fixing the margin and the hash -- is
// rejected, for one step of each paper and of a claims file. The reference is the recorded
// parameter the recheck reads (an exact rational), never the theorem module.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "../chain/chain_test_support.hpp"
#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/relation.hpp"
#include "chain/verify.hpp"
#include "io/sha256.hpp"
#include "net/network_json.hpp"
#include "reference/certificate_forger.hpp"
#include "reference/scratch_dir.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

const VerifyOptions kCertificateOnly{.rebuild = false};

std::string stored(const std::string& rel) { return std::string(APPROXCERT_SOURCE_DIR) + "/docs/certificates/" + rel; }

std::string problems_of(const VerifyReport& r) {
  std::string s;
  for (const std::string& p : r.problems) s += p + "\n";
  return s;
}

// Replaces side `side` of step `id` by the exact value `forged`, keeps its evidence (and recheck),
// re-derives the margin from the recorded sides and recomputes the hash, as a forger would.
void forge_side(nlohmann::json& cert, const std::string& id, const std::string& side, const Rational& forged) {
  for (nlohmann::json& step : cert["steps"]) {
    if (step["id"] != id) continue;
    nlohmann::json value = side_json(Side::exact(forged), 17, false);
    value["evidence"] = step[side]["evidence"];
    step[side] = value;
    const RecordedSides r = read_recorded_sides(step, "forged");
    REQUIRE(decide(r.relation, r.lhs, r.rhs, r.rhs_high ? &*r.rhs_high : nullptr) == r.verdict);  // verdict kept
    const std::optional<Rational> m = margin(r.relation, r.lhs, r.rhs, r.rhs_high ? &*r.rhs_high : nullptr);
    if (m) step["margin"] = decimal_down(*m, 17);
    cert["sha256"] = certificate_hash(cert);
    return;
  }
  FAIL("no step " << id);
}

struct Forgery {
  const char* certificate;  // under docs/certificates/
  const char* step;
  const char* side;
  const char* forged;  // a value that keeps the verdict but is not the parameter's closed form
};

// The SHA-256 of the network step `id`'s lhs recipe evaluates.
std::string recipe_network(const nlohmann::json& cert, const std::string& id) {
  for (const nlohmann::json& step : cert["steps"])
    if (step["id"] == id) return step["lhs"]["evidence"]["recheck"]["network"].get<std::string>();
  FAIL("no step " << id);
  return {};
}

// Replaces the recorded network `key` by `net` as a forger would: under its new SHA-256, with every
// recipe that evaluated it pointing to the new key, and the certificate's hash recomputed.
void rekey(nlohmann::json& cert, const std::string& key, const nlohmann::json& net) {
  const std::string new_key = sha256_hex(save_network(parse_network(net.dump(), "forged")));
  REQUIRE(new_key != key);
  cert["networks"].erase(key);
  cert["networks"][new_key] = net.dump();
  for (nlohmann::json& step : cert["steps"])
    for (const char* side : {"lhs", "rhs", "rhs_high"})
      if (step.contains(side) && step[side]["evidence"].contains("recheck") &&
          step[side]["evidence"]["recheck"].value("network", "") == key)
        step[side]["evidence"]["recheck"]["network"] = new_key;
  cert["sha256"] = certificate_hash(cert);
}

}  // namespace

TEST_CASE("forged paper certificates: a forged rechecked side is rejected without the theorem module") {
  const Forgery forgeries[] = {
      {"altabaa2024/thm31-xsin3y-m10.json", "V1", "lhs", "1/20"},           // 1/m = 1/10
      {"yun2020/s44-d1n2N8-loose.json", "Y-14", "lhs", "1/8"},              // Lip delta = 1/4
      {"fang2022/bernstein-n16.json", "F-C13-bound", "rhs", "1/2"},         // eps = 1/4
      {"kajitsuka2024/ka-d1n2-paper.json", "K-2max", "rhs", "1"},           // r_max^2 = 49/64
      {"wright2021/s45-attention-smoother.json", "W-C1", "rhs", "1/1000"},  // tau = 10^-9
      {"claims/xy-relu.json", "C1", "rhs", "1/10"},                         // the claim file's 1/60
  };
  for (const Forgery& f : forgeries) {
    CAPTURE(f.certificate);
    const nlohmann::json original = read_certificate(stored(f.certificate));
    const VerifyReport clean = verify_certificate(TheoremRegistry{}, original, f.certificate, kCertificateOnly);
    CAPTURE(problems_of(clean));
    REQUIRE(clean.ok());
    // The step's side is re-computed from the certificate (else the forgery below proves nothing).
    bool rechecked = false;
    for (const StepCheck& c : clean.checks)
      if (c.id == f.step) rechecked = c.recomputed.find(f.side) != std::string::npos;
    REQUIRE(rechecked);

    nlohmann::json forged = original;
    forge_side(forged, f.step, f.side, parse_rational(f.forged));
    const VerifyReport r = verify_certificate(TheoremRegistry{}, forged, f.certificate, kCertificateOnly);
    CAPTURE(problems_of(r));
    CHECK_FALSE(r.ok());
    CHECK(problems_of(r).find("(" + std::string(f.step) + "): " + f.side + ": recorded") != std::string::npos);
  }
}

TEST_CASE("forged paper certificates: every stored certificate names each side it trusts") {
  for (const char* rel :
       {"yun2020/s44-d1n2N8-loose.json", "kajitsuka2024/ka-d1n2-paper.json", "wright2021/s410-uat-m16.json",
        "altabaa2024/thm51-instance-a.json", "fang2022/main-d2k3.json"}) {
    CAPTURE(rel);
    const VerifyReport r = verify_certificate(TheoremRegistry{}, read_certificate(stored(rel)), rel, kCertificateOnly);
    REQUIRE(r.ok());
    CHECK(r.sides == r.sides_recomputed + r.trusted.size());
    const std::string line = trust_summary(r);
    for (const TrustedSide& t : r.trusted) CHECK(line.find(t.step + " " + t.side) != std::string::npos);
  }
}

TEST_CASE("forged paper certificates: every claimed field of a stored certificate is rejected when changed") {
  // One forgery per field pattern (in both directions) of a small stored certificate, verified with
  // the default options (rechecks and the theorem module re-run); the full sweep over every stored
  // certificate is `build/bench/forgery_sweep docs/certificates` (docs/robustness.md).
  const approxcert::test::ScratchDir dir("forged-fields-lem31");
  const std::string scratch = dir.path("forged.json");
  for (const char* rel : {"altabaa2024/lem31-strict-order.json"}) {
    CAPTURE(rel);
    const reference::ForgerySweep s =
        reference::sweep_forgeries(theorems::builtin_theorems(), read_certificate(stored(rel)), scratch, true);
    std::string accepted;
    for (const std::string& a : s.accepted) accepted += a + "\n";
    CAPTURE(accepted);
    CHECK(s.accepted.empty());
    CHECK(s.rejected > 50);
  }
}

// A recorded network (recorded_networks.hpp) changed by a forger who re-keys it, fixes every
// recipe and the hash: the re-evaluation through the generic evaluator disagrees with the record.
// And a network side forged together with its rhs (keeping "equal"): the network disagrees.
// Reference: the module's recorded exact value of g_q at the decisive point (t = 0 maps to 0).
TEST_CASE("forged paper certificates: a forged recorded network or network side is rejected (yun2020 Y-1)") {
  const char* rel = "yun2020/s44-d1n2N8-loose.json";
  const nlohmann::json original = read_certificate(stored(rel));
  const VerifyReport clean = verify_certificate(TheoremRegistry{}, original, rel, kCertificateOnly);
  REQUIRE(clean.ok());
  bool rechecked = false;
  for (const StepCheck& c : clean.checks)
    if (c.id == "Y-1") rechecked = c.recomputed == "lhs (exactly)";
  REQUIRE(rechecked);
  REQUIRE(original.contains("networks"));

  nlohmann::json forged = original;
  const std::string key = recipe_network(original, "Y-1");
  nlohmann::json net = nlohmann::json::parse(forged["networks"][key].get<std::string>());
  net["layers"][0]["layers"][0]["bias"][0] = "1/2";  // every entry t read as t + 1/2
  rekey(forged, key, net);
  forged["sha256"] = certificate_hash(forged);
  VerifyReport r = verify_certificate(TheoremRegistry{}, forged, rel, kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("(Y-1): lhs: recorded") != std::string::npos);

  nlohmann::json sides = original;
  for (nlohmann::json& step : sides["steps"])
    if (step["id"] == "Y-1")
      for (const char* side : {"lhs", "rhs"}) {  // 1/8 = 1/8: "equal" and its margin kept
        nlohmann::json value = side_json(Side::exact(Rational(1) / Rational(8)), 17, false);
        value["evidence"] = step[side]["evidence"];
        step[side] = value;
      }
  sides["sha256"] = certificate_hash(sides);
  REQUIRE(verify_certificate(TheoremRegistry{}, sides, rel, VerifyOptions{.recompute = false, .rebuild = false}).ok());
  r = verify_certificate(TheoremRegistry{}, sides, rel, kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("(Y-1): lhs: recorded [0.125, 0.125] does not contain the exact recomputation [0, 0]") !=
        std::string::npos);
}

// The contextual map g_c recorded with its column ids (q(L)_j, Y-6 .. Y-9): a forger who changes
// the id weights u of the last layer (re-keyed, recipes and hash fixed), or a q-value together with
// nothing else (keeping "in [t_l, t_r]"), is rejected by the certificate-only verify. Reference: the
// construction's closed form q(L)_j in [t_l, t_r] is not used; the record and the network disagree.
TEST_CASE("forged paper certificates: a forged contextual network or q-value is rejected (yun2020 Y-6, Y-8)") {
  const char* rel = "yun2020/s44-d1n2N8-loose.json";
  const nlohmann::json original = read_certificate(stored(rel));
  const VerifyReport clean = verify_certificate(TheoremRegistry{}, original, rel, kCertificateOnly);
  REQUIRE(clean.ok());
  for (const StepCheck& c : clean.checks)
    if (c.id == "Y-6" || c.id == "Y-8" || c.id == "Y-5" || c.id == "Y-10")
      CHECK(c.recomputed.find("lhs (exactly)") != std::string::npos);

  const std::string key = recipe_network(original, "Y-8");
  nlohmann::json net = nlohmann::json::parse(original["networks"][key].get<std::string>());
  nlohmann::json& ids = net["layers"].back()["layers"][0]["weight"][0];
  REQUIRE(ids.size() == 1);  // d = 1: u = (1)
  ids[0] = "2";
  nlohmann::json forged = original;
  rekey(forged, key, net);
  VerifyReport r = verify_certificate(TheoremRegistry{}, forged, rel, kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("(Y-8): lhs: recorded") != std::string::npos);
  CHECK(problems_of(r).find("(Y-6): lhs: recorded") != std::string::npos);

  // Y-8's q-value moved by 1 towards the middle of [t_l, t_r] (verdict kept, margin and hash fixed).
  nlohmann::json side = original;
  for (const nlohmann::json& step : original["steps"])
    if (step["id"] == "Y-8") {
      const Rational q = parse_rational(step["lhs"]["exact"].get<std::string>());
      const Rational lo = parse_rational(step["rhs"]["exact"].get<std::string>()),
                     hi = parse_rational(step["rhs_high"]["exact"].get<std::string>());
      forge_side(side, "Y-8", "lhs", q - lo < hi - q ? q + Rational(1) : q - Rational(1));
    }
  REQUIRE(verify_certificate(TheoremRegistry{}, side, rel, VerifyOptions{.recompute = false, .rebuild = false}).ok());
  r = verify_certificate(TheoremRegistry{}, side, rel, kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("(Y-8): lhs: recorded") != std::string::npos);
}

// A side re-computed from a value its own step reports (altabaa R4: N (2 C eps_NN + eps_NN^2) from
// R1's N, R2's eps_NN and R4's own reported C): a forger who changes the reported C (hash fixed)
// makes the recomputation disagree with the recorded side. Reference: the recorded exact values.
TEST_CASE(
    "forged paper certificates: a forged value the step itself reports is caught by its side's recheck (altabaa R4)") {
  const char* rel = "altabaa2024/thm41-rkbs-eps0.1.json";
  const nlohmann::json original = read_certificate(stored(rel));
  REQUIRE(verify_certificate(TheoremRegistry{}, original, rel, kCertificateOnly).ok());
  nlohmann::json forged = original;
  bool found = false;
  for (nlohmann::json& step : forged["steps"])
    if (step["id"] == "R4")
      for (nlohmann::json& r : step["reported"])
        if (r["name"] == "C") {
          const Rational C = parse_rational(r["value"]["exact"].get<std::string>());
          nlohmann::json value = side_json(Side::exact(C + Rational(1)), 17, false);
          value["evidence"] = r["value"]["evidence"];
          r["value"] = value;
          found = true;
        }
  REQUIRE(found);
  forged["sha256"] = certificate_hash(forged);
  const VerifyReport r = verify_certificate(TheoremRegistry{}, forged, rel, kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("(R4): lhs: recorded") != std::string::npos);
}
