#include "theorems/kajitsuka2024/coq_memorisation_glue.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::kajitsuka2024 {

namespace {

bool proved(const chain::CoqStep* s) { return s && s->verdict == chain::Verdict::Proved; }

// A natural number the certificate records exactly, as Coq nat text.
std::optional<std::string> nat_text(const std::optional<Rational>& q) {
  if (!q || !q->is_integer() || q->sign() < 0 || *q > Rational(1000000)) return std::nullopt;
  return q->to_string();
}

}  // namespace

chain::CoqConclusion coq_conclude_theorem_1(const nlohmann::json&, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  if (!proved(chain::find_coq_step(steps, "T1-a")) || !proved(chain::find_coq_step(steps, "T1-b")))
    return chain::coq_not_concluded("T1-a (shared max, min, mean) or T1-b (hardmax outputs agree) is not proved");
  const std::string name = inst + "_theorem_1";
  chain::CoqConclusion c;
  c.modules = {"KajitsukaChain"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Kajitsuka Theorem 1 on the witness X1 = (1,2,5,6) e, X2 = (1,3,4,6) e (T1-a, T1-b check 36 layers\n"
      "    exactly in C++; this is the general statement): for every tie rule (split, first, last), every list\n"
      "    of heads (score and value affine in the key token, KajitsukaChain) and every token-wise FF layer g,\n"
      "    labels y1 <> y2 at the token e are not both fitted. Proved in Coq, no numeric hypothesis. *)\n"
      "Theorem {name} : forall (t : tie_rule) (e : nat -> R) (heads : list hardmax_head) (g : (nat -> R) -> R) (y1 y2 : R),\n"
      "  y1 <> y2 ->\n"
      "  ~ (g (hardmax_layer_at_query t e heads witness_1) = y1 /\\ g (hardmax_layer_at_query t e heads witness_2) = y2).\n"
      "Proof. exact kajitsuka_hardmax_cannot_memorise. Qed.\n",
      fmt::arg("name", name));
  return c;
}

chain::CoqConclusion coq_conclude_corollary_1(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                              const std::string& inst) {
  const chain::CoqStep *k12 = chain::find_coq_step(steps, "K-12"), *c1 = chain::find_coq_step(steps, "C1"),
                       *c1b = chain::find_coq_step(steps, "C1b");
  if (!proved(k12) || !proved(c1) || !proved(c1b))
    return chain::coq_not_concluded("K-12 (the fit), C1 (the count) or C1b (M <= nN) is not proved");
  if (!k12->rhs.is_exact() || !c1->lhs.is_exact())
    return chain::coq_not_concluded("K-12's tau or C1's count is not exact");
  const Rational d = chain::coq_parameter(cert, "d"), n = chain::coq_parameter(cert, "n");
  const std::optional<Rational> nN = chain::reported_exact(c1, "n N");
  if (!nN || n.sign() <= 0) return chain::coq_not_concluded("C1 does not report n N");
  const auto D = nat_text(d), Nn = nat_text(n), N = nat_text(*nN / n),
             M = nat_text(chain::reported_exact(c1, "M (context ids)")), P = nat_text(c1->lhs.lower());
  if (!D || !Nn || !N || !M || !P)
    return chain::coq_not_concluded("d, n, N, M or the count is not a natural number up to 10^6");
  const std::string TAU = chain::coq_real(k12->rhs.lower()), name = inst + "_corollary_1";
  chain::CoqConclusion c;
  c.modules = {"KajitsukaChain"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Kajitsuka Corollary 1 for this instance by [KajitsukaChain.kajitsuka_memorisation]: N = {N} sequences,\n"
      "    n = {n}, d = {d}, M = {M} context ids, {P} parameters (C1, counted on the network); the fit within\n"
      "    tau = {TAU} at every entry is K-12 (NET, a hypothesis); the count leaves are checked here. *)\n"
      "Theorem {name} : forall F y : nat -> nat -> nat -> R,\n"
      "  (forall i k r, (i < {N})%nat -> (k < {n})%nat -> (r < {d})%nat -> Rabs (F i k r - y i k r) <= {TAU}) ->  (* K-12 (NET) *)\n"
      "  (forall i k r, (i < {N})%nat -> (k < {n})%nat -> (r < {d})%nat -> Rabs (F i k r - y i k r) <= {TAU}) /\\\n"
      "  ({P} <= 5 * {d} + ({n} * {N} + 1) * (2 * {d} + 1))%nat.\n"
      "Proof.\n"
      "  intros F y H12.\n"
      "  exact (kajitsuka_memorisation {N} {n} {d} {M} {P} F y {TAU} H12 eq_refl ltac:(lia)).\n"
      "Qed.\n",
      fmt::arg("name", name), fmt::arg("N", *N), fmt::arg("n", *Nn), fmt::arg("d", *D), fmt::arg("M", *M),
      fmt::arg("P", *P), fmt::arg("TAU", TAU));
  return c;
}

}  // namespace approxcert::theorems::kajitsuka2024
