// User claim files (approxcert-claims/1): the worked example's verdicts and quantities against
// closed forms computed by hand (docs/claims.md: sup |f - xy| = 1/64, sup |g - f| = 1/8,
// sup |g - xy| = 1/8, f(1/2, 1/2) = 1/4, weight bound 7/2); verify accepts the certificate and
// rejects a forged bound; bad claim files are input errors naming the file and JSON pointer.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "claims_test_support.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

Rational q(long n, long d = 1) { return Rational(mpz_class(n), mpz_class(d)); }

const StepResult& step(const CheckRun& run, const std::string& id) {
  for (const StepResult& s : run.run.result.steps)
    if (s.spec.id == id) return s;
  FAIL("no step " << id);
  throw std::logic_error("unreachable");
}

const Side& reported(const StepResult& s, const std::string& name) {
  for (const auto& [n, side] : s.outcome.reported)
    if (n == name) return side;
  FAIL("step " << s.spec.id << " reports no " << name);
  throw std::logic_error("unreachable");
}

bool encloses(const Side& s, const Rational& exact) { return s.value.bounded() && s.value.contains(exact); }

std::string claim_error(const ScratchDir& dir, const std::string& quantities, const std::string& steps) {
  write_file(dir.path("f.json"), R"({"format": "approxcert-net/1", "input": {"dim": 2},
    "layers": [{"type": "dense", "weight": [[1, 1]], "bias": [0]}]})");
  write_file(dir.path("bad.json"), R"({"format": "approxcert-claims/1", "networks": {"f": "f.json"}, "quantities": )" +
                                       quantities + R"(, "steps": )" + steps +
                                       R"(, "expected": {"overall": "proved"}})");
  return check_file_error(dir.path("bad.json"));
}

}  // namespace

TEST_CASE("claims: the worked example gives its verdicts and encloses the hand-computed values") {
  const CheckRun run = run_check(theorems::builtin_theorems(), read_check_file(kClaimsExample));
  CHECK(run.mismatches.empty());
  CHECK(run.run.theorem.name == "claims/user");
  CHECK(run.run.result.overall == Verdict::Refuted);
  const StepResult& c1 = step(run, "C1");
  CHECK(c1.verdict == Verdict::Proved);
  CHECK(c1.outcome.lhs.evidence.kind == "supnorm");
  CHECK(encloses(c1.outcome.lhs, q(1, 64)));
  CHECK(step(run, "C2").verdict == Verdict::Proved);
  const StepResult& c3 = step(run, "C3");
  CHECK(c3.verdict == Verdict::Proved);
  CHECK(encloses(reported(c3, "gap_g"), q(1, 8)));
  CHECK(encloses(reported(c3, "err_f"), q(1, 64)));
  CHECK(encloses(c3.outcome.lhs, q(1, 64) + q(1, 8)));
  const StepResult& c5 = step(run, "C5");
  CHECK(c5.verdict == Verdict::Refuted);
  CHECK(encloses(c5.outcome.lhs, q(1, 8)));
  // The counterexample is err_g's witness: (1, 1), where g - x*y = -1/8 exactly.
  REQUIRE(c5.outcome.lhs.evidence.supnorm.has_value());
  CHECK(c5.outcome.lhs.evidence.supnorm->witness == Point{}.add("x0", q(1)).add("x1", q(1)));
  CHECK(encloses(step(run, "C6").outcome.lhs, q(1, 4)));
  const StepResult& c7 = step(run, "C7");
  CHECK(c7.outcome.lhs.value.is_exact());
  CHECK(c7.outcome.lhs.value.lower() == q(7, 2));
}

TEST_CASE("claims: verify accepts the certificate and rejects a forged bound") {
  ScratchDir dir("claims_verify");
  const CheckRun run = run_check(theorems::builtin_theorems(), read_check_file(kClaimsExample));
  const std::string path = write_certificate(dir.dir().string(), make_certificate(run.run));
  const VerifyReport ok = verify_certificate(theorems::builtin_theorems(), path);
  CHECK(ok.ok());
  // A forger lowers C7's recorded weight bound to 3 (below the true 7/2) and recomputes the hash.
  nlohmann::json c = read_certificate(path);
  bool forged = false;
  for (auto& s : c["steps"])
    if (s["id"] == "C7") {
      s["lhs"]["lower"] = "3";
      s["lhs"]["upper"] = "3";
      forged = true;
    }
  REQUIRE(forged);
  c["sha256"] = certificate_hash(c);
  write_file(path, c.dump(2));
  CHECK_FALSE(verify_certificate(theorems::builtin_theorems(), path).ok());
}

TEST_CASE("claims: bad claim files are input errors naming the file and the JSON pointer") {
  ScratchDir dir("claims_errors");
  const std::string steps = R"([{"id": "C1", "lhs": "a", "relation": "<=", "rhs": "1"}])";
  CHECK(claim_error(dir, R"({"a": {"evaluate": {"net": "f", "at": [1, 2]}}})", steps) == "<accepted>");
  CHECK(claim_error(dir, R"({"a": {"evaluate": {"net": "h", "at": [1, 2]}}})", steps)
            .find("bad.json: /quantities/a/evaluate/net: no network named \"h\"") != std::string::npos);
  CHECK(claim_error(dir, R"({"a": {"evaluate": {"net": "f", "at": [1]}}})", steps)
            .find("/quantities/a/evaluate/at: has 1 coordinates; the network has 2 inputs") != std::string::npos);
  CHECK(claim_error(dir, R"({"a": {"supnorm": {"net": "f", "target": "x0", "domain": "[0,1]"}}})", steps)
            .find("/quantities/a/supnorm/domain") != std::string::npos);
  CHECK(claim_error(dir, R"({"a": {"supnorm": {"net": "f", "domain": "[0,1]^2"}}})", steps)
            .find("exactly one of \"target\"") != std::string::npos);
  CHECK(claim_error(dir, R"({"pi": {"constant": "1"}})", steps).find("/quantities/pi: the name \"pi\" is reserved") !=
        std::string::npos);
  CHECK(claim_error(dir, R"({"a": {"integral": {}}})", steps).find("unknown quantity kind \"integral\"") !=
        std::string::npos);
  CHECK(
      claim_error(dir, R"({"a": {"constant": "1"}})", R"([{"id": "C1", "lhs": "a + b", "relation": "<=", "rhs": "1"}])")
          .find("/steps/0/lhs: expression: column 5: unknown identifier 'b'") != std::string::npos);
  CHECK(claim_error(dir, R"({"a": {"constant": "1"}})", R"([{"id": "C1", "lhs": "a", "relation": "~", "rhs": "1"}])")
            .find("/steps/0/relation: unknown relation") != std::string::npos);
  CHECK(claim_error(dir, R"({"a": {"constant": "1"}})", R"([{"id": "C-1", "lhs": "a", "relation": "<", "rhs": "1"}])")
            .find("/steps/0/id") != std::string::npos);
  CHECK(claim_error(dir, R"({"a": {"constant": "1"}})", "[]").find("/steps: a claim file needs at least one step") !=
        std::string::npos);
  write_file(dir.path("nonet.json"), R"({"format": "approxcert-claims/1", "networks": {"f": "missing.json"},
    "quantities": {}, "steps": [], "expected": {"overall": "proved"}})");
  CHECK_THROWS_WITH_AS(read_check_file(dir.path("nonet.json")), doctest::Contains("missing.json"), InputError);
}
