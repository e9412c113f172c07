#include "theorems/yun2020/coq_glue.hpp"

#include <map>
#include <optional>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::yun2020 {

using chain::coq_real;

namespace {

struct Justification {
  std::string lemma, note;
};

// Steps named explicitly; the others by number below.
const std::map<std::string, Justification, std::less<>>& named_steps() {
  static const std::map<std::string, Justification, std::less<>> table = {
      {"yun_thm2_Y1r", {"", "exact check of the ReLU quantizer's flat pieces in C++, not in Coq"}},
      {"yun_thm2_YE3r",
       {"",
        "reported (spec E3): exact check of the quantizer on the out-of-range rays in C++; the conclusion does not use it"}},
      {"yun_thm2_YE3",
       {"",
        "reported (spec E3): the witness that d_p(f, g) is infinite over R^(d x n), ball arithmetic in C++; the conclusion (on the box B) does not use it"}},
      {"yun_thm2_YE9",
       {"",
        "reported (spec E9): the sup error on the good set, sup-norm engine in C++; the conclusion does not use it"}},
      {"yun_thm2_YS1",
       {"", "reported (spec 2.7): layer counts of the built networks, exact in C++; the conclusion does not use them"}},
      {"yun_thm2_YS2",
       {"", "reported (spec 2.7): widths of the built networks, exact in C++; the conclusion does not use them"}},
      {"yun_thm2_YS3",
       {"",
        "reported (spec 2.7): parameter counts of the built networks, exact in C++; the conclusion does not use them"}},
      {"yun_thm2_YE2E",
       {"YunVolume.yun_final_assembly", "omega from Y-14, T_3 from Y-20, the root taken in ball arithmetic"}},
  };
  return table;
}

std::optional<Justification> justification(std::string_view coq_lemma) {
  if (const auto it = named_steps().find(coq_lemma); it != named_steps().end()) return it->second;
  // Steps by number (sub-steps such as Y-5t, Y-9c share their step's justification):
  // Y-1 ... Y-12 exhaustive exact checks, Y-15 ... Y-18 network facts of Y-20, Y-19, Y-20.
  if (!coq_lemma.starts_with("yun_thm2_Y")) return std::nullopt;
  std::string_view rest = coq_lemma.substr(10);
  int number = 0;
  std::size_t k = 0;
  while (k < rest.size() && rest[k] >= '0' && rest[k] <= '9') number = number * 10 + (rest[k++] - '0');
  if (k == 0) return std::nullopt;
  if (number >= 1 && number <= 12)
    return Justification{"", "exhaustive exact check of the hardmax network in C++ (Y-1 ... Y-12), not in Coq"};
  if (number >= 15 && number <= 18)
    return Justification{"YunVolume.yun_y20_bound", "hypothesis (NET): softmax network at the grid cells, S_B"};
  if (number == 19) return Justification{"YunVolume.yun_y19_ramp_volume", ""};
  if (number == 20) return Justification{"YunVolume.yun_y20_bound", ""};
  return std::nullopt;
}

// R = m / 10^20 with m the least integer such that R^p >= t (t >= 0): an exact upper bound on
// t^(1/p) that Coq re-checks as R^p >= t. (The recorded decimal ends of Y-E2E and of T_3 are rounded
// separately, so the recorded root need not satisfy R^p >= T_3 exactly.)
Rational decimal_root_up(const Rational& t, unsigned long p) {
  const mpz_class scale = [] {
    mpz_class z;
    mpz_ui_pow_ui(z.get_mpz_t(), 10, 20);
    return z;
  }();
  mpz_class scaled_p;
  mpz_pow_ui(scaled_p.get_mpz_t(), scale.get_mpz_t(), p);
  mpz_class target = t.num() * scaled_p;  // ceil(t * 10^(20 p))
  mpz_cdiv_q(target.get_mpz_t(), target.get_mpz_t(), t.den().get_mpz_t());
  mpz_class m;
  mpz_root(m.get_mpz_t(), target.get_mpz_t(), p);
  mpz_class mp;
  mpz_pow_ui(mp.get_mpz_t(), m.get_mpz_t(), p);
  if (mp < target) m += 1;
  return Rational(mpq_class(m, scale));
}

// Yun Theorem 2, spec 6 step 5: when Y-E2E is proved, YunVolume.yun_final_assembly concludes
// d_p(f, g) <= eps from Minkowski (hypothesis), Y-14 (d_p(f, bar f) <= Lip delta) and Y-20
// (d_p(bar f, g)^p <= T_3); the root bound T_3 <= R^p (decimal_root_up) and Lip delta + R <= eps
// are re-checked in Coq. Otherwise a comment says why not.
void append_final_assembly(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                           const std::string& inst, chain::CoqConclusion& c, const std::string& theorem = "2") {
  const chain::CoqStep* e2e = chain::find_coq_step(steps, "Y-E2E");
  const auto skip = [&c](const std::string& why) {
    c.text += "\n(* The final assembly (spec 6) is not concluded: " + chain::coq_comment_text(why) + ". *)\n";
  };
  if (!e2e) return skip("the certificate has no end-to-end step Y-E2E (no softmax network in this instance)");
  if (e2e->verdict != chain::Verdict::Proved || !e2e->lhs.bounded()) return skip("step Y-E2E is not proved");
  const auto omega = chain::reported_exact(e2e, "Lip delta");
  const auto t3 = e2e->reported.find("T_3");
  if (!omega || t3 == e2e->reported.end() || !t3->second.bounded())
    return skip("Y-E2E does not report Lip delta and T_3");
  const Rational p = chain::coq_parameter(cert, "p"), eps = chain::coq_parameter(cert, "eps");
  if (!p.is_integer() || p.sign() <= 0 || p > Rational(16)) return skip("p is not a natural number from 1 to 16");
  const Rational root = decimal_root_up(t3->second.upper(), p.num().get_ui());
  const std::string OM = coq_real(*omega), T = coq_real(t3->second.upper()), RT = coq_real(root), EPS = coq_real(eps),
                    P = p.num().get_str(), name = inst + "_theorem_" + theorem;
  c.theorems.push_back(name);
  c.text += fmt::format(
      "\n(** Yun Theorem {TH}, end to end (spec 6 step 5), by [YunVolume.yun_final_assembly]: omega = Lip delta =\n"
      "    {OM} (Y-14), T_3 = {T} (upper end, Y-20), R = {RT} >= T_3^(1/p), p = {P}, eps = {EPS}. *)\n"
      "Lemma leaf_e2e_root : {T} <= {RT} ^ {P}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_e2e_root_nonneg : 0 <= {RT}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_e2e_budget : {OM} + {RT} <= {EPS}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "(** dfg = d_p(f, g), dffbar = d_p(f, bar f), dfbarg = d_p(bar f, g) on {dom} (measure theory is not in Coq:\n"
      "    Minkowski and the two certified bounds are hypotheses). *)\n"
      "Theorem {name} : forall dfg dffbar dfbarg : R,\n"
      "  dfg <= dffbar + dfbarg ->  (* Minkowski *)\n"
      "  dffbar <= {OM} ->  (* Y-14 (CF: Lemma 8, omega_(f,p)(delta) <= Lip delta) *)\n"
      "  0 <= dfbarg -> dfbarg ^ {P} <= {T} ->  (* Y-20 (CF from the NET facts Y-15 ... Y-19) *)\n"
      "  dfg <= {EPS}.\n"
      "Proof.\n"
      "  intros dfg dffbar dfbarg HM H14 H0 H20.\n"
      "  exact (yun_final_assembly dfg dffbar dfbarg {OM} {T} {RT} {EPS} {P} ltac:(lia) HM H14 H0 H20\n"
      "           leaf_e2e_root leaf_e2e_root_nonneg leaf_e2e_budget).\n"
      "Qed.\n",
      fmt::arg("OM", OM), fmt::arg("T", T), fmt::arg("RT", RT), fmt::arg("EPS", EPS), fmt::arg("P", P),
      fmt::arg("name", name), fmt::arg("TH", theorem),
      fmt::arg("dom", theorem == "3" ? "the domain [0,1]^(d x n)" : "B"));
}

// Yun Theorem 2, Steps 1-2 (Lemma 8 + Proposition 4) on the hardmax network bar g, for every
// certificate with Y-12, Y-13 and Y-14 proved (with or without a softmax network):
// YunVolume.yun_final_assembly concludes d_p(f, bar g) <= Lip delta + R, R^p >= D the exact
// duplicate-cell sum of Y-13 (which Y-12 makes d_p(bar f, bar g)^p), stated as 2 eps / 3 (the
// spec 6 budgets of Y-13e and Y-14) when that sum is within it. Otherwise a comment says why not.
void append_hardmax_assembly(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                             const std::string& inst, chain::CoqConclusion& c, const std::string& theorem = "2") {
  const chain::CoqStep *y12 = chain::find_coq_step(steps, "Y-12"), *y13 = chain::find_coq_step(steps, "Y-13"),
                       *y14 = chain::find_coq_step(steps, "Y-14");
  const auto skip = [&c](const std::string& why) {
    c.text += "\n(* Steps 1-2 on the hardmax network (Lemma 8 + Proposition 4) are not concluded: " +
              chain::coq_comment_text(why) + ". *)\n";
  };
  if (!y12 || y12->verdict == chain::Verdict::Refuted)
    return skip(
        "step Y-12 is refuted: bar g is not bar f on the grid (it is nonzero on an out-of-range cell of infinite "
        "volume, or wrong on a cell), so d_p(bar f, bar g) is not the duplicate-cell sum");
  if (y12->verdict != chain::Verdict::Proved) return skip("step Y-12 is not proved");
  if (!y13 || y13->verdict != chain::Verdict::Proved || !y13->lhs.is_exact())
    return skip("step Y-13 records no exact duplicate-cell sum");
  if (!y14 || y14->verdict != chain::Verdict::Proved || !y14->lhs.is_exact())
    return skip("step Y-14 records no exact Lip delta");
  const Rational p = chain::coq_parameter(cert, "p"), eps = chain::coq_parameter(cert, "eps");
  if (!p.is_integer() || p.sign() <= 0 || p > Rational(16)) return skip("p is not a natural number from 1 to 16");
  const Rational D = y13->lhs.lower(), omega = y14->lhs.lower();
  if (D.sign() < 0) return skip("the recorded duplicate-cell sum is negative");
  const Rational root = decimal_root_up(D, p.num().get_ui()), budget = Rational(2) * eps / Rational(3);
  const bool within = omega + root <= budget;
  const std::string OM = coq_real(omega), T = coq_real(D), RT = coq_real(root), P = p.num().get_str(),
                    B = within ? coq_real(budget) : OM + " + " + RT, name = inst + "_steps_1_2";
  c.theorems.push_back(name);
  c.text += fmt::format(
      "\n(** Yun Theorem {TH}, Steps 1-2 on the hardmax network bar g (Lemma 8 + Proposition 4), by\n"
      "    [YunVolume.yun_final_assembly]: omega = Lip delta = {OM} (Y-14), D = {T} (Y-13: the exact sum over\n"
      "    the duplicate cells of delta^(dn) ||f(L)||_p^p), R = {RT} >= D^(1/p), p = {P}; bound {B}{note}. *)\n"
      "Lemma leaf_steps12_root : {T} <= {RT} ^ {P}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_steps12_root_nonneg : 0 <= {RT}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_steps12_budget : {OM} + {RT} <= {B}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "(** dfg = d_p(f, bar g), dffbar = d_p(f, bar f), dfbarg = d_p(bar f, bar g) (measure theory is not in Coq:\n"
      "    Minkowski and the two certified facts are hypotheses). *)\n"
      "Theorem {name} : forall dfg dffbar dfbarg : R,\n"
      "  dfg <= dffbar + dfbarg ->  (* Minkowski *)\n"
      "  dffbar <= {OM} ->  (* Y-14 (CF: Lemma 8, omega_(f,p)(delta) <= Lip delta) *)\n"
      "  0 <= dfbarg -> dfbarg ^ {P} <= {T} ->  (* Y-12 (EX: bar g = bar f off the duplicate cells, 0 on them) and Y-13 *)\n"
      "  dfg <= {B}.\n"
      "Proof.\n"
      "  intros dfg dffbar dfbarg HM H14 H0 H13.\n"
      "  exact (yun_final_assembly dfg dffbar dfbarg {OM} {T} {RT} ({B}) {P} ltac:(lia) HM H14 H0 H13\n"
      "           leaf_steps12_root leaf_steps12_root_nonneg leaf_steps12_budget).\n"
      "Qed.\n",
      fmt::arg("OM", OM), fmt::arg("T", T), fmt::arg("RT", RT), fmt::arg("P", P), fmt::arg("B", B),
      fmt::arg("name", name), fmt::arg("TH", theorem),
      fmt::arg("note", within ? " = 2 eps / 3, the budgets of Y-13e and Y-14"
                              : " (above 2 eps / 3: only the certified bound)"));
}

}  // namespace

chain::StepSpec with_coq_proof(chain::StepSpec spec) {
  if (spec.coq_proof.empty() && spec.coq_note.empty())
    if (const auto j = justification(spec.coq_lemma)) {
      spec.coq_proof = j->lemma;
      spec.coq_note = j->note;
    }
  return spec;
}

// Yun Theorem 2, Y-13: the duplicate cells contribute at most fraction * max ||f(L)||_p^p, by
// YunVolume.yun_y13_duplicate_error; the exact fraction 1 - falling N n / N^n is re-checked.
chain::CoqConclusion coq_conclude_theorem_2(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  const chain::CoqStep* y13 = chain::find_coq_step(steps, "Y-13");
  if (!y13 || y13->verdict != chain::Verdict::Proved)
    return chain::coq_not_concluded("step Y-13 is not proved in the certificate");
  const auto fraction = chain::reported_exact(y13, "duplicate fraction");
  const auto fmax = chain::reported_exact(y13, "max ||f(L)||_p^p");
  if (!fraction || !fmax)
    return chain::coq_not_concluded("Y-13 does not report an exact duplicate fraction and maximum");
  const Rational d = chain::coq_parameter(cert, "d"), n = chain::coq_parameter(cert, "n"),
                 delta = chain::coq_parameter(cert, "delta");
  if (!d.is_integer() || !n.is_integer() || d.sign() <= 0 || n.sign() <= 0 || delta.sign() <= 0)
    return chain::coq_not_concluded("d and n must be positive integers and delta positive");
  if (d > Rational(8) || n > Rational(16))
    return chain::coq_not_concluded("d or n too large for an unfolded falling factorial");
  const Rational values = pow_int(Rational(1) / delta, d.num().get_si());  // N = delta^-d column values
  if (!values.is_integer() || values > Rational(4096))
    return chain::coq_not_concluded("delta^-d is not a small integer");
  if (n > values + Rational(1)) return chain::coq_not_concluded("n > N + 1: the union bound's side condition fails");
  const std::string N = values.num().get_str(), NC = n.num().get_str();
  const std::string F = coq_real(*fraction), M = coq_real(*fmax);
  const std::string name = inst + "_y13";
  chain::CoqConclusion c;
  c.modules = {"YunVolume"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Yun Y-13 for this instance: N = delta^-d = {N} column values, n = {NC} columns. The exact\n"
      "    fraction of grid cells with a repeated column, re-checked in Coq: *)\n"
      "Lemma leaf_y13_fraction : 1 - falling {N} {NC} / INR {N} ^ {NC} = {F}.\n"
      "Proof. unfold falling; simpl rprod; approxcert_leaf. Qed.\n\n"
      "Lemma leaf_y13_fmax_nonneg : 0 <= {M}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "(** The duplicate cells contribute at most [fraction * max ||f(L)||_p^p] to d_p(bar f, bar g)^p\n"
      "    ([YunVolume.yun_y13_duplicate_error]); F L = ||f(L)||_p^p, bounded by the certified maximum,\n"
      "    and the count of duplicate cells are hypotheses (enumerated in C++). *)\n"
      "Theorem {name} : forall (dup : nat -> bool) (F : nat -> R),\n"
      "  (forall L, (L < {N} ^ {NC})%nat -> dup L = true -> 0 <= F L <= {M}) ->\n"
      "  rsum (fun L => if dup L then 1 else 0) ({N} ^ {NC})%nat = INR {N} ^ {NC} - falling {N} {NC} ->\n"
      "  rsum (fun L => if dup L then / INR {N} ^ {NC} * F L else 0) ({N} ^ {NC})%nat <= {F} * {M}.\n"
      "Proof.\n"
      "  intros dup F HF Hcount.\n"
      "  destruct (yun_y13_duplicate_error dup F {N} {NC} {M} ltac:(lia) ltac:(lia) leaf_y13_fmax_nonneg HF Hcount)\n"
      "    as [H _].\n"
      "  rewrite leaf_y13_fraction in H. exact H.\n"
      "Qed.\n",
      fmt::arg("N", N), fmt::arg("NC", NC), fmt::arg("F", F), fmt::arg("M", M), fmt::arg("name", name));
  append_hardmax_assembly(cert, steps, inst, c);
  append_final_assembly(cert, steps, inst, c);
  return c;
}

chain::CoqConclusion coq_conclude_theorem_3(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  chain::CoqConclusion c;
  c.modules = {"YunVolume"};
  append_hardmax_assembly(cert, steps, inst, c, "3");
  if (c.theorems.empty())
    return chain::coq_not_concluded(
        "Steps 1-2 on the hardmax network need Y-12, Y-13 and Y-14 proved (Y-12 fails or is unknown)");
  append_final_assembly(cert, steps, inst, c, "3");  // Step 3 on the domain, when the instance has the softmax network
  return c;
}

}  // namespace approxcert::theorems::yun2020
