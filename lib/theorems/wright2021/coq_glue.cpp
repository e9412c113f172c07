#include "theorems/wright2021/coq_glue.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/certificate_fields.hpp"
#include "chain/coq_text.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

using chain::coq_real;
using Rows = std::vector<std::vector<Rational>>;

// A list of 1..16 number strings, exactly (InputError naming `where`).
std::vector<Rational> number_row(const nlohmann::json& row, const std::string& where) {
  if (!row.is_array() || row.empty() || row.size() > 16) throw InputError(where + ": expected a list of 1..16 numbers");
  std::vector<Rational> r;
  for (const nlohmann::json& x : row) {
    if (!x.is_string()) throw InputError(where + ": expected number strings");
    try {
      r.push_back(parse_rational(x.get<std::string>()));
    } catch (const InputError& e) {
      throw InputError(where + ": " + e.what());
    }
  }
  return r;
}

const nlohmann::json& parameter(const nlohmann::json& cert, const std::string& name) {
  return chain::field(chain::field(cert, "parameters", "certificate"), name, "certificate/parameters");
}

// The exact vector parameter `name`.
std::vector<Rational> vector_parameter(const nlohmann::json& cert, const std::string& name) {
  return number_row(parameter(cert, name), "certificate/parameters/" + name);
}

// The exact matrix parameter `name` (1..64 rows of equal length).
Rows rows_parameter(const nlohmann::json& cert, const std::string& name) {
  const std::string where = "certificate/parameters/" + name;
  const nlohmann::json& v = parameter(cert, name);
  if (!v.is_array() || v.empty() || v.size() > 64) throw InputError(where + ": expected 1..64 rows");
  Rows r;
  for (const nlohmann::json& row : v) {
    r.push_back(number_row(row, where));
    if (r.back().size() != r.front().size()) throw InputError(where + ": expected rows of equal length");
  }
  return r;
}

// "(a0 * x0 + a1 * x1 + ...)" for a row a of W and a point x.
std::string linear_text(const std::vector<Rational>& w, const std::vector<Rational>& x) {
  std::string s = "(";
  for (std::size_t l = 0; l < w.size(); ++l) s += (l ? " + " : "") + coq_real(w[l]) + " * " + coq_real(x[l]);
  return s + ")";
}

// The kernel of one head, exp((W_Q t) . (W_K s) / sqrt d), as Coq text over the exact entries.
struct Head {
  Rows wq, wk;
  std::size_t d() const { return wq.size(); }
  void check(const std::string& where) const {
    if (wq.size() != wk.size())
      throw InputError("certificate/parameters/" + where + ": W_Q and W_K need equal row counts");
  }
  std::string exponent(const std::vector<Rational>& t, const std::vector<Rational>& s) const {
    if (t.size() != wq.front().size() || s.size() != wk.front().size())
      throw InputError("certificate/parameters: a point's dimension does not match W_Q / W_K");
    std::string e = "(";
    for (std::size_t k = 0; k < d(); ++k) e += (k ? " + " : "") + linear_text(wq[k], t) + " * " + linear_text(wk[k], s);
    return e + ")";
  }
  std::string kappa(const std::vector<Rational>& t, const std::vector<Rational>& s) const {
    return "exp (" + exponent(t, s) + " / sqrt " + std::to_string(d()) + ")";
  }
  // The exact exponent (W_Q t) . (W_K s), to pick the sign of an asymmetry.
  Rational exponent_value(const std::vector<Rational>& t, const std::vector<Rational>& s) const {
    Rational e(0);
    for (std::size_t k = 0; k < d(); ++k) {
      Rational q(0), kk(0);
      for (std::size_t l = 0; l < t.size(); ++l) q += wq[k][l] * t[l];
      for (std::size_t l = 0; l < s.size(); ++l) kk += wk[k][l] * s[l];
      e += q * kk;
    }
    return e;
  }
};

std::string nat(std::size_t i) { return std::to_string(i) + "%nat"; }

// "Definition NAME (i j : nat) : R := match i, j with ... end." for the Gram [entry(i, j)].
std::string matrix_definition(const std::string& name, std::size_t n,
                              const std::function<std::string(std::size_t, std::size_t)>& entry) {
  std::string s = "Definition " + name + " (i j : nat) : R :=\n  match i, j with\n";
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) s += "  | " + nat(i) + ", " + nat(j) + " => " + entry(i, j) + "\n";
  return s + "  | _, _ => 0\n  end.\n";
}

std::string vector_definition(const std::string& name, const std::vector<std::string>& v) {
  std::string s = "Definition " + name + " (i : nat) : R :=\n  match i with\n";
  for (std::size_t i = 0; i < v.size(); ++i) s += "  | " + nat(i) + " => " + v[i] + "\n";
  return s + "  | _ => 0\n  end.\n";
}

// "destruct i as [|[|...[|i]...]]" splitting i < n into its n values (and an impossible rest).
std::string destruct_below(std::size_t n) {
  std::string p = "i";
  for (std::size_t k = 0; k < n; ++k) p = "[|" + p + "]";
  return "destruct i as " + p;
}

const chain::CoqStep* proved(const std::vector<chain::CoqStep>& steps, const std::string& id) {
  const chain::CoqStep* s = chain::find_coq_step(steps, id);
  return s && s->verdict == chain::Verdict::Proved ? s : nullptr;
}

// The Gram of `head` on `points` with a witness `c` of indefiniteness (theorem NAME).
std::string indefinite_text(const std::string& gram, std::size_t n, const std::vector<Rational>& c,
                            const std::string& name, const std::string& what) {
  std::vector<std::string> cs;
  for (const Rational& x : c) cs.push_back(coq_real(x));
  return vector_definition(gram + "_witness", cs) +
         fmt::format(
             "\n(** {what}: the rational witness gives x^T K x < 0 (re-evaluated by [interval]), so by\n"
             "    [WrightGlue.wright_not_psd_of_witness] no Gram argument makes the form nonnegative. *)\n"
             "Theorem {name} : ~ (forall x : nat -> R, 0 <= wright_qform {n} {gram} x).\n"
             "Proof.\n"
             "  apply (wright_not_psd_of_witness {n} {gram} {gram}_witness).\n"
             "  cbv beta iota fix delta [wright_qform rsum {gram} {gram}_witness]. approxcert_leaf.\n"
             "Qed.\n\n",
             fmt::arg("what", what), fmt::arg("name", name), fmt::arg("n", n), fmt::arg("gram", gram));
}

std::string asymmetry_text(const Head& head, const Rows& X, const std::string& gram, const std::string& name) {
  // The pair with the largest exponent difference (exp is injective: a nonzero one is an asymmetry).
  std::size_t bi = 0, bj = 0;
  Rational best(0);
  for (std::size_t i = 0; i < X.size(); ++i)
    for (std::size_t j = i + 1; j < X.size(); ++j) {
      const Rational diff = head.exponent_value(X[i], X[j]) - head.exponent_value(X[j], X[i]);
      if (abs(diff) > abs(best)) best = diff, bi = i, bj = j;
    }
  if (best.sign() == 0)
    return "(* No pair of points has kappa(x_i, x_j) <> kappa(x_j, x_i) in exact arithmetic. *)\n\n";
  return fmt::format(
      "(** W-C2: the kernel is asymmetric on the points: kappa(x_{i}, x_{j}) <> kappa(x_{j}, x_{i}). *)\n"
      "Theorem {name} : {gram} {i}%nat {j}%nat <> {gram} {j}%nat {i}%nat.\n"
      "Proof. apply {lemma}. cbv beta iota delta [{gram}]. approxcert_leaf. Qed.\n\n",
      fmt::arg("name", name), fmt::arg("gram", gram), fmt::arg("i", bi), fmt::arg("j", bj),
      fmt::arg("lemma", best.sign() < 0 ? "Rlt_not_eq" : "Rgt_not_eq"));
}

std::string pair_det_text(const Head& head, const Rows& P, const std::string& gram, const std::string& name,
                          const std::string& what) {
  if (P.size() != 2) throw InputError("certificate/parameters: the pair needs exactly 2 points");
  return matrix_definition(gram, 2, [&](std::size_t i, std::size_t j) { return head.kappa(P[i], P[j]); }) +
         fmt::format(
             "\n(** {what}: det of the symmetrised 2x2 Gram < 0 (re-evaluated by [interval]), so by\n"
             "    [WrightGlue.wright_not_psd_of_det2_qform] the kernel is indefinite on the pair. *)\n"
             "Theorem {name} : ~ (forall x : nat -> R, 0 <= wright_qform 2 {gram} x).\n"
             "Proof. apply wright_not_psd_of_det2_qform. cbv beta iota delta [{gram}]. approxcert_leaf. Qed.\n\n",
             fmt::arg("what", what), fmt::arg("name", name), fmt::arg("gram", gram));
}

// The candidate vector a step recorded (search, then certify).
std::vector<Rational> step_candidate(const nlohmann::json& cert, const std::string& id) {
  for (const nlohmann::json& s : chain::field(cert, "steps", "certificate")) {
    if (!s.is_object() || !s.contains("id") || s["id"] != id) continue;
    std::vector<Rational> c;
    if (!s.contains("candidate") || !s["candidate"].is_array()) break;
    for (const nlohmann::json& x : s["candidate"]) {
      if (!x.is_object() || !x.contains("value") || !x["value"].is_string())
        throw InputError("certificate/steps/" + id + "/candidate: expected {name, value} entries");
      c.push_back(parse_rational(x["value"].get<std::string>()));
    }
    return c;
  }
  throw InputError("certificate/steps/" + id + ": no recorded candidate");
}

chain::CoqConclusion conclusion(std::string text, std::vector<std::string> theorems) {
  chain::CoqConclusion c;
  c.modules = {"WrightGlue"};
  c.text = std::move(text);
  c.theorems = std::move(theorems);
  return c;
}

}  // namespace

chain::CoqConclusion coq_conclude_uat(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                      const std::string& inst) {
  const chain::CoqStep *c1 = proved(steps, "W-C18.C1"), *c3 = proved(steps, "W-C18.C3"),
                       *c5 = chain::find_coq_step(steps, "W-C18.C5");
  if (!c1 || !c3) return chain::coq_not_concluded("steps W-C18.C1 and W-C18.C3 are not both proved");
  if (!c1->lhs.bounded() || !c3->lhs.bounded() || !c1->rhs.is_exact() || !c3->rhs.is_exact())
    return chain::coq_not_concluded("C1 or C3 has an unbounded certified sup or an inexact budget");
  const auto sup_f = c5 ? c5->reported.find("sup |F|") : std::map<std::string, chain::Enclosure>::const_iterator{};
  if (!c5 || sup_f == c5->reported.end() || !sup_f->second.bounded())
    return chain::coq_not_concluded("step W-C18.C5 does not record sup |F|");
  const std::size_t L = chain::coq_parameter_array_size(cert, "a");
  if (L == 0 || L != chain::coq_parameter_array_size(cert, "b"))
    throw InputError("certificate/parameters/b: needs as many factors as a");
  const std::string U1 = coq_real(c1->lhs.upper()), tau = coq_real(c1->rhs.lower()), U3 = coq_real(c3->lhs.upper()),
                    eps2 = coq_real(c3->rhs.lower()), S = coq_real(sup_f->second.upper());
  const std::string name = inst + "_uat_C5";
  return conclusion(
      fmt::format(
          "(** Wright W-C18, the UAT chain C1-C5 for this instance ([WrightGlue.wright_uat_chain], the\n"
          "    triangle split of C1 and C3 by [Splits.sup_triangle_split], C4 by [WrightGlue.wright_c4_logit]).\n"
          "    F is the kernel, F_L = sum_l a_l b_l (L = {L}), ahat_l, bhat_l the ReLU interpolants; the\n"
          "    certified sups (sup-norm engine) are hypotheses: C1 {U1}, C3 {U3}, sup |F| {S}. *)\n"
          "Lemma leaf_uat_C1_budget : {U1} <= {tau}.\nProof. approxcert_leaf. Qed.\n\n"
          "Lemma leaf_uat_C3_budget : {U3} <= {eps2}.\nProof. approxcert_leaf. Qed.\n\n"
          "Theorem {name} : forall (F : R -> R -> R) (a b ah bh : nat -> R -> R),\n"
          "  (forall t s, 0 <= t <= 1 -> 0 <= s <= 1 ->\n"
          "     Rabs (F t s - rsum (fun l => a l t * b l s) {L}) <= {U1}) ->  (* C1 *)\n"
          "  (forall t s, 0 <= t <= 1 -> 0 <= s <= 1 ->\n"
          "     Rabs (rsum (fun l => a l t * b l s) {L} - rsum (fun l => ah l t * bh l s) {L}) <= {U3}) ->  (* C3 *)\n"
          "  (forall t s, 0 <= t <= 1 -> 0 <= s <= 1 -> Rabs (F t s) <= {S}) ->  (* sup |F| (C5) *)\n"
          "  forall t s, 0 <= t <= 1 -> 0 <= s <= 1 ->\n"
          "    Rabs (exp (F t s) - exp (rsum (fun l => (Rpower (INR {L}) (/ 4) * ah l t) * (Rpower (INR {L}) (/ 4) * bh l s)) {L}\n"
          "                             / sqrt (INR {L}))) <= exp {S} * (exp ({tau} + {eps2}) - 1).\n"
          "Proof.\n"
          "  intros F a b ah bh H1 H3 HS t s Ht Hs.\n"
          "  rewrite (wright_c4_logit {L} (fun l => ah l t) (fun l => bh l s)) by lia.\n"
          "  pose proof (wright_uat_chain (R * R) (fun p => 0 <= fst p <= 1 /\\ 0 <= snd p <= 1)\n"
          "    (fun p => F (fst p) (snd p)) (fun p => rsum (fun l => a l (fst p) * b l (snd p)) {L})\n"
          "    (fun p => rsum (fun l => ah l (fst p) * bh l (snd p)) {L}) {tau} {eps2} {S}\n"
          "    (fun p Hp => Rle_trans _ _ _ (H1 _ _ (proj1 Hp) (proj2 Hp)) leaf_uat_C1_budget)\n"
          "    (fun p Hp => Rle_trans _ _ _ (H3 _ _ (proj1 Hp) (proj2 Hp)) leaf_uat_C3_budget)\n"
          "    (fun p Hp => Rle_trans _ _ _ (Rle_abs _) (HS _ _ (proj1 Hp) (proj2 Hp))) (t, s) (conj Ht Hs)) as Hc.\n"
          "  cbn [fst snd] in Hc. exact Hc.\n"
          "Qed.\n",
          fmt::arg("L", L), fmt::arg("U1", U1), fmt::arg("tau", tau), fmt::arg("U3", U3), fmt::arg("eps2", eps2),
          fmt::arg("S", S), fmt::arg("name", name)),
      {name});
}

chain::CoqConclusion coq_conclude_truncation(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                             const std::string& inst) {
  const chain::CoqStep* tail = chain::find_coq_step(steps, "W-C7");
  if (!proved(steps, "W-C7") || !proved(steps, "W-C8"))
    return chain::coq_not_concluded("steps W-C7 and W-C8 are not both proved");
  const auto kappa = tail->reported.find("kappa");
  if (kappa == tail->reported.end() || !kappa->second.bounded())
    return chain::coq_not_concluded("step W-C7 does not record kappa");
  const Head head{rows_parameter(cert, "wq"), rows_parameter(cert, "wk")};
  head.check("wk");
  const Rows t = rows_parameter(cert, "t"), s = rows_parameter(cert, "s");
  std::vector<std::string> q, k;
  for (std::size_t i = 0; i < head.d(); ++i) {
    q.push_back(linear_text(head.wq[i], t.front()));
    k.push_back(linear_text(head.wk[i], s.front()));
  }
  const std::string z = inst + "_z", d = std::to_string(head.d());
  return conclusion(
      vector_definition(inst + "_q", q) + vector_definition(inst + "_k", k) +
          fmt::format(
              "Definition {z} : R := rsum (fun i => {inst}_q i * {inst}_k i) {d} / sqrt (INR {d}).\n\n"
              "(** kappa(t, s) = exp z for the instance's head and points agrees with the certified value of W-C7. *)\n"
              "Lemma leaf_trunc_kappa : {lo} <= exp {z} <= {hi}.\n"
              "Proof. cbv beta iota fix delta [{z} rsum {inst}_q {inst}_k]. approxcert_leaf. Qed.\n\n"
              "(** W-C7, (W7): the truncation (the Taylor partial sum, (W6)) misses kappa by at most\n"
              "    |z|^(N+1)/(N+1)! e^|z|, for every N ([WrightGlue.wright_exp_tail], Taylor-Lagrange). *)\n"
              "Theorem {inst}_truncation_tail : forall N : nat,\n"
              "  Rabs (exp {z} - wright_taylor_exp {z} N) <= Rabs {z} ^ S N / INR (fact (S N)) * exp (Rabs {z}).\n"
              "Proof. intros N. apply wright_exp_tail. Qed.\n\n"
              "(** W-C8, (W9): kappa(t, s) <= exp((|q|^2 + |k|^2) / (2 sqrt d)) ([WrightGlue.wright_cauchy_schwarz]). *)\n"
              "Theorem {inst}_cauchy_schwarz :\n"
              "  exp {z} <= exp ((rsum (fun i => {inst}_q i * {inst}_q i) {d} + rsum (fun i => {inst}_k i * {inst}_k i) {d})\n"
              "                  / (2 * sqrt (INR {d}))).\n"
              "Proof. unfold {z}. apply wright_cauchy_schwarz. lia. Qed.\n",
              fmt::arg("z", z), fmt::arg("inst", inst), fmt::arg("d", d),
              fmt::arg("lo", coq_real(kappa->second.lower())), fmt::arg("hi", coq_real(kappa->second.upper()))),
      {inst + "_truncation_tail", inst + "_cauchy_schwarz"});
}

chain::CoqConclusion coq_conclude_gram_witness(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                               const std::string& inst) {
  const nlohmann::json& th = chain::field(chain::field(cert, "theorem", "certificate"), "name", "certificate/theorem");
  const std::string theorem = th.is_string() ? th.get<std::string>() : "";
  std::string text;
  std::vector<std::string> names;
  auto add = [&](const std::string& t, const std::string& name) {
    text += t;
    if (t.find("Theorem " + name + " ") != std::string::npos) names.push_back(name);
  };
  const std::string gram = inst + "_K";
  const std::string gram_comment =
      "(** The Gram K_ij = kappa(x_i, x_j) = exp((W_Q x_i) . (W_K x_j) / sqrt d) of the instance, exactly. *)\n";
  if (theorem == "wright2021/antisymmetric-exponent" || theorem == "wright2021/asymmetric-pd-part") {
    const Head head{rows_parameter(cert, "wq"), rows_parameter(cert, "wk")};
    head.check("wk");
    const Rows X = rows_parameter(cert, "points");
    text += gram_comment +
            matrix_definition(gram, X.size(), [&](std::size_t i, std::size_t j) { return head.kappa(X[i], X[j]); }) +
            "\n";
    if (proved(steps, "W-C2")) add(asymmetry_text(head, X, gram, inst + "_asymmetric"), inst + "_asymmetric");
    if (proved(steps, "W-C3")) {
      const std::vector<Rational> c = vector_parameter(cert, "c");
      if (c.size() != X.size()) throw InputError("certificate/parameters/c: expected one entry per point");
      add(indefinite_text(gram, X.size(), c, inst + "_indefinite", "W-C3: the kernel is indefinite"),
          inst + "_indefinite");
    }
    if (proved(steps, "W-C6.b"))
      add(pair_det_text(head, rows_parameter(cert, "pair"), inst + "_Kpair", inst + "_pair_indefinite",
                        "W-C6.b: on the far pair the symmetrised Gram is indefinite"),
          inst + "_pair_indefinite");
  } else if (theorem == "wright2021/mercer-controls") {
    const Head head{rows_parameter(cert, "wq_indefinite"), rows_parameter(cert, "wk_indefinite")};
    head.check("wk_indefinite");
    if (proved(steps, "W-C5"))
      add(pair_det_text(head, rows_parameter(cert, "points_indefinite"), inst + "_Kind", inst + "_symmetric_indefinite",
                        "W-C5: with A = A^T having a negative eigenvalue, the two-point Gram is indefinite"),
          inst + "_symmetric_indefinite");
  } else if (theorem == "wright2021/per-query-rescaling") {
    const Head head{rows_parameter(cert, "wq"), rows_parameter(cert, "wq")};  // W_K = W_Q
    const Rows X = rows_parameter(cert, "points");
    const std::size_t n = X.size();
    text +=
        "(** The Gram K_ij = kappa(x_i, x_j) = exp((W_Q x_i) . (W_Q x_j) / sqrt d) of the instance (W_K = W_Q: Mercer), exactly. *)\n" +
        matrix_definition(gram, n, [&](std::size_t i, std::size_t j) { return head.kappa(X[i], X[j]); }) + "\n";
    std::vector<std::string> c;
    for (const auto& x : X) {
      std::string n2 = "(";
      for (std::size_t k = 0; k < head.d(); ++k) n2 += (k ? " + " : "") + linear_text(head.wq[k], x) + " ^ 2";
      c.push_back("exp (- " + n2 + ") / (2 * sqrt " + std::to_string(head.d()) + "))");
    }
    text +=
        "(** The per-query factors c_i = exp(-|W_Q x_i|^2 / (2 sqrt d)) and the rescaled kernel c_i K_ij (W13). *)\n" +
        vector_definition(inst + "_c", c) + "Definition " + inst + "_Kc (i j : nat) : R := " + inst + "_c i * " + gram +
        " i j.\n\n";
    if (proved(steps, "W-C12"))
      add(fmt::format(
              "(** W-C12: the rescaled kernel gives the same row-normalised attention weights, exactly\n"
              "    ([WrightGlue.wright_rescaling_invariance]; the row sums are positive by [interval]). *)\n"
              "Theorem {inst}_rescaling_invariance : forall i j : nat, (i < {n})%nat ->\n"
              "  {inst}_Kc i j / rsum ({inst}_Kc i) {n} = {gram} i j / rsum ({gram} i) {n}.\n"
              "Proof.\n"
              "  intros i j Hi. cbv beta delta [{inst}_Kc]. apply wright_rescaling_invariance.\n"
              "  - {destruct}; try lia; cbv beta iota delta [{inst}_c]; apply exp_pos.\n"
              "  - apply Rgt_not_eq. {destruct}; try lia; cbv beta iota fix delta [rsum {gram}]; approxcert_leaf.\n"
              "Qed.\n\n",
              fmt::arg("inst", inst), fmt::arg("n", n), fmt::arg("gram", gram),
              fmt::arg("destruct", destruct_below(n))),
          inst + "_rescaling_invariance");
    if (proved(steps, "W-C12.b")) {
      const std::vector<Rational> w = step_candidate(cert, "W-C12.b");
      if (w.size() != n)
        throw InputError("certificate/steps/W-C12.b/candidate: expected " + std::to_string(n) + " entries");
      add(indefinite_text(
              inst + "_Kc", n, w, inst + "_rescaled_indefinite",
              "W-C12.b: the rescaled kernel (whose quadratic form is that of the symmetrised rescaled Gram) is indefinite"),
          inst + "_rescaled_indefinite");
    }
  }
  if (names.empty()) return chain::coq_not_concluded("no witness step of this chain is proved");
  return conclusion(text, names);
}

chain::CoqConclusion coq_conclude_certified_leaves(const nlohmann::json&, const std::vector<chain::CoqStep>& steps,
                                                   const std::string& inst) {
  // Every proved step that is not a comparison with a printed number (".C") and whose relation
  // is an order or an equality against an exact right side: its certified quantity x, with the
  // recorded enclosure as hypothesis, satisfies the relation.
  std::string binders, hyps, goal, comments;
  std::size_t k = 0;
  for (const chain::CoqStep& st : steps) {
    if (st.verdict != chain::Verdict::Proved || st.id.ends_with(".C") || !st.lhs.bounded() || !st.rhs.is_exact())
      continue;
    std::string op;
    switch (st.relation) {
      case chain::Relation::LessEqual: op = "<="; break;
      case chain::Relation::Less: op = "<"; break;
      case chain::Relation::GreaterEqual: op = ">="; break;
      case chain::Relation::Greater: op = ">"; break;
      case chain::Relation::Equal: op = "="; break;
      default: continue;
    }
    const std::string x = "x" + std::to_string(++k);
    binders += " " + x;
    comments += "    " + x + ": " + st.id + ", " + chain::coq_comment_text(st.lhs_name) + " (" +
                chain::coq_comment_text(st.claim) +
                (st.at.empty() ? "" : "; decisive point " + chain::coq_comment_text(st.at)) + ")\n";
    hyps += st.lhs.is_exact()
                ? "  " + x + " = " + coq_real(st.lhs.lower()) + " ->\n"
                : "  " + coq_real(st.lhs.lower()) + " <= " + x + " <= " + coq_real(st.lhs.upper()) + " ->\n";
    goal += (goal.empty() ? "" : " /\\ ") + x + " " + op + " " + coq_real(st.rhs.lower());
  }
  if (k == 0)
    return chain::coq_not_concluded("no proved step of this chain compares a certified quantity with an exact bound");
  const std::string name = inst + "_certified";
  return conclusion(
      fmt::format("(** The statement the certified leaves of this chain give directly: each quantity, within its\n"
                  "    certified enclosure (computed by approxcert; a hypothesis here), satisfies its claim.\n"
                  "{comments}*)\n"
                  "Theorem {name} : forall{binders} : R,\n{hyps}  {goal}.\n"
                  "Proof. intros; repeat split; lra. Qed.\n",
                  fmt::arg("comments", comments), fmt::arg("name", name), fmt::arg("binders", binders),
                  fmt::arg("hyps", hyps), fmt::arg("goal", goal)),
      {name});
}

}  // namespace approxcert::theorems::wright2021
