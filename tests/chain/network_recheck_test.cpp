// Network recipes (recheck.hpp, recorded_networks.hpp): a side that evaluates a network records
// "evaluate network SHA at these inputs, output k"; the certificate records the network once under
// its SHA-256, and certificate-only verify re-evaluates it through the one reader, lower() and
// the generic evaluator. References: the network's values worked out by hand in exact rationals.
#include <doctest/doctest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/chain.hpp"
#include "chain/instance.hpp"
#include "chain/recheck.hpp"
#include "chain/recorded_networks.hpp"
#include "chain/trust_reasons.hpp"
#include "chain/verify.hpp"
#include "chain_test_support.hpp"
#include "io/sha256.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

// The certificate of a test chain, as `check` writes it for the instance "network".
nlohmann::json network_certificate(const Chain& c) {
  InstanceRun run;
  run.theorem = {.name = "test/network", .paper = "test", .title = "t", .statement = "s"};
  run.instance = "network";
  run.parameters = nlohmann::json::object();
  run.result = run_chain(c);
  return make_certificate(run);
}

const VerifyOptions kCertificateOnly{.rebuild = false};

// y0 = relu(2 x0 - x1), y1 = relu(x0 + x1 + 1/3): at (3/4, 1/2) by hand y0 = 1, y1 = 19/12.
Network two_outputs() {
  return parse_network(R"({"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [
      {"type": "dense", "weight": [[2, -1], [1, 1]], "bias": [0, "1/3"]},
      {"type": "relu"}]})",
                       "two_outputs.json");
}

StepSpec spec(const char* id) {
  return StepSpec{.id = id,
                  .claim = "test",
                  .symbols = "test",
                  .relation = Relation::LessEqual,
                  .status = "R",
                  .coq_lemma = std::string("test_") + id};
}

// N0: net(p)_0 <= 1 and N1: net(p)_k <= 2 at the point p = (3/4, 1/2), k = 1 (recorded in "at").
// The module's values are the hand-worked ones: 1 and 19/12.
nlohmann::json certificate(const Network& net, Rational n0 = Rational(1)) {
  Chain c;
  c.add(spec("N0"), exact([n0] {
          Outcome o(Side::exact(n0), Side::exact(Rational(1)));
          o.at = Point{}.add("a", Rational(3) / Rational(4)).add("b", Rational(1) / Rational(2));
          return o;
        }));
  c.add(spec("N1"), exact([] {
          Outcome o(Side::exact(Rational(19) / Rational(12)), Side::exact(Rational(2)));
          o.at = Point{}.add("a", Rational(3) / Rational(4)).add("b", Rational(1) / Rational(2)).add("k", 1L);
          return o;
        }));
  c.trust("N0", kNetworkEvaluation);
  c.trust("N1", kNetworkEvaluation);
  c.recheck_network("N0", "lhs", net, "0", {"at:a", "at:b"});
  c.recheck_network("N1", "lhs", net, "at:k", {"at:a", "at:b"});
  return network_certificate(c);
}

void rehash(nlohmann::json& c) { c["sha256"] = certificate_hash(c); }

std::string problems_of(const VerifyReport& r) {
  std::string s;
  for (const std::string& p : r.problems) s += p + "\n";
  return s;
}

}  // namespace

TEST_CASE("network recheck: the certificate records the network once and verify re-evaluates both sides") {
  const Network net = two_outputs();
  const nlohmann::json c = certificate(net);
  REQUIRE(c.contains("networks"));
  REQUIRE(c["networks"].size() == 1);
  const std::string key = c["networks"].begin().key();
  CHECK(key == sha256_hex(save_network(net)));
  CHECK(parse_network(c["networks"][key].get<std::string>(), "recorded") == net);  // the network itself, one line
  CHECK(c["steps"][0]["lhs"]["evidence"]["recheck"]["network"] == key);
  CHECK(c["steps"][1]["lhs"]["evidence"]["recheck"]["output"] == "at:k");
  CHECK_FALSE(c["steps"][0]["lhs"]["evidence"].contains("trusted"));  // the recipe replaces the mark

  const VerifyReport r = verify_certificate(TheoremRegistry{}, c, "net.json", kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK(r.ok());
  CHECK(r.sides_recomputed == 2);
  CHECK(r.checks[0].recomputed == "lhs (exactly)");
  CHECK(r.checks[1].recomputed == "lhs (exactly)");
}

TEST_CASE("network recheck: a forged module value is rejected against the recorded network") {
  // The module claims net(p)_0 = 9/10 (verdict kept: 9/10 <= 1); the network gives exactly 1.
  const nlohmann::json c = certificate(two_outputs(), Rational(9) / Rational(10));
  const VerifyReport r = verify_certificate(TheoremRegistry{}, c, "net.json", kCertificateOnly);
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("steps/0 (N0): lhs: recorded") != std::string::npos);
  CHECK(problems_of(r).find("does not contain the exact recomputation [1, 1]") != std::string::npos);
}

TEST_CASE("network recheck: a forged network byte is rejected, with or without its key recomputed") {
  const nlohmann::json original = certificate(two_outputs());
  const std::string key = original["networks"].begin().key();
  nlohmann::json forged = original;
  nlohmann::json net = nlohmann::json::parse(forged["networks"][key].get<std::string>());
  net["layers"][0]["bias"][1] = "1/4";  // y1 = 3/2 instead of 19/12
  forged["networks"][key] = net.dump();
  rehash(forged);
  VerifyReport r = verify_certificate(TheoremRegistry{}, forged, "net.json", kCertificateOnly);
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("is not the SHA-256 of the network's canonical text") != std::string::npos);

  // The forger also re-keys the network and every recipe: the re-evaluation disagrees.
  Network changed = two_outputs();
  std::get<DenseLayer>(changed.layers[0].kind).bias[1] = Number(Rational(1) / Rational(4));
  const std::string new_key = sha256_hex(save_network(changed));
  nlohmann::json rekeyed = original;
  rekeyed["networks"].erase(key);
  rekeyed["networks"][new_key] = save_network(changed);
  for (auto& s : rekeyed["steps"]) s["lhs"]["evidence"]["recheck"]["network"] = new_key;
  rehash(rekeyed);
  r = verify_certificate(TheoremRegistry{}, rekeyed, "net.json", kCertificateOnly);
  CHECK_FALSE(r.ok());
  CHECK(problems_of(r).find("steps/1 (N1): lhs: recorded") != std::string::npos);
  CHECK(problems_of(r).find("exact recomputation [1.5") != std::string::npos);
}

TEST_CASE("network recheck: bad recipes are one problem naming the step, never a crash") {
  const nlohmann::json original = certificate(two_outputs());
  const std::string key = original["networks"].begin().key();
  auto check = [&](const std::function<void(nlohmann::json&)>& edit, const std::string& expected) {
    nlohmann::json c = original;
    edit(c);
    rehash(c);
    const VerifyReport r = verify_certificate(TheoremRegistry{}, c, "net.json", kCertificateOnly);
    CAPTURE(expected);
    CAPTURE(problems_of(r));
    CHECK_FALSE(r.ok());
    CHECK(problems_of(r).find(expected) != std::string::npos);
  };
  auto recipe = [](nlohmann::json& c) -> nlohmann::json& { return c["steps"][1]["lhs"]["evidence"]["recheck"]; };
  check([&](nlohmann::json& c) { recipe(c)["network"] = std::string(64, 'a'); }, "not recorded in the certificate");
  check([&](nlohmann::json& c) { recipe(c)["output"] = "2"; }, "not an output of the network (it has 2)");
  check([&](nlohmann::json& c) { recipe(c)["output"] = "at:a"; }, "not an output of the network");
  check([&](nlohmann::json& c) { recipe(c)["output"] = "at:nope"; }, "has no coordinate \"nope\"");
  check([&](nlohmann::json& c) { recipe(c)["inputs"] = {"at:a"}; }, "1 inputs for a network of 2");
  check([&](nlohmann::json& c) { c.erase("networks"); },
        "(N0): lhs: recheck: network " + key + ": not recorded in the certificate");
  check(
      [&](nlohmann::json& c) {
        c["networks"][key] = R"({"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [)";
      },
      "malformed: networks/" + key);
  check([&](nlohmann::json& c) { c["networks"][key] = nlohmann::json::parse(c["networks"][key].get<std::string>()); },
        "networks/" + key + ": expected the network's approxcert-net/1 text");
  check([&](nlohmann::json& c) { c["networks"] = 3; }, "networks: expected an object");
}

TEST_CASE("network recheck: a network above the size budget is not recorded and its side stays trusted") {
  Network big;
  big.input.dim = 1;
  DenseLayer d;
  Rational w(1);
  for (int k = 0; k < 40; ++k) w = w * Rational(mpz_class("123456789123456789123456789"));  // ~1000 digits
  for (std::size_t k = 0; k < kMaxRecordedNetworkBytes / 1000 + 1; ++k) {
    d.weight.push_back({Number(w)});
    d.bias.push_back(Number(Rational(0)));
  }
  big.layers.push_back(Layer{d});
  REQUIRE(save_network(big).size() > kMaxRecordedNetworkBytes);
  Chain c;
  c.add(spec("B"), exact([] { return Outcome(Side::exact(Rational(0)), Side::exact(Rational(1))); }));
  c.trust("B", kNetworkEvaluation);
  c.recheck_network("B", "lhs", big, "0", {"parameter:x"});
  const ChainResult r = run_chain(c);
  CHECK_FALSE(r.steps[0].outcome.lhs.evidence.recheck.has_value());
  CHECK(r.steps[0].outcome.lhs.evidence.trusted == kNetworkEvaluation);
}

// The largest output ("max") and a 1-based index ("at:k-1"): by hand, at (3/4, 1/2) the outputs
// are 1 and 19/12, so the largest is 19/12 and "at:k-1" with k = 2 is y1 = 19/12.
TEST_CASE("network recheck: the largest output and an offset index are re-computed exactly -- forgeries rejected") {
  auto cert = [](Rational largest, Rational second) {
    Chain c;
    const Point p = Point{}.add("a", Rational(3) / Rational(4)).add("b", Rational(1) / Rational(2)).add("k", 2L);
    c.add(spec("M"), exact([largest, p] { return Outcome(Side::exact(largest), Side::exact(Rational(2))).where(p); }));
    c.add(spec("K"), exact([second, p] { return Outcome(Side::exact(second), Side::exact(Rational(2))).where(p); }));
    c.recheck_network("M", "lhs", two_outputs(), "max", {"at:a", "at:b"});
    c.recheck_network("K", "lhs", two_outputs(), "at:k-1", {"at:a", "at:b"});
    return network_certificate(c);
  };
  const Rational y1 = Rational(19) / Rational(12);
  const nlohmann::json c = cert(y1, y1);
  CHECK(c["steps"][0]["lhs"]["evidence"]["recheck"]["output"] == "max");
  CHECK(c["steps"][1]["lhs"]["evidence"]["recheck"]["output"] == "at:k-1");
  VerifyReport r = verify_certificate(TheoremRegistry{}, c, "net.json", kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK(r.ok());
  CHECK(r.checks[0].recomputed == "lhs (exactly)");
  CHECK(r.checks[1].recomputed == "lhs (exactly)");

  // The smaller output claimed as the largest, and y0 claimed at k (verdicts kept: 1 <= 2).
  r = verify_certificate(TheoremRegistry{}, cert(Rational(1), y1), "net.json", kCertificateOnly);
  CHECK(problems_of(r).find("steps/0 (M): lhs: recorded [1, 1] does not contain the exact recomputation [1.5833") !=
        std::string::npos);
  r = verify_certificate(TheoremRegistry{}, cert(y1, Rational(1)), "net.json", kCertificateOnly);
  CHECK(problems_of(r).find("steps/1 (K): lhs: recorded [1, 1] does not contain the exact recomputation [1.5833") !=
        std::string::npos);

  // A forger who drops or changes the offset: index 2 is no output, k - 2 gives y0 = 1.
  auto edited = [&](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json f = c;
    edit(f["steps"][1]["lhs"]["evidence"]["recheck"]);
    rehash(f);
    return problems_of(verify_certificate(TheoremRegistry{}, f, "net.json", kCertificateOnly));
  };
  CHECK(edited([](nlohmann::json& j) { j["output"] = "at:k"; }).find("not an output of the network (it has 2)") !=
        std::string::npos);
  CHECK(edited([](nlohmann::json& j) {
          j["output"] = "at:k-2";
        }).find("does not contain the exact recomputation [1, 1]") != std::string::npos);
  CHECK(edited([](nlohmann::json& j) { j["output"] = "at:k-3"; }).find("not an output of the network") !=
        std::string::npos);
  CHECK(edited([](nlohmann::json& j) { j["output"] = "at:k-x"; }).find("has no coordinate \"k-x\"") !=
        std::string::npos);
  CHECK(edited([](nlohmann::json& j) { j["output"] = "at:z-1"; }).find("has no coordinate \"z\"") != std::string::npos);
  CHECK(edited([](nlohmann::json& j) { j["output"] = "at:k-99999999999"; }).find("has no coordinate") !=
        std::string::npos);
}

// A constant network input written in the recipe ("number:Q", the exact rational Q): by hand,
// y1 = relu(3/4 + 1/2 + 1/3) = 19/12 with b given as "number:1/2". A forged constant changes the
// re-evaluation (1/4: y1 = 4/3); a constant that is no exact rational is one problem naming it.
TEST_CASE("network recheck: a constant input in the recipe is read exactly -- forged or malformed constants rejected") {
  auto cert = [] {
    Chain c;
    const Point p = Point{}.add("a", Rational(3) / Rational(4));
    c.add(spec("C"),
          exact([p] { return Outcome(Side::exact(Rational(19) / Rational(12)), Side::exact(Rational(2))).where(p); }));
    c.recheck_network("C", "lhs", two_outputs(), "1", {"at:a", "number:1/2"});
    return network_certificate(c);
  };
  const nlohmann::json c = cert();
  CHECK(c["steps"][0]["lhs"]["evidence"]["recheck"]["inputs"][1] == "number:1/2");
  VerifyReport r = verify_certificate(TheoremRegistry{}, c, "net.json", kCertificateOnly);
  CAPTURE(problems_of(r));
  CHECK(r.ok());
  CHECK(r.checks[0].recomputed == "lhs (exactly)");
  auto edited = [&](const std::string& input) {
    nlohmann::json f = c;
    f["steps"][0]["lhs"]["evidence"]["recheck"]["inputs"][1] = input;
    rehash(f);
    return problems_of(verify_certificate(TheoremRegistry{}, f, "net.json", kCertificateOnly));
  };
  CHECK(edited("number:1/4").find("does not contain the exact recomputation [1.3333") != std::string::npos);
  CHECK(edited("number:0.5") == "");  // the same rational, spelled as a decimal
  for (const char* bad : {"number:", "number:x", "number:1/0", "number:nan", "number:1e"}) {
    CAPTURE(bad);
    CHECK(edited(bad).find("input \"" + std::string(bad) + "\": not an exact rational") != std::string::npos);
  }
}
