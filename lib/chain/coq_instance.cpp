#include "chain/coq_instance.hpp"

#include <fmt/format.h>

#include "chain/coq_text.hpp"
#include "chain/certificate_fields.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace {

// An exact parameter of the certificate: numbers are recorded as their source text.
Rational parameter(const nlohmann::json& certificate, const std::string& name) {
  const nlohmann::json& params = field(certificate, "parameters", "certificate");
  const nlohmann::json& v = field(params, name, "certificate/parameters");
  const std::string where = "certificate/parameters/" + name;
  if (v.is_number_integer()) return Rational(mpq_class(v.dump()));
  if (!v.is_string()) throw InputError(where + ": expected a number");
  try {
    return parse_rational(v.get<std::string>());
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
}

std::size_t array_size(const nlohmann::json& certificate, const std::string& name) {
  const nlohmann::json& v = field(field(certificate, "parameters", "certificate"), name, "certificate/parameters");
  if (!v.is_array()) throw InputError("certificate/parameters/" + name + ": expected an array");
  return v.size();
}

const CoqStep* find_step(const std::vector<CoqStep>& steps, const std::string& id) {
  for (const CoqStep& s : steps)
    if (s.id == id) return &s;
  return nullptr;
}

// The exact value a step reported under `name`, if it is a single point.
std::optional<Rational> reported_exact(const CoqStep* s, const std::string& name) {
  if (!s) return std::nullopt;
  const auto it = s->reported.find(name);
  if (it == s->reported.end() || !it->second.is_exact()) return std::nullopt;
  return it->second.lower();
}

CoqConclusion not_concluded(const std::string& why) {
  return {{}, "(* The chain lemma is not applied: " + coq_comment_text(why) + ". *)\n", {}};
}

// Altabaa Theorem 5.1: A1-A7 combined by AltabaaSoftmax.altabaa_thm51_retrieval_eps; the A7
// budget itself is re-checked by `interval` over the exact beta, eta, eps_1, D, eps.
CoqConclusion altabaa_thm51(const nlohmann::json& cert, const std::vector<CoqStep>& steps, const std::string& inst) {
  const CoqStep* a4 = find_step(steps, "A4");
  const CoqStep* a7 = find_step(steps, "A7");
  if (!a7 || a7->verdict != Verdict::Proved) return not_concluded("step A7 is not proved in the certificate");
  const auto beta = reported_exact(a7, "beta");
  const auto D = reported_exact(a7, "D_Y");
  const auto gamma = reported_exact(a4, "eta - 2 eps_1");
  if (!beta || !D || !gamma) return not_concluded("A7 or A4 does not report an exact beta, D_Y or eta - 2 eps_1");
  const std::size_t n = array_size(cert, "y");
  const Rational eta = parameter(cert, "eta"), eps = parameter(cert, "eps");
  const Rational eps1 = (eta - *gamma) / Rational(2);
  const std::string B = coq_real(*beta), E1 = coq_real(eps1), ETA = coq_real(eta), DD = coq_real(*D), EPS = coq_real(eps);
  const std::string name = inst + "_theorem_5_1";
  CoqConclusion c;
  c.modules = {"AltabaaSoftmax"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Altabaa Theorem 5.1 for this instance: A1-A7 combined by\n"
      "    [AltabaaSoftmax.altabaa_thm51_retrieval_eps]. n = {n} keys, beta = {B}, eta = {ETA},\n"
      "    eps_1 = {E1} (= (eta - (eta - 2 eps_1)) / 2 from A4), D = {DD}, eps = {EPS}. *)\n"
      "Lemma leaf_thm51_beta_nonneg : 0 <= {B}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "(** A7, the closed-form budget itself: [(n-1) exp (-beta (eta - 2 eps_1)) D <= eps]. *)\n"
      "Lemma leaf_thm51_a7_budget : (INR {n} - 1) * exp (- ({B} * ({ETA} - 2 * {E1}))) * {DD} <= {EPS}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Theorem {name} : forall (s u v : nat -> R) (i : nat),\n"
      "  (i < {n})%nat ->\n"
      "  (forall k, (k < {n})%nat -> Rabs (s k - u k) <= {E1}) ->  (* A1 (NET, certified sup < eps_1) *)\n"
      "  (forall j, (j < {n})%nat -> j <> i -> u i - u j >= {ETA}) ->  (* the margin event E_eta *)\n"
      "  (forall j, (j < {n})%nat -> Rabs (v j - v i) <= {DD}) ->  (* D_Y *)\n"
      "  Rabs (attention {B} s v {n} - v i) <= {EPS}.\n"
      "Proof.\n"
      "  intros s u v i Hi HA1 Heta HD.\n"
      "  exact (altabaa_thm51_retrieval_eps {B} s u v {n} i {E1} {ETA} {DD} {EPS}\n"
      "           leaf_thm51_beta_nonneg Hi HA1 Heta HD leaf_thm51_a7_budget).\n"
      "Qed.\n",
      fmt::arg("n", n), fmt::arg("B", B), fmt::arg("ETA", ETA), fmt::arg("E1", E1), fmt::arg("DD", DD),
      fmt::arg("EPS", EPS), fmt::arg("name", name));
  return c;
}

// Yun Theorem 2, Y-13: the duplicate cells contribute at most fraction * max ||f(L)||_p^p, by
// YunVolume.yun_y13_duplicate_error; the exact fraction 1 - falling N n / N^n is re-checked.
CoqConclusion yun_thm2(const nlohmann::json& cert, const std::vector<CoqStep>& steps, const std::string& inst) {
  const CoqStep* y13 = find_step(steps, "Y-13");
  if (!y13 || y13->verdict != Verdict::Proved) return not_concluded("step Y-13 is not proved in the certificate");
  const auto fraction = reported_exact(y13, "duplicate fraction");
  const auto fmax = reported_exact(y13, "max ||f(L)||_p^p");
  if (!fraction || !fmax) return not_concluded("Y-13 does not report an exact duplicate fraction and maximum");
  const Rational d = parameter(cert, "d"), n = parameter(cert, "n"), delta = parameter(cert, "delta");
  if (!d.is_integer() || !n.is_integer() || d.sign() <= 0 || n.sign() <= 0 || delta.sign() <= 0)
    return not_concluded("d and n must be positive integers and delta positive");
  if (d > Rational(8) || n > Rational(16)) return not_concluded("d or n too large for an unfolded falling factorial");
  const Rational values = pow_int(Rational(1) / delta, d.num().get_si());  // N = delta^-d column values
  if (!values.is_integer() || values > Rational(4096))
    return not_concluded("delta^-d is not a small integer");
  if (n > values + Rational(1)) return not_concluded("n > N + 1: the union bound's side condition fails");
  const std::string N = values.num().get_str(), NC = n.num().get_str();
  const std::string F = coq_real(*fraction), M = coq_real(*fmax);
  const std::string name = inst + "_y13";
  CoqConclusion c;
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
  return c;
}

// Kajitsuka Theorem 2: K-7, K-8, K-9 (certified; hypotheses) combined by
// KajitsukaChain.kajitsuka_contextual_mapping into the (r, delta)-contextual mapping of K-10; the
// two leaves delta <= eps/2 and delta <= delta_R' are re-checked in Coq over the recorded rationals.
CoqConclusion kajitsuka_thm2(const nlohmann::json& cert, const std::vector<CoqStep>& steps, const std::string& inst) {
  const CoqStep* k7 = find_step(steps, "K-7");
  const CoqStep* k8 = find_step(steps, "K-8");
  const CoqStep* k9 = find_step(steps, "K-9");
  const CoqStep* k10 = find_step(steps, "K-10");
  for (const CoqStep* s : {k7, k8, k10})
    if (!s || s->verdict != Verdict::Proved) return not_concluded("K-7, K-8 or K-10 is missing or not proved in the certificate");
  if (k9 && k9->verdict != Verdict::Proved) return not_concluded("K-9 is not proved in the certificate");
  if (!k7->rhs.bounded() || !k10->rhs.bounded() || !k10->lhs.bounded() || (k9 && !k9->lhs.bounded()))
    return not_concluded("an enclosure of K-7, K-9 or K-10 is unbounded");
  const Rational eps = parameter(cert, "grid");
  const Rational r = k7->rhs.upper(), delta = k10->rhs.lower();
  // delta_R': the certified lower end of the smallest same-token separation (K-9); without same-token
  // pairs the K-9 hypothesis is vacuous and eps/2 serves.
  const Rational dR = k9 ? k9->lhs.lower() : eps / Rational(2);
  const std::string R = coq_real(r), EPS = coq_real(eps), DR = coq_real(dR), DELTA = coq_real(delta);
  const std::string name = inst + "_theorem_2";
  CoqConclusion c;
  c.modules = {"KajitsukaChain"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Kajitsuka Theorem 2 for this instance: K-7, K-8, K-9 (certified by approxcert, hypotheses here)\n"
      "    combined by [KajitsukaChain.kajitsuka_contextual_mapping]: an (r, delta)-contextual mapping with\n"
      "    r = {R} (K-7), eps = {EPS}, delta = {DELTA} (a lower bound of K-10's delta), and delta_R' = {DR}\n"
      "    (K-9's certified smallest same-token separation). *)\n"
      "Lemma leaf_thm2_delta_eps : {DELTA} <= {EPS} / 2.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
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
      fmt::arg("R", R), fmt::arg("EPS", EPS), fmt::arg("DR", DR), fmt::arg("DELTA", DELTA), fmt::arg("name", name));
  return c;
}

}  // namespace

CoqConclusion coq_chain_conclusion(const nlohmann::json& certificate, const std::vector<CoqStep>& steps,
                                   const std::string& instance_identifier) {
  const std::string theorem = string_field(field(certificate, "theorem", "certificate"), "name", "certificate/theorem");
  if (theorem == "altabaa2024/theorem-5.1") return altabaa_thm51(certificate, steps, instance_identifier);
  if (theorem == "yun2020/theorem-2") return yun_thm2(certificate, steps, instance_identifier);
  if (theorem == "kajitsuka2024/theorem-2") return kajitsuka_thm2(certificate, steps, instance_identifier);
  return {};
}

}  // namespace approxcert::chain
