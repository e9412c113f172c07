// Coq conclusions of Altabaa Lemma 3.1 and Theorem 3.1 (coq_glue.hpp). Lemma 3.1: the factorisation
// R = U V^T (the recorded hand-given U, V, or else recomputed from the recorded R by FLINT's exact
// rref) is re-checked entry by entry in Coq. Theorem 3.1: AltabaaQuantization.altabaa_v5_cellwise applied
// to the recorded cellwise bound.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/coq_text.hpp"
#include "scalar/input_error.hpp"
#include "theorems/altabaa2024/coq_glue.hpp"
#include "theorems/altabaa2024/relation_model.hpp"

namespace approxcert::theorems::altabaa2024 {

using chain::coq_real;

namespace {

bool proved(const chain::CoqStep* s) { return s && s->verdict == chain::Verdict::Proved; }

// The recorded matrix parameter `key` (InputError naming the JSON path if malformed); rows of equal
// length, and for R square.
RationalMatrix recorded_matrix(const nlohmann::json& cert, const std::string& key) {
  const std::string where = "certificate/parameters/" + key;
  if (!cert.contains("parameters") || !cert["parameters"].contains(key) || !cert["parameters"][key].is_array())
    throw InputError(where + ": expected an array of rows");
  RationalMatrix R;
  for (std::size_t i = 0; i < cert["parameters"][key].size(); ++i) {
    const nlohmann::json& row = cert["parameters"][key][i];
    if (!row.is_array()) throw InputError(fmt::format("{}/{}: expected an array", where, i));
    R.emplace_back();
    for (std::size_t j = 0; j < row.size(); ++j) {
      const nlohmann::json& v = row[j];
      const std::string at = fmt::format("{}/{}/{}", where, i, j);
      if (v.is_number_integer()) R.back().push_back(Rational(mpq_class(v.dump())));
      else if (v.is_string()) {
        try {
          R.back().push_back(parse_rational(v.get<std::string>()));
        } catch (const InputError& e) {
          throw InputError(at + ": " + e.what());
        }
      } else throw InputError(at + ": expected a number");
    }
  }
  const std::size_t cols = key == "R" ? R.size() : (R.empty() ? 0 : R[0].size());
  const char* what = key == "R" ? ": expected a non-empty square matrix" : ": expected a non-empty matrix";
  if (R.empty() || cols == 0) throw InputError(where + what);
  for (const auto& row : R)
    if (row.size() != cols) throw InputError(where + what);
  return R;
}

// A Coq function nat -> nat -> R listing M's entries (0 elsewhere).
std::string coq_matrix(const std::string& name, const RationalMatrix& M) {
  std::string t = "Definition " + name + " (i j : nat) : R :=\n  match i, j with\n";
  for (std::size_t i = 0; i < M.size(); ++i)
    for (std::size_t j = 0; j < M[i].size(); ++j)
      if (M[i][j].sign() != 0) t += fmt::format("  | {}%nat, {}%nat => {}\n", i, j, coq_real(M[i][j]));
  return t + "  | _, _ => 0\n  end.\n\n";
}

}  // namespace

// Lemma 3.1: for all i, j < n, sum_k U_ik V_jk = R_ij, by exhaustive case analysis in Coq over the
// exact entries (n at most 12: n^2 goals, each closed by lra). L2 (the network on one-hot inputs
// computes this inner product) stays a certified fact of the C++ checker.
chain::CoqConclusion coq_conclude_lemma_3_1(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  if (!proved(chain::find_coq_step(steps, "L1")))
    return chain::coq_not_concluded("step L1 is not proved in the certificate");
  const RationalMatrix R = recorded_matrix(cert, "R");
  const std::size_t n = R.size();
  if (n > 12) return chain::coq_not_concluded("n > 12: the exhaustive case analysis in Coq is left to the C++ check");
  // The hand-given factors when recorded (the factorisation L1 checked), else the recipe's.
  RankFactorisation f;
  if (cert["parameters"].contains("U")) {
    f.U = recorded_matrix(cert, "U");
    f.V = recorded_matrix(cert, "V");
    if (f.U.size() != n || f.V.size() != n || f.U[0].size() != f.V[0].size())
      throw InputError("certificate/parameters/U, V: expected n rows each and equal column counts");
  } else f = exact_rank_factorisation(R);
  const std::size_t dr = f.U[0].size();
  const bool given = cert["parameters"].contains("U");
  const std::string name = inst + "_lemma_3_1";
  chain::CoqConclusion c;
  c.theorems = {name};
  c.text = fmt::format(
      "(** Altabaa Lemma 3.1 for this instance: the rank factorisation R = U V^T (n = {n}, d_r = {dr}; {src}),\n"
      "    re-checked entry by entry. *)\n",
      fmt::arg("n", n), fmt::arg("dr", dr),
      fmt::arg("src", given ? "U, V as given in the instance"
                            : "U the pivot columns of R,\n    V^T the nonzero rows of rref(R)"));
  c.text += coq_matrix("lem31_R", R) + coq_matrix("lem31_U", f.U) + coq_matrix("lem31_V", f.V);
  c.text += fmt::format(
      "Theorem {name} : forall i j, (i < {n})%nat -> (j < {n})%nat ->\n"
      "  rsum (fun k => lem31_U i k * lem31_V j k) {dr} = lem31_R i j.\n"
      "Proof.\n"
      "  intros i j Hi Hj.\n"
      "  do {n} (destruct i as [|i];\n"
      "    [do {n} (destruct j as [|j]; [cbv [lem31_U lem31_V lem31_R rsum]; lra|]); exfalso; lia|]).\n"
      "  exfalso; lia.\n"
      "Qed.\n",
      fmt::arg("name", name), fmt::arg("n", n), fmt::arg("dr", dr));
  return c;
}

// Theorem 3.1 on the certified route: AltabaaQuantization.altabaa_v5_cellwise gives
// |r - net| <= E everywhere from the cellwise sup bound E (V5's recorded upper bound); when V5 is
// proved, the leaf E < eps gives the theorem's strict bound. When V5 is refuted the certified
// bound E is concluded and the comment says that it exceeds eps.
chain::CoqConclusion coq_conclude_theorem_3_1(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                              const std::string& inst) {
  const chain::CoqStep *v3 = chain::find_coq_step(steps, "V3"), *v5 = chain::find_coq_step(steps, "V5");
  if (!proved(v3)) return chain::coq_not_concluded("step V3 (the model is constant on cell pairs) is not proved");
  if (!v5 || v5->verdict == chain::Verdict::Unknown || !v5->lhs.bounded())
    return chain::coq_not_concluded("step V5 records no decided, finite sup |r - <psi_x, psi_y>|");
  const Rational eps = chain::coq_parameter(cert, "eps");
  const std::string E = coq_real(v5->lhs.upper()), EPS = coq_real(eps);
  const bool within = v5->verdict == chain::Verdict::Proved;
  const std::string name = inst + (within ? "_theorem_3_1" : "_theorem_3_1_certified_bound");
  const std::string conclusion = within ? "< " + EPS : "<= " + E;
  chain::CoqConclusion c;
  c.modules = {"AltabaaQuantization"};
  c.theorems = {name};
  c.text = fmt::format(
      "(** Altabaa Theorem 3.1 for this instance, certified route: V3 and the cellwise bound of V5\n"
      "    combined by [AltabaaQuantization.altabaa_v5_cellwise]. E = {E} (upper bound of V5's\n"
      "    sup over all cell pairs), eps = {EPS}.{refuted} *)\n"
      "{leaf}"
      "Theorem {name} : forall (X : Type) (cell : nat -> X -> Prop) (k : X -> nat)\n"
      "  (r net : X -> X -> R) (Rm : nat -> nat -> R),\n"
      "  (forall x, cell (k x) x) ->  (* every point lies in its Voronoi cell *)\n"
      "  (forall x y, net x y = Rm (k x) (k y)) ->  (* V2, V3 (NET, EX) *)\n"
      "  (forall i j x y, cell i x -> cell j y -> Rabs (r x y - Rm i j) <= {E}) ->  (* V5 per cell pair (NET) *)\n"
      "  forall x y, Rabs (r x y - net x y) {conclusion}.\n"
      "Proof.\n"
      "  intros X cell k r net Rm Hk Hnet Hcell x y.\n"
      "{proof}"
      "Qed.\n",
      fmt::arg("E", E), fmt::arg("EPS", EPS), fmt::arg("name", name), fmt::arg("conclusion", conclusion),
      fmt::arg(
          "refuted",
          within
              ? ""
              : " V5 is refuted: the certified sup exceeds eps, so only the\n    bound E is concluded, not the theorem's eps."),
      fmt::arg("leaf", within
                           ? "Lemma leaf_thm31_within_eps : " + E + " < " + EPS + ".\nProof. approxcert_leaf. Qed.\n\n"
                           : ""),
      fmt::arg("proof", within ? "  apply (Rle_lt_trans _ " + E +
                                     "); [|exact leaf_thm31_within_eps].\n"
                                     "  exact (altabaa_v5_cellwise cell k r net Rm " +
                                     E + " Hk Hnet Hcell x y).\n"
                               : "  exact (altabaa_v5_cellwise cell k r net Rm " + E + " Hk Hnet Hcell x y).\n"));
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
