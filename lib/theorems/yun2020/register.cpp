#include "theorems/yun2020/register.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "chain/trust_reasons.hpp"

#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/contextual_steps.hpp"
#include "theorems/yun2020/coq_glue.hpp"
#include "theorems/yun2020/error_steps.hpp"
#include "theorems/yun2020/lp_step.hpp"
#include "theorems/yun2020/softmax_steps.hpp"

namespace approxcert::theorems::yun2020 {

namespace {

std::optional<std::vector<Rational>> read_witness(const chain::Parameters& p, const Shape& s) {
  if (!p.has("e1_witness")) return std::nullopt;
  const auto cols = p.rational_matrix("e1_witness");  // n columns of d entries
  if (cols.size() != s.n || cols[0].size() != s.d) p.fail("e1_witness", "must be n columns of d entries each");
  std::vector<Rational> L;
  for (const auto& col : cols) L.insert(L.end(), col.begin(), col.end());
  return L;
}

// The sides verify cannot re-compute from the certificate: values of the network the chain
// builds, and quantities the chain enumerates over the grids. (Closed forms carry rechecks.)
void mark_trusted_sides(chain::Chain& c) {
  using chain::kConstructionData, chain::kEnumeration, chain::kNetworkEvaluation;
  chain::mark_trusted(c, {{"Y-1", kNetworkEvaluation, ""},
                          {"Y-2", kEnumeration, kEnumeration},
                          {"Y-3", kEnumeration, ""},
                          {"Y-4", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-5", kNetworkEvaluation, ""},
                          {"Y-5t", kNetworkEvaluation, ""},
                          {"Y-5i", kEnumeration, ""},
                          {"Y-6", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-7", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-7P", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-8", kNetworkEvaluation, kConstructionData},
                          {"Y-8min", kNetworkEvaluation, kConstructionData},
                          {"Y-8max", kNetworkEvaluation, kConstructionData},
                          {"Y-9", kNetworkEvaluation, kConstructionData},
                          {"Y-9c", kConstructionData, kConstructionData},
                          {"Y-9m", kNetworkEvaluation, kConstructionData},
                          {"Y-10", kNetworkEvaluation, ""},
                          {"Y-10z", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-11", kNetworkEvaluation, ""},
                          {"Y-12", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-1r", kNetworkEvaluation, ""},
                          {"Y-15", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-15z", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-16", kNetworkEvaluation, ""},
                          {"Y-17", kNetworkEvaluation, ""},
                          {"Y-18", kNetworkEvaluation, ""},
                          {"Y-19", kEnumeration, ""}});
}

// The closed forms of Lemma 10 and of the grid that verify re-computes from the parameter delta
// (x0), written as products so that the recomputation is exact (recheck.hpp).
void add_grid_rechecks(chain::Chain& c, const Shape& s) {
  auto delta_inv_pow = [](long k) {  // delta^-k
    std::string t = "1";
    for (long i = 0; i < k; ++i) t += "*(1/x0)";
    return t;
  };
  const long d = s.dl(), n = s.nl();
  const std::vector<std::string> delta{"parameter:delta"};
  auto has = [&c](std::string_view id) {
    for (const auto& e : c.steps())
      if (e.spec.id == id) return true;
    return false;
  };
  if (has("Y-3")) c.recheck("Y-3", "rhs", "-x0/2", delta);
  if (has("Y-11")) c.recheck("Y-11", "rhs", "x0/2", delta);
  if (has("Y-5")) {
    c.recheck("Y-5", "rhs", delta_inv_pow((n - 1) * d - 1) + "*(" + delta_inv_pow(d) + " - 1)", delta);
    c.recheck("Y-5", "rhs_high", std::to_string(n) + "*" + delta_inv_pow((n + 1) * d), delta);
  }
  if (has("Y-5i")) {  // binom(delta^-d, n) = prod_{k<n} (delta^-d - k)/(k + 1)
    std::string t = "1";
    for (long k = 0; k < n; ++k) t += "*(" + delta_inv_pow(d) + " - " + std::to_string(k) + ")/" + std::to_string(k + 1);
    c.recheck("Y-5i", "rhs", t, delta);
  }
}

// Network sides verify re-evaluates from the network the certificate records (recheck.hpp).
void add_network_rechecks(chain::Chain& c, const Config& config) {
  const std::size_t dn = config.shape.d * config.shape.n;
  for (const auto& e : c.steps())
    if (e.spec.id == "Y-1") {  // g_q at (t, ..., t), entry `entry`
      c.recheck_network("Y-1", "lhs", sequence_network(config.shape, quantizer_layers(config, std::nullopt)), "at:entry",
                        std::vector<std::string>(dn, "at:t"));
      break;
    }
}

chain::Chain build_theorem_2(const chain::Parameters& p) {
  const Config config = read_config(p);
  TargetMap target = read_target(p, config.shape);
  ErrorBudget budget;
  budget.p = p.count("p");
  if (budget.p < 1 || budget.p > 16) p.fail("p", "must be an integer between 1 and 16");
  budget.eps = p.rational("eps");
  if (budget.eps.sign() <= 0) p.fail("eps", "must be > 0");
  budget.lipschitz = p.rational("lipschitz");
  if (budget.lipschitz.sign() < 0) p.fail("lipschitz", "must be >= 0");
  std::optional<Rational> lp_tol;  // certified_lp_rel_tol: adds Y-14c
  if (p.has("certified_lp_rel_tol")) {
    lp_tol = p.rational("certified_lp_rel_tol");
    if (lp_tol->sign() <= 0 || Rational(1) < *lp_tol) p.fail("certified_lp_rel_tol", "must be in (0, 1]");
  }
  const std::optional<Rational> M = p.has("M") ? std::optional<Rational>(p.rational("M")) : std::nullopt;
  const auto witness = read_witness(p, config.shape);
  std::optional<SoftmaxBudget> softmax;
  if (p.has("lambda")) {
    softmax = SoftmaxBudget{{p.rational("lambda"), p.rational("eta")}, p.rational("eps_grid"), budget.p, std::nullopt};
    if (softmax->smoothing.lambda.sign() <= 0) p.fail("lambda", "must be > 0");
    if (softmax->smoothing.eta.sign() <= 0 || softmax->smoothing.eta >= config.shape.delta() / Rational(2))
      p.fail("eta", "must be in (0, delta/2) so that cell midpoints avoid the ramps");
    if (softmax->eps_grid.sign() <= 0) p.fail("eps_grid", "must be > 0");
    if (p.has("a")) {
      BoxBudget box{p.rational("a"), p.rational("S_B"), true};
      if (box.a.sign() < 0) p.fail("a", "must be >= 0");
      if (box.S_B.sign() < 0) p.fail("S_B", "must be >= 0");
      const std::string cover = p.text_or("box_cover", "cells");
      if (cover != "cells" && cover != "single") p.fail("box_cover", "must be \"cells\" or \"single\"");
      box.cell_cover = cover == "cells";
      std::uint64_t pieces = box.cell_cover ? config.shape.N + (box.a.sign() > 0 ? 2 : 0) : 1, boxes = 1;
      for (std::uint64_t e = 0; e < config.shape.d * config.shape.n; ++e)
        if ((boxes *= pieces) > 100000) p.fail("box_cover", "\"cells\" would propagate more than 100000 boxes; use \"single\"");
      softmax->box = box;
    }
  }

  const unsigned threads = default_threads();
  Assembly assembly = assemble(config, target, M, threads);
  auto ctx = std::make_shared<Context>(config, std::move(target), std::move(assembly), threads);
  chain::Chain c;
  add_finite_steps(c, ctx, witness);
  add_error_steps(c, ctx, budget);
  if (lp_tol) add_certified_lp_step(c, ctx, budget, *lp_tol);
  if (softmax) add_softmax_steps(c, ctx, *softmax, budget);
  mark_trusted_sides(c);
  add_grid_rechecks(c, config.shape);
  add_network_rechecks(c, config);
  return c;
}

}  // namespace

void register_theorems(chain::TheoremRegistry& r) {
  r.add({.name = "yun2020/theorem-2", .paper = "yun2020",
         .title = "Yun et al. 2020, Theorem 2: Transformers approximate permutation-equivariant functions (hardmax construction, exhaustive over grids)",
         .statement = "For every continuous permutation-equivariant $f$ with compact support, $1 \\le p < \\infty$ and "
                      "$\\varepsilon > 0$ there is a Transformer $g \\in \\mathcal T^{2,1,4}$ with "
                      "$\\mathsf d_p(f, g) \\le \\varepsilon$. The proof quantizes the input ($g_q$), maps every grid point "
                      "with distinct columns to a unique context id with selective-shift attention ($g_c$, Lemma 6) and "
                      "maps ids to $f$ values ($g_v$). This chain builds the hardmax network $\\bar g$ for the given "
                      "$d, n, \\delta$ and constants $J$, $K$, $[t_l, t_r]$, checks Lemmas 5-7 and Proposition 4 "
                      "exhaustively over $\\mathbb G^+_\\delta$ in exact rationals, and the Step 1-2 error terms in closed form."},
        build_theorem_2, coq_conclude_theorem_2);
}

}  // namespace approxcert::theorems::yun2020
