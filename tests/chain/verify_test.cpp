// verify: accepts fresh certificates; rejects any single changed digit (hash), and — even when the
// forger recomputes the hash — a changed verdict, a bound that excludes the true value, or changed
// parameters (recorded verdicts re-decided, numbers recomputed with MPFI at another precision).
#include <doctest/doctest.h>

#include <cctype>
#include <sstream>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "chain_test_support.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

std::string write_demo(const TempDir& dir, const std::string& file) {
  return write_certificate(dir.str(), make_certificate(run_check(demo_registry(), read_check_file(data_file(file))).run));
}

// Edits a certificate's JSON and re-computes its hash, as a forger would.
void forge(const std::string& path, const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json c = read_certificate(path);
  edit(c);
  c["sha256"] = certificate_hash(c);
  write_file(path, c.dump(2));
}

std::string all_problems(const VerifyReport& r) {
  std::string s;
  for (const auto& p : r.problems) s += p + "\n";
  return s;
}

}  // namespace

TEST_CASE("verify: fresh certificates pass, every step re-confirmed by recomputation") {
  TempDir dir("verify_ok");
  for (const char* f : {"demo_proved.json", "demo_refuted.json"}) {
    const VerifyReport r = verify_certificate(demo_registry(), write_demo(dir, f));
    CAPTURE(all_problems(r));
    CHECK(r.ok());
    CHECK(r.steps == 7);
    CHECK(r.recomputed == 7);
  }
}

TEST_CASE("verify: every single changed digit in the file is rejected") {
  TempDir dir("verify_digits");
  const std::string path = write_demo(dir, "demo_refuted.json");
  const std::string text = read_file(path);
  std::istringstream lines(text);
  std::size_t offset = 0, tried = 0;
  for (std::string line; std::getline(lines, line); offset += line.size() + 1) {
    if (line.find("\"elapsed_seconds\"") != std::string::npos) continue;  // volatile, documented
    for (std::size_t k = 0; k < line.size(); ++k) {
      if (!std::isdigit(static_cast<unsigned char>(line[k]))) continue;
      std::string changed = text;
      changed[offset + k] = line[k] == '9' ? '8' : static_cast<char>(line[k] + 1);
      write_file(path, changed);
      ++tried;
      bool rejected = false;
      try {
        rejected = !verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false}).ok();
      } catch (const InputError&) {
        rejected = true;  // e.g. a digit change that breaks a number's syntax
      }
      if (!rejected) FAIL_CHECK("accepted a changed digit in line: " << line);
    }
  }
  CHECK(tried > 300);
}

TEST_CASE("verify: a forged verdict is rejected even with a recomputed hash") {
  TempDir dir("verify_verdict");
  const std::string path = write_demo(dir, "demo_proved.json");
  forge(path, [](nlohmann::json& c) { c["steps"][1]["verdict"] = "refuted"; });
  VerifyReport r = verify_certificate(demo_registry(), path);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("steps/1 (D2): verdict") != std::string::npos);

  const std::string path2 = write_demo(dir, "demo_refuted.json");
  forge(path2, [](nlohmann::json& c) {
    c["steps"][0]["verdict"] = "proved";  // hide the finding
    c["overall"] = "proved";
    c["summary"]["proved"] = 6;
    c["summary"]["refuted"] = 0;
    c["steps"][0].erase("counterexample");
  });
  r = verify_certificate(demo_registry(), path2);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("(D1): verdict") != std::string::npos);
}

TEST_CASE("verify: a forged bound that excludes the true value is caught by the MPFI recomputation") {
  TempDir dir("verify_bound");
  const std::string path = write_demo(dir, "demo_refuted.json");
  // e = 2.71828182845904523536...: the forged enclosure [...462, ...463] excludes e, yet keeps
  // the verdict (refuted: lower > 2.71), and the forger fixes the margin and the hash.
  forge(path, [](nlohmann::json& c) {
    REQUIRE(c["steps"][0]["lhs"]["lower"] == "2.7182818284590452");
    c["steps"][0]["lhs"]["lower"] = "2.7182818284590462";
    c["steps"][0]["lhs"]["upper"] = "2.7182818284590463";
    c["steps"][0]["margin"] = "0.0082818284590462";
  });
  const VerifyReport quick = verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false});
  CHECK(quick.ok());  // consistent on its face...
  const VerifyReport r = verify_certificate(demo_registry(), path);
  CHECK_FALSE(r.ok());  // ...but not with the true value
  CHECK(all_problems(r).find("steps/0 (D1): lhs: recorded") != std::string::npos);
  CHECK(all_problems(r).find("disjoint") != std::string::npos);
}

TEST_CASE("verify: forged parameters or claim texts are caught by recomputation") {
  TempDir dir("verify_params");
  const std::string path = write_demo(dir, "demo_proved.json");
  forge(path, [](nlohmann::json& c) { c["parameters"]["b"] = "2.73"; });
  VerifyReport r = verify_certificate(demo_registry(), path);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("(D1): rhs") != std::string::npos);

  const std::string path2 = write_demo(dir, "demo_refuted.json");
  forge(path2, [](nlohmann::json& c) { c["steps"][0]["claim"] = "Euler's number is at least b"; });
  r = verify_certificate(demo_registry(), path2);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("(D1): claim") != std::string::npos);
}

TEST_CASE("verify: a margin or count inconsistent with the recorded numbers is rejected") {
  TempDir dir("verify_margin");
  const std::string path = write_demo(dir, "demo_proved.json");
  forge(path, [](nlohmann::json& c) { c["steps"][0]["margin"] = "0.0017181715409548"; });
  VerifyReport r = verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false});
  CHECK(all_problems(r).find("(D1): margin") != std::string::npos);
  forge(path, [](nlohmann::json& c) { c["steps"][3]["for_all"]["refuted"] = 1; });
  r = verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false});
  CHECK(all_problems(r).find("(D4): for_all") != std::string::npos);
  // An exact two-sided bound narrowed below what the exact recomputation gives.
  forge(path, [](nlohmann::json& c) { c["steps"][6]["lhs"]["upper"] = "0.12"; });
  r = verify_certificate(demo_registry(), path);
  CHECK(all_problems(r).find("(D7): lhs: recorded") != std::string::npos);
}

TEST_CASE("verify: a moved counterexample point is rejected even with the hash recomputed") {
  TempDir dir("verify_counterexample");
  const std::string path = write_demo(dir, "demo_refuted.json");
  const nlohmann::json original = read_certificate(path);
  REQUIRE(original["steps"][0].contains("counterexample"));
  // D1 is refuted at the instance itself; the forger claims a point k = 101 instead.
  forge(path, [](nlohmann::json& c) {
    c["steps"][0]["counterexample"]["point"] = nlohmann::json::array({{{"name", "k"}, {"value", "101"}}});
    c["steps"][0]["counterexample"]["instance"] = false;
  });
  const VerifyReport r = verify_certificate(demo_registry(), path);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("(D1): counterexample") != std::string::npos);
}
