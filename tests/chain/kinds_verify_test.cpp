// The step kinds of issue #10 end to end: a certificate with bounds like 10^-27151, a log-space
// step, an encloses-zero step, a search-then-certify step and a polynomial identity is written,
// stays short and exact, and passes `verify` (recomputed with MPFI at other precisions); a tampered
// stored candidate is rejected even when the forger recomputes the hash.
#include <doctest/doctest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "chain_test_support.hpp"
#include "kinds_theorem.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

std::string write_kinds(const ScratchDir& dir, RunOptions options = {}) {
  const InstanceRun run =
      run_instance(kinds_registry(), "test/chain-kinds", parse_exact_json(R"({"tau": "1e-15"})", "test"),
                   JsonAt("test"), "kinds", options);
  return write_certificate(dir.dir().string(), make_certificate(run));
}

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

// The longest string anywhere in a JSON value.
std::size_t longest_string(const nlohmann::json& j) {
  if (j.is_string()) return j.get<std::string>().size();
  std::size_t n = 0;
  if (j.is_structured())
    for (const auto& v : j) n = std::max(n, longest_string(v));
  return n;
}

}  // namespace

TEST_CASE("kinds: every new step kind is proved, printed short and exact, and re-verified") {
  for (long bits : {64L, 128L, 256L}) {
    CAPTURE(bits);
    ScratchDir dir("kinds_ok");
    RunOptions options;
    options.base_bits = bits;
    options.max_bits = bits;
    const std::string path = write_kinds(dir, options);
    const nlohmann::json cert = read_certificate(path);
    CHECK(cert["overall"] == "proved");
    for (const auto& s : cert["steps"]) CHECK_MESSAGE(s["verdict"] == "proved", s["id"]);
    // No thousand-digit fractions: every number is a short decimal or a short exact text.
    for (const auto& s : cert["steps"])
      for (const char* side : {"lhs", "rhs"}) {
        CAPTURE(s["id"]);
        CAPTURE(side);
        CHECK(longest_string(s[side]) < 90);
      }
    CHECK(cert["steps"][0]["rhs"]["exact"] == "1e-22909");
    // The recorded 10^-27151 enclosure reads back exactly and contains 10^-27151.
    const Enclosure bound = recorded_enclosure(cert["steps"][1]["rhs"], "rhs");
    CHECK(bound.lower() <= pow10(-27151));
    CHECK(pow10(-27151) <= bound.upper());
    CHECK(cert["steps"][1]["rhs"]["lower"].get<std::string>().size() < 40);
    CHECK(cert["steps"][4].contains("candidate"));

    const VerifyReport r = verify_certificate(kinds_registry(), path, VerifyOptions{.rebuild = true});
    CAPTURE(all_problems(r));
    CHECK(r.ok());
    CHECK(r.recomputed == 6);
  }
}

TEST_CASE("kinds: verify re-certifies the stored candidate and rejects a tampered one") {
  ScratchDir dir("kinds_tamper");
  const std::string path = write_kinds(dir);
  forge(path, [](nlohmann::json& c) { c["steps"][4]["candidate"][0]["value"] = "13/10"; });
  const VerifyReport r = verify_certificate(kinds_registry(), path, VerifyOptions{.rebuild = true});
  CHECK_FALSE(r.ok());
  // 1.3^3 - 2 = 0.197 > 10^-12: the re-certification refutes, and the exact side differs.
  CHECK(all_problems(r).find("steps/4 (K5): verdict: recorded \"proved\"") != std::string::npos);
  CHECK(all_problems(r).find("steps/4 (K5): lhs") != std::string::npos);

  const std::string path2 = write_kinds(dir);
  forge(path2, [](nlohmann::json& c) { c["steps"][4].erase("candidate"); });
  const VerifyReport r2 = verify_certificate(kinds_registry(), path2, VerifyOptions{.rebuild = true});
  CHECK(all_problems(r2).find("steps/4 (K5): candidate: missing") != std::string::npos);

  const std::string path3 = write_kinds(dir);
  forge(path3, [](nlohmann::json& c) {
    c["steps"][0]["candidate"] = nlohmann::json::array({{{"name", "c1"}, {"value", "1"}}});
  });
  const VerifyReport r3 = verify_certificate(kinds_registry(), path3, VerifyOptions{.rebuild = true});
  CHECK(all_problems(r3).find("steps/0 (K1): candidate: recorded, but") != std::string::npos);
}

TEST_CASE("kinds: a chain runs and verifies above the old 65,536-bit precision cap") {
  ScratchDir dir("kinds_high");
  RunOptions options;
  options.base_bits = 100000;
  options.max_bits = 100000;
  const std::string path = write_kinds(dir, options);
  const nlohmann::json cert = read_certificate(path);
  CHECK(cert["overall"] == "proved");
  CHECK(cert["steps"][0]["prec_bits"] == 100000);
  for (const auto& s : cert["steps"]) CHECK(longest_string(s["lhs"]) < 90);
  const VerifyReport r =
      verify_certificate(kinds_registry(), path, VerifyOptions{.rebuild = true});  // MPFI at 100,064 bits
  CAPTURE(all_problems(r));
  CHECK(r.ok());
}
