// The Coq conclusions of the theorem modules (docs/proofs.md, "approxcert coq"): Altabaa Theorems
// 2.1, 3.1, 4.1 and Lemma 3.1 (altabaa2024/coq_glue.hpp), Yun's final assembly (yun2020/coq_glue.hpp)
// and Fang's Bernstein corollary (fang2022/coq_glue.hpp), exported from the stored certificates.
// The numbers the exports must state are computed here by hand from the papers' closed forms
// (independent of the modules); a certificate whose deciding step is not proved concludes nothing.
// (coqc compiles these exports in ctest proofs.coq_all_subset and proofs.coq_all.)
#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/coq_export.hpp"
#include "chain/coq_text.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

nlohmann::json stored(const std::string& rel) {
  return read_certificate(std::string(APPROXCERT_SOURCE_DIR) + "/docs/certificates/" + rel);
}

CoqExport exported(const nlohmann::json& cert) { return coq_export(theorems::builtin_theorems(), cert, "test.json"); }

bool has(const CoqExport& e, const std::string& text) { return e.text.find(text) != std::string::npos; }

// The certificate with step `id`'s verdict recorded as unknown.
nlohmann::json with_unknown_step(nlohmann::json cert, const std::string& id) {
  for (auto& s : cert["steps"])
    if (s["id"] == id) s["verdict"] = "unknown";
  return cert;
}

std::string recorded_upper(const nlohmann::json& cert, const std::string& id) {
  for (const auto& s : cert["steps"])
    if (s["id"] == id) return coq_real(parse_rational(s["lhs"]["upper"].get<std::string>()));
  FAIL("no step " << id);
  return "";
}

}  // namespace

TEST_CASE("coq conclusions: Altabaa Theorem 2.1 (Brownian kernel) by altabaa_thm21_eps") {
  const nlohmann::json cert = stored("altabaa2024/thm21-brownian-eps0.1.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"thm21_brownian_eps0_1_theorem_2_1"});
  // N = N_K(eps/2) = 5 for the Brownian kernel (spec 7.1: the tail after 4 terms is 0.0504 > 1/20);
  // eps/2 = 1/20; the S1 tail is the recorded upper bound.
  CHECK(has(e, "Lemma leaf_thm21_tail_budget : " + recorded_upper(cert, "S1") + " <= (1 / 10) / 2."));
  CHECK(has(e, "Lemma leaf_thm21_network_budget : INR 5 * (2 * "));
  CHECK(has(e, "rsum (fun i => psi i x * psi i y) 5) <= (1 / 10)."));
  CHECK(has(e, "From Approxcert Require Import Leaf Sums AltabaaKernel."));
  const CoqExport f = exported(with_unknown_step(cert, "S2"));
  CHECK(f.theorems.empty());
  CHECK(has(f, "The chain lemma is not applied: steps S1, S2, S3 and S6 are not all proved"));
}

TEST_CASE("coq conclusions: Altabaa Theorem 4.1 (RKBS kernel) by altabaa_thm41_chain, strict") {
  const nlohmann::json cert = stored("altabaa2024/thm41-rkbs-eps0.1.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"thm41_rkbs_eps0_1_theorem_4_1"});
  // r = 1/2, N = 5: the geometric tail r^(N+1) / (1 - r) = (1/64) / (1/2) = 1/32 (spec 7.5).
  CHECK(has(e, "Lemma leaf_thm41_budget : (1 / 32) + INR 5 * (2 * "));
  CHECK(has(e, "rsum (fun i => p i x * q i y) 5) < (1 / 10)."));
  CHECK(exported(with_unknown_step(cert, "R5")).theorems.empty());
}

TEST_CASE("coq conclusions: Altabaa Theorem 3.1 concludes eps when V5 holds, the certified bound when refuted") {
  const nlohmann::json m40 = stored("altabaa2024/thm31-xsin3y-m40.json");
  const CoqExport e = exported(m40);
  REQUIRE(e.theorems == std::vector<std::string>{"thm31_xsin3y_m40_theorem_3_1"});
  CHECK(has(e, "Lemma leaf_thm31_within_eps : " + recorded_upper(m40, "V5") + " < (1 / 10)."));
  CHECK(has(e, "forall x y, Rabs (r x y - net x y) < (1 / 10)."));

  const nlohmann::json m10 = stored("altabaa2024/thm31-xsin3y-m10.json");
  const CoqExport r = exported(m10);
  REQUIRE(r.theorems == std::vector<std::string>{"thm31_xsin3y_m10_theorem_3_1_certified_bound"});
  CHECK(has(r, "forall x y, Rabs (r x y - net x y) <= " + recorded_upper(m10, "V5") + "."));
  CHECK_FALSE(has(r, "leaf_thm31_within_eps"));
  CHECK(exported(with_unknown_step(m40, "V3")).theorems.empty());
}

TEST_CASE("coq conclusions: Altabaa Lemma 3.1 states R, U, V exactly and re-checks U V^T = R") {
  const nlohmann::json cert = stored("altabaa2024/lem31-strict-order.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"lem31_strict_order_lemma_3_1"});
  // R is the strict order on 4 points: R_ij = 1 iff i < j; rank 3 (rows 0..2 independent, row 3 zero).
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const std::string entry = "  | " + std::to_string(i) + "%nat, " + std::to_string(j) + "%nat => 1\n";
      const std::size_t r = e.text.find("Definition lem31_R"), u = e.text.find("Definition lem31_U");
      const bool listed = e.text.find(entry, r) < u;
      CHECK_MESSAGE(listed == (i < j), "R entry ", i, ", ", j);
    }
  CHECK(has(e, "(i < 4)%nat -> (j < 4)%nat ->\n  rsum (fun k => lem31_U i k * lem31_V j k) 3 = lem31_R i j."));
  nlohmann::json bad = cert;
  bad["parameters"]["R"][1] = nlohmann::json::array({"0", "x"});
  CHECK_THROWS_WITH(exported(bad), doctest::Contains("/parameters/R/1"));  // named, whoever reads R first
}

TEST_CASE("coq conclusions: Yun Theorem 2 end to end by yun_final_assembly when Y-E2E is certified") {
  const nlohmann::json cert = stored("yun2020/ya-restatement-j.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"ya_restatement_j_y13", "ya_restatement_j_theorem_2"});
  // omega = Lip delta = 2 * 1/4 = 1/2 (parameters lipschitz = 2, delta = 1/4), p = 1, eps = 3.
  CHECK(has(e, "  dffbar <= (1 / 2) ->"));
  CHECK(has(e, "  0 <= dfbarg -> dfbarg ^ 1 <= "));
  CHECK(has(e, "  dfg <= 3.\n"));
  // Y-A has no softmax network, hence no Y-E2E: Y-13 only, and the export says why.
  const CoqExport t = exported(stored("yun2020/ya-tight.json"));
  CHECK(t.theorems == std::vector<std::string>{"ya_tight_y13"});
  CHECK(has(t, "The final assembly (spec 6) is not concluded: the certificate has no end-to-end step Y-E2E"));
  CHECK(exported(with_unknown_step(cert, "Y-E2E")).theorems == std::vector<std::string>{"ya_restatement_j_y13"});

  // p = 2: R is the least multiple of 10^-20 with R^2 >= T_3 (checked here in exact rationals; the
  // recorded decimal root of Y-E2E is rounded separately and may fall a hair below sqrt(T_3)).
  const CoqExport p2 = exported(stored("yun2020/ya-restatement-j-p2.json"));
  REQUIRE(p2.theorems == std::vector<std::string>{"ya_restatement_j_p2_y13", "ya_restatement_j_p2_theorem_2"});
  std::smatch m;
  const std::regex leaf(R"(Lemma leaf_e2e_root : \((\d+) / (\d+)\) <= \((\d+) / (\d+)\) \^ 2\.)");
  REQUIRE(std::regex_search(p2.text, m, leaf));
  const Rational T = parse_rational(m[1].str() + "/" + m[2].str()), Rt = parse_rational(m[3].str() + "/" + m[4].str());
  const Rational ulp = pow_int(Rational(10), -20);
  CHECK(Rt * Rt >= T);
  CHECK((Rt - ulp) * (Rt - ulp) < T);
}

TEST_CASE("coq conclusions: Fang F-C13 by fang_bernstein_transfer, with and without the network") {
  // n = 2 with the network: T_c = B_n f is a lemma proved by program_identity (no longer a
  // hypothesis); B_n f and f are concrete; the bound L d / (2 sqrt n) = 1 / sqrt 2.
  const CoqExport two = exported(stored("fang2022/bernstein-n2.json"));
  REQUIRE(two.theorems == std::vector<std::string>{"bernstein_n2_bernstein"});
  CHECK(has(two, "Lemma leaf_fang_bernstein_le_eps : (1 / sqrt 2) <= (442 / 625)."));
  CHECK(has(two, "Lemma bernstein_n2_Tc_eq_B : forall x0 x1 : R, bernstein_n2_Tc x0 x1 = bernstein_n2_B x0 x1.\n"
                 "Proof. intros; unfold bernstein_n2_Tc, bernstein_n2_B; program_identity. Qed."));
  CHECK(has(two, "Rabs (bernstein_n2_Tc x y - bernstein_n2_f x y) <= (442 / 625)."));
  CHECK_FALSE(has(two, "T x y = B x y"));
  // n = 16 without the network: 1 / sqrt 16 = 1/4 exactly, the conclusion is about B_n f itself.
  const CoqExport sixteen = exported(stored("fang2022/bernstein-n16.json"));
  REQUIRE(sixteen.theorems == std::vector<std::string>{"bernstein_n16_bernstein"});
  CHECK(has(sixteen, "Lemma leaf_fang_bernstein_le_eps : (1 / 4) <= (1 / 4)."));
  CHECK(has(sixteen, "Definition bernstein_n16_f (x0 x1 : R) : R := (Rabs (x0 - x1)).\n"));
  CHECK(has(sixteen, "Rabs (bernstein_n16_B x y - bernstein_n16_f x y) <= (1 / 4).\n"));
  CHECK(exported(with_unknown_step(stored("fang2022/bernstein-n2.json"), "F-C13-ii")).theorems.empty());
}

TEST_CASE("coq conclusions: Fang identities by program_identity, W2 refuted, size table, none for conditioning and F-C12") {
  const CoqExport main = exported(stored("fang2022/main-d2k3.json"));
  REQUIRE(main.theorems == std::vector<std::string>{"main_d2k3_identity"});
  CHECK(has(main, "Theorem main_d2k3_identity : forall x0 x1 : R, main_d2k3_Tc x0 x1 = "
                  "((((1 - (2 * x0)) + ((3 * x0) * x1)) + (((1 / 2) * (x0 ^ 2)) * x1)) - (x1 ^ 3)).\n"));
  CHECK(exported(with_unknown_step(stored("fang2022/main-d2k3.json"), "F-C7")).theorems.empty());
  CHECK(exported(stored("fang2022/one-token-x1sq-x2.json")).theorems == std::vector<std::string>{"one_token_x1sq_x2_states"});
  const CoqExport w2 = exported(stored("fang2022/w2-cube-blocks.json"));
  CHECK(w2.theorems == std::vector<std::string>{"w2_cube_blocks_output", "w2_cube_blocks_W2_refuted"});
  CHECK(has(w2, "= x0 ^ 27.\n"));
  CHECK(exported(stored("fang2022/unreduced-d2k3.json")).theorems == std::vector<std::string>{"unreduced_d2k3_identity"});
  CHECK(exported(stored("fang2022/size-table.json")).theorems == std::vector<std::string>{"size_table_closed_forms"});
  CHECK(exported(stored("fang2022/conditioning.json")).theorems.empty());
  CHECK(exported(stored("fang2022/tempered-d1k3.json")).theorems.empty());
}

TEST_CASE("coq conclusions: Kajitsuka Proposition 1 by kajitsuka_prop1_assembly (p = 1)") {
  const CoqExport e = exported(stored("kajitsuka2024/prop1-ka-d1n2-inst.json"));
  REQUIRE(e.theorems == std::vector<std::string>{"prop1_ka_d1n2_inst_proposition_1"});
  // omega(delta/2) = Lip grid / 2 = 2 * (1/4) / 2 = 1/4; tau = d n 10^-20 = 2 * 10^-20; eps = 5/2.
  CHECK(has(e, "  dfbar <= (1 / 4) ->"));
  CHECK(has(e, "  Ig <= (1 / 50000000000000000000) ^ 1 ->"));
  CHECK(has(e, "  dfF <= (5 / 2).\n"));
  // The target that is not permutation equivariant: K-12 and K-16 are refuted, nothing is concluded.
  const CoqExport r = exported(stored("kajitsuka2024/prop1-ka-d1n2-not-equivariant.json"));
  CHECK(r.theorems.empty());
  CHECK(has(r, "The chain lemma is not applied: step K-12 (the good cells) is not proved"));
}
