#include "theorems/fang2022/coq_glue.hpp"

#include <fmt/format.h>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::fang2022 {

using chain::coq_real;

// F-C13-i gives sup |B_n f - f| <= U (U its recorded upper bound); the leaves U <= L / sqrt n and
// L / sqrt n <= eps (d = 2, so L d / (2 sqrt n) = L / sqrt n; written L / m when n = m^2, which
// `interval` cannot decide at equality) are re-checked; F-C13-ii (T_c = B_n f) is a hypothesis.
chain::CoqConclusion coq_conclude_bernstein(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  const chain::CoqStep *sup = chain::find_coq_step(steps, "F-C13-i"), *identity = chain::find_coq_step(steps, "F-C13-ii");
  if (!sup || sup->verdict != chain::Verdict::Proved || !sup->lhs.bounded())
    return chain::coq_not_concluded("step F-C13-i (the certified sup |B_n f - f|) is not proved");
  const bool network = identity != nullptr;
  if (network && identity->verdict != chain::Verdict::Proved)
    return chain::coq_not_concluded("step F-C13-ii (T_c = B_n f) is not proved");
  const Rational L = chain::coq_parameter(cert, "lipschitz"), n = chain::coq_parameter(cert, "n"),
                 eps = chain::coq_parameter(cert, "eps");
  if (!n.is_integer() || n.sign() <= 0 || L.sign() < 0) return chain::coq_not_concluded("n is not a positive integer or L < 0");
  const mpz_class root = sqrt(n.num());
  const std::string bound = root * root == n.num() ? "(" + coq_real(L) + " / " + root.get_str() + ")"
                                                   : "(" + coq_real(L) + " / sqrt " + n.num().get_str() + ")";
  const std::string U = coq_real(sup->lhs.upper()), EPS = coq_real(eps), name = inst + "_bernstein";
  const std::string T = network ? "T" : "B";
  chain::CoqConclusion c;
  c.modules = {"FangGlue"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Fang F-C13 for this instance: [FangGlue.fang_bernstein_transfer] with U = {U} (upper bound of\n"
      "    F-C13-i), the Bernstein bound L d / (2 sqrt n) = {bound} (F10b, d = 2) and eps = {EPS}. *)\n"
      "Lemma leaf_fang_sup_le_bernstein : {U} <= {bound}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_fang_bernstein_le_eps : {bound} <= {EPS}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Theorem {name} : forall ({binders} : R -> R -> R),\n"
      "{identity_hyp}"
      "  (forall x y, 0 <= x <= 1 /\\ 0 <= y <= 1 -> Rabs (B x y - f x y) <= {U}) ->  (* F-C13-i (sup-norm engine) *)\n"
      "  forall x y, 0 <= x <= 1 /\\ 0 <= y <= 1 -> Rabs ({T} x y - f x y) <= {EPS}.\n"
      "Proof.\n"
      "  intros {binders} {intro_id}Hsup.\n"
      "  exact (fang_bernstein_transfer {T} B f (fun x y => 0 <= x <= 1 /\\ 0 <= y <= 1) {U} {bound} {EPS}\n"
      "           {identity_arg} Hsup leaf_fang_sup_le_bernstein leaf_fang_bernstein_le_eps).\n"
      "Qed.\n",
      fmt::arg("U", U), fmt::arg("bound", bound), fmt::arg("EPS", EPS), fmt::arg("name", name), fmt::arg("T", T), fmt::arg("binders", network ? "T B f" : "B f"),
      fmt::arg("identity_hyp", network ? "  (forall x y, T x y = B x y) ->  (* F-C13-ii (polynomial identity) *)\n" : ""),
      fmt::arg("intro_id", network ? "Hid " : ""), fmt::arg("identity_arg", network ? "Hid" : "(fun x y => eq_refl)"));
  return c;
}

}  // namespace approxcert::theorems::fang2022
