// The Coq conclusions of the theorem modules (docs/proofs.md, "approxcert coq"): Altabaa Theorems
// 2.1, 3.1, 4.1 and Lemma 3.1 (altabaa2024/coq_glue.hpp), Yun's final assembly (yun2020/coq_glue.hpp)
// and Fang's Bernstein corollary (fang2022/coq_glue.hpp), exported from the stored certificates.
// The numbers the exports must state are computed here by hand from the papers' closed forms
// (independent of the modules); a certificate whose deciding step is not proved concludes nothing.
// (coqc compiles these exports in ctest proofs.coq_all_subset and proofs.coq_all.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include <gmpxx.h>
#include <mpfr.h>

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
  REQUIRE(e.theorems ==
          std::vector<std::string>{"ya_restatement_j_y13", "ya_restatement_j_steps_1_2", "ya_restatement_j_theorem_2"});
  // omega = Lip delta = 2 * 1/4 = 1/2 (parameters lipschitz = 2, delta = 1/4), p = 1, eps = 3.
  CHECK(has(e, "  dffbar <= (1 / 2) ->"));
  CHECK(has(e, "  0 <= dfbarg -> dfbarg ^ 1 <= "));
  CHECK(has(e, "  dfg <= 3.\n"));
  // Y-A has no softmax network, hence no Y-E2E: Y-13 and Steps 1-2 only, and the export says why.
  const CoqExport t = exported(stored("yun2020/ya-tight.json"));
  CHECK(t.theorems == std::vector<std::string>{"ya_tight_y13", "ya_tight_steps_1_2"});
  CHECK(has(t, "The final assembly (spec 6) is not concluded: the certificate has no end-to-end step Y-E2E"));
  CHECK(exported(with_unknown_step(cert, "Y-E2E")).theorems ==
        std::vector<std::string>{"ya_restatement_j_y13", "ya_restatement_j_steps_1_2"});

  // p = 2: R is the least multiple of 10^-20 with R^2 >= T_3 (checked here in exact rationals; the
  // recorded decimal root of Y-E2E is rounded separately and may fall a hair below sqrt(T_3)).
  const CoqExport p2 = exported(stored("yun2020/ya-restatement-j-p2.json"));
  REQUIRE(p2.theorems == std::vector<std::string>{"ya_restatement_j_p2_y13", "ya_restatement_j_p2_steps_1_2",
                                                  "ya_restatement_j_p2_theorem_2"});
  std::smatch m;
  const std::regex leaf(R"(Lemma leaf_e2e_root : \((\d+) / (\d+)\) <= \((\d+) / (\d+)\) \^ 2\.)");
  REQUIRE(std::regex_search(p2.text, m, leaf));
  const Rational T = parse_rational(m[1].str() + "/" + m[2].str()), Rt = parse_rational(m[3].str() + "/" + m[4].str());
  const Rational ulp = pow_int(Rational(10), -20);
  CHECK(Rt * Rt >= T);
  CHECK((Rt - ulp) * (Rt - ulp) < T);
}

TEST_CASE(
    "coq conclusions: Yun Theorem 3 end to end on the domain when the positional softmax network is certified (Y-E2E)") {
  // pe-ya-restatement-j-softmax: Lip = 5/4, delta = 1/4 (omega = 5/16), p = 1, eps = 1, a = 0.
  const nlohmann::json cert = stored("yun2020/pe-ya-restatement-j-softmax.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems ==
          std::vector<std::string>{"pe_ya_restatement_j_softmax_steps_1_2", "pe_ya_restatement_j_softmax_theorem_3"});
  CHECK(has(e, "Yun Theorem 3, end to end (spec 6 step 5)"));
  CHECK(has(e, "on the domain [0,1]^(d x n)"));
  CHECK(has(e, "  dffbar <= (5 / 16) ->"));
  CHECK(has(e, "  dfg <= 1.\n"));
  CHECK(exported(with_unknown_step(cert, "Y-E2E")).theorems ==
        std::vector<std::string>{"pe_ya_restatement_j_softmax_steps_1_2"});
  // Without the softmax network: Steps 1-2 only, and the export says why.
  const CoqExport h = exported(stored("yun2020/pe-ya-restatement-j.json"));
  CHECK(h.theorems == std::vector<std::string>{"pe_ya_restatement_j_steps_1_2"});
  CHECK(has(h, "The final assembly (spec 6) is not concluded: the certificate has no end-to-end step Y-E2E"));
}

TEST_CASE("coq conclusions: Yun Steps 1-2 on the hardmax network by yun_final_assembly, with or without softmax") {
  // Y-A, f(x0, x1) = (x0/2 + (x0+x1)/4, x1/2 + (x0+x1)/4), delta = 1/4, p = 1, Lip = 2, eps = 3. The
  // duplicate cells are L = (a, a), a in {0, 1/4, 1/2, 3/4}, of volume 1/16, where f(L) = (a, a):
  // D = (1/16) * sum 2a = 3/16; omega = Lip delta = 1/2; 1/2 + 3/16 <= 2 eps / 3 = 2.
  const nlohmann::json tight = stored("yun2020/ya-tight.json");
  const CoqExport t = exported(tight);
  CHECK(has(t, "Lemma leaf_steps12_root : (3 / 16) <= (3 / 16) ^ 1."));  // p = 1: R = D (a multiple of 10^-20)
  CHECK(has(t, "Lemma leaf_steps12_budget : (1 / 2) + (3 / 16) <= 2."));
  CHECK(has(t, "  dffbar <= (1 / 2) ->"));
  CHECK(has(t, "  0 <= dfbarg -> dfbarg ^ 1 <= (3 / 16) ->"));
  CHECK(has(t, "Theorem ya_tight_steps_1_2 : forall dfg dffbar dfbarg : R,"));
  CHECK(has(t, "  dfg <= 2.\n"));
  // The same instance with eps = 1: 11/16 > 2/3, so only the certified bound is concluded.
  nlohmann::json small = tight;
  small["parameters"]["eps"] = "1";
  const CoqExport s = exported(small);
  CHECK(has(s, "  dfg <= (1 / 2) + (3 / 16).\n"));
  CHECK(has(s, "above 2 eps / 3: only the certified bound"));
  // p = 2 (ya-restatement-j-p2, Lip = 3/2): D = (1/16) * sum 2a^2 = 7/64, omega = 3/8.
  const CoqExport p2 = exported(stored("yun2020/ya-restatement-j-p2.json"));
  CHECK(has(p2, "  dffbar <= (3 / 8) ->"));
  CHECK(has(p2, "  0 <= dfbarg -> dfbarg ^ 2 <= (7 / 64) ->"));
  CHECK(has(p2, "Lemma leaf_steps12_budget : (3 / 8) + "));
  // Y-12 refuted (E1 with the recalled J): bar g is nonzero on an out-of-range cell; Y-13 only.
  const CoqExport r = exported(stored("yun2020/ya-e1-recalled-j.json"));
  CHECK(r.theorems == std::vector<std::string>{"ya_e1_recalled_j_y13"});
  CHECK(has(r, "Steps 1-2 on the hardmax network (Lemma 8 + Proposition 4) are not concluded: step Y-12 is refuted"));
  CHECK(exported(with_unknown_step(tight, "Y-12")).theorems == std::vector<std::string>{"ya_tight_y13"});
  CHECK(exported(with_unknown_step(tight, "Y-14")).theorems == std::vector<std::string>{"ya_tight_y13"});
}

TEST_CASE("coq conclusions: Altabaa Theorem 5.1 concludes the paper's strict < eps when the A7 budget is below eps") {
  // Instance A: n = 3 keys, beta = 16955/32, eta = 1/50, eps_1 = 1/200, D = 1: the budget
  // 2 exp(-beta (eta - 2 eps_1)) = 2 exp(-16955/3200), enclosed here with MPFR at 256 bits.
  const auto budget_vs = [](mpfr_rnd_t rounding, const mpq_class& q) {  // sign of (budget rounded) - q
    mpfr_t x;
    mpfr_init2(x, 256);
    mpfr_set_si(x, -16955, rounding);
    mpfr_div_si(x, x, 3200, rounding);
    mpfr_exp(x, x, rounding);
    mpfr_mul_si(x, x, 2, rounding);
    const int sign = mpfr_cmp_q(x, q.get_mpq_t());
    mpfr_clear(x);
    return sign;
  };
  CHECK(budget_vs(MPFR_RNDU, mpq_class(1, 100)) < 0);     // strictly below eps ...
  CHECK(budget_vs(MPFR_RNDD, mpq_class(99, 10000)) > 0);  // ... by less than 1%
  const nlohmann::json cert = stored("altabaa2024/thm51-instance-a.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"thm51_instance_a_theorem_5_1"});
  CHECK(has(
      e,
      "Lemma leaf_thm51_a7_budget : (INR 3 - 1) * exp (- ((16955 / 32) * ((1 / 50) - 2 * (1 / 200)))) * 1 < (1 / 100)."));
  CHECK(has(e, "Rabs (attention (16955 / 32) s v 3 - v i) < (1 / 100)."));
  CHECK(has(e, "altabaa_thm51_retrieval (16955 / 32) s u v 3 i"));
  // A7 recorded up to eps itself: only the chain lemma's <= eps.
  nlohmann::json at_eps = cert;
  for (auto& st : at_eps["steps"])
    if (st["id"] == "A7") st["lhs"]["upper"] = "0.01";
  const CoqExport le = exported(at_eps);
  CHECK(has(le, "Rabs (attention (16955 / 32) s v 3 - v i) <= (1 / 100)."));
  CHECK(has(le, "altabaa_thm51_retrieval_eps (16955 / 32) s u v 3 i"));
}

TEST_CASE("coq conclusions: Fang F-C13 by fang_bernstein_transfer, with and without the network") {
  // n = 2 with the network: T_c = B_n f is a lemma proved by program_identity (no longer a
  // hypothesis); B_n f and f are concrete; the bound L d / (2 sqrt n) = 1 / sqrt 2.
  const CoqExport two = exported(stored("fang2022/bernstein-n2.json"));
  REQUIRE(two.theorems == std::vector<std::string>{"bernstein_n2_bernstein"});
  CHECK(has(two, "Lemma leaf_fang_bernstein_le_eps : (1 / sqrt 2) <= (442 / 625)."));
  CHECK(has(two,
            "Lemma bernstein_n2_Tc_eq_B : forall x0 x1 : R, bernstein_n2_Tc x0 x1 = bernstein_n2_B x0 x1.\n"
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

TEST_CASE(
    "coq conclusions: Fang identities by program_identity, W2 refuted, size table, none for conditioning and F-C12") {
  const CoqExport main = exported(stored("fang2022/main-d2k3.json"));
  REQUIRE(main.theorems == std::vector<std::string>{"main_d2k3_identity"});
  CHECK(has(main,
            "Theorem main_d2k3_identity : forall x0 x1 : R, main_d2k3_Tc x0 x1 = "
            "((((1 - (2 * x0)) + ((3 * x0) * x1)) + (((1 / 2) * (x0 ^ 2)) * x1)) - (x1 ^ 3)).\n"));
  CHECK(exported(with_unknown_step(stored("fang2022/main-d2k3.json"), "F-C7")).theorems.empty());
  CHECK(exported(stored("fang2022/one-token-x1sq-x2.json")).theorems ==
        std::vector<std::string>{"one_token_x1sq_x2_states"});
  const CoqExport w2 = exported(stored("fang2022/w2-cube-blocks.json"));
  CHECK(w2.theorems == std::vector<std::string>{"w2_cube_blocks_output", "w2_cube_blocks_W2_refuted"});
  CHECK(has(w2, "= x0 ^ 27.\n"));
  CHECK(exported(stored("fang2022/unreduced-d2k3.json")).theorems ==
        std::vector<std::string>{"unreduced_d2k3_identity"});
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
