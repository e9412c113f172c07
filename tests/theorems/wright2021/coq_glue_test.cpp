// The Coq conclusions of the Wright & Gonzalez 2021 chains (lib/theorems/wright2021/coq_glue.hpp),
// exported from the stored certificates. The numbers the exports must state are computed here from
// the spec's closed forms (eps_2 of C3 from M/(8 m^2) and the factor bounds; the projections W_Q t
// by hand), independently of the module; a chain whose deciding steps are not proved concludes
// nothing, and malformed parameters are an InputError naming the field. (coqc compiles these
// exports in ctest proofs.coq_all_wright2021 and proofs.coq_all.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "chain/certificate.hpp"
#include "chain/coq_export.hpp"
#include "chain/coq_text.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

nlohmann::json stored(const std::string& name) {
  return read_certificate(std::string(APPROXCERT_SOURCE_DIR) + "/docs/certificates/wright2021/" + name);
}

CoqExport exported(const nlohmann::json& cert) { return coq_export(theorems::builtin_theorems(), cert, "test.json"); }

bool has(const CoqExport& e, const std::string& text) { return e.text.find(text) != std::string::npos; }

nlohmann::json with_verdict(nlohmann::json cert, const std::string& id, const std::string& verdict) {
  for (auto& s : cert["steps"])
    if (s["id"] == id) s["verdict"] = verdict;
  return cert;
}

}  // namespace

TEST_CASE("wright2021 coq: the UAT chain concludes the exponential level with eps_2 from the closed form") {
  const nlohmann::json cert = stored("s410-uat-m4.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"s410_uat_m4_uat_C5"});
  // eps_2 = sum_{l=1,2} (delta_a B + (A + delta_a) delta_b), delta_a = 1/(8 m^2), delta_b = 4/(8 m^2),
  // m = 4, A = B = 1.000001 (spec §2.7 C2, C3).
  const Rational da = Rational(1) / Rational(128), db = Rational(4) / Rational(128),
                 A = Rational(1000001) / Rational(1000000);
  const Rational eps2 = Rational(2) * (da * A + (A + da) * db);
  CHECK(eps2 == Rational(1006251) / Rational(12800000));
  CHECK(has(e, " * (exp ((1 / 1000) + " + coq_real(eps2) + ") - 1)."));
  CHECK(has(e, "Lemma leaf_uat_C3_budget : "));
  CHECK(has(e, "rewrite (wright_c4_logit 2 "));
  CHECK(has(e, "From Approxcert Require Import Leaf Sums WrightGlue."));
  const CoqExport f = exported(with_verdict(cert, "W-C18.C3", "unknown"));
  CHECK(f.theorems.empty());
  CHECK(has(f, "The chain lemma is not applied: steps W-C18.C1 and W-C18.C3 are not both proved"));
}

TEST_CASE("wright2021 coq: the truncation tail and Cauchy-Schwarz for the instance's head") {
  const CoqExport e = exported(stored("s44-feature-truncation.json"));
  REQUIRE(e.theorems ==
          std::vector<std::string>{"s44_feature_truncation_truncation_tail", "s44_feature_truncation_cauchy_schwarz"});
  // t = (1, 1), s = (1, 0); W_Q = [[1, 2], [0, 1]], W_K = [[1, 0], [-1, 1]]: q = (1 + 2, 1), k = (1, -1).
  CHECK(has(e, "| 0%nat => (1 * 1 + 2 * 1)\n  | 1%nat => (0 * 1 + 1 * 1)\n"));
  CHECK(has(e, "| 0%nat => (1 * 1 + 0 * 0)\n  | 1%nat => ((-1) * 1 + 1 * 0)\n"));
  CHECK(has(e, "apply wright_exp_tail."));
  CHECK(has(e, "apply wright_cauchy_schwarz."));
  CHECK(exported(with_verdict(stored("s44-feature-truncation.json"), "W-C8", "refuted")).theorems.empty());
}

TEST_CASE("wright2021 coq: the Gram witnesses (asymmetry, c^T K c < 0, 2x2 determinants, rescaling)") {
  const CoqExport a = exported(stored("s41-antisymmetric.json"));
  CHECK(a.theorems == std::vector<std::string>{"s41_antisymmetric_asymmetric", "s41_antisymmetric_indefinite"});
  // A = W_Q^T W_K = [[0, -1], [1, 0]]: x_0^T A x_1 = -1 < x_1^T A x_0 = 1, so K_01 < K_10.
  CHECK(has(a, "Proof. apply Rlt_not_eq."));
  CHECK(has(a, "  | 0%nat => 1\n  | 1%nat => (-1)\n"));  // the witness c = (1, -1)
  CHECK(exported(stored("s42-asymmetric-pd-part.json")).theorems ==
        std::vector<std::string>{"s42_asymmetric_pd_part_asymmetric", "s42_asymmetric_pd_part_pair_indefinite"});
  CHECK(exported(stored("s43-mercer-controls.json")).theorems ==
        std::vector<std::string>{"s43_mercer_controls_symmetric_indefinite"});
  const nlohmann::json r = stored("s46-per-query-rescaling.json");
  const CoqExport e = exported(r);
  CHECK(e.theorems == std::vector<std::string>{"s46_per_query_rescaling_rescaling_invariance",
                                               "s46_per_query_rescaling_rescaled_indefinite"});
  CHECK(has(e, "  | 0%nat => 0\n  | 1%nat => 3\n  | 2%nat => (-1)\n  | 3%nat => (-2)\n"));  // the stored candidate
  // c_1 = exp(-|W_Q x_1|^2 / (2 sqrt 2)), W_Q x_1 = (1, 0).
  CHECK(has(e, "| 0%nat => exp (- ((1 * 1 + 2 * 0) ^ 2 + (0 * 1 + 1 * 0) ^ 2) / (2 * sqrt 2))"));
  CHECK(exported(with_verdict(with_verdict(r, "W-C12", "unknown"), "W-C12.b", "unknown")).theorems.empty());
}

TEST_CASE("wright2021 coq: malformed parameters and candidates are input errors naming the field") {
  nlohmann::json cert = stored("s41-antisymmetric.json");
  cert["parameters"]["wq"] = nlohmann::json::array({nlohmann::json::array({"1", "0"}), nlohmann::json::array({"1"})});
  // The exporter rebuilds the chain from the recorded parameters first: its reader names the entry.
  CHECK_THROWS_WITH(exported(cert), doctest::Contains("/parameters/wq/1"));
  cert = stored("s41-antisymmetric.json");
  cert["parameters"]["c"] = nlohmann::json::array({"1", "nan"});
  CHECK_THROWS_WITH(exported(cert), doctest::Contains("/parameters/c/1"));
  nlohmann::json r = stored("s46-per-query-rescaling.json");
  for (auto& s : r["steps"])
    if (s["id"] == "W-C12.b") s.erase("candidate");
  CHECK_THROWS_WITH_AS(exported(r), doctest::Contains("certificate/steps/W-C12.b"), InputError);
}

TEST_CASE("wright2021 coq: the other chains state what their certified leaves give") {
  const nlohmann::json cert = stored("s48-representer-l3.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"s48_representer_l3_certified"});
  CHECK(has(e, "x2: W-C14.inv"));  // the inversion (W17) is one of the statements
  CHECK(has(e, "x3: W-C14.dist"));
  CHECK(has(e, "x3 > 0."));
  // A ".C" step (a comparison with a printed number) is not part of the statement.
  CHECK_FALSE(has(e, ": W-C14.C,"));
  nlohmann::json none = cert;
  for (auto& s : none["steps"]) s["verdict"] = "unknown";
  CHECK(exported(none).theorems.empty());
}
