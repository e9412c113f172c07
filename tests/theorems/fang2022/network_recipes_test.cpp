// fang2022 network recipes (chain/recheck.hpp): T_c(x) and the ablated outputs at the recorded sample
// points are re-evaluated by certificate-only verify from the recorded block networks fed the
// embedded point (constants "number:Q", coordinates "at:xi"), without the theorem module. References:
// the spec's exact T_c(1/2, -1/3) = -109/216 (4.1) and B(h)_2 = x^3 at x = 2/3 (4.5); forged values,
// networks, constants and points are rejected.
#include <doctest/doctest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "../../chain/chain_test_support.hpp"
#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "io/sha256.hpp"
#include "net/network_json.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

const VerifyOptions kCertificateOnly{.rebuild = false};

// Every built-in theorem, Fang 2022's among them.
const TheoremRegistry& registry() { return theorems::builtin_theorems(); }

nlohmann::json certificate_of(const std::string& name) {
  const CheckRun run =
      run_check(registry(), read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/fang2022/" + name));
  return make_certificate(run.run);
}

nlohmann::json& step_of(nlohmann::json& cert, const std::string& id) {
  for (auto& s : cert["steps"])
    if (s["id"] == id) return s;
  FAIL("no step " << id);
  throw std::logic_error("unreachable");
}

std::string recomputed(const VerifyReport& r, const std::string& id) {
  for (const StepCheck& c : r.checks)
    if (c.id == id) return c.recomputed;
  return "(no check)";
}

std::string problems_of(const VerifyReport& r) {
  std::string s;
  for (const std::string& p : r.problems) s += p + "\n";
  return s;
}

std::string verify_edited(const nlohmann::json& cert, const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json f = cert;
  edit(f);
  f["sha256"] = certificate_hash(f);
  return problems_of(verify_certificate(registry(), f, "forged.json", kCertificateOnly));
}

}  // namespace

TEST_CASE(
    "fang2022 network recipes: T_c and the ablations at the sample points are re-evaluated from the recorded networks") {
  const nlohmann::json cert = certificate_of("main-d2k3.json");
  const VerifyReport r = verify_certificate(registry(), cert, "main.json", kCertificateOnly);
  CAPTURE(problems_of(r));
  REQUIRE(r.ok());
  for (const char* id : {"F-C6", "F-C6-C", "F-C7-lattice"}) {
    CAPTURE(id);
    CHECK(recomputed(r, id).starts_with("lhs (exactly)"));
  }
  for (const char* id : {"F-C11-softmax", "F-C11-softmax-C", "F-C11-ln", "F-C11-ln-C"}) {
    CAPTURE(id);
    CHECK(recomputed(r, id).starts_with("lhs"));
  }
  // The recorded value at the decisive point of F-C6-C is the spec's exact T_c(1/2, -1/3).
  nlohmann::json c = cert;
  CHECK(step_of(c, "F-C6-C")["lhs"]["exact"] == "-109/216");
  // One network for T_c, one per ablation: three recorded networks, each under its SHA-256.
  REQUIRE(cert["networks"].size() == 3);
  for (const auto& [key, text] : cert["networks"].items())
    CHECK(key == sha256_hex(save_network(parse_network(text.get<std::string>(), "recorded"))));

  const nlohmann::json cube = certificate_of("w2-cube-blocks.json");
  const VerifyReport rc = verify_certificate(registry(), cube, "cube.json", kCertificateOnly);
  CAPTURE(problems_of(rc));
  REQUIRE(rc.ok());
  CHECK(recomputed(rc, "W2-value") == "lhs (exactly)");
  nlohmann::json cc = cube;
  CHECK(step_of(cc, "W2-value")["lhs"]["exact"] == "8/27");  // (2/3)^3
}

TEST_CASE(
    "fang2022 network recipes: a forged value, network, constant input or point is rejected by certificate-only verify") {
  const nlohmann::json cert = certificate_of("main-d2k3.json");
  // The ablated output moved (still != p(x), so the verdict alone does not catch it).
  CHECK(verify_edited(cert, [](nlohmann::json& c) {
          nlohmann::json& lhs = step_of(c, "F-C11-softmax")["lhs"];
          lhs["lower"] = "0.25";
          lhs["upper"] = "0.26";
        }).find("(F-C11-softmax): lhs: recorded") != std::string::npos);
  // A recorded network with one weight changed and re-keyed, every recipe pointing to the new key.
  CHECK(verify_edited(cert, [](nlohmann::json& c) {
          const std::string key = step_of(c, "F-C11-ln")["lhs"]["evidence"]["recheck"]["network"];
          std::string text = c["networks"][key];
          const std::size_t at = text.find("\"1\"");
          REQUIRE(at != std::string::npos);
          text.replace(at, 3, "\"2\"");
          const std::string forged = sha256_hex(save_network(parse_network(text, "forged")));
          c["networks"].erase(key);
          c["networks"][forged] = text;
          for (auto& s : c["steps"])
            for (const char* side : {"lhs", "rhs"})
              if (s[side]["evidence"].contains("recheck") && s[side]["evidence"]["recheck"].value("network", "") == key)
                s[side]["evidence"]["recheck"]["network"] = forged;
        }).find("(F-C11-ln): lhs: recorded") != std::string::npos);
  // The constant inputs of the embedding changed (every bias 1, among them R_0 = 1, read as 2).
  CHECK(verify_edited(cert, [](nlohmann::json& c) {
          for (auto& in : step_of(c, "F-C6-C")["lhs"]["evidence"]["recheck"]["inputs"])
            if (in == "number:1") in = "number:2";
        }).find("(F-C6-C): lhs: recorded") != std::string::npos);
  // The sample point of an ablation moved: the network is re-evaluated there.
  CHECK(verify_edited(cert, [](nlohmann::json& c) {
          step_of(c, "F-C11-ln-C")["at"][0]["value"] = "1/3";
        }).find("(F-C11-ln-C): lhs: recorded") != std::string::npos);
}

// Why verify re-runs the theorem module by default even where every side had a recipe
// (docs/chain.md, step 4): the recipes are the module's. A forger replaces the ablation's recorded
// network by one that outputs the constant 1/4, records T^sm(x) = 1/4 (still != p(x) = -109/216,
// margin re-derived) and recomputes the hash: the certificate-only check accepts the consistent
// forgery, the rebuild (which builds the ablation from the parameters) rejects it.
TEST_CASE(
    "fang2022 network recipes: a consistently forged recipe passes the certificate-only check, the rebuild rejects it") {
  const nlohmann::json cert = certificate_of("main-d2k3.json");
  nlohmann::json forged = cert;
  nlohmann::json& step = step_of(forged, "F-C11-softmax");
  nlohmann::json& recipe = step["lhs"]["evidence"]["recheck"];
  SparseDenseLayer constant;
  constant.rows = 1;
  constant.cols = recipe["inputs"].size();
  constant.bias = {Number(Rational(1) / Rational(4))};
  Network fake;
  fake.input.dim = constant.cols;
  fake.layers.push_back(Layer{constant});
  const std::string text = save_network(fake), key = sha256_hex(text);
  forged["networks"][key] = text;
  recipe["network"] = key;
  step["lhs"]["lower"] = "0.25";
  step["lhs"]["upper"] = "0.25";
  const std::optional<Rational> m = margin(Relation::NotEqual, Enclosure::exact(Rational(1) / Rational(4)),
                                           Enclosure::exact(parse_rational("-109/216")));
  REQUIRE(m.has_value());
  step["margin"] = decimal_down(*m, 17);
  forged["sha256"] = certificate_hash(forged);

  const VerifyReport only = verify_certificate(registry(), forged, "forged.json", kCertificateOnly);
  CAPTURE(problems_of(only));
  CHECK(only.ok());  // the limit of steps 1-3: the recipe itself is not re-derived
  const VerifyReport rebuilt = verify_certificate(registry(), forged, "forged.json");
  CHECK(problems_of(rebuilt).find("(F-C11-softmax): lhs") != std::string::npos);
}
