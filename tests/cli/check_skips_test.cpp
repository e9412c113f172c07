// `check DIR` and `regress --checks DIR` read the folder's check and claim files only: a network
// kept next to its claim file (as docs/claims.md suggests) and a stray JSON file are skipped and
// listed; a file that says it is a check file and is malformed, or no check file at all, is still
// bad input (exit 2, nothing written).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

using namespace approxcert::cli::test;

namespace {

// f(x) = relu(x)/2 + relu(x - 1/2) interpolates x^2 at 0, 1/2 and 1: sup |x^2 - f| on [0,1] is 1/16.
const char* kNetwork = R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [
  {"type": "dense", "weight": [["1"], ["1"]], "bias": ["0", "-1/2"]}, {"type": "relu"},
  {"type": "dense", "weight": [["1/2", "1"]], "bias": ["0"]}]})";

const char* kClaims = R"({"format": "approxcert-claims/1", "networks": {"f": "f.json"},
  "quantities": {"err_f": {"supnorm": {"net": "f", "target": "x0^2", "domain": "[0,1]", "rel_tol": "1e-4"}}},
  "steps": [{"id": "C1", "lhs": "err_f", "relation": "<=", "rhs": "1/15"}],
  "expected": {"C1": "proved", "overall": "proved"}})";

void write_folder(const ScratchDir& s) {
  s.write("checks/xsq.json", kClaims);
  s.write("checks/f.json", kNetwork);
  s.write("checks/reference.json", R"({"knots": ["0", "1/2", "1"]})");
}

}  // namespace

TEST_CASE("check and regress skip a folder's networks and stray JSON, listing them") {
  ScratchDir s("check-skips");
  write_folder(s);
  const std::string net = s.path("checks/f.json"), reference = s.path("checks/reference.json");
  const std::string line = "  skipped 2 files that are not a check or claim file: " + net +
                           " (format approxcert-net/1), " + reference + " (no format)\n";

  Run r = run_cli("check " + s.path("checks") + " --out " + s.path("certs"), s);
  CHECK(r.status == 0);
  CHECK(r.out.find("claims/xsq ") != std::string::npos);
  CHECK(r.out.find("1 instance; certificates in") != std::string::npos);
  CHECK(r.out.find(line) != std::string::npos);
  CHECK(std::filesystem::exists(s.path("certs/claims/xsq.json")));

  r = run_cli("check " + s.path("checks") + " --out " + s.path("certs") + " --json", s);
  REQUIRE(r.status == 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["instances"].size() == 1);
  CHECK(j["skipped"] == nlohmann::json::parse(R"([{"file": ")" + net + R"(", "format": "approxcert-net/1"},
                                                  {"file": ")" +
                                              reference + R"(", "format": null}])"));

  r = run_cli("regress --baseline " + s.path("certs") + " --checks " + s.path("checks"), s);
  CHECK(r.status == 0);
  CHECK(r.out.find("regress: 1 instance, 1 step against " + s.path("certs")) != std::string::npos);
  CHECK(r.out.find(line) != std::string::npos);
  r = run_cli("regress --baseline " + s.path("certs") + " --checks " + s.path("checks") + " --json", s);
  REQUIRE(r.status == 0);
  j = nlohmann::json::parse(r.out);
  CHECK(j["instances"] == 1);
  CHECK(j["skipped"].size() == 2);
  CHECK(j["skipped"][0]["file"] == net);

  // Nothing skipped: no line, and an empty list.
  r = run_cli("check " + s.path("checks/xsq.json") + " --out " + s.path("certs") + " --json", s);
  REQUIRE(r.status == 0);
  CHECK(nlohmann::json::parse(r.out)["skipped"] == nlohmann::json::array());
  CHECK(run_cli("check " + s.path("checks/xsq.json") + " --out " + s.path("certs"), s).out.find("skipped") ==
        std::string::npos);
}

TEST_CASE("check and regress still refuse a malformed check file, a named network and a folder without check files") {
  ScratchDir s("check-skips-bad");
  write_folder(s);
  // Says it is a check file, lacks "expected": bad input, nothing written.
  s.write("checks/broken.json", R"({"format": "approxcert-check/1", "theorem": "demo/constants", "parameters": {}})");
  Run r = run_cli("check " + s.path("checks") + " --out " + s.path("certs"), s);
  CHECK(r.status == 2);
  CHECK(r.err.find(s.path("checks/broken.json") + ": top level: missing required key \"expected\"") !=
        std::string::npos);
  CHECK(!std::filesystem::exists(s.path("certs")));
  r = run_cli("regress --baseline " + s.path("certs") + " --checks " + s.path("checks"), s);
  CHECK(r.status == 2);
  CHECK(r.err.find(s.path("checks/broken.json") + ": top level: missing required key \"expected\"") !=
        std::string::npos);
  // Not JSON at all: cannot be told apart from a broken check file, so bad input too.
  s.write("checks/broken.json", R"({"format": "approxcert-check/1", )");
  r = run_cli("check " + s.path("checks") + " --out " + s.path("certs"), s);
  CHECK(r.status == 2);
  CHECK(r.err.find(s.path("checks/broken.json")) != std::string::npos);
  std::filesystem::remove(s.path("checks/broken.json"));

  // A network named as a check file is still refused by its format.
  r = run_cli("check " + s.path("checks/f.json") + " --out " + s.path("certs"), s);
  CHECK(r.status == 2);
  CHECK(r.err.find("/format: expected \"approxcert-check/1\"") != std::string::npos);

  // A folder that holds only other JSON: no check file, exit 2, naming what was skipped.
  std::filesystem::remove(s.path("checks/xsq.json"));
  for (const std::string& command : {"check " + s.path("checks") + " --out " + s.path("certs"),
                                     "regress --baseline " + s.path("certs") + " --checks " + s.path("checks")}) {
    r = run_cli(command, s);
    CHECK_MESSAGE(r.status == 2, command);
    CHECK_MESSAGE(
        r.err.find(s.path("checks") + ": no check or claim file (*.json) found; skipped 2 files that are not a "
                                      "check or claim file: ") != std::string::npos,
        command);
  }
  CHECK(!std::filesystem::exists(s.path("certs")));
}
