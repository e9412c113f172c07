// Coq conclusions of Altabaa Theorems 2.1 and 4.1 (coq_glue.hpp): the chain lemmas of
// proofs/AltabaaKernel.v applied to the certificate's recorded numbers; the closing budgets are
// re-checked in Coq as leaves over the exact rationals.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/coq_text.hpp"
#include "theorems/altabaa2024/coq_glue.hpp"

namespace approxcert::theorems::altabaa2024 {

using chain::coq_real;

namespace {

bool proved(const chain::CoqStep* s) { return s && s->verdict == chain::Verdict::Proved; }

// The exact value of one side, if the recorded enclosure is a point.
std::optional<Rational> exact_side(const chain::Enclosure& e) {
  if (!e.is_exact()) return std::nullopt;
  return e.lower();
}

// A positive integer that Coq can write as a nat literal without unfolding cost (N features).
std::optional<std::string> small_count(const std::optional<Rational>& q) {
  if (!q || !q->is_integer() || q->sign() <= 0 || *q > Rational(100000)) return std::nullopt;
  return q->num().get_str();
}

}  // namespace

// Theorem 2.1: S1-S3 and the two halves of the budget combined by AltabaaKernel.altabaa_thm21_eps.
// T1 is S1's recorded upper bound, eps_NN and C the exact right-hand sides of S2 and S3, N the
// number of features (S1 reports it; otherwise S6 / S5, which must be an integer).
chain::CoqConclusion coq_conclude_theorem_2_1(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                              const std::string& inst) {
  const chain::CoqStep *s1 = chain::find_coq_step(steps, "S1"), *s2 = chain::find_coq_step(steps, "S2"),
                       *s3 = chain::find_coq_step(steps, "S3"), *s5 = chain::find_coq_step(steps, "S5"),
                       *s6 = chain::find_coq_step(steps, "S6");
  if (!proved(s1) || !proved(s2) || !proved(s3) || !proved(s6))
    return chain::coq_not_concluded("steps S1, S2, S3 and S6 are not all proved in the certificate");
  if (!s1->lhs.bounded()) return chain::coq_not_concluded("S1 records no finite tail T_1");
  const auto e = exact_side(s2->rhs), C = exact_side(s3->rhs);
  if (!e || !C) return chain::coq_not_concluded("S2 or S3 does not record an exact eps_NN or C");
  std::optional<Rational> count = chain::reported_exact(s1, "N");
  if (!count && s5 && s6->lhs.is_exact() && s5->rhs.is_exact() && s5->rhs.lower().sign() > 0)
    count = s6->lhs.lower() / s5->rhs.lower();
  const auto N = small_count(count);
  if (!N) return chain::coq_not_concluded("the number of features N is not recorded as a positive integer");
  const Rational eps = chain::coq_parameter(cert, "eps");
  const std::string T1 = coq_real(s1->lhs.upper()), E = coq_real(*e), CC = coq_real(*C), EPS = coq_real(eps);
  const std::string name = inst + "_theorem_2_1";
  chain::CoqConclusion c;
  c.modules = {"AltabaaKernel"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Altabaa Theorem 2.1 for this instance: S1-S7 combined by [AltabaaKernel.altabaa_thm21_eps].\n"
      "    N = {N} features, T_1 = {T1} (upper bound of S1), eps_NN = {E} (S2), C = {C} (S3), eps = {EPS}. *)\n"
      "Lemma leaf_thm21_tail_budget : {T1} <= {EPS} / 2.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "(** S6, the network budget itself: [N (2 C eps_NN + eps_NN^2) <= eps / 2]. *)\n"
      "Lemma leaf_thm21_network_budget : INR {N} * (2 * {C} * {E} + {E} ^ 2) <= {EPS} / 2.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Theorem {name} : forall (X : Type) (K : X -> X -> R) (g psi : nat -> X -> R),\n"
      "  (forall x y, Rabs (K x y - rsum (fun i => g i x * g i y) {N}) <= {T1}) ->  (* S1 (CF: the Mercer tail) *)\n"
      "  (forall i x, (i < {N})%nat -> Rabs (g i x - psi i x) <= {E}) ->  (* S2 (NET: sup-norm engine) *)\n"
      "  (forall i x, (i < {N})%nat -> Rabs (g i x) <= {C}) ->  (* S3 (CF) *)\n"
      "  forall x y, Rabs (K x y - rsum (fun i => psi i x * psi i y) {N}) <= {EPS}.\n"
      "Proof.\n"
      "  intros X K g psi HS1 HS2 HS3.\n"
      "  exact (altabaa_thm21_eps X K g psi {N} {C} {E} {T1} {EPS} HS1 HS2 HS3\n"
      "           leaf_thm21_tail_budget leaf_thm21_network_budget).\n"
      "Qed.\n",
      fmt::arg("N", *N), fmt::arg("T1", T1), fmt::arg("E", E), fmt::arg("C", CC), fmt::arg("EPS", EPS),
      fmt::arg("name", name));
  return c;
}

// Theorem 4.1: R1-R4 combined by AltabaaKernel.altabaa_thm41_chain; the strict total budget
// T1 + N (2 C eps_NN + eps_NN^2) < eps (R5) is re-checked in Coq. C is the bound R4 reports.
chain::CoqConclusion coq_conclude_theorem_4_1(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                              const std::string& inst) {
  const chain::CoqStep *r1 = chain::find_coq_step(steps, "R1"), *r2 = chain::find_coq_step(steps, "R2"),
                       *r4 = chain::find_coq_step(steps, "R4"), *r5 = chain::find_coq_step(steps, "R5");
  if (!proved(r1) || !proved(r2) || !proved(r4) || !proved(r5))
    return chain::coq_not_concluded("steps R1, R2, R4 and R5 are not all proved in the certificate");
  if (!r1->lhs.bounded()) return chain::coq_not_concluded("R1 records no finite tail");
  const auto e = exact_side(r2->rhs);
  const auto C = chain::reported_exact(r4, "C");
  const auto N = small_count(chain::reported_exact(r1, "N"));
  if (!e || !C || !N) return chain::coq_not_concluded("R1, R2 or R4 does not record an exact N, eps_NN or C");
  const Rational eps = chain::coq_parameter(cert, "eps");
  const std::string T1 = coq_real(r1->lhs.upper()), E = coq_real(*e), CC = coq_real(*C), EPS = coq_real(eps);
  const std::string name = inst + "_theorem_4_1";
  chain::CoqConclusion c;
  c.modules = {"AltabaaKernel"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Altabaa Theorem 4.1 for this instance: R1-R5 combined by [AltabaaKernel.altabaa_thm41_chain].\n"
      "    N = {N} features, T_1 = {T1} (R1), eps_NN = {E} (R2), C = {C} (reported by R4), eps = {EPS}. *)\n"
      "Lemma leaf_thm41_budget : {T1} + INR {N} * (2 * {C} * {E} + {E} ^ 2) < {EPS}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Theorem {name} : forall (X : Type) (K : X -> X -> R) (a b p q : nat -> X -> R),\n"
      "  (forall x y, Rabs (K x y - rsum (fun i => a i x * b i y) {N}) <= {T1}) ->  (* R1 (CF: the feature tail) *)\n"
      "  (forall i x, (i < {N})%nat -> Rabs (a i x) <= {C}) ->  (* CF: |a_i| <= C *)\n"
      "  (forall i y, (i < {N})%nat -> Rabs (b i y) <= {C}) ->  (* CF: |b_i| <= C *)\n"
      "  (forall i x, (i < {N})%nat -> Rabs (a i x - p i x) <= {E}) ->  (* R2 (NET) *)\n"
      "  (forall i y, (i < {N})%nat -> Rabs (b i y - q i y) <= {E}) ->  (* R2 (NET) *)\n"
      "  forall x y, Rabs (K x y - rsum (fun i => p i x * q i y) {N}) < {EPS}.\n"
      "Proof.\n"
      "  intros X K a b p q HR1 Ha Hb Hp Hq x y.\n"
      "  apply (Rle_lt_trans _ ({T1} + INR {N} * (2 * {C} * {E} + {E} ^ 2))).\n"
      "  - exact (altabaa_thm41_chain X K a b p q {N} {C} {E} {T1} HR1 Ha Hb Hp Hq x y).\n"
      "  - exact leaf_thm41_budget.\n"
      "Qed.\n",
      fmt::arg("N", *N), fmt::arg("T1", T1), fmt::arg("E", E), fmt::arg("C", CC), fmt::arg("EPS", EPS),
      fmt::arg("name", name));
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
