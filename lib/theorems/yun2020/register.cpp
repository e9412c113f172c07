#include "theorems/yun2020/register.hpp"

#include <initializer_list>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "chain/recheck.hpp"
#include "chain/trust_reasons.hpp"

#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/contextual_steps.hpp"
#include "theorems/yun2020/coq_glue.hpp"
#include "theorems/yun2020/error_steps.hpp"
#include "theorems/yun2020/good_set_steps.hpp"
#include "theorems/yun2020/lp_step.hpp"
#include "theorems/yun2020/positional.hpp"
#include "theorems/yun2020/size_steps.hpp"
#include "theorems/yun2020/softmax_steps.hpp"
#include "theorems/yun2020/unbounded_steps.hpp"

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
  using chain::kConstructionData, chain::kEnumeration, chain::kInexpressibleClosedForm, chain::kNetworkCount,
      chain::kNetworkEvaluation;
  chain::mark_trusted(c, {{"Y-1", kNetworkEvaluation, kInexpressibleClosedForm},  // g_q^ent: a case split
                          {"Y-2", kEnumeration, kEnumeration},
                          {"Y-3", kEnumeration, ""},
                          {"Y-4", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-5", kNetworkEvaluation, ""},
                          {"Y-5t", kNetworkEvaluation, kConstructionData},
                          {"Y-5i", kEnumeration, ""},
                          {"Y-6", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-6d", kEnumeration, ""},
                          {"Y-7", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-7P", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-8", kNetworkEvaluation, kConstructionData},
                          {"Y-8min", kNetworkEvaluation, kConstructionData},
                          {"Y-8max", kNetworkEvaluation, kConstructionData},
                          {"Y-9", kNetworkEvaluation, kConstructionData},
                          {"Y-9c", kConstructionData, kConstructionData},
                          {"Y-9m", kNetworkEvaluation, kConstructionData},
                          {"Y-9w", kNetworkEvaluation, kConstructionData},
                          {"Y-10", kNetworkEvaluation, kEnumeration},  // M: the largest entry over G+ unless given
                          {"Y-10z", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-11", kNetworkEvaluation, ""},
                          {"Y-12", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-12o", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-1r", kNetworkEvaluation, kInexpressibleClosedForm},
                          {"Y-15", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-15z", kNetworkEvaluation, kNetworkEvaluation},
                          {"Y-16", kNetworkEvaluation, ""},
                          {"Y-17", kNetworkEvaluation, ""},
                          {"Y-18", kNetworkEvaluation, ""},
                          {"Y-19", kEnumeration, ""},
                          {"Y-E3r", kNetworkEvaluation, kConstructionData},
                          {"Y-E3", kNetworkEvaluation, ""},
                          {"Y-E9", kNetworkEvaluation, ""},
                          {"Y-S1", kNetworkCount, kInexpressibleClosedForm},  // binomials
                          {"Y-S2", kNetworkCount, chain::kQuotedConstant},
                          {"Y-S3", kNetworkCount, kInexpressibleClosedForm},
                          {"Y-E2E", kInexpressibleClosedForm, ""}});  // a p-th root other than sqrt
}

bool has_step(const chain::Chain& c, std::string_view id) {
  for (const auto& e : c.steps())
    if (e.spec.id == id) return true;
  return false;
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
  if (has("Y-6d")) c.recheck("Y-6d", "rhs", "0", {});
  if (has("Y-11")) c.recheck("Y-11", "rhs", "x0/2", delta);
  if (has("Y-5")) {
    c.recheck("Y-5", "rhs", delta_inv_pow((n - 1) * d - 1) + "*(" + delta_inv_pow(d) + " - 1)", delta);
    c.recheck("Y-5", "rhs_high", std::to_string(n) + "*" + delta_inv_pow((n + 1) * d), delta);
  }
  if (has("Y-5i") && s.positional) {  // every grid point is its own class: delta^(-dn)
    c.recheck("Y-5i", "rhs", delta_inv_pow(d * n), delta);
  } else if (has("Y-5i")) {  // binom(delta^-d, n) = prod_{k<n} (delta^-d - k)/(k + 1)
    std::string t = "1";
    for (long k = 0; k < n; ++k)
      t += "*(" + delta_inv_pow(d) + " - " + std::to_string(k) + ")/" + std::to_string(k + 1);
    c.recheck("Y-5i", "rhs", t, delta);
  }
}

// The tight Lemma 10 bounds (Sec. 2.3): tilde l_n^min = delta sum_{i<n} c_i and tilde l_n^max =
// delta sum_{i<n-1} c_i + (delta^(-d+1) - (n-1) delta) c_{n-1}, c_i = 1 + delta^(-nd) - delta^(-(n-i)d),
// in delta (x0) as products; M when the instance gives it.
void add_tight_rechecks(chain::Chain& c, const Shape& s, const std::optional<Rational>& M) {
  auto D = [](long k) {  // delta^-k
    std::string t = "1";
    for (long i = 0; i < k; ++i) t += "*(1/x0)";
    return t;
  };
  const long d = s.dl(), n = s.nl();
  auto weight = [&](long i) { return "(1 + " + D(n * d) + " - " + D((n - i) * d) + ")"; };
  std::string low = "0", high = "0";
  for (long i = 1; i <= n - 1; ++i) low += " + " + weight(i);
  for (long i = 1; i <= n - 2; ++i) high += " + " + weight(i);
  low = "x0*(" + low + ")";
  high = "x0*(" + high + ") + (" + D(d - 1) + " - " + std::to_string(n - 1) + "*x0)*" + weight(n - 1);
  const std::vector<std::string> delta{"parameter:delta"};
  if (has_step(c, "Y-5t") && high.size() <= chain::kMaxRecheckExpressionLength &&
      low.size() <= chain::kMaxRecheckExpressionLength) {
    c.recheck("Y-5t", "rhs", low, delta);
    c.recheck("Y-5t", "rhs_high", high, delta);
  }
  if (M && has_step(c, "Y-10")) c.recheck("Y-10", "rhs", "x0", {"parameter:M"});
}

// The closed forms of the softmax steps in the parameters (p-th powers as products, exact), and
// T_3 and the end-to-end bound from the recorded sides they combine.
void add_softmax_rechecks(chain::Chain& c, const Shape& s, std::uint64_t p) {
  auto power = [p](const std::string& x) {
    std::string t = x;
    for (std::uint64_t k = 1; k < p; ++k) t += "*" + x;
    return t;
  };
  if (has_step(c, "Y-16")) c.recheck("Y-16", "rhs", "0", {});
  if (has_step(c, "Y-17")) c.recheck("Y-17", "rhs", power("x0"), {"parameter:eps_grid"});
  if (has_step(c, "Y-18")) c.recheck("Y-18", "rhs", power("x0"), {"parameter:S_B"});
  const std::size_t dn = s.d * s.n;
  if (has_step(c, "Y-19")) {  // dn (1/delta + 1) eta (1 + 2a)^(dn-1)
    std::string t = std::to_string(dn) + "*(1/x0 + 1)*x1";
    for (std::size_t k = 1; k < dn; ++k) t += "*(1 + 2*x2)";
    c.recheck("Y-19", "rhs", t, {"parameter:delta", "parameter:eta", "parameter:a"});
  }
  if (has_step(c, "Y-20"))  // T_3 = sum_G + vol(B \ [0,1)^dn) max_{G+ \ G} + vol(Omega_B) S_B^p (Y-19 lhs, Y-18 rhs)
    c.recheck("Y-20", "lhs", "x0 + x1*x2 + x3*x4",
              {"step:Y-17:reported:sum_{L in G} delta^(dn) e_L^p", "step:Y-19:reported:vol(B \\ [0,1)^(dn))",
               "step:Y-17:reported:max_{L in G+ \\ G} ||g(L°)||_p^p", "step:Y-19:lhs", "step:Y-18:rhs"});
  if (has_step(c, "Y-E2E") && (p & (p - 1)) == 0) {  // Lip delta + T_3^(1/p), p a power of 2: nested square roots
    std::string root = "x2";
    for (std::uint64_t k = p; k > 1; k /= 2) root = "sqrt(" + root + ")";
    c.recheck("Y-E2E", "lhs", "x0*x1 + " + root, {"parameter:lipschitz", "parameter:delta", "step:Y-20:lhs"});
  }
}

// Network sides verify re-evaluates from the network the certificate records (recheck.hpp).
// g_q at (t, ..., t) (Y-1); the hardmax g_c (window layers, then the global layer) and its column
// ids u^T Z_j as a last token-wise layer, at a grid point L ("at:L[r,j]"): q(L)_j (1-based "at:j"),
// tilde l_n = the largest id after the windows, the largest entry of g_c(L).
void add_network_rechecks(chain::Chain& c, const Config& config) {
  const Shape& s = config.shape;
  const std::size_t dn = s.d * s.n;
  if (has_step(c, "Y-1"))
    c.recheck_network("Y-1", "lhs", sequence_network(s, quantizer_layers(config, std::nullopt)), "at:entry",
                      std::vector<std::string>(dn, "at:t"));
  std::vector<std::string> L;  // the order of grid_point(): column j, then row r
  for (std::size_t j = 0; j < s.n; ++j)
    for (std::size_t r = 0; r < s.d; ++r)
      L.push_back("at:L[" + std::to_string(r + 1) + "," + std::to_string(j + 1) + "]");
  const Layer ids{TokenwiseLayer{
      {Layer{DenseLayer{numbers(RationalMatrix{column_id_weights(s)}), numbers(RationalVector{Rational(0)})}}}}};
  LayerList windows = window_layers(config, std::nullopt), contextual = windows;
  contextual.push_back(global_layer(config, std::nullopt));
  LayerList window_ids = windows, q = contextual;
  window_ids.push_back(ids);
  q.push_back(ids);
  const Network q_net = sequence_network(s, q);
  for (const auto& [id, side, at] :
       std::initializer_list<std::tuple<const char*, const char*, const char*>>{{"Y-6", "lhs", "at:j"},
                                                                                {"Y-6", "rhs", "at:k"},
                                                                                {"Y-7P", "lhs", "at:j"},
                                                                                {"Y-8", "lhs", "at:j"},
                                                                                {"Y-9", "lhs", "at:j"},
                                                                                {"Y-9w", "lhs", "at:j"}})
    if (has_step(c, id)) c.recheck_network(id, side, q_net, std::string(at) + "-1", L);  // 1-based j
  const Network id_net = sequence_network(s, window_ids);
  for (const char* id : {"Y-5", "Y-5t"})
    if (has_step(c, id)) c.recheck_network(id, "lhs", id_net, "max", L);
  if (has_step(c, "Y-10")) c.recheck_network("Y-10", "lhs", sequence_network(s, contextual), "max", L);
}

// Theorem 2, or Theorem 3 (positional: the same construction with E added, spec 2.6).
chain::Chain build_chain(const chain::Parameters& p, bool positional) {
  const Config config = read_config(p, positional);
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
      // Off [0,1]^(dn) an entry x of column j >= 2 with x + j - 1 in [0, n) is quantized into another
      // column's range, not to -J: Y-20's split of B \ [0,1)^(dn) into out-of-range cells does not hold.
      if (positional && box.a.sign() != 0)
        p.fail(
            "a",
            "must be 0 with positional encoding (Theorem 3's domain [0,1]^(d x n)): off it an entry x of column j >= 2 with x + j - 1 in [0, n) is quantized into another column's range, not to -J, so Y-20's out-of-range cells do not cover B \\ [0,1)^(d x n)");
      if (box.S_B.sign() < 0) p.fail("S_B", "must be >= 0");
      const std::string cover = p.text_or("box_cover", "cells");
      if (cover != "cells" && cover != "single") p.fail("box_cover", "must be \"cells\" or \"single\"");
      box.cell_cover = cover == "cells";
      std::uint64_t pieces = box.cell_cover ? config.shape.N + (box.a.sign() > 0 ? 2 : 0) : 1, boxes = 1;
      for (std::uint64_t e = 0; e < config.shape.d * config.shape.n; ++e)
        if ((boxes *= pieces) > 100000)
          p.fail("box_cover", "\"cells\" would propagate more than 100000 boxes; use \"single\"");
      softmax->box = box;
    }
  }

  std::optional<UnboundedWitness> e3;  // e3_x1 (+ e3_x2): adds Y-E3r, Y-E3
  if (p.has("e3_x1")) {
    if (positional)
      p.fail("e3_x1", "is Theorem 2's unbounded domain R^(d x n) (spec E3); Theorem 3's domain is compact");
    if (!softmax) p.fail("e3_x1", "needs the softmax network (lambda, eta, eps_grid)");
    e3 = UnboundedWitness{softmax->smoothing, p.rational("e3_x1"), std::nullopt, {}};
    const Rational down = e3_ray_start(softmax->smoothing.eta);
    if (!(e3->x1 <= down || e3->x1 >= Rational(1)))
      p.fail("e3_x1", down == -softmax->smoothing.eta ? "must be out of range: <= -eta or >= 1"
                                                      : "must be out of range: <= " + down.to_string() +
                                                            " (-eta rounded down to a multiple of 2^-64) or >= 1");
    // The other d n - 2 entries range over the flat pieces [k delta, (k+1) delta - eta] of these levels.
    const std::size_t others = config.shape.d * config.shape.n - 2;
    if (p.has("e3_levels")) {
      const auto levels = p.rationals("e3_levels");
      if (levels.size() != others)
        p.fail("e3_levels", "must list d n - 2 = " + std::to_string(others) +
                                " levels (the entries other than (1,1) and (1,2), in input order)");
      for (const Rational& k : levels) {
        if (!k.is_integer() || k.sign() < 0 || !(k < Rational(static_cast<long>(config.shape.N))))
          p.fail("e3_levels", "every level must be an integer k with 0 <= k < 1/delta");
        e3->levels.push_back(static_cast<unsigned>(k.num().get_ui()));
      }
    } else {
      e3->levels.assign(others, 0);
    }
    if (p.has("e3_x2")) {
      const auto I = p.rationals("e3_x2");
      if (I.size() != 2 || I[1] < I[0]) p.fail("e3_x2", "must be an interval [lo, hi] with lo <= hi");
      e3->x2 = std::pair{I[0], I[1]};
    }
  } else if (p.has("e3_x2") || p.has("e3_levels")) {
    p.fail(p.has("e3_x2") ? "e3_x2" : "e3_levels", "needs e3_x1");
  }

  const bool e9 = p.flag_or("e9_good_set", false);  // adds Y-E9
  if (e9 && !softmax) p.fail("e9_good_set", "needs the softmax network (lambda, eta, eps_grid)");

  const unsigned threads = default_threads();
  Assembly assembly = assemble(config, target, M, threads);
  auto ctx = std::make_shared<Context>(config, std::move(target), std::move(assembly), threads);
  chain::Chain c;
  add_finite_steps(c, ctx, witness);
  if (positional) add_positional_steps(c, ctx);
  add_error_steps(c, ctx, budget);
  if (lp_tol) add_certified_lp_step(c, ctx, budget, *lp_tol);
  // Spec 2.7's size formulas (Theorem 2's; with positional encoding reconstructed, size_steps.hpp).
  add_size_steps(c, ctx, softmax ? std::optional<Smoothing>(softmax->smoothing) : std::nullopt);
  if (softmax) add_softmax_steps(c, ctx, *softmax, budget);
  if (e9) add_good_set_step(c, ctx, softmax->smoothing, softmax->eps_grid, budget);
  if (e3) add_unbounded_steps(c, ctx, *e3);
  mark_trusted_sides(c);
  add_grid_rechecks(c, config.shape);
  add_tight_rechecks(c, config.shape, M);
  add_softmax_rechecks(c, config.shape, budget.p);
  add_network_rechecks(c, config);
  return c;
}

chain::Chain build_theorem_2(const chain::Parameters& p) { return build_chain(p, false); }
chain::Chain build_theorem_3(const chain::Parameters& p) { return build_chain(p, true); }

}  // namespace

void register_theorems(chain::TheoremRegistry& r) {
  r.add(
      {.name = "yun2020/theorem-2",
       .paper = "yun2020",
       .title =
           "Yun et al. 2020, Theorem 2: Transformers approximate permutation-equivariant functions (hardmax construction, exhaustive over grids)",
       .statement =
           "For every continuous permutation-equivariant $f$ with compact support, $1 \\le p < \\infty$ and "
           "$\\varepsilon > 0$ there is a Transformer $g \\in \\mathcal T^{2,1,4}$ with "
           "$\\mathsf d_p(f, g) \\le \\varepsilon$. The proof quantizes the input ($g_q$), maps every grid point "
           "with distinct columns to a unique context id with selective-shift attention ($g_c$, Lemma 6) and "
           "maps ids to $f$ values ($g_v$). This chain builds the hardmax network $\\bar g$ for the given "
           "$d, n, \\delta$ and constants $J$, $K$, $[t_l, t_r]$, checks Lemmas 5-7 and Proposition 4 "
           "exhaustively over $\\mathbb G^+_\\delta$ in exact rationals, and the Step 1-2 error terms in closed form."},
      build_theorem_2, coq_conclude_theorem_2);
  r.add(
      {.name = "yun2020/theorem-3",
       .paper = "yun2020",
       .title =
           "Yun et al. 2020, Theorem 3: Transformers with positional encoding approximate continuous functions on a compact domain (hardmax construction, exhaustive over grids)",
       .statement =
           "For every continuous $f$ on a compact domain $\\mathbb D \\subset \\mathbb R^{d \\times n}$, $1 \\le p < \\infty$ "
           "and $\\varepsilon > 0$ there is $g \\in \\mathcal T_P^{2,1,4}$ with $\\mathsf d_p(f, g) \\le \\varepsilon$. "
           "The construction is Theorem 2's after adding $E_{:,j} = (j-1) \\mathbf 1_d$ to the input: the quantizer "
           "works on $[0, n)$ ($n/\\delta$ layers per row), every grid point has distinct columns, and the windows "
           "sweep the $n$ column-id ranges ($n \\delta^{-d}$ window layers plus the global layer). This chain builds "
           "the hardmax network for $\\mathbb D = [0,1]^{d \\times n}$ and the given $d, n, \\delta$, $J$, $K$, $[t_l, t_r]$ "
           "(tight: the exhaustive extremes), checks Lemmas 5-7 and Proposition 4 exhaustively over $\\mathbb G^+_\\delta$ "
           "in exact rationals, and the Step 1-2 error terms in closed form; with $\\lambda$, $\\eta$ also the softmax/ReLU "
           "network of Step 3 (Lemma 9) at every cell and, with $a = 0$, end to end on $\\mathbb D$."},
      build_theorem_3, coq_conclude_theorem_3);
}

}  // namespace approxcert::theorems::yun2020
