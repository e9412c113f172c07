#include "theorems/fang2022/coq_glue.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/coq_text.hpp"
#include "chain/parameters.hpp"
#include "scalar/exact_json.hpp"
#include "theorems/fang2022/coq_program.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

using chain::coq_real;

namespace {

// Imports the program definitions need (after the export's own header).
constexpr const char* kProgramImports =
    "From Coq Require Import List QArith.\nImport ListNotations.\nOpen Scope R_scope.\n\n";

// The parameters recorded in the certificate (already checked by the chain builder of coq_export).
chain::Parameters recorded_parameters(const nlohmann::json& cert) {
  return chain::Parameters(parse_exact_json(cert.at("parameters").dump(), "certificate"),
                           JsonAt("certificate (recorded)").key("parameters"));
}

std::vector<std::string> variables(std::size_t d) {
  std::vector<std::string> v;
  for (std::size_t i = 0; i < d; ++i) v.push_back("x" + std::to_string(i));
  return v;
}

std::string joined(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

// "prog_value P (inputs [x0; x1]) key".
std::string value_of(const std::string& program, const std::vector<std::string>& vars, const std::string& key) {
  return "prog_value " + program + " (inputs [" + joined(vars, "; ") + "]) " + key;
}

bool proved(const std::vector<chain::CoqStep>& steps, const std::string& id) {
  const chain::CoqStep* s = chain::find_coq_step(steps, id);
  return s && s->verdict == chain::Verdict::Proved;
}

}  // namespace

namespace {

// T_c = p for all x: the theorem <inst>_identity over the program of T_c.
chain::CoqConclusion identity_conclusion(const ZeroErrorPrograms& pr, const std::string& inst,
                                         const std::string& what) {
  const std::vector<std::string> vars = variables(pr.T.num_inputs());
  const std::string name = inst + "_T";
  const auto prog = coq_program(pr.T, {pr.T.outputs()[0]}, name);
  const auto p = coq_expression(pr.p, pr.p.outputs()[0], vars);
  if (!prog || !p) return chain::coq_not_concluded("the program of T_c or the target is not a polynomial program");
  chain::CoqConclusion c;
  c.modules = {"ProgramIdentity"};
  c.theorems = {inst + "_identity"};
  c.text = fmt::format(
      "{imports}"
      "(** Fang {what} for this instance, formally. [{name}] is the built construction (embedding E, k raw-score\n"
      "    blocks with 0/1 weights, read-out c) as lowered to approxcert's straight-line program: the {nodes}\n"
      "    nodes that T_c (token 0's read-out) depends on. [ProgramIdentity.program_identity] proves that its\n"
      "    value equals the target p at EVERY real x (symbolic evaluation over rational polynomials). *)\n"
      "{definition}\n"
      "Definition {inst}_Tc ({binders} : R) : R := {value}.\n\n"
      "Theorem {inst}_identity : forall {binders} : R, {inst}_Tc {binders} = {p}.\n"
      "Proof. intros; unfold {inst}_Tc; program_identity. Qed.\n",
      fmt::arg("imports", kProgramImports), fmt::arg("what", what), fmt::arg("name", name),
      fmt::arg("nodes", prog->nodes), fmt::arg("definition", prog->definition), fmt::arg("inst", inst),
      fmt::arg("binders", joined(vars, " ")), fmt::arg("value", value_of(name, vars, prog->keys[0])),
      fmt::arg("p", *p));
  return c;
}

}  // namespace

chain::CoqConclusion coq_conclude_zero_error(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                             const std::string& inst) {
  if (!proved(steps, "F-C7")) return chain::coq_not_concluded("step F-C7 (T_c = p for all x) is not proved");
  return identity_conclusion(zero_error_programs(recorded_parameters(cert)), inst, "F-C7");
}

chain::CoqConclusion coq_conclude_unreduced(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  if (!proved(steps, "W7-identity"))
    return chain::coq_not_concluded("step W7-identity (T_c = p for all x) is not proved");
  return identity_conclusion(unreduced_programs(recorded_parameters(cert)), inst,
                             "variant 2.7(b) (unreduced tensor powers)");
}

chain::CoqConclusion coq_conclude_one_token(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  if (!proved(steps, "F-C7"))
    return chain::coq_not_concluded("step F-C7 (R_l = x_b1 ... x_bl for all x) is not proved");
  const chain::Parameters prm = recorded_parameters(cert);
  const Program prog = one_token_program(prm);
  const std::vector<std::string> states = one_token_states(prm);
  const std::vector<std::string> vars = variables(prog.num_inputs());
  const Program want = expressions_program(states, vars.size());
  std::vector<NodeId> roots(prog.outputs().begin(),
                            prog.outputs().begin() + static_cast<std::ptrdiff_t>(states.size()));
  const std::string name = inst + "_P";
  const auto cp = coq_program(prog, roots, name);
  if (!cp) return chain::coq_not_concluded("the one-token program is not a polynomial program");
  std::vector<std::string> claims;
  for (std::size_t l = 0; l < states.size(); ++l) {
    const auto e = coq_expression(want, want.outputs()[l], vars);
    if (!e) return chain::coq_not_concluded("a state is not a polynomial");
    claims.push_back(value_of(name, vars, cp->keys[l]) + " = " + *e);
  }
  chain::CoqConclusion c;
  c.modules = {"ProgramIdentity"};
  c.theorems = {inst + "_states"};
  c.text = fmt::format(
      "{imports}"
      "(** Fang variant 2.7(a), formally: [{name}] is the one-token construction (embedding and k raw-score\n"
      "    blocks) as approxcert's straight-line program ({nodes} nodes); its outputs R_0 .. R_k equal the\n"
      "    prefix products x_b1 ... x_bl at EVERY real x (one more factor per block). *)\n"
      "{definition}\n"
      "Theorem {inst}_states : forall {binders} : R,\n  {claims}.\n"
      "Proof. intros; repeat split; program_identity. Qed.\n",
      fmt::arg("imports", kProgramImports), fmt::arg("name", name), fmt::arg("nodes", cp->nodes),
      fmt::arg("definition", cp->definition), fmt::arg("inst", inst), fmt::arg("binders", joined(vars, " ")),
      fmt::arg("claims", joined(claims, " /\\\n  ")));
  return c;
}

chain::CoqConclusion coq_conclude_cube_blocks(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                              const std::string& inst) {
  if (!proved(steps, "W2-identity")) return chain::coq_not_concluded("step W2-identity (h_t = x^(3^t)) is not proved");
  const chain::Parameters prm = recorded_parameters(cert);
  const std::uint64_t b = prm.count("blocks");
  const Program prog = cube_program(prm);
  const std::string name = inst + "_P";
  const auto cp = coq_program(prog, {prog.outputs()[b]}, name);
  if (!cp) return chain::coq_not_concluded("the cube-block program is not a polynomial program");
  std::uint64_t power = 1;
  for (std::uint64_t t = 0; t < b; ++t) power *= 3;
  // Refutation of "degree <= b": equality with a0 + ... + ab x^b at x = 0, 1, ..., b+1 is a linear
  // system in a0..ab with no solution (x^(3^b) is not a polynomial of degree <= b), decided by lra.
  std::vector<std::string> coeffs, terms, instances;
  for (std::uint64_t i = 0; i <= b; ++i) {
    coeffs.push_back("a" + std::to_string(i));
    terms.push_back(i == 0 ? "a0" : "a" + std::to_string(i) + " * x0 ^ " + std::to_string(i));
  }
  for (std::uint64_t i = 0; i <= b + 1; ++i)
    instances.push_back(fmt::format("pose proof (H {i}) as E{i}; rewrite {inst}_output in E{i}", fmt::arg("i", i),
                                    fmt::arg("inst", inst)));
  chain::CoqConclusion c;
  c.modules = {"ProgramIdentity"};
  c.theorems = {inst + "_output", inst + "_W2_refuted"};
  c.text = fmt::format(
      "{imports}"
      "(** Fang weak point W2, formally: [{name}] is the stack of {b} softmax-free one-token blocks as approxcert's\n"
      "    straight-line program ({nodes} nodes that the last coordinate depends on). Its output is x^{power} at\n"
      "    EVERY real x, so no polynomial of degree <= {b} (the number of blocks) equals it: the reading\n"
      "    'degree <= number of blocks' of P2 is refuted. *)\n"
      "{definition}\n"
      "Theorem {inst}_output : forall x0 : R, {value} = x0 ^ {power}.\n"
      "Proof. program_identity. Qed.\n\n"
      "Theorem {inst}_W2_refuted : ~ exists {coeffs} : R, forall x0 : R, {value} = {poly}.\n"
      "Proof.\n  intros ({pattern} & H).\n  {instances}.\n  lra.\nQed.\n",
      fmt::arg("imports", kProgramImports), fmt::arg("name", name), fmt::arg("b", b), fmt::arg("nodes", cp->nodes),
      fmt::arg("power", power), fmt::arg("definition", cp->definition), fmt::arg("inst", inst),
      fmt::arg("value", value_of(name, {"x0"}, cp->keys[0])), fmt::arg("coeffs", joined(coeffs, " ")),
      fmt::arg("poly", joined(terms, " + ")), fmt::arg("pattern", joined(coeffs, " & ")),
      fmt::arg("instances", joined(instances, ".\n  ")));
  return c;
}

chain::CoqConclusion coq_conclude_size_table(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                             const std::string& inst) {
  for (const chain::CoqStep& s : steps)
    if (s.verdict != chain::Verdict::Proved) return chain::coq_not_concluded("step " + s.id + " is not proved");
  const std::vector<std::vector<Rational>> rows = recorded_parameters(cert).rational_matrix("rows");
  std::vector<std::string> claims;
  for (const auto& row : rows) {
    if (row.size() != 6)
      return chain::coq_not_concluded("a row does not hold d, k, tokens, width, free parameters, unreduced tokens");
    std::vector<std::string> v;
    for (const Rational& q : row) {
      if (!q.is_integer() || q.sign() < 0 || q > Rational(100000))
        return chain::coq_not_concluded("a size is not an integer in 0..100000");
      v.push_back(q.num().get_str());
    }
    const std::string dk = "(" + v[0] + " + " + v[1] + ")";
    claims.push_back(fmt::format(
        "binom {dk} {d} = {n} /\\ 2 * binom {dk} {d} + 2 * binom {dk} (S {d}) = {D} /\\ binom {dk} {d} = {free} /\\ "
        "Nat.pow ({d} + 1) {k} = {u}",
        fmt::arg("dk", dk), fmt::arg("d", v[0]), fmt::arg("k", v[1]), fmt::arg("n", v[2]), fmt::arg("D", v[3]),
        fmt::arg("free", v[4]), fmt::arg("u", v[5])));
  }
  chain::CoqConclusion c;
  c.modules = {"FangGlue"};
  c.theorems = {inst + "_closed_forms"};
  c.text = fmt::format(
      "(** Fang size table: the certified counts of the built networks (steps F-C1, F-C1-C) equal the spec's\n"
      "    rows; here every row is checked against the closed forms of (F5) computed in Coq (binomials by\n"
      "    Pascal's rule, m_l = binom (d + l) d), and [FangGlue.fang_width] proves for ALL d, k that the layout's\n"
      "    width m_k + sum_(l <= k) m_l + sum_(l < k) m_l is that closed form. *)\n"
      "Theorem {inst}_closed_forms : (\n  {claims})%nat.\n"
      "Proof. vm_compute. repeat split. Qed.\n\n"
      "Definition {inst}_width := fang_width.\n",
      fmt::arg("inst", inst), fmt::arg("claims", joined(claims, " /\\\n  ")));
  return c;
}

// F-C13-i gives sup |B_n f - f| <= U (U its recorded upper bound); the leaves U <= L / sqrt n and
// L / sqrt n <= eps (d = 2, so L d / (2 sqrt n) = L / sqrt n; written L / m when n = m^2, which
// `interval` cannot decide at equality) are re-checked; with the network, T_c = B_n f is proved by
// program_identity on the built construction's program.
chain::CoqConclusion coq_conclude_bernstein(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                            const std::string& inst) {
  const chain::CoqStep *sup = chain::find_coq_step(steps, "F-C13-i"),
                       *identity = chain::find_coq_step(steps, "F-C13-ii");
  if (!sup || sup->verdict != chain::Verdict::Proved || !sup->lhs.bounded())
    return chain::coq_not_concluded("step F-C13-i (the certified sup |B_n f - f|) is not proved");
  const bool network = identity != nullptr;
  if (network && identity->verdict != chain::Verdict::Proved)
    return chain::coq_not_concluded("step F-C13-ii (T_c = B_n f) is not proved");
  const Rational L = chain::coq_parameter(cert, "lipschitz"), n = chain::coq_parameter(cert, "n"),
                 eps = chain::coq_parameter(cert, "eps");
  if (!n.is_integer() || n.sign() <= 0 || L.sign() < 0)
    return chain::coq_not_concluded("n is not a positive integer or L < 0");
  const BernsteinPrograms pr = bernstein_programs(recorded_parameters(cert));
  if (network && !pr.T) return chain::coq_not_concluded("the network of F-C13-ii is not rebuilt (n > 4)");
  const std::vector<std::string> vars = variables(2);
  const auto B = coq_expression(pr.bn, pr.bn.outputs()[0], vars);
  const auto f = coq_expression(pr.f, pr.f.outputs()[0], vars);
  if (!B || !f) return chain::coq_not_concluded("B_n f or f cannot be written as a Coq expression");
  const mpz_class root = sqrt(n.num());
  const std::string bound = root * root == n.num() ? "(" + coq_real(L) + " / " + root.get_str() + ")"
                                                   : "(" + coq_real(L) + " / sqrt " + n.num().get_str() + ")";
  const std::string U = coq_real(sup->lhs.upper()), EPS = coq_real(eps), name = inst + "_bernstein";
  chain::CoqConclusion c;
  c.modules = {"FangGlue"};
  c.theorems = {name};
  std::string network_text, approx = inst + "_B", identity_arg = "(fun x y => eq_refl)";
  if (network) {
    const auto cp = coq_program(*pr.T, {pr.T->outputs()[0]}, inst + "_T");
    if (!cp) return chain::coq_not_concluded("the program of T_c is not a polynomial program");
    c.modules.push_back("ProgramIdentity");
    approx = inst + "_Tc";
    identity_arg = inst + "_Tc_eq_B";
    network_text = fmt::format(
        "{imports}"
        "(** F-C13-ii formally: [{inst}_T] is the built construction (k = 2n raw-score blocks, read-out c of\n"
        "    B_n f) as approxcert's straight-line program ({nodes} nodes); program_identity proves T_c = B_n f\n"
        "    at EVERY real (x0, x1). *)\n"
        "{definition}\n"
        "Definition {inst}_Tc (x0 x1 : R) : R := {value}.\n\n"
        "Lemma {inst}_Tc_eq_B : forall x0 x1 : R, {inst}_Tc x0 x1 = {inst}_B x0 x1.\n"
        "Proof. intros; unfold {inst}_Tc, {inst}_B; program_identity. Qed.\n\n",
        fmt::arg("imports", kProgramImports), fmt::arg("inst", inst), fmt::arg("nodes", cp->nodes),
        fmt::arg("definition", cp->definition), fmt::arg("value", value_of(inst + "_T", vars, cp->keys[0])));
  }
  c.text = fmt::format(
      "(** Fang F-C13 for this instance: [FangGlue.fang_bernstein_transfer] with U = {U} (upper bound of\n"
      "    F-C13-i), the Bernstein bound L d / (2 sqrt n) = {bound} (F10b, d = 2) and eps = {EPS}. *)\n"
      "Definition {inst}_B (x0 x1 : R) : R := {B}.\n"
      "Definition {inst}_f (x0 x1 : R) : R := {f}.\n\n"
      "{network_text}"
      "Lemma leaf_fang_sup_le_bernstein : {U} <= {bound}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Lemma leaf_fang_bernstein_le_eps : {bound} <= {EPS}.\n"
      "Proof. approxcert_leaf. Qed.\n\n"
      "Theorem {name} :\n"
      "  (forall x y, 0 <= x <= 1 /\\ 0 <= y <= 1 -> Rabs ({inst}_B x y - {inst}_f x y) <= {U}) ->  (* F-C13-i (sup-norm engine) *)\n"
      "  forall x y, 0 <= x <= 1 /\\ 0 <= y <= 1 -> Rabs ({approx} x y - {inst}_f x y) <= {EPS}.\n"
      "Proof.\n"
      "  intros Hsup.\n"
      "  exact (fang_bernstein_transfer {approx} {inst}_B {inst}_f (fun x y => 0 <= x <= 1 /\\ 0 <= y <= 1) {U} {bound} {EPS}\n"
      "           {identity_arg} Hsup leaf_fang_sup_le_bernstein leaf_fang_bernstein_le_eps).\n"
      "Qed.\n",
      fmt::arg("U", U), fmt::arg("bound", bound), fmt::arg("EPS", EPS), fmt::arg("name", name), fmt::arg("inst", inst),
      fmt::arg("B", *B), fmt::arg("f", *f), fmt::arg("network_text", network_text), fmt::arg("approx", approx),
      fmt::arg("identity_arg", identity_arg));
  return c;
}

chain::CoqConclusion coq_conclude_tempered(const nlohmann::json&, const std::vector<chain::CoqStep>&,
                                           const std::string&) {
  return chain::coq_not_concluded(
      "the tempered-softmax reading (F-C12) is unconfirmed ([U]) and its constant C is chosen from the enclosures, so "
      "no instance theorem is stated for it; its steps are exported as leaves and step facts only");
}

chain::CoqConclusion coq_conclude_conditioning(const nlohmann::json&, const std::vector<chain::CoqStep>&,
                                               const std::string&) {
  return chain::coq_not_concluded(
      "the condition number of the Hilbert matrix (F-C15) needs certified eigenvalues, which proofs/ does not have; "
      "its steps are exported as leaves and step facts only");
}

}  // namespace approxcert::theorems::fang2022
