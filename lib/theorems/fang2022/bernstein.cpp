// Theorem "fang2022/bernstein" (spec 2.9, 4.4, claim F-C13): the universality route. The tensor
// Bernstein polynomial B_n f of degree n per variable has total degree d n; the read-out of the
// construction with k = d n blocks reproduces it exactly, so its error is the Bernstein error.
#include <memory>

#include "chain/polynomial_identity.hpp"
#include "chain/sup_norm_side.hpp"
#include "chain/trust_reasons.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "problem/error_program.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/steps.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

using chain::Enclosure;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

// B_n f for d = 2 as program nodes over x0, x1 (no arithmetic on values): the basis
// b_i(u) = binom(n, i) u^i (1-u)^(n-i) of each variable once, then
// B_n f = sum_i b_i(x0) (sum_j f(i/n, j/n) b_j(x1)), with f evaluated exactly at the grid points.
// Returns the node of B_n f.
NodeId bernstein_node(Program& p, const Program& f, std::uint64_t n) {
  std::vector<std::vector<NodeId>> basis(2);
  const Rational minus_one(-1);
  for (std::size_t v = 0; v < 2; ++v) {
    const NodeId u = p.input(v);
    const NodeId w = p.affine({&u, 1}, {&minus_one, 1}, Rational(1));
    for (std::uint64_t i = 0; i <= n; ++i) {
      const NodeId prod =
          p.binary(Op::Mul, p.pow_int(u, static_cast<std::int64_t>(i)), p.pow_int(w, static_cast<std::int64_t>(n - i)));
      const Rational b = count_q(binomial(n, i));
      basis[v].push_back(p.affine({&prod, 1}, {&b, 1}, Rational(0)));
    }
  }
  std::vector<NodeId> inner;
  for (std::uint64_t i = 0; i <= n; ++i) {
    std::vector<Rational> fij;
    for (std::uint64_t j = 0; j <= n; ++j) {
      const std::vector<Rational> g{count_q(i) / count_q(n), count_q(j) / count_q(n)};
      fij.push_back(evaluate<Rational>(f, std::span<const Rational>(g), Prec(64)).at(0));
    }
    inner.push_back(p.affine(basis[1], fij, Rational(0)));
  }
  return p.dot(basis[0], inner);
}

// L d / (2 sqrt n) = L / sqrt n (d = 2) in the recheck language, in x0 = L, x1 = n.
constexpr const char* kBoundText = "x0/sqrt(x1)";

// L d / (2 sqrt(n)) with d = 2, i.e. L / sqrt(n).
template <class S>
S bernstein_bound(const Rational& L, std::uint64_t n, Prec p) {
  S nn, root, l, r;
  set(nn, count_q(n), p);
  sqrt(root, nn, p);
  set(l, L, p);
  div(r, l, root, p);
  return r;
}

}  // namespace

BernsteinPrograms bernstein_programs(const chain::Parameters& prm) {
  const std::uint64_t n = prm.count("n");
  if (n < 1 || n > 32) prm.fail("n", "must be between 1 and 32");
  BernsteinPrograms out;
  try {
    out.f = compile_target(prm.text("f"), 2);
  } catch (const InputError& e) {
    prm.fail("f", e.what());
  }
  out.bn = Program(2);
  out.bn.add_output(bernstein_node(out.bn, out.f, n));
  if (prm.flag("network") && n <= 4) {
    const Monomials mono = monomials(2, 2 * n);
    out.T =
        composed_program(embedding_network(mono),
                         block_network(mono, {.blocks = 2 * n, .readout = interpolated_readout(mono, out.bn)}), true);
  }
  return out;
}

chain::Chain build_bernstein(const chain::Parameters& prm) {
  const std::uint64_t n = prm.count("n");
  if (n < 1 || n > 32) prm.fail("n", "must be between 1 and 32");
  const std::string f_text = prm.text("f");
  Program f;
  try {
    f = compile_target(f_text, 2);
  } catch (const InputError& e) {
    prm.fail("f", e.what());
  }
  const Rational L = prm.rational("lipschitz");
  if (L.sign() < 0) prm.fail("lipschitz", "must be >= 0");
  const Rational eps = prm.rational("eps");
  const Rational spec_error = prm.rational("error_at_half");
  const std::uint64_t spec_free = prm.count("free_parameters");
  const bool network = prm.flag("network");
  if (network && n > 4)
    prm.fail("network", "the network is built for n <= 4 only (n = 8 needs 153 tokens of width 1938)");
  const std::uint64_t max_boxes = prm.count_or("max_boxes", 20000);
  if (max_boxes < 1 || max_boxes > 10000000) prm.fail("max_boxes", "must be between 1 and 10^7");
  if (eps.sign() <= 0) prm.fail("eps", "must be > 0");

  auto bn = std::make_shared<const Program>([&] {
    Program p(2);
    p.add_output(bernstein_node(p, f, n));
    return p;
  }());
  auto error = std::make_shared<const Program>([&] {  // output 0: f - B_n f
    Program p(2);
    const NodeId approx = bernstein_node(p, f, n);
    const std::vector<NodeId> vars{p.input(0), p.input(1)};
    const NodeId target = compile_expression(f_text, p, vars);
    return with_error_output(std::move(p), target, approx);
  }());
  const std::size_t k = 2 * n;

  chain::Chain ch;
  ch.add(
      {.id = "F-C13-free",
       .claim =
           "the construction for total degree k = d n = 2n has binomial(2 + k, k) free parameters, the spec's number",
       .symbols = "binomial(2 + 2n, 2n) = spec",
       .relation = Relation::Equal,
       .lhs_name = "free parameters",
       .rhs_name = "spec 4.4",
       .reference = "2.9, 4.4",
       .status = "C",
       .mode = "CF",
       .coq_lemma = "fang_bern_free",
       .coq_note = kCoqNote},
      chain::exact([k, spec_free] {
        const std::vector<Rational> sizes = closed_form_sizes(2, k);
        // binomial(2 + k, k) = (k + 2)(k + 1)/2 with k = 2n
        Outcome o(Side::exact(sizes.back()).rechecked_by("(2*x0 + 2)*(2*x0 + 1)/2", {"parameter:n"}),
                  Side::exact(count_q(spec_free)).rechecked_by("x0", {"parameter:free_parameters"}));
        o.report("blocks k", Side::exact(count_q(k)).rechecked_by("2*x0", {"parameter:n"}));
        o.report("tokens n", Side::exact(sizes[0]));
        o.report("width D (W3: hidden growth)", Side::exact(sizes[1]));
        o.report("nonzero weights", Side::exact(sizes[sizes.size() - 2]));
        return o;
      }));
  ch.add({.id = "F-C13-C",
          .claim = "the error B_n f - f at (1/2, 1/2), exactly, equals the spec's number",
          .symbols = "B_n f(1/2, 1/2) - f(1/2, 1/2) = spec",
          .relation = Relation::Equal,
          .lhs_name = "error at (1/2, 1/2)",
          .rhs_name = "spec 4.4",
          .reference = "4.4",
          .status = "C",
          .mode = "EX",
          .coq_lemma = "fang_bern_C",
          .coq_note = kCoqNote},
         chain::exact([error, spec_error] {
           const std::vector<Rational> half{Rational(1) / Rational(2), Rational(1) / Rational(2)};
           // error program: output 0 = target - approx = f - B_n f
           const Rational e = -evaluate<Rational>(*error, std::span<const Rational>(half), Prec(64)).at(0);
           return Outcome(Side::exact(e).trusted_because(chain::kConstructionData),
                          Side::exact(spec_error).rechecked_by("x0", {"parameter:error_at_half"}))
               .where(point_of(half));
         }));
  ch.add(
      {.id = "F-C13-i",
       .claim =
           "sup over [0,1]^2 of |B_n f - f| is at most L d / (2 sqrt(n)) (F10b), certified by the sup-norm engine (f has a kink on the diagonal)",
       .symbols = "||B_n f - f||_inf <= L d / (2 sqrt n)",
       .relation = Relation::LessEqual,
       .lhs_name = "||B_n f - f||_inf",
       .rhs_name = "L d / (2 sqrt n)",
       .reference = "(F10b)",
       .status = "P4 (R route)",
       .mode = "CF + supnorm",
       .coq_lemma = "fang_bern_i",
       .coq_proof = "FangGlue.fang_bernstein_transfer"},
      chain::ball([error, L, n, max_boxes, eps](const chain::Attempt& a) {
        // stop once upper - lower <= eps/4 (a sup closer than that to the bound stays unknown)
        const chain::SupNormBudget budget{
            .rel_tol = Rational(1) / Rational(100), .max_boxes = max_boxes, .abs_tol = eps / Rational(4)};
        const Box box{{Rational(0), Rational(0)}, {Rational(1), Rational(1)}};
        const Side lhs = chain::sup_norm_side(*error, box, a, {}, "sup |B_n f - f| over [0,1]^2", budget);
        return Outcome(lhs, Side::enclosure(bernstein_bound<Ball>(L, n, a.prec))
                                .rechecked_by(kBoundText, {"parameter:lipschitz", "parameter:n"}));
      }));
  ch.add({.id = "F-C13-bound",
          .claim = "the Bernstein bound L d / (2 sqrt(n)) is at most eps",
          .symbols = "L d / (2 sqrt n) <= eps",
          .relation = Relation::LessEqual,
          .lhs_name = "L d / (2 sqrt n)",
          .rhs_name = "eps",
          .reference = "(F10b)",
          .status = "P4 (R route)",
          .mode = "CF",
          .coq_lemma = "fang_bern_bound",
          .coq_proof = "FangGlue.fang_bernstein_transfer"},
         chain::generic([L, n, eps]<class S>(const chain::Attempt& a) {
           return Outcome(Side::enclosure(bernstein_bound<S>(L, n, a.prec))
                              .rechecked_by(kBoundText, {"parameter:lipschitz", "parameter:n"}),
                          Side::exact(eps).rechecked_by("x0", {"parameter:eps"}));
         }));
  if (network) {
    auto T = std::make_shared<const Program>([&] {
      const Monomials mono = monomials(2, k);
      return composed_program(embedding_network(mono),
                              block_network(mono, {.blocks = k, .readout = interpolated_readout(mono, *bn)}), true);
    }());
    ch.add({.id = "F-C13-ii",
            .claim = "the read-out of the construction with k = 2n blocks equals B_n f as polynomials (for all x)",
            .symbols = "T_c == B_n f",
            .relation = Relation::Equal,
            .lhs_name = "T_c",
            .rhs_name = "B_n f",
            .reference = "2.9",
            .status = "P4 (R route)",
            .mode = "EX (polynomial identity)",
            .coq_lemma = "fang_bern_ii",
            .coq_proof = "FangGlue.fang_bernstein_transfer"},
           chain::trusting(chain::exact([T, bn] { return chain::polynomial_identity(*T, *bn); }),
                           chain::kNetworkEvaluation, chain::kConstructionData));
    ch.add({.id = "F-C13-iii",
            .claim =
                "hence sup over [0,1]^2 of |T_c - f| <= eps: T_c = B_n f (F-C13-ii) and the sup-norm bound of F-C13-i",
            .symbols = "||T_c - f||_inf <= eps",
            .relation = Relation::LessEqual,
            .lhs_name = "||T_c - f||_inf",
            .rhs_name = "eps",
            .reference = "2.9",
            .status = "P4 (R route)",
            .mode = "derived",
            .coq_lemma = "fang_bern_iii",
            .coq_proof = "FangGlue.fang_bernstein_transfer"},
           exact_with([eps](const chain::Attempt& a) {
             const chain::StepResult& sup = a.result("F-C13-i");
             const bool same = a.result("F-C13-ii").verdict == chain::Verdict::Proved;
             const Enclosure& e = sup.outcome.lhs.value;
             const Side bound = Side::exact(eps).rechecked_by("x0", {"parameter:eps"});
             if (!same || !e.bounded())
               return Outcome(Side::derived(Enclosure::whole_line(), "needs F-C13-i bounded and F-C13-ii proved"),
                              bound);
             return Outcome(
                 Side::derived(Enclosure::between(e.lower(), e.upper()), "the enclosure of F-C13-i, since T_c = B_n f")
                     .rechecked_by("x0", {"step:F-C13-i:lhs"}),
                 bound);
           }));
  }
  return ch;
}

}  // namespace approxcert::theorems::fang2022
