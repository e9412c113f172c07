#include "theorems/kajitsuka2024/coq_proposition_glue.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::kajitsuka2024 {

using chain::coq_real;

namespace {

// The least multiple of 10^-20 whose p-th power is at least x >= 0 (exact integer root).
Rational root_up(const Rational& x, unsigned long p) {
  const Rational scaled = x * pow10(20 * static_cast<long>(p));
  const mpz_class target = ceil_div(scaled).num();
  mpz_class r;
  mpz_root(r.get_mpz_t(), target.get_mpz_t(), p);
  mpz_class rp;
  mpz_pow_ui(rp.get_mpz_t(), r.get_mpz_t(), p);
  if (rp < target) r += 1;
  return Rational(r) / pow10(20);
}

// p > 1: kajitsuka_prop1_assembly_root with Tp = tau^p, S^p as K-16 reports it and the root Rt
// (Tp + mu S^p <= Rt^p and omega + Rt <= eps re-checked in Coq by lra).
chain::CoqConclusion conclude_with_root(const Rational& p, const Rational& omega, const Rational& tau,
                                        const Rational& mu, const Rational& sp, const Rational& eps,
                                        const std::string& inst) {
  const long pp = p.num().get_si();
  const Rational tp = pow_int(tau, pp), rt = root_up(tp + mu * sp, static_cast<unsigned long>(pp));
  if (omega + rt > eps)
    return chain::coq_not_concluded("omega + (tau^p + mu S^p)^(1/p), rounded up to 10^-20, exceeds eps");
  const std::string OM = coq_real(omega), TP = coq_real(tp), MU = coq_real(mu), SP = coq_real(sp), RT = coq_real(rt),
                    EPS = coq_real(eps), P = p.to_string(), name = inst + "_proposition_1";
  chain::CoqConclusion c;
  c.modules = {"KajitsukaChain"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Kajitsuka Proposition 1 for this instance (p = {P}) by [KajitsukaChain.kajitsuka_prop1_assembly_root]:\n"
      "    omega(delta/2) = {OM}, tau^p = {TP} (K-12, tau = dn 10^-20), mu = {MU}, S^p = {SP} (K-16), eps = {EPS},\n"
      "    and Rt = {RT}, the least multiple of 10^-20 with Rt^p >= tau^p + mu S^p. *)\n"
      "Lemma leaf_prop1_root : {TP} + {MU} * {SP} <= {RT} ^ {P}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_prop1_budget : {OM} + {RT} <= {EPS}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "(** dfF = d_p(f, F), dfbar = d_p(f, bar f), dbarF = d_p(bar f, F); the integral split over good cells\n"
      "    (Ig) and the bad set (Ib) and Minkowski are hypotheses (measure theory is not in Coq). *)\n"
      "Theorem {name} : forall dfF dfbar dbarF Ig Ib : R,\n"
      "  dfF <= dfbar + dbarF ->  (* Minkowski *)\n"
      "  dfbar <= {OM} ->  (* step 1: omega(delta/2), the quantisation error *)\n"
      "  0 <= dbarF -> dbarF ^ {P} = Ig + Ib ->\n"
      "  Ig <= {TP} ->  (* K-12 (NET): tau^p *)\n"
      "  Ib <= {MU} * {SP} ->  (* steps 3-4: bad-set measure times S^p (K-14, K-15) *)\n"
      "  dfF <= {EPS}.\n"
      "Proof.\n"
      "  intros dfF dfbar dbarF Ig Ib HM H1 H0 Hs Hg Hb.\n"
      "  exact (kajitsuka_prop1_assembly_root {P} dfF dfbar dbarF {OM} Ig Ib {TP} {MU} {SP} {RT} {EPS} ltac:(lia) HM H1 H0 Hs\n"
      "           Hg Hb ltac:(lra) leaf_prop1_root leaf_prop1_budget).\n"
      "Qed.\n",
      fmt::arg("P", P), fmt::arg("OM", OM), fmt::arg("TP", TP), fmt::arg("MU", MU), fmt::arg("SP", SP),
      fmt::arg("RT", RT), fmt::arg("EPS", EPS), fmt::arg("name", name));
  return c;
}

}  // namespace

// omega = Lip * grid / 2 (omega(delta/2), omega(t) = Lip t), tau = dn 10^-20 (K-12 proved),
// mu and S^p as K-16 reports them (S = S^p for p = 1, its recorded upper end). The leaves
// 0 < tau + mu S and omega + Rpower (tau + mu S) (/ INR 1) <= eps are re-checked in Coq.
chain::CoqConclusion coq_conclude_proposition_1(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                                const std::string& inst) {
  const chain::CoqStep *k12 = chain::find_coq_step(steps, "K-12"), *k16 = chain::find_coq_step(steps, "K-16");
  if (!k12 || k12->verdict != chain::Verdict::Proved)
    return chain::coq_not_concluded("step K-12 (the good cells) is not proved");
  if (!k16 || k16->verdict != chain::Verdict::Proved)
    return chain::coq_not_concluded("step K-16 (the assembly) is not proved");
  const Rational p = chain::coq_parameter(cert, "p");
  if (!p.is_integer() || p < Rational(1) || p > Rational(64))
    return chain::coq_not_concluded("p is not a natural number in 1 .. 64");
  const auto mu = chain::reported_exact(k16, "mu_dup + dn(K-1) eta");
  const auto sp = k16->reported.find("S^p");
  if (!mu || sp == k16->reported.end() || !sp->second.bounded())
    return chain::coq_not_concluded("K-16 does not report mu and S^p");
  const Rational d = chain::coq_parameter(cert, "d"), n = chain::coq_parameter(cert, "n"),
                 eps = chain::coq_parameter(cert, "eps");
  const Rational omega = chain::coq_parameter(cert, "lipschitz") * chain::coq_parameter(cert, "grid") / Rational(2);
  const Rational tau = d * n / pow_int(Rational(10), 20);
  if (p != Rational(1)) return conclude_with_root(p, omega, tau, *mu, sp->second.upper(), eps, inst);
  const std::string OM = coq_real(omega), TAU = coq_real(tau), MU = coq_real(*mu), S = coq_real(sp->second.upper()),
                    EPS = coq_real(eps), name = inst + "_proposition_1";
  chain::CoqConclusion c;
  c.modules = {"KajitsukaChain"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Kajitsuka Proposition 1 for this instance (p = 1) by [KajitsukaChain.kajitsuka_prop1_assembly]:\n"
      "    omega(delta/2) = {OM}, tau = dn 10^-20 = {TAU} (K-12), mu = {MU}, S = {S} (K-16), eps = {EPS}. *)\n"
      "Lemma leaf_prop1_positive : 0 < {TAU} ^ 1 + {MU} * {S} ^ 1.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_prop1_budget : {OM} + Rpower ({TAU} ^ 1 + {MU} * {S} ^ 1) (/ INR 1) <= {EPS}.\n"
      "Proof.\n"
      "  replace (/ INR 1) with 1 by (simpl; lra). rewrite Rpower_1 by (simpl; lra). approxcert_leaf.\n"
      "Qed.\n\n"
      "(** dfF = d_1(f, F), dfbar = d_1(f, bar f), dbarF = d_1(bar f, F); the integral split over good cells\n"
      "    (Ig) and the bad set (Ib) and Minkowski are hypotheses (measure theory is not in Coq). *)\n"
      "Theorem {name} : forall dfF dfbar dbarF Ig Ib : R,\n"
      "  dfF <= dfbar + dbarF ->  (* Minkowski *)\n"
      "  dfbar <= {OM} ->  (* step 1: omega(delta/2), the quantisation error *)\n"
      "  0 <= dbarF -> dbarF ^ 1 = Ig + Ib ->\n"
      "  Ig <= {TAU} ^ 1 ->  (* K-12 (NET) *)\n"
      "  Ib <= {MU} * {S} ^ 1 ->  (* steps 3-4: bad-set measure times the sup bound (K-14, K-15) *)\n"
      "  dfF <= {EPS}.\n"
      "Proof.\n"
      "  intros dfF dfbar dbarF Ig Ib HM H1 H0 Hs Hg Hb.\n"
      "  exact (kajitsuka_prop1_assembly 1 dfF dfbar dbarF {OM} Ig Ib {TAU} {MU} {S} {EPS} ltac:(lia) HM H1 H0 Hs Hg Hb\n"
      "           leaf_prop1_positive leaf_prop1_budget).\n"
      "Qed.\n",
      fmt::arg("OM", OM), fmt::arg("TAU", TAU), fmt::arg("MU", MU), fmt::arg("S", S), fmt::arg("EPS", EPS),
      fmt::arg("name", name));
  return c;
}

}  // namespace approxcert::theorems::kajitsuka2024
