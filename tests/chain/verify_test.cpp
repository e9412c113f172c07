// verify: accepts fresh certificates; rejects any single changed digit (hash), and — even when the
// forger recomputes the hash — a changed verdict, a bound that excludes the true value, or changed
// parameters (recorded verdicts re-decided, recorded rechecks re-computed without the theorem
// module); claim texts and sides without a recheck only with --rebuild (the documented limit).
#include <doctest/doctest.h>

#include <cctype>
#include <nlohmann/json.hpp>
#include <sstream>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "chain_test_support.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

// Steps 1-3 of verify.hpp alone (`verify --no-rebuild`): what these tests are about.
const VerifyOptions kCertificateOnly{.rebuild = false};

std::string write_demo(const ScratchDir& dir, const std::string& file) {
  return write_certificate(dir.dir().string(),
                           make_certificate(run_check(demo_registry(), read_check_file(data_file(file))).run));
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

TEST_CASE("verify: fresh certificates pass, the rechecked steps are named, the module runs only with rebuild") {
  ScratchDir dir("verify_ok");
  for (const char* f : {"demo_proved.json", "demo_refuted.json"}) {
    const std::string path = write_demo(dir, f);
    const VerifyReport r = verify_certificate(demo_registry(), path, kCertificateOnly);
    CAPTURE(all_problems(r));
    CHECK(r.ok());
    CHECK(r.steps == 7);
    CHECK(r.recomputed == 0);  // the theorem module did not run
    CHECK(r.rechecked == 6);
    REQUIRE(r.checks.size() == 7);
    CHECK(r.checks[0].recomputed == "lhs, rhs (exactly)");
    CHECK(r.checks[2].recomputed == "reported:n (exactly), rhs (exactly)");
    CHECK(r.checks[4].recomputed == "lhs, rhs (exactly)");
    CHECK(r.checks[5].recomputed.empty());  // D6: re-decided from recorded numbers only
    // Without the theorem in the registry the default verify still works.
    CHECK(verify_certificate(TheoremRegistry{}, path, kCertificateOnly).ok());
    const VerifyReport rebuilt = verify_certificate(demo_registry(), path, VerifyOptions{.rebuild = true});
    CHECK(rebuilt.ok());
    CHECK(rebuilt.recomputed == 7);
  }
}

TEST_CASE("verify: every single changed digit in the file is rejected") {
  ScratchDir dir("verify_digits");
  const std::string path = write_demo(dir, "demo_refuted.json");
  const std::string text = read_file(path);
  std::istringstream lines(text);
  std::size_t offset = 0, tried = 0;
  for (std::string line; std::getline(lines, line); offset += line.size() + 1) {
    if (line.find("_seconds\"") != std::string::npos) continue;  // timings: volatile, documented
    for (std::size_t k = 0; k < line.size(); ++k) {
      if (!std::isdigit(static_cast<unsigned char>(line[k]))) continue;
      std::string changed = text;
      changed[offset + k] = line[k] == '9' ? '8' : static_cast<char>(line[k] + 1);
      write_file(path, changed);
      ++tried;
      bool rejected = false;
      try {
        rejected = !verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false, .rebuild = false}).ok();
      } catch (const InputError&) {
        rejected = true;  // e.g. a digit change that breaks a number's syntax
      }
      if (!rejected) FAIL_CHECK("accepted a changed digit in line: " << line);
    }
  }
  CHECK(tried > 300);
}

TEST_CASE("verify: a forged verdict is rejected even with a recomputed hash") {
  ScratchDir dir("verify_verdict");
  const std::string path = write_demo(dir, "demo_proved.json");
  forge(path, [](nlohmann::json& c) { c["steps"][1]["verdict"] = "refuted"; });
  VerifyReport r = verify_certificate(demo_registry(), path, kCertificateOnly);
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
  r = verify_certificate(demo_registry(), path2, kCertificateOnly);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("(D1): verdict") != std::string::npos);
}

TEST_CASE("verify: a forged bound that excludes the true value is caught by the MPFI recomputation") {
  ScratchDir dir("verify_bound");
  const std::string path = write_demo(dir, "demo_refuted.json");
  // e = 2.71828182845904523536...: the forged enclosure [...462, ...463] excludes e, yet keeps
  // the verdict (refuted: lower > 2.71), and the forger fixes the margin and the hash.
  forge(path, [](nlohmann::json& c) {
    REQUIRE(c["steps"][0]["lhs"]["lower"] == "2.7182818284590452");
    c["steps"][0]["lhs"]["lower"] = "2.7182818284590462";
    c["steps"][0]["lhs"]["upper"] = "2.7182818284590463";
    c["steps"][0]["margin"] = "0.0082818284590462";
  });
  const VerifyReport quick =
      verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false, .rebuild = false});
  CHECK(quick.ok());  // consistent on its face...
  const VerifyReport r = verify_certificate(demo_registry(), path, kCertificateOnly);
  CHECK_FALSE(r.ok());  // ...but not with the true value
  CHECK(all_problems(r).find("steps/0 (D1): lhs: recorded") != std::string::npos);
  CHECK(all_problems(r).find("disjoint") != std::string::npos);
}

TEST_CASE("verify: forged parameters are caught by the rechecks, claim texts only by rebuild") {
  ScratchDir dir("verify_params");
  const std::string path = write_demo(dir, "demo_proved.json");
  forge(path, [](nlohmann::json& c) { c["parameters"]["b"] = "2.73"; });
  VerifyReport r = verify_certificate(demo_registry(), path, kCertificateOnly);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("steps/0 (D1): rhs: recorded [") != std::string::npos);
  CHECK(all_problems(r).find("does not contain the exact recomputation [2.73") != std::string::npos);

  const std::string path2 = write_demo(dir, "demo_refuted.json");
  forge(path2, [](nlohmann::json& c) { c["steps"][0]["claim"] = "Euler's number is at least b"; });
  // The documented limit: a text is bound to the module only by --rebuild.
  CHECK(verify_certificate(demo_registry(), path2, kCertificateOnly).ok());
  r = verify_certificate(demo_registry(), path2, VerifyOptions{.rebuild = true});
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("(D1): claim") != std::string::npos);
}

TEST_CASE("verify: a margin or count inconsistent with the recorded numbers is rejected") {
  ScratchDir dir("verify_margin");
  const std::string path = write_demo(dir, "demo_proved.json");
  forge(path, [](nlohmann::json& c) { c["steps"][0]["margin"] = "0.0017181715409548"; });
  VerifyReport r = verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false, .rebuild = false});
  CHECK(all_problems(r).find("(D1): margin") != std::string::npos);
  forge(path, [](nlohmann::json& c) { c["steps"][3]["for_all"]["refuted"] = 1; });
  r = verify_certificate(demo_registry(), path, VerifyOptions{.recompute = false, .rebuild = false});
  CHECK(all_problems(r).find("(D4): for_all") != std::string::npos);
  // An exact two-sided bound narrowed below what the exact recomputation gives: the D7 tail has no
  // recheck, so only the rebuild sees it.
  forge(path, [](nlohmann::json& c) { c["steps"][6]["lhs"]["upper"] = "0.12"; });
  r = verify_certificate(demo_registry(), path, kCertificateOnly);
  CHECK(all_problems(r).find("(D7): lhs") == std::string::npos);
  r = verify_certificate(demo_registry(), path, VerifyOptions{.rebuild = true});
  CHECK(all_problems(r).find("(D7): lhs: recorded") != std::string::npos);
}

TEST_CASE("verify: a moved counterexample point is rejected even with the hash recomputed") {
  ScratchDir dir("verify_counterexample");
  const std::string path = write_demo(dir, "demo_refuted.json");
  const nlohmann::json original = read_certificate(path);
  REQUIRE(original["steps"][0].contains("counterexample"));
  // D1 is refuted at the instance itself; the forger claims a point k = 101 instead.
  forge(path, [](nlohmann::json& c) {
    c["steps"][0]["counterexample"]["point"] = nlohmann::json::array({{{"name", "k"}, {"value", "101"}}});
    c["steps"][0]["counterexample"]["instance"] = false;
  });
  const VerifyReport r = verify_certificate(demo_registry(), path, kCertificateOnly);
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("(D1): counterexample") != std::string::npos);
}

TEST_CASE("verify: a forged proof of a false claim is rejected by the rechecks without the module") {
  ScratchDir dir("verify_false_claim");
  const std::string path = write_demo(dir, "demo_refuted.json");  // b = 2.71: e <= b is false
  // The forger makes every recorded number consistent with "proved" and recomputes the hash.
  forge(path, [](nlohmann::json& c) {
    nlohmann::json& d1 = c["steps"][0];
    d1["lhs"]["lower"] = "2.70";
    d1["lhs"]["upper"] = "2.705";
    d1["verdict"] = "proved";
    d1["margin"] = decimal_down(parse_rational("0.005"), 17);
    d1.erase("counterexample");
    c["overall"] = "proved";
    c["summary"]["proved"] = 7;
    c["summary"]["refuted"] = 0;
  });
  const VerifyReport quick =
      verify_certificate(TheoremRegistry{}, path, VerifyOptions{.recompute = false, .rebuild = false});
  CHECK(quick.ok());  // consistent on its face...
  const VerifyReport r =
      verify_certificate(TheoremRegistry{}, path, kCertificateOnly);  // ...not with exp(1) re-computed
  CHECK_FALSE(r.ok());
  CHECK(all_problems(r).find("steps/0 (D1): lhs: recorded [") != std::string::npos);
  CHECK(all_problems(r).find("is disjoint from the recomputed [2.718281828") != std::string::npos);
  CHECK(all_problems(r).find("steps/0 (D1): verdict: recorded \"proved\" is not re-decided by the recomputed sides "
                             "(they give \"refuted\")") != std::string::npos);
}

TEST_CASE("verify: a derived side and a decisive point are re-computed from the recorded data") {
  ScratchDir dir("verify_derived");
  const std::string path = write_demo(dir, "demo_proved.json");
  // D5 (e + pi) recorded as an enclosure excluding the sum of the recorded D1 and D2 enclosures.
  forge(path, [](nlohmann::json& c) {
    c["steps"][4]["lhs"]["lower"] = "5.80";
    c["steps"][4]["lhs"]["upper"] = "5.85";
    c["steps"][4]["margin"] = decimal_down(parse_rational("0.15"), 17);
  });
  VerifyReport r = verify_certificate(TheoremRegistry{}, path, kCertificateOnly);
  CHECK(all_problems(r).find("steps/4 (D5): lhs: recorded [") != std::string::npos);
  CHECK(all_problems(r).find("is disjoint from the recomputed [5.859") != std::string::npos);

  // D4's decisive point moved: sin(x) and x - x^3/6 are re-computed at the recorded point and no
  // longer match the recorded sides.
  const std::string path2 = write_demo(dir, "demo_proved.json");
  forge(path2, [](nlohmann::json& c) {
    REQUIRE(c["steps"][3]["at"][0]["name"] == "x");
    c["steps"][3]["at"][0]["value"] = "1/2";
  });
  r = verify_certificate(TheoremRegistry{}, path2, kCertificateOnly);
  CHECK(all_problems(r).find("steps/3 (D4): lhs: recorded") != std::string::npos);
  CHECK(all_problems(r).find("steps/3 (D4): rhs: recorded") != std::string::npos);
}

TEST_CASE("verify: a hostile or broken recheck is one problem naming the step, never a crash") {
  ScratchDir dir("verify_hostile_recheck");
  const std::pair<const char*, std::function<void(nlohmann::json&)>> cases[] = {
      {"expected parameter:NAME", [](nlohmann::json& r) { r["inputs"] = {"/etc/passwd"}; }},
      {"not a parameter of the instance", [](nlohmann::json& r) { r["inputs"] = {"parameter:zz"}; }},
      {"no such side of an earlier step", [](nlohmann::json& r) { r["inputs"] = {"step:D7:lhs"}; }},
      {"expression: column", [](nlohmann::json& r) { r["expression"] = "exp(x0"; }},
      {"expression: column", [](nlohmann::json& r) { r["expression"] = "x0 + x1"; }},
      {"longer than 2000", [](nlohmann::json& r) { r["expression"] = std::string(3000, '1'); }},
  };
  for (const auto& [message, edit] : cases) {
    const std::string path = write_demo(dir, "demo_proved.json");
    forge(path, [&](nlohmann::json& c) { edit(c["steps"][0]["rhs"]["evidence"]["recheck"]); });
    const VerifyReport r = verify_certificate(TheoremRegistry{}, path, kCertificateOnly);
    INFO(message << ": " << all_problems(r));
    CHECK(all_problems(r).find(std::string("steps/0 (D1): rhs: recheck: ")) != std::string::npos);
    CHECK(all_problems(r).find(message) != std::string::npos);
  }
}
