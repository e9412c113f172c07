// fang2022 chains end to end: the check files give their expected verdicts, verify accepts the
// main instance's certificate and rejects a tampered one (hash recomputed, so only the re-decided
// verdict and the recomputation can catch it), and bad parameters are InputErrors.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "../../chain/chain_test_support.hpp"
#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

// Every built-in theorem, Fang 2022's among them.
const TheoremRegistry& registry() { return theorems::builtin_theorems(); }

std::string check_path(const std::string& name) {
  return std::string(APPROXCERT_SOURCE_DIR) + "/checks/fang2022/" + name;
}

CheckRun run_file(const std::string& name) { return run_check(registry(), read_check_file(check_path(name))); }

void expect_as_recorded(const std::string& name) {
  const CheckRun run = run_file(name);
  std::string msg;
  for (const auto& mm : run.mismatches) msg += mm.step + ": expected " + mm.expected + ", got " + mm.actual + "; ";
  CHECK_MESSAGE(run.mismatches.empty(), msg);
}

nlohmann::json& step_of(nlohmann::json& cert, const std::string& id) {
  for (auto& s : cert["steps"])
    if (s["id"] == id) return s;
  FAIL("no step " << id);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("fang2022 check main-d2k3: every verdict as expected (F-C11-ln-C refuted: the spec's -3.2482)") {
  expect_as_recorded("main-d2k3.json");
}
TEST_CASE("fang2022 check one-token, cube blocks (W2 refuted), conditioning, Bernstein n = 2") {
  for (const char* f : {"one-token-x1sq-x2.json", "w2-cube-blocks.json", "conditioning.json", "bernstein-n2.json"})
    expect_as_recorded(f);
}

TEST_CASE("fang2022 check unreduced-d2k3 (2.7(b)): 27 tokens, T_c = p, the read-out is not unique") {
  expect_as_recorded("unreduced-d2k3.json");
}

TEST_CASE("fang2022 verify: the main certificate verifies, a forged determinant with a recomputed hash is rejected") {
  const CheckRun run = run_file("main-d2k3.json");
  nlohmann::json cert = make_certificate(run.run);
  approxcert::test::ScratchDir dir("fang2022");
  const std::string path = write_certificate(dir.dir().string(), cert);
  const VerifyReport ok = verify_certificate(registry(), path);
  CHECK_MESSAGE(ok.ok(), (ok.problems.empty() ? std::string() : ok.problems[0]));
  CHECK(ok.recomputed == ok.steps);

  nlohmann::json forged = cert;
  nlohmann::json& det = step_of(forged, "F-C7-det")["lhs"];
  det["exact"] = "-575";
  det["lower"] = "-575";
  det["upper"] = "-575";
  forged["sha256"] = certificate_hash(forged);
  CHECK_FALSE(verify_certificate(registry(), forged, "forged.json").ok());

  nlohmann::json edited = cert;  // a changed digit without a new hash
  step_of(edited, "F-C6-C")["rhs"]["lower"] = "-0.5";
  CHECK_FALSE(verify_certificate(registry(), edited, "edited.json", VerifyOptions{.recompute = false}).ok());
}

TEST_CASE("fang2022 bad parameters are InputErrors naming the parameter") {
  auto params = [](const std::string& name) { return read_check_file(check_path(name)); };
  CheckFile f = params("main-d2k3.json");
  f.parameters["target"] = "exp(x0)";
  CHECK_THROWS_AS(run_check(registry(), f), InputError);
  f = params("main-d2k3.json");
  f.parameters["k"] = 40;
  CHECK_THROWS_AS(run_check(registry(), f), InputError);
  f = params("w2-cube-blocks.json");
  f.parameters["blocks"] = 9;
  CHECK_THROWS_AS(run_check(registry(), f), InputError);
  f = params("bernstein-n8.json");
  f.parameters["network"] = true;
  CHECK_THROWS_AS(run_check(registry(), f), InputError);
  f = params("one-token-x1sq-x2.json");
  f.parameters["factors"] = ExactJson::array({1, 3});
  CHECK_THROWS_AS(run_check(registry(), f), InputError);
}
