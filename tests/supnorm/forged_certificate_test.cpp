// Forged supnorm certificates: a corpus generated from real certificates, one forgery per field,
// each with its SHA-256 recomputed as a forger would, must all be rejected by `approxcert verify`
// (exit 1); resource limits on what a certificate asks for give exit 2 quickly; a certificate
// written by a deliberately broken bounder (the engine's centred form, or its Taylor-model form,
// which the checker does not have) is rejected (the checker is independent of both).
// The leaf-bound forgeries use an exact reference: sup |x^2 - x| on each recorded leaf box,
// computed in closed form with rationals (endpoints and the vertex 1/2).
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "io/certificate_envelope.hpp"
#include "scalar/rational.hpp"
#include "square_minus_x.hpp"

using namespace approxcert;
using namespace approxcert::supnorm_test;
using approxcert::test::sup_abs_square_minus_x;
namespace fs = std::filesystem;

namespace {

using Json = nlohmann::json;

}  // namespace

TEST_CASE("verify: a forged supnorm certificate is rejected whatever field was edited") {
  ScratchDir s("forged-supnorm");
  s.write("net.json", identity_net());
  // A converged certificate: relu(x) - relu(-x) = x against x^2 on [-1, 1] (sup |x^2 - x| = 2).
  const std::string net_cert = s.path("net.cert.json");
  REQUIRE(run_cli("supnorm --net " + s.path("net.json") + " --target 'x0^2' --domain '[-1,1]' --cert " + net_cert, s)
              .status == 0);
  // A budget-exhausted one (its bounds are 10% apart).
  const std::string budget_cert = s.path("budget.cert.json");
  REQUIRE(run_cli("supnorm --approx 'x0*x1' --target 'sin(x0)*sin(x1)' --domain '[-1,1]^2' --max-boxes 9 --cert " +
                      budget_cert,
                  s)
              .status == 3);  // not converged: exit 3, the certificate is written all the same
  const Json net = read_json(net_cert), budget = read_json(budget_cert);
  REQUIRE(budget["status"] == "budget_exhausted");
  REQUIRE(run_cli("verify " + net_cert + " " + budget_cert, s).status == 0);

  std::vector<std::pair<std::string, std::string>> corpus;  // name, path
  auto add = [&](const Json& base, const std::string& name, const std::function<void(Json&)>& edit) {
    corpus.emplace_back(name, forge(s, base, name, edit));
  };
  add(budget, "status-converged", [](Json& c) { c["status"] = "converged"; });
  add(budget, "gap-relative", [](Json& c) { c["gap"]["relative"] = "0.000001"; });
  add(net, "gap-absolute", [](Json& c) { c["gap"]["absolute"] = "1"; });
  add(net, "claim", [](Json& c) { c["claim"] = "lower <= sup over the domain of |target - net| <= 0"; });
  add(net, "witness-error", [](Json& c) { c["witness_error"] = {{"lower", "-5"}, {"upper", "-4"}}; });
  add(net, "witness-error-narrow", [](Json& c) {
    c["witness_error"] = {{"lower", "2.0000001"}, {"upper", "2.0000002"}};
  });
  add(net, "witness-coordinate", [](Json& c) { c["witness"][0] = "0"; });
  add(net, "witness-outside", [](Json& c) { c["witness"][0] = "-2"; });
  add(net, "lower", [](Json& c) { c["lower"] = "2.5"; });
  add(net, "upper", [](Json& c) { c["upper"] = "1.5"; });
  add(budget, "upper-budget", [](Json& c) { c["upper"] = c["lower"]; });
  add(net, "target", [](Json& c) {
    c["inputs"]["target"]["expression"] = "x0^2 + 1";
    c["inputs"]["target"]["sha256"] = "0";  // the forger cannot know what we hash; try both
  });
  add(net, "network-hash", [](Json& c) { c["inputs"]["net"]["sha256"] = std::string(64, '0'); });
  add(net, "cut-point", [](Json& c) { c["cover"]["cuts"][0] = Json::array({0, "5"}); });
  add(net, "tree-order", [](Json& c) {
    std::string t = c["cover"]["tree"];
    std::swap(t[0], t[t.find('L')]);  // same length and counts, but the root is now a leaf
    c["cover"]["tree"] = t;
  });
  add(budget, "cover-missing", [](Json& c) { c["cover"] = nullptr; });

  // Every leaf bound, in turn, set to half the exact sup on that leaf (where it is positive).
  const auto leaves = leaf_intervals(net["cover"], Rational(-1), Rational(1));
  REQUIRE(leaves.size() == net["cover"]["bounds"].size());
  std::size_t leaf_forgeries = 0;
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    const Rational sup = sup_abs_square_minus_x(leaves[k].first, leaves[k].second);
    CHECK(sup <= parse_rational(net["cover"]["bounds"][k].get<std::string>()));  // the engine's bound is sound
    if (sup.sign() == 0) continue;
    add(net, "leaf-" + std::to_string(k),
        [&](Json& c) { c["cover"]["bounds"][k] = decimal_down(sup / Rational(2), 17); });
    ++leaf_forgeries;
  }
  CHECK(leaf_forgeries >= 2);

  for (const auto& [name, path] : corpus) {
    CAPTURE(name);
    const Run r = run_cli("verify " + path, s);
    CHECK(r.status == 1);
    CHECK(r.out.find("FAILED") == 0);
  }

  // An input byte: the network file changed (one weight), given with --net.
  check_changed_network_refused(s, net_cert);
}

TEST_CASE("verify: resource limits on supnorm certificates give exit 2 quickly, no wrap-around") {
  ScratchDir s("limits-supnorm");
  s.write("net.json", identity_net());
  const std::string cert = s.path("c.cert.json");
  REQUIRE(
      run_cli("supnorm --net " + s.path("net.json") + " --target 'x0^2' --domain '[-1,1]' --cert " + cert, s).status ==
      0);
  const Json base = read_json(cert);
  const std::pair<std::string, std::function<void(Json&)>> bad[] = {
      {"/precision/max_bits_used", [](Json& c) { c["precision"]["max_bits_used"] = 1000000000; }},
      {"/precision/initial_bits", [](Json& c) { c["precision"]["initial_bits"] = -100; }},
      {"/options/taylor_order", [](Json& c) { c["options"]["taylor_order"] = 1000000; }},
      {"/cover/leaves", [](Json& c) { c["cover"]["leaves"] = 2000000; }},
      {"/cover/tree", [](Json& c) { c["cover"]["tree"] = std::string(2000001, 'L'); }},
      {"/witness",
       [](Json& c) {
         c["witness"] = Json::array();
         for (int i = 0; i < 100000; ++i) c["witness"].push_back("0");
       }},
      {"/surprise", [](Json& c) { c["surprise"] = "x"; }},
  };
  for (const auto& [pointer, edit] : bad) {
    CAPTURE(pointer);
    const std::string path = forge(s, base, "limit", edit);
    const auto start = std::chrono::steady_clock::now();
    const Run r = run_cli("verify " + path, s);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    CHECK(r.status == 2);
    CHECK(r.err.find(pointer) != std::string::npos);
    CHECK(r.out.empty());
  }
  // max_boxes is a run statistic: 2^62 (or 2^64 - 1) is recorded and never multiplied.
  const std::string big =
      forge(s, base, "max-boxes", [](Json& c) { c["options"]["max_boxes"] = std::uint64_t(1) << 62; });
  CHECK(run_cli("verify " + big, s).status == 0);
}

TEST_CASE("verify: a certificate from a deliberately broken bounder is rejected") {
  ScratchDir s("broken-bounder");
  const std::string cert = s.path("broken.cert.json");
  // With the centred form shrunk, the run still ends with the right enclosure, but one leaf of its
  // cover ([1.625, 1.75] x [1.75, 2]) records a bound below the error's maximum there (1.33...).
  const std::string problem =
      " --approx 0 --target 'sin(5*x0)*cos(3*x1)+x0*x1/8' --domain '[0,2]^2' --rel-tol 1e-3 --cert " + cert +
      " --no-monotonicity";  // that test would drop the box before the broken form bounds it
  const Run broken = run_cli("supnorm --test-only-shrink-centred-form" + problem, s);
  CAPTURE(broken.err);
  REQUIRE(broken.status == 0);
  const Run r = run_cli("verify " + cert, s);
  CHECK(r.status == 1);
  CHECK(r.out.find("cover: leaf") != std::string::npos);
  // The same problem with the sound bounder verifies.
  REQUIRE(run_cli("supnorm" + problem, s).status == 0);
  CHECK(run_cli("verify " + cert, s).status == 0);
}

// An advanced form the checker does not have: the Taylor-model form (one input) shrunk. The error
// f = sin(5 x)/4 - 3 |x - 1/3| + 2 has its maximum at the kink x = 1/3, where the Taylor model is
// not used (so the run stays consistent: upper >= lower); away from it the shrunk form records leaf
// bounds below the maximum of |f| on the leaf. Exact reference: leaf 0 holds x = -1, where
// |f(-1)| = 2 - sin(-5)/4 >= 7/4 (|sin| <= 1), so its recorded bound below 7/4 is false.
TEST_CASE("verify: a certificate from a deliberately broken Taylor-model form is rejected") {
  ScratchDir s("broken-taylor-model");
  const std::string cert = s.path("broken.cert.json");
  const std::string problem =
      " --approx 0 --target 'sin(5*x0)/4 - 3*abs(x0 - 1/3) + 2' --domain '[-1,1]' --rel-tol 1e-3 --cert " + cert +
      " --no-monotonicity";  // likewise
  const Run broken = run_cli("supnorm --test-only-shrink-taylor-model-form" + problem, s);
  CAPTURE(broken.err);
  REQUIRE(broken.status == 0);
  CHECK(parse_rational(read_json(cert)["cover"]["bounds"][0].get<std::string>()) < Rational(7) / Rational(4));
  const Run r = run_cli("verify " + cert, s);
  CHECK(r.status == 1);
  CHECK(r.out.find("cover: leaf 0:") != std::string::npos);
  REQUIRE(run_cli("supnorm" + problem, s).status == 0);
  CHECK(parse_rational(read_json(cert)["cover"]["bounds"][0].get<std::string>()) >= Rational(7) / Rational(4));
  CHECK(run_cli("verify " + cert, s).status == 0);
}

TEST_CASE("verify: supnorm certificates travel with their network, coq refuses them clearly") {
  ScratchDir s("travel");
  s.write("net.json", identity_net());
  fs::create_directories(s.dir() / "a");
  fs::copy_file(s.dir() / "net.json", s.dir() / "a" / "net.json");
  REQUIRE(run_cli("supnorm --net " + s.path("a/net.json") + " --target 'x0^2' --domain '[-1,1]' --cert " +
                      s.path("a/c.json"),
                  s)
              .status == 0);
  CHECK(read_json(s.path("a/c.json"))["inputs"]["net"]["path"] == "net.json");
  // Moved together to another folder, verified from a third directory.
  fs::rename(s.dir() / "a", s.dir() / "b");
  const std::string from_elsewhere = "cd / && " + std::string(APPROXCERT_BIN) + " verify " + s.path("b/c.json");
  CHECK(approxcert::test::run_command(from_elsewhere, s).status == 0);
  // The network moved away: --net points at it.
  fs::rename(s.dir() / "b" / "net.json", s.dir() / "moved.json");
  CHECK(run_cli("verify " + s.path("b/c.json"), s).status == 2);
  const Run moved = run_cli("verify " + s.path("b/c.json") + " --net " + s.path("moved.json") + " --json", s);
  CHECK(moved.status == 0);
  const Json j = Json::parse(moved.out);
  CHECK(j["verified"] == true);
  CHECK(j["certificates"][0]["kind"] == "supnorm");
  CHECK(j["certificates"][0]["verdict"].get<std::string>().find("converged [") == 0);
  // --no-recompute says what it skipped.
  const Run quick = run_cli("verify --no-recompute " + s.path("b/c.json") + " --net " + s.path("moved.json"), s);
  CHECK(quick.status == 0);
  CHECK(quick.out.find("upper: NOT re-checked") != std::string::npos);
  // Each certificate's verdict is printed, chain certificates included.
  const Run chain = run_cli("verify --no-recompute " + std::string(APPROXCERT_SOURCE_DIR) +
                                "/docs/certificates/altabaa2024/lem31-strict-order.json " + s.path("b/c.json") +
                                " --net " + s.path("moved.json"),
                            s);
  CHECK(chain.status == 0);
  CHECK(chain.out.find("chain certificate, verdict proved") != std::string::npos);
  CHECK(chain.out.find("supnorm certificate, verdict converged [") != std::string::npos);
  // Coq export: refused with a message that says why.
  const Run coq = run_cli("coq " + s.path("b/c.json") + " -o " + s.path("c.v"), s);
  CHECK(coq.status == 2);
  CHECK(coq.err.find("only chain certificates are exported to Coq") != std::string::npos);
  CHECK(!fs::exists(s.path("c.v")));
}
