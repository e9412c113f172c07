// A paper repository's CI, end to end through the built binary and git: a claims file about a
// hand-written 1-D ReLU network, `check` into docs/certificates, commit, edit one bias, then
// `regress --junit` from the repository folder as CI runs it. Also: no check file is exit 2, a
// hand-loosened baseline is refused, a certificate whose check file was deleted fails unless
// --allow-orphans.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

using namespace approxcert::cli::test;

namespace {

// f(x) = relu(x + b)/2 + relu(x - 1/2): with b = 0 the interpolant of x^2 at 0, 1/2, 1, so
// sup |x^2 - f| over [0,1] is 1/16 (at x = 1/4 and 3/4); with b = 1/50 it is 1/16 + 1/100.
std::string network(const std::string& b) {
  return R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [
    {"type": "dense", "weight": [["1"], ["1"]], "bias": [")" +
         b + R"(", "-4/8"]}, {"type": "relu"},
    {"type": "dense", "weight": [["1/2", "1"]], "bias": ["0"]}]})";
}

std::string claims(const std::string& net_file) {
  return R"({"format": "approxcert-claims/1", "description": "f interpolates x^2 at three knots",
    "networks": {"f": ")" +
         net_file + R"("},
    "quantities": {"err_f": {"supnorm": {"net": "f", "target": "x0^2", "domain": "[0,1]", "rel_tol": "1e-4"}}},
    "steps": [{"id": "C1", "claim": "f approximates x^2 within 1/15", "lhs": "err_f", "relation": "<=", "rhs": "1/15"}],
    "expected": {"C1": "proved", "overall": "proved"}})";
}

// Runs `approxcert ARGS` from the repository folder, as a CI job does.
Run in_repo(const ScratchDir& s, const std::string& args) { return run_cli(args, s, "repo"); }

// The exit status of the shell command line `command` run in the repository folder.
int sh(const ScratchDir& s, const std::string& command) {
  return approxcert::test::run_command(command, s, "repo").status;
}

}  // namespace

TEST_CASE("paper repository: an edited network makes regress name the changed weight and the moved bound") {
  ScratchDir s("paper-repo");
  s.write("repo/nets/f.json", network("0"));
  s.write("repo/checks/xsq.json", claims("../nets/f.json"));
  Run r = in_repo(s, "check checks");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("claims/xsq") != std::string::npos);
  const std::string page = slurp(s.path("repo/docs/certificates/claims/xsq.md"));
  CHECK(page.find("**Description.** f interpolates x^2 at three knots") != std::string::npos);
  CHECK(page.find("f approximates x^2 within 1/15") != std::string::npos);  // the step's claim in words
  CHECK(page.find("approxcert-net/1 network, 1 input; 3 layers: dense 1->2, relu, dense 2->1") != std::string::npos);
  REQUIRE(sh(s, "git init -q && git add -A && git -c user.name=ci -c user.email=ci@example.org commit -qm baseline") ==
          0);

  r = in_repo(s, "regress");
  CHECK(r.status == 0);
  CHECK(r.out.find("1 instance, 1 step against docs/certificates") != std::string::npos);
  CHECK(r.out.find("no change") != std::string::npos);

  s.write("repo/nets/f.json", network("0.02"));  // one bias retrained
  r = in_repo(s, "regress --junit regress.xml");
  CHECK(r.status == 1);
  INFO(r.out);
  // the pointer of the changed weight, old -> new
  CHECK(r.out.find("/parameters/networks/f/layers/0/bias/0") != std::string::npos);
  CHECK(r.out.find("  0  ") != std::string::npos);  // stored, as recorded (the network is read exactly)
  CHECK(r.out.find("1/50") != std::string::npos);   // current: 0.02 exactly
  // the step is still compared: its verdict changed (1/16 + 1/100 > 1/15) and its bound moved
  CHECK(r.out.find("verdict changed") != std::string::npos);
  CHECK(r.out.find("bound moved") != std::string::npos);
  CHECK(r.out.find("lhs.upper") != std::string::npos);
  CHECK(r.out.find("rose by 0.01") != std::string::npos);  // 1/16 -> 1/16 + 1/100
  const std::string xml = slurp(s.path("repo/regress.xml"));
  CHECK(xml.find("tests=\"1\" failures=\"1\"") != std::string::npos);
  CHECK(xml.find("/parameters/networks/f/layers/0/bias/0") != std::string::npos);

  r = in_repo(s, "regress --json");
  CHECK(r.status == 1);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  bool pointer = false, lhs_moved = false;
  for (const auto& row : j.at("rows")) {
    pointer |= row.at("field") == "/parameters/networks/f/layers/0/bias/0" && row.at("current") == "1/50";
    lhs_moved |= row.at("step") == "C1" && row.at("field") == "lhs.upper" && row.at("kind") == "moved";
  }
  CHECK(pointer);
  CHECK(lhs_moved);
}

TEST_CASE("paper repository: no check file, a loosened baseline and a deleted check file fail") {
  ScratchDir s("paper-repo-edges");
  s.write("repo/nets/f.json", network("0"));
  s.write("repo/checks/xsq.json", claims("../nets/f.json"));
  s.write("repo/checks/xsq_copy.json", claims("../nets/f.json"));
  REQUIRE(in_repo(s, "check checks").status == 0);

  // Green on nothing: an empty folder is bad input, for check and regress alike.
  std::filesystem::create_directories(s.path("repo/empty"));
  Run r = in_repo(s, "regress --checks empty");
  CHECK(r.status == 2);
  CHECK(r.err.find("empty: no check or claim file (*.json) found") != std::string::npos);
  r = in_repo(s, "check empty --out /dev/null/never");
  CHECK(r.status == 2);
  r = in_repo(s, "check empty");
  CHECK(r.status == 2);
  CHECK(r.err.find("no check or claim file") != std::string::npos);

  // A deleted check file leaves an orphan certificate: a failure unless allowed.
  std::filesystem::remove(s.path("repo/checks/xsq_copy.json"));
  r = in_repo(s, "regress --junit orphans.xml");
  CHECK(r.status == 1);
  CHECK(r.out.find("claims/xsq_copy") != std::string::npos);
  CHECK(r.out.find("no check file produces the stored certificate") != std::string::npos);
  CHECK(slurp(s.path("repo/orphans.xml")).find("tests=\"2\" failures=\"1\"") != std::string::npos);
  r = in_repo(s, "regress --allow-orphans --junit orphans.xml");
  CHECK(r.status == 0);
  CHECK(r.out.find("without a check, allowed") != std::string::npos);
  CHECK(slurp(s.path("repo/orphans.xml")).find("<skipped") != std::string::npos);

  // A baseline loosened by hand (upper bound raised, hash not recomputed) is not used.
  const std::string cert = s.path("repo/docs/certificates/claims/xsq.json");
  nlohmann::json c = nlohmann::json::parse(slurp(cert));
  c["steps"][0]["lhs"]["upper"] = "0.0666";
  s.write("repo/docs/certificates/claims/xsq.json", c.dump(2));
  r = in_repo(s, "regress --allow-orphans");
  CHECK(r.status == 1);
  CHECK(r.out.find("stored certificate not used: sha256") != std::string::npos);
  CHECK(r.out.find("the certificate was modified") != std::string::npos);
  r = in_repo(s, "verify docs/certificates/claims/xsq.json");
  CHECK(r.status == 1);
}
