// Theorem 3.1 (spec §4) in d >= 2 dimensions: a continuous relation r(x, y) on [0,1]^d x [0,1]^d is
// approximated to eps by <U^T phi(x), V^T phi(y)>, phi the Voronoi threshold network of the k^d grid
// sites and R = U V^T the exact rank factorisation of Lemma 3.1 (FLINT rref) of R_kl = r(s_k, s_l),
// which must be rational at the sites (a polynomial relation with rational coefficients).
#include "chain/trust_reasons.hpp"
#include "linalg/exact_matrix.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "scalar/input_error.hpp"
#include "theorems/altabaa2024/cell_pairs.hpp"
#include "theorems/altabaa2024/certify.hpp"
#include "theorems/altabaa2024/relation_model.hpp"
#include "theorems/altabaa2024/theorems.hpp"
#include "theorems/altabaa2024/voronoi_grid.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

struct GridDesign {
  std::size_t d;
  std::uint64_t k, m;
  std::string r;
  SiteList sites;
  RationalMatrix R;  // R_kl = r(s_k, s_l), exact
  RankFactorisation f;
  Network net;
};

GridDesign grid_design(const chain::Parameters& p) {
  GridDesign g;
  g.d = p.count("d");
  if (g.d < 2 || g.d > 3) p.fail("d", "must be 2 or 3 (d = 1 is altabaa2024/theorem-3.1)");
  g.k = p.count("k");
  if (g.k < 1 || g.k > 12) p.fail("k", "must be between 1 and 12 (sites per axis)");
  g.m = 1;
  for (std::size_t a = 0; a < g.d; ++a) g.m *= g.k;
  if (g.m < 2 || g.m > 150) p.fail("k", "k^d must be between 2 and 150 (m^2 cell pairs, m(m-1)/2 + m units)");
  g.r = p.text("r");
  Program target;
  try {
    target = compile_target(g.r, 2 * g.d);
  } catch (const InputError& e) {
    p.fail("r", e.what());
  }
  g.sites = grid_sites_nd(g.k, g.d);
  Evaluator<Rational> ev(target, Prec(64));
  g.R.assign(g.m, RationalVector(g.m));
  for (std::size_t i = 0; i < g.m; ++i)
    for (std::size_t j = 0; j < g.m; ++j) {
      RationalVector in = g.sites[i];
      in.insert(in.end(), g.sites[j].begin(), g.sites[j].end());
      try {
        ev.run(in);
      } catch (const NotExactError&) {
        p.fail("r",
               "is not rational at the grid sites (use +, -, *, / and integer powers: R = r(s_k, s_l) must be exact)");
      }
      g.R[i][j] = ev.outputs().at(0);
    }
  g.f = exact_rank_factorisation(g.R);
  LayerList left = voronoi_layers_nd(g.sites), right = voronoi_layers_nd(g.sites);
  left.push_back(Layer{transpose_projection(g.f.U)});
  right.push_back(Layer{transpose_projection(g.f.V)});
  g.net = inner_product_network(2 * g.d, g.d, std::move(left), std::move(right));
  return g;
}

chain::Side param(const Rational& v, const char* name) {
  return chain::Side::exact(v).rechecked_by("x0", {std::string("parameter:") + name});
}

}  // namespace

Network construct_voronoi_grid_relation(const chain::Parameters& p) { return grid_design(p).net; }

chain::Chain build_theorem_3_1_grid(const chain::Parameters& p) {
  const Rational eps = p.rational("eps");
  const Rational delta = p.rational("delta");
  if (eps.sign() <= 0) p.fail("eps", "must be > 0");
  if (delta.sign() <= 0) p.fail("delta", "must be > 0");
  const GridDesign g = grid_design(p);
  const Rational dq = count_q(g.d), kq = count_q(g.k);
  const Rational diam2 = dq / (kq * kq), radius2 = dq / (Rational(4) * kq * kq), delta2 = delta * delta;
  const std::vector<std::string> dk{"parameter:d", "parameter:k"};

  chain::Chain c;
  c.add({.id = "V1",
         .claim = "every Voronoi cell of the grid has diameter at most delta(eps)",
         .symbols = "max_i diam(V_i)^2 = d/k^2 <= delta^2 (cells: cubes of side 1/k)",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "max diam(V_i)^2",
         .rhs_name = "delta^2",
         .reference = "proof of Thm 3.1",
         .status = "P",
         .mode = "CF",
         .coq_lemma = "altabaa_thm31_V1",
         .coq_proof = "AltabaaQuantization.altabaa_v4_quantization_bound",
         .coq_note = "premise: diameter <= delta (recorded squared; both sides are >= 0)"},
        chain::exact([diam2, delta2, dk] {
          return chain::Outcome(chain::Side::exact(diam2, "cube of side 1/k").rechecked_by("x0/x1^2", dk),
                                chain::Side::exact(delta2).rechecked_by("x0^2", {"parameter:delta"}));
        }));
  c.add({.id = "W8",
         .claim = "weak point W8: the strict inequality the modulus needs, diam(V_i) < delta",
         .symbols = "max_i diam(V_i)^2 = d/k^2 < delta^2",
         .relation = chain::Relation::Less,
         .lhs_name = "max diam(V_i)^2",
         .rhs_name = "delta^2",
         .reference = "spec §8 W8",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "altabaa_thm31_W8",
         .coq_proof = "AltabaaQuantization.altabaa_v4_quantization_bound_lt",
         .coq_note = "strict form (weak point W8), recorded squared"},
        chain::exact([diam2, delta2, dk] {
          return chain::Outcome(chain::Side::exact(diam2, "cube of side 1/k").rechecked_by("x0/x1^2", dk),
                                chain::Side::exact(delta2).rechecked_by("x0^2", {"parameter:delta"}));
        }));
  c.add(
      {.id = "V2",
       .claim =
           "the threshold network outputs the one-hot vector of the nearest site at every point of the lattice (1/(4k)) Z^d",
       .symbols =
           "phi(x) = e_{k(x)}, |x - s_k(x)| = min_i |x - s_i| (smallest index on ties), x in (1/(4k)) Z^d cap [0,1]^d",
       .relation = chain::Relation::Equal,
       .lhs_name = "sum_i |phi_i(x) - [i = k(x)]|",
       .rhs_name = "0",
       .reference = "[44], §4.2",
       .status = "P/R",
       .mode = "NET",
       .coq_lemma = "altabaa_thm31_V2",
       .coq_note = "exact network check in C++ at lattice points (sites, cell corners, faces: every tie kind); "
                   "everywhere by the [44] argument, not checked"},
      chain::trusting(chain::exact([g] {
                        const Program prog = lower(Network{{g.d, std::nullopt}, voronoi_layers_nd(g.sites)});
                        Evaluator<Rational> ev(prog, Prec(64));
                        chain::ForAll fa(chain::Relation::Equal);
                        for (const RationalVector& x : lattice_points_nd(g.k, g.d, 2)) {
                          ev.run(x);
                          const auto out = ev.outputs();
                          const std::size_t near = nearest_site_nd(g.sites, x);
                          const Rational dev = one_hot_deviation(out, near);
                          chain::Point pt;
                          for (std::size_t a = 0; a < g.d; ++a) pt.add("x" + std::to_string(a + 1), x[a]);
                          fa.add(std::move(pt),
                                 chain::Side::exact(dev, "exact evaluation against brute-force nearest site"),
                                 chain::Side::exact(Rational(0)).rechecked_by("0", {}));
                        }
                        return fa.outcome();
                      }),
                      chain::kNetworkEvaluation));
  c.add({.id = "V3",
         .claim = "the model equals the exactly factorised relation matrix on every cell pair",
         .symbols = "<psi_x(x), psi_y(y)> = e_k^T U V^T e_l = R_kl = r(s_k, s_l) (U V^T = R exact, Lemma 3.1)",
         .relation = chain::Relation::Equal,
         .lhs_name = "<psi_x, psi_y>",
         .rhs_name = "R_kl = r(s_k, s_l)",
         .reference = "proof of Thm 3.1, Lemma 3.1",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "altabaa_thm31_V3",
         .coq_proof = "AltabaaQuantization.altabaa_v5_cellwise",
         .coq_note = "premise net = R_{k(x) k(y)}"},
        chain::trusting(
            chain::exact([g] {
              chain::ForAll fa(chain::Relation::Equal);
              const std::size_t m = g.m;
              add_head_on_one_hot_pairs(fa, g.f.U, g.f.V, g.R, "r at the site pair, exact");
              const Program np = lower(g.net);
              Evaluator<Rational> nev(np, Prec(64));
              for (std::size_t k = 0; k < m; ++k) {
                RationalVector in = g.sites[k];
                in.insert(in.end(), g.sites[m - 1 - k].begin(), g.sites[m - 1 - k].end());
                nev.run(in);
                chain::Point pt;
                for (std::size_t a = 0; a < in.size(); ++a)
                  pt.add((a < g.d ? "x" : "y") + std::to_string(a % g.d + 1), in[a]);
                fa.add(std::move(pt), chain::Side::exact(nev.outputs().at(0), "whole network at a site pair, exact"),
                       chain::Side::exact(g.R[k][m - 1 - k]));
              }
              return fa.outcome()
                  .report("d_r", chain::Side::exact(count_q(g.f.pivots.size()), "pivots of FLINT's exact rref of R"))
                  .report("rank R (fmpq_mat_rank)",
                          chain::Side::exact(count_q(static_cast<std::uint64_t>(rank(ExactMatrix::from_rows(g.R))))));
            }),
            chain::kNetworkEvaluation, chain::kConstructionData));
  c.add({.id = "V4",
         .claim = "every point is strictly closer than delta to its quantisation",
         .symbols = "sup_x |x - q(x)|^2 = d/(4k^2) < delta^2",
         .relation = chain::Relation::Less,
         .lhs_name = "covering radius^2",
         .rhs_name = "delta^2",
         .reference = "proof of Thm 3.1",
         .status = "P",
         .mode = "CF",
         .coq_lemma = "altabaa_thm31_V4",
         .coq_proof = "AltabaaQuantization.altabaa_v4_quantization_bound",
         .coq_note = "recorded squared; both sides are >= 0"},
        chain::exact([radius2, delta2, dk] {
          return chain::Outcome(chain::Side::exact(radius2, "half the diagonal of a cube of side 1/k, squared")
                                    .rechecked_by("x0/(4*x1^2)", dk),
                                chain::Side::exact(delta2).rechecked_by("x0^2", {"parameter:delta"}));
        }));
  const Program target = compile_target(g.r, 2 * g.d);
  const std::vector<Box> cells = grid_cells_nd(g.k, g.d);
  c.add(
      {.id = "V5",
       .claim = "the inner-product model approximates r to eps on [0,1]^d x [0,1]^d",
       .symbols =
           "sup_{x,y} |r(x,y) - <psi_x(x), psi_y(y)>| = max_{k,l} sup_{V_k x V_l} |r - R_kl| < eps (2d-dimensional boxes)",
       .relation = chain::Relation::Less,
       .lhs_name = "sup |r - <psi_x, psi_y>|",
       .rhs_name = "eps",
       .reference = "proof of Thm 3.1 (two-line display)",
       .status = "P",
       .mode = "NET",
       .coq_lemma = "altabaa_thm31_V5",
       .coq_proof = "AltabaaQuantization.altabaa_v5_cellwise",
       .coq_note = "certified route, per cell pair"},
      chain::ball([target, cells, R = g.R, eps](const chain::Attempt& a) {
        return cell_box_pair_sup_norms(target, cells, R, param(eps, "eps"), a, {Rational(1) / Rational(1000), 2000});
      }));
  c.add({.id = "V6",
         .claim = "the quantiser has m(m-1)/2 + m threshold units, m = k^d, and the heads d_r = rank R <= m rows",
         .symbols = "#units(phi) = m(m-1)/2 + m",
         .relation = chain::Relation::Equal,
         .lhs_name = "#units(phi)",
         .rhs_name = "m(m-1)/2 + m",
         .reference = "statement of Thm 3.1",
         .status = "P",
         .mode = "count",
         .coq_lemma = "altabaa_thm31_V6",
         .coq_note = "neuron count, not in Coq"},
        chain::trusting(
            chain::exact([g] {
              const std::uint64_t units = threshold_units(g.net);
              return chain::Outcome(chain::Side::exact(count_q(units), "rows of the two threshold layers of phi"),
                                    chain::Side::exact(count_q(voronoi_neurons(g.m)))
                                        .rechecked_by("x1^x0*(x1^x0-1)/2 + x1^x0", {"parameter:d", "parameter:k"}))
                  .report("d_r", chain::Side::exact(count_q(g.f.pivots.size()), "rank of R (Lemma 3.1, exact)"))
                  .report("m", chain::Side::exact(count_q(g.m)))
                  .report("layer-1 weights (dense, m(m-1)/2 x d)",
                          chain::Side::exact(count_q(g.m * (g.m - 1) / 2 * g.d)));
            }),
            chain::kNetworkCount));
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
