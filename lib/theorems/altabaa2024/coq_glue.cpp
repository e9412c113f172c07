#include "theorems/altabaa2024/coq_glue.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::altabaa2024 {

using chain::coq_real;

// Altabaa Theorem 5.1: A1-A7 combined by AltabaaSoftmax.altabaa_thm51_retrieval (the paper's strict
// < eps when the A7 budget is strictly below eps) or altabaa_thm51_retrieval_eps (<= eps); the A7
// budget itself is re-checked by `interval` over the exact beta, eta, eps_1, D, eps.
chain::CoqConclusion coq_conclude_theorem_5_1(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                              const std::string& inst) {
  const chain::CoqStep* a4 = chain::find_coq_step(steps, "A4");
  const chain::CoqStep* a7 = chain::find_coq_step(steps, "A7");
  if (!a7 || a7->verdict != chain::Verdict::Proved)
    return chain::coq_not_concluded("step A7 is not proved in the certificate");
  const auto beta = chain::reported_exact(a7, "beta");
  const auto D = chain::reported_exact(a7, "D_Y");
  const auto gamma = chain::reported_exact(a4, "eta - 2 eps_1");
  if (!beta || !D || !gamma)
    return chain::coq_not_concluded("A7 or A4 does not report an exact beta, D_Y or eta - 2 eps_1");
  const std::size_t n = chain::coq_parameter_array_size(cert, "y");
  const Rational eta = chain::coq_parameter(cert, "eta"), eps = chain::coq_parameter(cert, "eps");
  const Rational eps1 = (eta - *gamma) / Rational(2);
  const std::string B = coq_real(*beta), E1 = coq_real(eps1), ETA = coq_real(eta), DD = coq_real(*D),
                    EPS = coq_real(eps);
  const std::string name = inst + "_theorem_5_1";
  // The paper's strict < eps when A7's recorded enclosure of the budget lies strictly below eps (the
  // leaf is re-checked by interval either way; A7 itself only claims <=).
  const bool strict = a7->lhs.bounded() && a7->lhs.upper() < eps;
  const std::string rel = strict ? "<" : "<=";
  chain::CoqConclusion c;
  c.modules = {"AltabaaSoftmax"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Altabaa Theorem 5.1 for this instance: A1-A7 combined by\n"
      "    [AltabaaSoftmax.{lemma}]. n = {n} keys, beta = {B}, eta = {ETA},\n"
      "    eps_1 = {E1} (= (eta - (eta - 2 eps_1)) / 2 from A4), D = {DD}, eps = {EPS}. *)\n"
      "Lemma leaf_thm51_beta_nonneg : 0 <= {B}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "(** A7, the closed-form budget itself: [(n-1) exp (-beta (eta - 2 eps_1)) D {rel} eps]. *)\n"
      "Lemma leaf_thm51_a7_budget : (INR {n} - 1) * exp (- ({B} * ({ETA} - 2 * {E1}))) * {DD} {rel} {EPS}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Theorem {name} : forall (s u v : nat -> R) (i : nat),\n"
      "  (i < {n})%nat ->\n"
      "  (forall k, (k < {n})%nat -> Rabs (s k - u k) <= {E1}) ->  (* A1 (NET, certified sup < eps_1) *)\n"
      "  (forall j, (j < {n})%nat -> j <> i -> u i - u j >= {ETA}) ->  (* the margin event E_eta *)\n"
      "  (forall j, (j < {n})%nat -> Rabs (v j - v i) <= {DD}) ->  (* D_Y *)\n"
      "  Rabs (attention {B} s v {n} - v i) {rel} {EPS}.\n"
      "Proof.\n"
      "  intros s u v i Hi HA1 Heta HD.\n"
      "{proof}"
      "Qed.\n",
      fmt::arg("n", n), fmt::arg("B", B), fmt::arg("ETA", ETA), fmt::arg("E1", E1), fmt::arg("DD", DD),
      fmt::arg("EPS", EPS), fmt::arg("name", name), fmt::arg("rel", rel),
      fmt::arg("lemma", strict ? "altabaa_thm51_retrieval" : "altabaa_thm51_retrieval_eps"),
      fmt::arg("proof", strict ? "  eapply Rle_lt_trans; [|exact leaf_thm51_a7_budget].\n"
                                 "  exact (altabaa_thm51_retrieval " +
                                     B + " s u v " + std::to_string(n) + " i " + E1 + " " + ETA + " " + DD +
                                     " leaf_thm51_beta_nonneg Hi HA1 Heta HD).\n"
                               : "  exact (altabaa_thm51_retrieval_eps " + B + " s u v " + std::to_string(n) + " i " +
                                     E1 + " " + ETA + " " + DD + " " + EPS +
                                     "\n           leaf_thm51_beta_nonneg Hi HA1 Heta HD leaf_thm51_a7_budget).\n"));
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
