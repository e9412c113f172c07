// Theorem 3.1 (spec §4): a continuous relation r(x, y) = r_x(x) r_y(y) on [0,1]^2 is approximated
// to eps by <P_x phi(x), P_y phi(y)> with phi the Voronoi threshold network of m grid sites.
#include "chain/trust_reasons.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "scalar/input_error.hpp"
#include "theorems/altabaa2024/cell_pairs.hpp"
#include "theorems/altabaa2024/certify.hpp"
#include "theorems/altabaa2024/relation_model.hpp"
#include "theorems/altabaa2024/theorems.hpp"
#include "theorems/altabaa2024/voronoi.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

constexpr long kWeightBits = 40;  // rank-1 factors rounded to the 2^-40 grid

struct VoronoiDesign {
  std::string r_x, r_y;
  std::uint64_t m;
  RationalVector sites;
  RationalMatrix U, V;  // m x 1: rational factors of R_kl = r_x(s_k) r_y(s_l)
  Network net;
};

// The factor's value at a site, checked to lie in the range the chain can compute and record:
// finite, magnitude at most 2^kFactorExponent, and either enclosing 0 or of magnitude at least
// 2^-kFactorExponent ("1e-100000" would make every recorded bound unwritable).
constexpr long kFactorExponent = 1000;
Ball factor_at(const chain::Parameters& p, const char* key, const std::string& expression, const Rational& s) {
  const Ball v = expression_at(expression, s, Prec(128));
  const std::string where = " at the site " + s.to_string();
  if (!is_finite(v)) p.fail(key, "is not finite" + where);
  Rational lo, hi;
  try {
    lo = lower(v);
    hi = upper(v);
  } catch (const InputError&) {  // beyond 2^(+-2^22): far outside the range below
    p.fail(key, "has magnitude beyond 2^+-" + std::to_string(kFactorExponent) + where);
  }
  const Rational big = pow2(kFactorExponent), small = pow2(-kFactorExponent);
  if (hi > big || lo < -big) p.fail(key, "has magnitude above 2^" + std::to_string(kFactorExponent) + where);
  if ((lo.sign() > 0 && hi < small) || (hi.sign() < 0 && lo > -small))
    p.fail(key, "has magnitude below 2^-" + std::to_string(kFactorExponent) + where +
                    " (scale the relation: the chain's bounds could not be recorded)");
  return v;
}

VoronoiDesign design(const chain::Parameters& p) {
  VoronoiDesign d;
  d.r_x = p.text("r_x");
  d.r_y = p.text("r_y");
  for (const char* key : {"r_x", "r_y"}) {
    try {
      compile_target(p.text(key), 1);
    } catch (const InputError& e) {
      p.fail(key, e.what());
    }
  }
  d.m = p.count("m");
  if (d.m < 2 || d.m > 120) p.fail("m", "must be between 2 and 120 (the network has m(m-1)/2 + m units per map)");
  d.sites = grid_sites(d.m);
  for (const Rational& s : d.sites) {
    d.U.push_back({dyadic_near(factor_at(p, "r_x", d.r_x, s), kWeightBits)});
    d.V.push_back({dyadic_near(factor_at(p, "r_y", d.r_y, s), kWeightBits)});
  }
  LayerList left = voronoi_layers(d.sites), right = voronoi_layers(d.sites);
  left.push_back(Layer{transpose_projection(d.U)});
  right.push_back(Layer{transpose_projection(d.V)});
  d.net = inner_product_network(2, 1, std::move(left), std::move(right));
  return d;
}

}  // namespace

Network construct_voronoi_threshold(const chain::Parameters& p) {
  const std::uint64_t m = p.count("m");
  if (m < 2 || m > 1000) p.fail("m", "must be between 2 and 1000 (layer 2 is stored sparse: m(m-1) weights)");
  return voronoi_network(grid_sites(m));
}

Network construct_voronoi_relation(const chain::Parameters& p) { return design(p).net; }

chain::Chain build_theorem_3_1(const chain::Parameters& p) {
  const Rational eps = p.rational("eps");
  const Rational delta = p.rational("delta");
  if (eps.sign() <= 0) p.fail("eps", "must be > 0");
  if (delta.sign() <= 0) p.fail("delta", "must be > 0");
  const VoronoiDesign d = design(p);
  const std::uint64_t m = d.m;
  const Rational diam = Rational(1) / count_q(m);
  const RationalVector bounds = cell_boundaries(d.sites, Rational(0), Rational(1));
  RationalMatrix R(m, RationalVector(m));
  for (std::size_t k = 0; k < m; ++k)
    for (std::size_t l = 0; l < m; ++l) R[k][l] = d.U[k][0] * d.V[l][0];

  chain::Chain c;
  c.add({.id = "V1",
         .claim = "every Voronoi cell of the grid has diameter at most delta(eps)",
         .symbols = "max_i diam(V_i) = 1/m <= delta",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "max diam V_i",
         .rhs_name = "delta",
         .reference = "proof of Thm 3.1",
         .status = "P",
         .mode = "CF",
         .coq_lemma = "altabaa_thm31_V1",
         .coq_proof = "AltabaaQuantization.altabaa_v4_quantization_bound",
         .coq_note = "premise: diameter <= delta"},
        chain::exact([diam, delta] {
          return chain::Outcome(chain::Side::exact(diam, "cells [(i-1)/m, i/m]").rechecked_by("1/x0", {"parameter:m"}),
                                chain::Side::exact(delta).rechecked_by("x0", {"parameter:delta"}));
        }));
  c.add({.id = "W8",
         .claim = "weak point W8: the strict inequality the modulus needs, diam(V_i) < delta",
         .symbols = "max_i diam(V_i) < delta",
         .relation = chain::Relation::Less,
         .lhs_name = "max diam V_i",
         .rhs_name = "delta",
         .reference = "spec §8 W8",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "altabaa_thm31_W8",
         .coq_proof = "AltabaaQuantization.altabaa_v4_quantization_bound_lt",
         .coq_note = "strict form (weak point W8)"},
        chain::exact([diam, delta] {
          return chain::Outcome(chain::Side::exact(diam, "cells [(i-1)/m, i/m]").rechecked_by("1/x0", {"parameter:m"}),
                                chain::Side::exact(delta).rechecked_by("x0", {"parameter:delta"}));
        }));
  c.add({.id = "V2",
         .claim = "the threshold network outputs the one-hot vector of the nearest site, everywhere",
         .symbols = "phi(x) = e_{k(x)}, |x - s_k(x)| = min_i |x - s_i| (smallest index on ties), x in [0,1]",
         .relation = chain::Relation::Equal,
         .lhs_name = "sum_i |phi_i(x) - [i = k(x)]|",
         .rhs_name = "0",
         .reference = "[44], §4.2",
         .status = "P/R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm31_V2",
         .coq_note = "exact network check in C++"},
        chain::trusting(chain::exact([sites = d.sites] {
                          const Program prog = lower(voronoi_network(sites));
                          Evaluator<Rational> ev(prog, Prec(64));
                          chain::ForAll fa(chain::Relation::Equal);
                          for (const Rational& x : pattern_points(sites, Rational(0), Rational(1))) {
                            ev.run(std::span<const Rational>(&x, 1));
                            const auto out = ev.outputs();
                            const std::size_t k = nearest_site(sites, x);
                            const Rational dev = one_hot_deviation(out, k);
                            fa.add(chain::Point{}.add("x", x),
                                   chain::Side::exact(dev, "exact evaluation; the points cover every layer-1 pattern"),
                                   chain::Side::exact(Rational(0)).rechecked_by("0", {}));
                          }
                          return fa.outcome();
                        }),
                        chain::kNetworkEvaluation));
  c.add(
      {.id = "V3",
       .claim = "the model equals the factorised relation matrix on every cell pair",
       .symbols = "<psi_x(x), psi_y(y)> = e_k^T U V^T e_l = R_kl (R_kl = r(s_k, s_l) up to the 2^-40 rounding of U, V)",
       .relation = chain::Relation::Equal,
       .lhs_name = "<psi_x, psi_y>",
       .rhs_name = "R_kl",
       .reference = "proof of Thm 3.1",
       .status = "P",
       .mode = "EX",
       .coq_lemma = "altabaa_thm31_V3",
       .coq_proof = "AltabaaQuantization.altabaa_v5_cellwise",
       .coq_note = "premise net = R_{k(x) k(y)}"},
      chain::trusting(chain::exact([d, R, m] {
                        chain::ForAll fa(chain::Relation::Equal);
                        // The head <U^T a, V^T b> on every pair of one-hot vectors.
                        add_head_on_one_hot_pairs(fa, d.U, d.V, R);
                        // The whole network at the site pairs (s_k, s_{m+1-k}), exactly.
                        const Program np = lower(d.net);
                        Evaluator<Rational> nev(np, Prec(64));
                        for (std::size_t k = 0; k < m; ++k) {
                          const std::vector<Rational> in{d.sites[k], d.sites[m - 1 - k]};
                          nev.run(in);
                          fa.add(chain::Point{}.add("x", in[0]).add("y", in[1]),
                                 chain::Side::exact(nev.outputs().at(0), "whole network, exact"),
                                 chain::Side::exact(R[k][m - 1 - k]));
                        }
                        return fa.outcome();
                      }),
                      chain::kNetworkEvaluation, chain::kConstructionData));
  c.add({.id = "V4",
         .claim = "every point is strictly closer than delta to its quantisation",
         .symbols = "sup_x |x - q(x)| = 1/(2m) < delta",
         .relation = chain::Relation::Less,
         .lhs_name = "covering radius",
         .rhs_name = "delta",
         .reference = "proof of Thm 3.1",
         .status = "P",
         .mode = "CF",
         .coq_lemma = "altabaa_thm31_V4",
         .coq_proof = "AltabaaQuantization.altabaa_v4_quantization_bound"},
        chain::exact([sites = d.sites, bounds, delta] {
          Rational radius(0);
          for (std::size_t k = 0; k < sites.size(); ++k)
            radius = max(radius, max(sites[k] - bounds[k], bounds[k + 1] - sites[k]));
          return chain::Outcome(
              chain::Side::exact(radius, "max over cells of the distance from the site to the cell ends")
                  .rechecked_by("1/(2*x0)", {"parameter:m"}),
              chain::Side::exact(delta).rechecked_by("x0", {"parameter:delta"}));
        }));
  const Program target = product_relation_program(d.r_x, d.r_y);
  c.add({.id = "V5",
         .claim = "the inner-product model approximates r to eps on [0,1]^2",
         .symbols = "sup_{x,y} |r(x,y) - <psi_x(x), psi_y(y)>| = max_{k,l} sup_{V_k x V_l} |r - R_kl| < eps",
         .relation = chain::Relation::Less,
         .lhs_name = "sup |r - <psi_x, psi_y>|",
         .rhs_name = "eps",
         .reference = "proof of Thm 3.1 (two-line display)",
         .status = "P",
         .mode = "NET",
         .coq_lemma = "altabaa_thm31_V5",
         .coq_proof = "AltabaaQuantization.altabaa_v5_cellwise",
         .coq_note = "certified route, per cell pair"},
        chain::ball([target, bounds, R, eps](const chain::Attempt& a) {
          return cell_pair_sup_norms(target, bounds, R, chain::Side::exact(eps).rechecked_by("x0", {"parameter:eps"}),
                                     a, {Rational(1) / Rational(1000), 2000});
        }));
  c.add({.id = "V6",
         .claim = "the quantiser has m(m-1)/2 + m threshold units and the head has dimension d_r <= m",
         .symbols = "#neurons(phi) = m(m-1)/2 + m",
         .relation = chain::Relation::Equal,
         .lhs_name = "#neurons(phi)",
         .rhs_name = "m(m-1)/2 + m",
         .reference = "statement of Thm 3.1",
         .status = "P",
         .mode = "count",
         .coq_lemma = "altabaa_thm31_V6",
         .coq_note = "neuron count, not in Coq"},
        chain::trusting(chain::exact([d, m] {
                          const std::uint64_t units = threshold_units(d.net);
                          return chain::Outcome(
                                     chain::Side::exact(count_q(units), "rows of the two threshold layers of phi"),
                                     chain::Side::exact(count_q(voronoi_neurons(m)))
                                         .rechecked_by("x0*(x0-1)/2 + x0", {"parameter:m"}))
                              .report("d_r", chain::Side::exact(
                                                 Rational(1), "rank-1 analytic factorisation R_kl = r_x(s_k) r_y(s_l)"))
                              .report("m", chain::Side::exact(count_q(m)));
                        }),
                        chain::kNetworkCount));
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
