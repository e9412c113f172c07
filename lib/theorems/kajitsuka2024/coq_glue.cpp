#include "theorems/kajitsuka2024/coq_glue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string_view>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::kajitsuka2024 {

using chain::coq_real;

chain::StepSpec with_coq_proof(chain::StepSpec spec) {
  std::string_view id = spec.coq_lemma;
  if (id.starts_with("kajitsuka_")) id.remove_prefix(10);
  auto set = [&spec](std::string lemma, std::string note) {
    spec.coq_proof = std::move(lemma);
    spec.coq_note = std::move(note);
  };
  if (id == "K_7" || id == "K_8" || id == "K_9" || id == "K_9n" || id == "K_10")
    set("KajitsukaChain.kajitsuka_contextual_mapping", "K-7, K-8, K-9 as hypotheses; K-10 its conclusion");
  else if (id == "K_5" || id == "K_6") set("KajitsukaChain.kajitsuka_lemma_B_to_eq10", "K-5 (Lemma B) implies K-6");
  else if (id == "K_9P") set("KajitsukaChain.kajitsuka_same_token_separation", "delta_R from Lemma B");
  else if (id == "K_16" || id == "P1_K12" || id == "P1_K14")
    set("KajitsukaChain.kajitsuka_prop1_assembly", "K-12, K-14 and the bad-set measure as hypotheses");
  else set("", "exact, exhaustive or network check in C++ (or an erratum), not in Coq");
  return spec;
}

// Theorem 2: K-7, K-8, K-9 (certified; hypotheses) combined by
// KajitsukaChain.kajitsuka_contextual_mapping into the (r, delta)-contextual mapping of K-10; the two
// leaves delta <= eps/2 and delta <= delta_R' are re-checked in Coq over the recorded rationals.
chain::CoqConclusion coq_conclude_theorem_2(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  const chain::CoqStep* k7 = chain::find_coq_step(steps, "K-7");
  const chain::CoqStep* k8 = chain::find_coq_step(steps, "K-8");
  const chain::CoqStep* k9 = chain::find_coq_step(steps, "K-9");
  const chain::CoqStep* k10 = chain::find_coq_step(steps, "K-10");
  for (const chain::CoqStep* s : {k7, k8, k10})
    if (!s || s->verdict != chain::Verdict::Proved)
      return chain::coq_not_concluded("K-7, K-8 or K-10 is missing or not proved in the certificate");
  if (k9 && k9->verdict != chain::Verdict::Proved)
    return chain::coq_not_concluded("K-9 is not proved in the certificate");
  if (!k7->rhs.bounded() || !k10->rhs.bounded() || (k9 && !k9->lhs.bounded()))
    return chain::coq_not_concluded("an enclosure of K-7, K-9 or K-10 is unbounded");
  const Rational eps = chain::coq_parameter(cert, "grid");
  // delta_R': the certified lower end of the smallest same-token separation (K-9); without
  // same-token pairs the K-9 hypothesis is vacuous and eps/2 serves.
  Rational r = k7->rhs.upper(), delta = k10->rhs.lower(), dR = k9 ? k9->lhs.lower() : eps / Rational(2);
  // At the paper's lambda these have thousands of digits: state them as decimals rounded in the
  // direction that keeps the statement implied by the certificate (r up, delta_R' and delta down).
  const bool decimal =
      std::max({coq_real(r).size(), coq_real(delta).size(), coq_real(dR).size()}) > chain::kCoqShortSpelling;
  std::string half_eps_proof = "approxcert_leaf";
  std::string R, DR, DELTA;
  const std::string EPS = coq_real(eps);
  if (decimal) {
    using chain::CoqRounding, chain::coq_decimal, chain::round_decimal;
    r = round_decimal(r, CoqRounding::Up, 20);
    delta = round_decimal(delta, CoqRounding::Down, 20);
    dR = round_decimal(dR, CoqRounding::Down, 20);
    const Rational half = round_decimal(eps / Rational(2), CoqRounding::Down, 20);
    if (!(delta <= half && delta <= dR))
      return chain::coq_not_concluded(
          "the decimals of delta, eps/2 and delta_R' do not decide delta <= eps/2 and delta <= delta_R'");
    R = coq_decimal(r), DR = coq_decimal(dR), DELTA = coq_decimal(delta);
    // delta <= (eps/2 rounded down: a short decimal) <= eps / 2
    half_eps_proof = "apply Rle_trans with " + coq_decimal(half) + "; [approxcert_leaf | sci_small]";
  } else {
    R = coq_real(r), DR = coq_real(dR), DELTA = coq_real(delta);
  }
  const std::string name = inst + "_theorem_2";
  chain::CoqConclusion c;
  c.modules = {"KajitsukaChain"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Kajitsuka Theorem 2 for this instance: K-7, K-8, K-9 (certified by approxcert, hypotheses here)\n"
      "    combined by [KajitsukaChain.kajitsuka_contextual_mapping]: an (r, delta)-contextual mapping with\n"
      "    r = {R} (K-7), eps = {EPS}, delta = {DELTA} (a lower bound of K-10's delta), and delta_R' = {DR}\n"
      "    (K-9's certified smallest same-token separation). *)\n"
      "Lemma leaf_thm2_delta_eps : {DELTA} <= {EPS} / 2.\n"
      "Proof. {HALF}. Qed.\n\n"
      "Lemma leaf_thm2_delta_dR : {DELTA} <= {DR}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Theorem {name} : forall (M : nat) (token set : nat -> nat) (norm : nat -> R) (dist : nat -> nat -> R),\n"
      "  (forall i, (i < M)%nat -> norm i <= {R}) ->  (* K-7 (NET) *)\n"
      "  (forall i j, (i < M)%nat -> (j < M)%nat -> token i <> token j -> {EPS} / 2 <= dist i j) ->  (* K-8 (NET) *)\n"
      "  (forall i j, (i < M)%nat -> (j < M)%nat -> token i = token j -> set i <> set j -> {DR} <= dist i j) ->  (* K-9 *)\n"
      "  (forall i, (i < M)%nat -> norm i <= {R}) /\\\n"
      "  (forall i j, (i < M)%nat -> (j < M)%nat -> (token i <> token j \\/ set i <> set j) -> {DELTA} <= dist i j).\n"
      "Proof.\n"
      "  intros M token set norm dist H7 H8 H9.\n"
      "  exact (kajitsuka_contextual_mapping M token set norm dist {R} {EPS} {DR} {DELTA} H7 H8 H9\n"
      "           leaf_thm2_delta_eps leaf_thm2_delta_dR).\n"
      "Qed.\n",
      fmt::arg("R", R), fmt::arg("EPS", EPS), fmt::arg("DR", DR), fmt::arg("DELTA", DELTA), fmt::arg("name", name),
      fmt::arg("HALF", half_eps_proof));
  return c;
}

}  // namespace approxcert::theorems::kajitsuka2024
