// Theorem 5.1 (spec §6, §7.7): softmax attention with phi_q, phi_k from Theorem 3.1 retrieves the
// most relevant key, Attn(x, y) ~ Select(x, y), on the margin event E_eta of probability >= 1 - delta.
// Instance family: u(x, y) = -(x - y)^2 on [0,1], fixed keys y_1..y_n, query x ~ U[0,1]; values
// phi_v(y) = scale y + shift (the keys themselves by default), D_Y = diam phi_v([0, 1]) = |scale|.
//
// "For all x in E_eta" is certified exactly: the network depends on x only through the layer-1
// pattern of phi (constant between consecutive thresholds), i* only changes where two utilities
// cross, and E_eta's ends are where a utility difference equals eta. Between consecutive points of
// all three kinds every quantity is constant (or E_eta is empty), so the test points (all those
// points and the midpoints between them, kept when G(x) > eta) cover E_eta.
//
// Evaluation at scale (spec Instance A, m = 800, 320,400 threshold units per quantiser): the
// attention network is the composition of its quantiser part (x, y) -> (y, phi(x), phi(y)) and a
// small head (attention.hpp). phi is evaluated exactly at all test points and keys in one sweep
// (threshold_sweep.hpp) from the network's own weights; the head is lowered and evaluated with the
// generic evaluator (Ball; MPFI in verify) on those exact inputs. The network's output depends on
// x only through phi(x), so consecutive test points with the same phi(x) and the same i* give the
// same value of every claim and are evaluated once.
#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>

#include "chain/trust_reasons.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/threshold_band.hpp"
#include "net/threshold_sweep.hpp"
#include "theorems/altabaa2024/attention.hpp"
#include "theorems/altabaa2024/certify.hpp"
#include "theorems/altabaa2024/relation_model.hpp"
#include "theorems/altabaa2024/theorems.hpp"
#include "theorems/altabaa2024/voronoi.hpp"
#include "theorems/altabaa2024/voronoi_structured.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

struct RetrievalInstance {
  RationalVector keys;
  Rational eta, eps, delta, eps1, beta;
  std::uint64_t m = 0;
  RationalVector sites;                   // phi_q: sites on X = [0, 1]
  Rational y_max{1};                      // Y = [0, y_max] (spec W13: X != Y when y_max != 1)
  RationalVector key_sites;               // phi_k: sites on Y (the same as `sites` when Y = X)
  bool two_domains = false;               // y_max or m_keys given
  std::optional<Rational> slope;          // W11/W17: the slope k of sigmoid(k z) replacing the quantisers' steps
  ValueMap values;                        // W18: the value map phi_v (identity: values = keys)
  bool value_map = false;                 // phi_v given as parameters
  Rational D{1};                          // D_Y = diam phi_v(Y) = |scale| y_max
  VoronoiTie tie = VoronoiTie::Smallest;  // "tie_rule": which nearest site phi selects (spec §4.2: largest)
  bool structured = false;  // "quantiser": "structured" evaluates voronoi_structured_layers (step Q= proves it equal)
};

// The quantiser layers the checks evaluate: the paper's network, or the structured one (same function, step Q=).
LayerList quantiser_layers(const RetrievalInstance& r, const RationalVector& sites) {
  return r.structured ? voronoi_structured_layers(sites, r.tie) : voronoi_layers(sites, r.tie);
}

// ln((n-1) D / eps) / gamma rounded up to the 2^-6 grid (larger is safe); 0 when (n-1) D <= eps.
Rational beta_for(std::size_t n, const Rational& D, const Rational& eps, const Rational& gamma) {
  const Rational ratio = count_q(n - 1) * D / eps;
  if (ratio <= Rational(1)) return Rational(0);
  Ball t;
  set(t, ratio, Prec(128));
  log(t, t, Prec(128));
  return dyadic_ceil(upper(t) / gamma, 6);
}

RetrievalInstance read_instance(const chain::Parameters& p, bool with_claims) {
  RetrievalInstance r;
  r.two_domains = p.has("y_max") || p.has("m_keys");
  r.y_max = p.rational_or("y_max", Rational(1));
  if (r.y_max.sign() <= 0 || r.y_max > Rational(100)) p.fail("y_max", "must lie in (0, 100]");
  if (p.has("quantiser") && p.text("quantiser") == "structured" && r.y_max > Rational(1))
    p.fail("y_max", "must be at most 1 with \"quantiser\": \"structured\" (step Q= compares the quantisers on [0, 1])");
  r.keys = p.rationals("y");
  if (r.keys.size() < 2 || r.keys.size() > 16) p.fail("y", "give between 2 and 16 keys");
  for (const Rational& y : r.keys)
    if (y.sign() < 0 || y > r.y_max) p.fail("y", "keys must lie in Y = [0, " + r.y_max.to_string() + "]");
  if (p.has("quantiser")) {
    const std::string q = p.text("quantiser");
    if (q == "structured") r.structured = true;
    else if (q != "paper") p.fail("quantiser", "must be \"paper\" or \"structured\"");
  }
  // The paper form stores ~2m^2 numbers per quantiser (spec W12); the structured form 5m - 4, but
  // step Q= streams the paper's m(m-1)/2 pairs.
  const std::uint64_t m_cap = r.structured ? 16000 : 1000;
  const std::string m_range = "must be between 2 and " + std::to_string(m_cap) +
                              (r.structured ? " with the structured quantiser"
                                            : " (each quantiser has m(m-1)/2 + m threshold units; spec W12; "
                                              "\"quantiser\": \"structured\" allows up to 16000)");
  r.m = p.count("m");
  if (r.m < 2 || r.m > m_cap) p.fail("m", m_range);
  const std::uint64_t mk = p.has("m_keys") ? p.count("m_keys") : r.m;
  if (mk < 2 || mk > m_cap) p.fail("m_keys", m_range);
  r.sites = grid_sites(r.m);
  r.key_sites = grid_sites(mk, r.y_max);
  if (p.has("tie_rule")) {
    const std::string rule = p.text("tie_rule");
    if (rule == "largest") r.tie = VoronoiTie::Largest;
    else if (rule != "smallest") p.fail("tie_rule", "must be \"smallest\" or \"largest\"");
  }
  if (with_claims) {
    r.eta = p.rational("eta");
    r.eps = p.rational("eps");
    r.delta = p.rational("delta");
    if (r.eta.sign() <= 0) p.fail("eta", "must be > 0");
    if (r.eps.sign() <= 0) p.fail("eps", "must be > 0");
    if (r.delta.sign() <= 0 || r.delta >= Rational(1)) p.fail("delta", "must lie in (0, 1)");
    RationalVector sorted = r.keys;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      p.fail("y",
             "keys must be distinct (two equal keys have margin 0 at every query point, so the event E_eta is empty)");
    r.eps1 = p.rational_or("eps1", r.eta / Rational(4));
    if (p.has("sigmoid_slope")) {
      if (r.structured)
        p.fail("sigmoid_slope",
               "the sigmoid steps W11, W17 use the paper's quantiser: not with \"quantiser\": \"structured\"");
      r.slope = p.rational("sigmoid_slope");
      if (r.slope->sign() <= 0) p.fail("sigmoid_slope", "must be > 0");
    }
    if (r.eps1.sign() <= 0) p.fail("eps1", "must be > 0");
  }
  r.value_map = p.has("value_scale") || p.has("value_shift");
  r.values = {p.rational_or("value_scale", Rational(1)), p.rational_or("value_shift", Rational(0))};
  r.D = abs(r.values.scale) * r.y_max;
  if (p.has("beta")) {
    r.beta = p.rational("beta");
    if (r.beta.sign() < 0) p.fail("beta", "must be >= 0");
  } else {
    if (!with_claims) p.fail("beta", "required (the softmax scale)");
    // beta = ln((n-1) D_Y / eps) / (eta - 2 eps1), D_Y = diam phi_v(Y) (spec W18).
    const Rational gamma = r.eta - Rational(2) * r.eps1;
    if (gamma.sign() <= 0) p.fail("eps1", "the chain needs 2 eps1 < eta (spec W19)");
    r.beta = beta_for(r.keys.size(), r.D, r.eps, gamma);
  }
  return r;
}

// u(x, y_j) for every key, and the margin G(x) = u_{i*} - max_{j != i*} u_j (0 on ties).
struct Margin {
  std::size_t best = 0;
  Rational gap;
};
Margin margin_at(const RationalVector& keys, const Rational& x) {
  std::vector<Rational> u;
  for (const Rational& y : keys) u.push_back(-(x - y) * (x - y));
  Margin g;
  for (std::size_t j = 1; j < u.size(); ++j)
    if (u[j] > u[g.best]) g.best = j;
  bool first = true;
  for (std::size_t j = 0; j < u.size(); ++j) {
    if (j == g.best) continue;
    const Rational d = u[g.best] - u[j];
    if (first || d < g.gap) g.gap = d;
    first = false;
  }
  return g;
}

// 0, 1, the crossings (y_a + y_b)/2 and the points where u_a - u_b = eta, inside [0, 1].
RationalVector margin_breakpoints(const RationalVector& keys, const Rational& eta) {
  RationalVector b{Rational(0), Rational(1)};
  auto keep = [&b](const Rational& x) {
    if (x.sign() > 0 && x < Rational(1)) b.push_back(x);
  };
  for (std::size_t a = 0; a < keys.size(); ++a)
    for (std::size_t c = 0; c < keys.size(); ++c) {
      if (keys[a] == keys[c]) continue;
      keep((keys[a] + keys[c]) / Rational(2));
      // u_a - u_c = 2x(y_a - y_c) - (y_a^2 - y_c^2) = eta
      keep((eta + keys[a] * keys[a] - keys[c] * keys[c]) / (Rational(2) * (keys[a] - keys[c])));
    }
  std::sort(b.begin(), b.end());
  b.erase(std::unique(b.begin(), b.end()), b.end());
  return b;
}

// E_eta as sorted disjoint open intervals (up to finitely many points): the open pieces between
// consecutive margin breakpoints on which G > eta (decided at the midpoint, as in A8), merged.
std::vector<OpenInterval> margin_event(const RationalVector& keys, const Rational& eta) {
  const RationalVector b = margin_breakpoints(keys, eta);
  std::vector<OpenInterval> e;
  for (std::size_t k = 0; k + 1 < b.size(); ++k) {
    if (!(margin_at(keys, (b[k] + b[k + 1]) / Rational(2)).gap > eta)) continue;
    if (!e.empty() && e.back().second == b[k]) e.back().second = b[k + 1];  // only a point is left out
    else e.emplace_back(b[k], b[k + 1]);
  }
  return e;
}

// One class of query points of E_eta (consecutive test points with the same phi(x) and i*).
struct Sample {
  Rational x;                      // its first test point
  std::size_t best;                // i*
  std::vector<std::size_t> phi_x;  // the coordinates of phi(x) equal to 1 (exact)
  RationalVector scores;           // s_j = <phi_q(x), phi_k(y_j)> (exact)
};

struct EventSamples {
  std::vector<Sample> samples;
  std::vector<std::vector<std::size_t>> phi_keys;  // phi(y_j), as for phi_x
  std::size_t test_points = 0;                     // test points in E_eta
};

EventSamples event_samples(const RetrievalInstance& r) {
  // The structured quantiser's layer-1 switch points are the cell boundaries (0 and 1 included).
  RationalVector pts = r.structured ? cell_boundaries(r.sites, Rational(0), Rational(1))
                                    : pattern_points(r.sites, Rational(0), Rational(1));
  const RationalVector mb = margin_breakpoints(r.keys, r.eta);
  pts.insert(pts.end(), mb.begin(), mb.end());
  const RationalVector all = with_midpoints(std::move(pts));
  // One sweep of phi_q over the test points, one of phi_k over the keys.
  const auto phi_swept = threshold_network_ones(quantiser_layers(r, r.sites), all);
  auto phi_at = [&](const Rational& x) -> const std::vector<std::size_t>& {
    return phi_swept[static_cast<std::size_t>(std::lower_bound(all.begin(), all.end(), x) - all.begin())];
  };
  RationalVector sorted_keys = r.keys;
  std::sort(sorted_keys.begin(), sorted_keys.end());
  sorted_keys.erase(std::unique(sorted_keys.begin(), sorted_keys.end()), sorted_keys.end());
  const auto phi_keys = threshold_network_ones(quantiser_layers(r, r.key_sites), sorted_keys);
  EventSamples ev;
  for (const Rational& y : r.keys)
    ev.phi_keys.push_back(phi_keys[static_cast<std::size_t>(
        std::lower_bound(sorted_keys.begin(), sorted_keys.end(), y) - sorted_keys.begin())]);

  // The scores <U^T phi_q(x), V^T phi_k(y_j)>: the two projection layers of the relation model, exactly.
  const std::size_t mq = r.sites.size(), mk = r.key_sites.size();
  const Program proj_q =
      lower(Network{{mq, std::nullopt}, {Layer{transpose_projection(retrieval_query_factor(r.sites))}}});
  const Program proj_k =
      lower(Network{{mk, std::nullopt}, {Layer{transpose_projection(retrieval_key_factor(r.key_sites))}}});
  // One evaluator and one input vector per map, reused: only the one-hot entries are set and reset.
  struct Projector {
    Evaluator<Rational> ev;
    std::vector<Rational> in;
    std::vector<Rational> operator()(const std::vector<std::size_t>& ones) {
      for (std::size_t c : ones) in[c] = Rational(1);
      ev.run(in);
      for (std::size_t c : ones) in[c] = Rational(0);
      return ev.outputs();
    }
  };
  Projector project_q{Evaluator<Rational>(proj_q, Prec(64)), std::vector<Rational>(mq, Rational(0))};
  Projector project_k{Evaluator<Rational>(proj_k, Prec(64)), std::vector<Rational>(mk, Rational(0))};
  std::vector<std::vector<Rational>> key_features;
  for (const auto& ones : ev.phi_keys) key_features.push_back(project_k(ones));
  for (const Rational& x : all) {
    const Margin g = margin_at(r.keys, x);
    if (!(g.gap > r.eta)) continue;
    ++ev.test_points;
    const std::vector<std::size_t>& phi_x = phi_at(x);
    if (!ev.samples.empty() && ev.samples.back().best == g.best && ev.samples.back().phi_x == phi_x) continue;
    Sample s{x, g.best, phi_x, {}};
    const std::vector<Rational> qx = project_q(phi_x);
    for (const auto& kj : key_features) s.scores.push_back(qx[0] * kj[0] + qx[1] * kj[1] + qx[2] * kj[2]);
    ev.samples.push_back(std::move(s));
  }
  return ev;
}

// The head network's inputs for a sample: token j is (y_j, phi_q(x), phi_k(y_j)).
// `in` holds zeros except at `touched`, the entries the previous call set: those are reset first
// (O(n) work per call instead of O(n m)); on the first call `in` is sized and zeroed.
template <class S>
void set_head_inputs(std::vector<S>& in, std::vector<std::size_t>& touched, const Sample& s, const EventSamples& ev,
                     const RationalVector& keys, std::size_t mq, std::size_t mk, Prec p) {
  const std::size_t D = 1 + mq + mk;
  S zero, one;
  set(zero, Rational(0), p);
  set(one, Rational(1), p);
  if (in.size() != D * keys.size()) in.assign(D * keys.size(), zero);
  for (std::size_t t : touched) in[t] = zero;
  touched.clear();
  auto put = [&](std::size_t t, const S& v) {
    in[t] = v;
    touched.push_back(t);
  };
  for (std::size_t j = 0; j < keys.size(); ++j) {
    S y;
    set(y, keys[j], p);
    put(j * D, y);
    for (std::size_t c : s.phi_x) put(j * D + 1 + c, one);
    for (std::size_t c : ev.phi_keys[j]) put(j * D + 1 + mq + c, one);
  }
}

// sup over the closed cell pair [xl, xh] x [yl, yh] of |u(x, y) - R| for u = -(x - y)^2, exactly,
// with a point attaining it: t = x - y ranges over [lo, hi] = [xl - yh, xh - yl], u over
// [-max t^2, -min t^2], and sup |u - R| = max(R + max t^2, -min t^2 - R).
struct PairSup {
  Rational value, x, y;
};
PairSup retrieval_pair_sup(const Rational& xl, const Rational& xh, const Rational& yl, const Rational& yh,
                           const Rational& R) {
  const Rational lo = xl - yh, hi = xh - yl, lo2 = lo * lo, hi2 = hi * hi;
  PairSup far = lo2 >= hi2 ? PairSup{R + lo2, xl, yh} : PairSup{R + hi2, xh, yl};  // u smallest
  PairSup near;                                                                    // u largest
  if (lo.sign() <= 0 && hi.sign() >= 0) {
    const Rational z = max(xl, yl);  // x = y = z lies in both intervals
    near = {-R, z, z};
  } else {
    near = lo2 <= hi2 ? PairSup{-lo2 - R, xl, yh} : PairSup{-hi2 - R, xh, yl};
  }
  return far.value >= near.value ? far : near;
}

// The largest retrieval_pair_sup over all cell pairs (k, l) of the boundaries bx (queries) and by (keys), with
// R_kl = U_k . V_l, first in (k, l) order. The m^2 comparisons run on integers: with L the common
// denominator of b, U and V, every candidate value times L^2 is an integer (R_kl L^2 = sum
// (U L)(V L), t^2 L^2 = (t L)^2), so comparing them is exact; the winner is recomputed in rationals
// and must agree. Throws std::domain_error if L is too large for 128-bit integers.
struct WorstPair {
  PairSup sup;
  std::size_t k = 0, l = 0;
};
WorstPair worst_cell_pair(const RationalVector& bx, const RationalVector& by, const RationalMatrix& U,
                          const RationalMatrix& V) {
  __extension__ typedef __int128 i128;
  __extension__ typedef unsigned __int128 u128;
  mpz_class L = 1;
  auto take_den = [&L](const Rational& q) { mpz_lcm(L.get_mpz_t(), L.get_mpz_t(), q.den().get_mpz_t()); };
  for (const RationalVector* b : {&bx, &by})
    for (const Rational& q : *b) take_den(q);
  for (const RationalMatrix* M : {&U, &V})
    for (const RationalVector& row : *M)
      for (const Rational& q : row) take_den(q);
  if (mpz_sizeinbase(L.get_mpz_t(), 2) > 40)
    throw std::domain_error("A1: common denominator too large for the integer scan");
  auto scaled = [&L](const Rational& q) -> i128 {  // q L, an integer of at most 40 + 2 bits here
    const mpz_class z = q.num() * (L / q.den());
    if (!z.fits_slong_p()) throw std::domain_error("A1: entry too large for the integer scan");
    return static_cast<i128>(z.get_si());
  };
  const std::size_t mq = U.size(), mk = V.size();
  std::vector<i128> Bx, By, Us, Vs;
  for (const Rational& q : bx) Bx.push_back(scaled(q));
  for (const Rational& q : by) By.push_back(scaled(q));
  for (std::size_t k = 0; k < mq; ++k)
    for (std::size_t c = 0; c < 3; ++c) Us.push_back(scaled(U[k][c]));
  for (std::size_t l = 0; l < mk; ++l)
    for (std::size_t c = 0; c < 3; ++c) Vs.push_back(scaled(V[l][c]));
  i128 best = 0;
  WorstPair w;
  for (std::size_t k = 0; k < mq; ++k)
    for (std::size_t l = 0; l < mk; ++l) {
      const i128 R = Us[3 * k] * Vs[3 * l] + Us[3 * k + 1] * Vs[3 * l + 1] + Us[3 * k + 2] * Vs[3 * l + 2];
      const i128 lo = Bx[k] - By[l + 1], hi = Bx[k + 1] - By[l], lo2 = lo * lo, hi2 = hi * hi;
      const i128 far = R + std::max(lo2, hi2);
      const i128 near = lo <= 0 && hi >= 0 ? -R : -std::min(lo2, hi2) - R;
      const i128 v = std::max(far, near);
      if ((k == 0 && l == 0) || v > best) {
        best = v;
        w.k = k;
        w.l = l;
      }
    }
  const Rational R = U[w.k][0] * V[w.l][0] + U[w.k][1] * V[w.l][1] + U[w.k][2] * V[w.l][2];
  w.sup = retrieval_pair_sup(bx[w.k], bx[w.k + 1], by[w.l], by[w.l + 1], R);
  const bool neg = best < 0;
  const u128 u = neg ? -static_cast<u128>(best) : static_cast<u128>(best);
  mpz_class num(static_cast<unsigned long>(u >> 64));
  num <<= 64;
  num += static_cast<unsigned long>(u & ~0UL);
  if (neg) num = -num;
  if (!(Rational(num, L * L) == w.sup.value)) throw std::logic_error("A1: integer scan and rational value disagree");
  return w;
}

// softmax weights of the scaled scores, through the evaluator's Mix node.
Program softmax_weights_program(std::size_t n) {
  Program p(n);
  std::vector<NodeId> scores;
  for (std::size_t j = 0; j < n; ++j) scores.push_back(p.input(j));
  std::vector<NodeId> outs;
  for (std::size_t j = 0; j < n; ++j) {
    std::vector<NodeId> values;
    for (std::size_t k = 0; k < n; ++k) values.push_back(p.constant(Rational(k == j ? 1 : 0)));
    outs.push_back(p.mix(Normalizer::Softmax, scores, values));
  }
  p.set_outputs(outs);
  return p;
}

template <class S>
std::vector<S> softmax_weights(const Program& prog, const Sample& s, const Rational& beta, Prec p) {
  std::vector<S> in(s.scores.size());
  for (std::size_t j = 0; j < in.size(); ++j) set(in[j], beta * s.scores[j], p);
  return evaluate<S>(prog, in, p);
}

// (n - 1) exp(-beta gamma): the bound eps_2 of A5.
template <class S>
S tail_bound(std::size_t n, const Rational& beta, const Rational& gamma, Prec p) {
  S e, k;
  set(e, -(beta * gamma), p);
  exp(e, e, p);
  set(k, count_q(n - 1), p);
  mul(e, e, k, p);
  return e;
}

chain::Point sample_point(const Sample& s, std::size_t j) {
  return chain::Point{}.add("x", s.x).add("j", count_q(j + 1));
}

// Weak points W11 and W17 (spec §8) for sigmoid quantisers of slope k: sigmoid(k z) is in
// (sigmoid(-1), sigmoid(1)) exactly where |z| < 1/k, so a cell-boundary unit of phi (the layer-1
// unit of two neighbouring sites) is undecided on a band of half-width 1/(k |s_{i+1} - s_i|) around
// the boundary. W11: counting the band as failures, P(E_eta minus the band) >= 1 - delta (the
// band's mass is what the sigmoid version adds to the failure probability, not counted in delta).
// W17: no key lies in a band (else phi_k(y_j) is undecided for every query).
void add_sigmoid_band_steps(chain::Chain& c, const RetrievalInstance& r) {
  const Rational k = *r.slope, t = Rational(1) / k;
  const LayerList layers = voronoi_layers(r.sites, r.tie);
  const DenseLayer& first = std::get<DenseLayer>(layers.front().kind);
  const std::vector<OpenInterval> band =
      undecided_bands(first, cell_boundary_units(r.sites.size()), t, Rational(0), Rational(1));
  const LayerList key_layers = voronoi_layers(r.key_sites, r.tie);
  const auto key_first = std::make_shared<const DenseLayer>(std::get<DenseLayer>(key_layers.front().kind));
  const std::vector<std::size_t> key_units = cell_boundary_units(r.key_sites.size());
  const std::vector<OpenInterval> event = margin_event(r.keys, r.eta);
  const Rational band_measure = measure(band), lost = intersection_measure(band, event);
  c.add({.id = "W11",
         .claim = "weak point W11: with sigmoid(k z) for the quantisers' steps, counting the undecided "
                  "bands around the cell boundaries as failures, the margin event keeps probability >= 1 - delta",
         .symbols = "P(E_eta minus B_k) >= 1 - delta, B_k = {x : |z_u(x)| < 1/k for a cell-boundary unit u of phi}",
         .relation = chain::Relation::GreaterEqual,
         .lhs_name = "P(E_eta minus B_k)",
         .rhs_name = "1 - delta",
         .reference = "spec §8 W11",
         .status = "R",
         .mode = "PR",
         .coq_lemma = "altabaa_thm51_W11",
         .coq_note = "weak point W11 of the spec: an exact C++ measure, not used by the Coq conclusion"},
        chain::trusting(chain::exact([event, band_measure, lost, k, delta = r.delta] {
                          return chain::Outcome(chain::Side::exact(measure(event) - lost,
                                                                   "exact: Leb(E_eta) - Leb(E_eta and B_k)"),
                                                chain::Side::exact(Rational(1) - delta))
                              .report("sigmoid slope k", chain::Side::exact(k))
                              .report("band measure Leb(B_k)",
                                      chain::Side::exact(band_measure, "exact union of the open bands in [0, 1]"))
                              .report("added failure probability Leb(B_k and E_eta)", chain::Side::exact(lost))
                              .report("P(E_eta)", chain::Side::exact(measure(event)));
                        }),
                        chain::kConstructionData, ""));
  c.recheck("W11", "rhs", "1 - x0", {"parameter:delta"});
  c.add({.id = "W17",
         .claim = "weak point W17: no key lies in an undecided band of the sigmoid key quantiser",
         .symbols = "min_u |z_u(y_j)| >= 1/k for every key y_j (u over the cell-boundary units of phi_k)",
         .relation = chain::Relation::GreaterEqual,
         .lhs_name = "min_u |z_u(y_j)|",
         .rhs_name = "1/k",
         .reference = "spec §8 W17",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_W17",
         .coq_note = "weak point W17 of the spec: an exact C++ check, not used by the Coq conclusion"},
        chain::trusting(chain::exact([key_first, key_units, keys = r.keys, t] {
                          chain::ForAll fa(chain::Relation::GreaterEqual);
                          for (std::size_t j = 0; j < keys.size(); ++j)
                            fa.add(chain::Point{}.add("j", count_q(j + 1)).add("y", keys[j]),
                                   chain::Side::exact(
                                       smallest_preactivation(*key_first, key_units, keys[j]),
                                       "exact pre-activations of the network's cell-boundary units at the key"),
                                   chain::Side::exact(t));
                          return fa.outcome();
                        }),
                        chain::kNetworkEvaluation, ""));
  c.recheck("W17", "rhs", "1/x0", {"parameter:sigmoid_slope"});
}

// Step Q= (construction choice): the structured quantiser the checks evaluate is the paper's
// two-layer network of §4.2, as a function on [0, 1], for phi_q's sites and (if different) phi_k's.
void add_structured_equality_step(chain::Chain& c, const RetrievalInstance& r) {
  c.add({.id = "Q=",
         .claim = "construction choice: the structured quantiser (m-1 boundary units + difference layer) "
                  "the checks evaluate is the paper's Voronoi network (m(m-1)/2 + m units), same tie rule",
         .symbols = "phi_struct(x) = phi_paper(x) for every x in [0, 1] (exact, at every point P/(4D), P = 0..4D, "
                    "D the sites' common denominator: every switch point of both and a point of every piece between)",
         .relation = chain::Relation::Equal,
         .lhs_name = "points P/(4D) where phi_struct != phi_paper",
         .rhs_name = "0",
         .reference = "§4.2 (the paper's construction), this checker's representation",
         .status = "P",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_Qeq",
         .coq_note = "exact C++ comparison of the two networks; the Coq conclusion is about the evaluated values"},
        chain::trusting(chain::exact([sites = r.sites, key_sites = r.key_sites, tie = r.tie] {
                          const QuantiserEquality q = structured_equals_paper(sites, tie);
                          std::uint64_t mismatches = q.mismatch ? 1 : 0, points = q.points, units = q.paper_units;
                          std::optional<Rational> where = q.mismatch;
                          if (key_sites != sites) {
                            const QuantiserEquality k = structured_equals_paper(key_sites, tie);
                            mismatches += k.mismatch ? 1 : 0;
                            points += k.points;
                            units += k.paper_units;
                            if (!where) where = k.mismatch;
                          }
                          chain::Outcome o(
                              chain::Side::exact(count_q(mismatches),
                                                 "first mismatching point per quantiser counted; 0 = equal"),
                              chain::Side::exact(Rational(0)));
                          if (where) o.where(chain::Point{}.add("x", *where));
                          return o.report("points compared", chain::Side::exact(count_q(points)))
                              .report("paper layer-1 units streamed (never stored)", chain::Side::exact(count_q(units)))
                              .report("threshold units per map, paper (m(m-1)/2 + m)",
                                      chain::Side::exact(count_q(voronoi_neurons(sites.size()))))
                              .report("threshold units per map, structured (2m - 1)",
                                      chain::Side::exact(count_q(voronoi_structured_neurons(sites.size()))));
                        }),
                        chain::kEnumeration));
  c.recheck("Q=", "rhs", "0", {});
}

}  // namespace

Network construct_attention_retrieval(const chain::Parameters& p) {
  const RetrievalInstance r = read_instance(p, false);
  return retrieval_attention_network(r.sites, r.key_sites, r.keys.size(), r.beta, r.values, r.tie);
}

chain::Chain build_theorem_5_1(const chain::Parameters& p) {
  const RetrievalInstance r = read_instance(p, true);
  const std::size_t n = r.keys.size();
  const Rational gamma = r.eta - Rational(2) * r.eps1;
  const Rational D = r.D;  // D_Y = diam phi_v([0, 1])
  const auto ev = std::make_shared<const EventSamples>(event_samples(r));
  if (ev->samples.empty()) {
    // G is linear between consecutive breakpoints, so its maximum over [0, 1] is at one of them.
    Rational largest(0);
    for (const Rational& x : margin_breakpoints(r.keys, r.eta)) largest = max(largest, margin_at(r.keys, x).gap);
    p.fail("eta", "no query point in [0, 1] has margin G(x) > eta (the largest margin is " + largest.to_string() +
                      "): the event E_eta is empty and the claim would be vacuous; choose eta below it");
  }
  const auto alpha_prog = std::make_shared<const Program>(softmax_weights_program(n));
  const auto head_prog =
      std::make_shared<const Program>(lower(retrieval_head_network(r.sites, r.key_sites, n, r.beta, r.values)));
  const std::string representation =
      r.structured
          ? "per quantiser: the structured form (construction choice, equal to the paper's network by step Q=): "
            "layer 1 dense ((m-1) x 1, one unit per cell boundary), layer 2 sparse_dense with its 2(m-1) nonzero "
            "weights; evaluated exactly at every test point by one sweep; the head by the generic evaluator"
          : "per quantiser: layer 1 dense (m(m-1)/2 x 1), layer 2 sparse_dense with its m(m-1) nonzero weights; "
            "evaluated exactly at every test point by one sweep; the head (features + softmax attention) by the "
            "generic evaluator";

  chain::Chain c;
  if (r.structured) add_structured_equality_step(c, r);
  c.add({.id = "A1",
         .claim = "the relation model approximates the utility to eps_1 everywhere (tie rule of §4.2)",
         .symbols = "sup_{x,y} |u(x,y) - <phi_q(x), phi_k(y)>| < eps_1",
         .relation = chain::Relation::Less,
         .lhs_name = "sup |u - <phi_q, phi_k>|",
         .rhs_name = "eps_1",
         .reference = "(5.3), via Thm 3.1",
         .status = "P",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_A1",
         .coq_proof = "AltabaaSoftmax.altabaa_thm51_retrieval_eps",
         .coq_note = "premise |s_k - u_k| <= eps_1"},
        chain::trusting(
            chain::exact([sites = r.sites, key_sites = r.key_sites, y_max = r.y_max, two = r.two_domains, eps1 = r.eps1,
                          m = r.m, representation, structured = r.structured] {
              // The model is U_k . V_l on the closed cell pair V_k x W_l (phi_q, phi_k one-hot of the
              // cells): the exact sup over every cell pair, the largest kept (first in (k, l) order).
              const WorstPair w = worst_cell_pair(cell_boundaries(sites, Rational(0), Rational(1)),
                                                  cell_boundaries(key_sites, Rational(0), y_max),
                                                  retrieval_query_factor(sites), retrieval_key_factor(key_sites));
              const PairSup& worst = w.sup;
              const std::size_t wk = w.k, wl = w.l;
              const std::string note = "exact sup over all m^2 closed cell pairs; largest on cell pair (" +
                                       std::to_string(wk + 1) + ", " + std::to_string(wl + 1) + "), attained at (x, y)";
              chain::Outcome o(chain::Side::exact(worst.value, note), chain::Side::exact(eps1));
              if (two)
                o.report("key sites m_k on Y = [0, y_max] (second quantiser, W13)",
                         chain::Side::exact(count_q(key_sites.size())));
              return o.where(chain::Point{}.add("x", worst.x).add("y", worst.y))
                  .report("m", chain::Side::exact(count_q(m)))
                  .report("threshold units per map (m(m-1)/2 + m)", chain::Side::exact(count_q(voronoi_neurons(m))))
                  .report("layer-2 weights per map as a dense matrix (m * m(m-1)/2)",
                          chain::Side::exact(count_q(voronoi_dense_layer2_weights(m))))
                  .report(structured ? "numbers stored per map (structured form, as evaluated)"
                                     : "numbers stored per map (sparse layer 2)",
                          chain::Side::exact(
                              count_q(structured ? voronoi_structured_stored_numbers(m) : voronoi_stored_numbers(m)),
                              representation));
            }),
            chain::kEnumeration, chain::kConstructionData));
  c.add({.id = "A2",
         .claim = "each softmax weight is at most exp(beta (s_j - s_i*)), at every query of E_eta",
         .symbols = "alpha_j = e^{beta s_j} / sum_l e^{beta s_l} <= e^{beta (s_j - s_i*)}",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "alpha_j",
         .rhs_name = "exp(beta (s_j - s_i*))",
         .reference = "\"Observe that\" display",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "altabaa_thm51_A2",
         .coq_proof = "AltabaaSoftmax.altabaa_a2_weight_le_exp_gap"},
        chain::trusting(
            chain::generic([ev, alpha_prog, beta = r.beta]<class S>(const chain::Attempt& a) {
              chain::ForAll fa = a.for_all_reusing();  // a retry re-evaluates only the classes left undecided
              for (const Sample& s : ev->samples) {
                if (fa.reuse_settled(s.scores.size())) continue;
                const std::vector<S> alpha = softmax_weights<S>(*alpha_prog, s, beta, a.prec);
                for (std::size_t j = 0; j < alpha.size(); ++j) {
                  S e;
                  set(e, beta * (s.scores[j] - s.scores[s.best]), a.prec);
                  exp(e, e, a.prec);
                  fa.add(sample_point(s, j), chain::Side::enclosure(alpha[j]), chain::Side::enclosure(e));
                }
              }
              return fa.outcome()
                  .report("test points covering E_eta", chain::Side::exact(count_q(ev->test_points)))
                  .report("classes evaluated (same phi(x) and i*)", chain::Side::exact(count_q(ev->samples.size())));
            }),
            chain::kNetworkEvaluation, chain::kNetworkEvaluation));
  c.add({.id = "A3",
         .claim = "on E_eta the non-selected scores trail the selected one by more than eta - 2 eps_1",
         .symbols = "s_j - s_i* <= (u_j + eps_1) - (u_i* - eps_1) < -eta + 2 eps_1 (j != i*)",
         .relation = chain::Relation::Less,
         .lhs_name = "s_j - s_i*",
         .rhs_name = "-eta + 2 eps_1",
         .reference = "\"difference inside the exponential\" display",
         .status = "P",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_A3",
         .coq_proof = "AltabaaSoftmax.altabaa_a3_score_gap"},
        chain::trusting(chain::exact([ev, gamma] {
                          chain::ForAll fa(chain::Relation::Less);
                          for (const Sample& s : ev->samples)
                            for (std::size_t j = 0; j < s.scores.size(); ++j)
                              if (j != s.best)
                                fa.add(
                                    sample_point(s, j),
                                    chain::Side::exact(s.scores[j] - s.scores[s.best], "scores of the network, exact"),
                                    chain::Side::exact(-gamma));
                          return fa.outcome();
                        }),
                        chain::kNetworkEvaluation, chain::kConstructionData));
  c.add({.id = "A4",
         .claim = "every non-selected softmax weight is below exp(-beta (eta - 2 eps_1))",
         .symbols = "alpha_j < e^{-beta (eta - 2 eps_1)} (= e^{-beta eta / 2} for eps_1 = eta/4), j != i*",
         .relation = chain::Relation::Less,
         .lhs_name = "alpha_j",
         .rhs_name = "exp(-beta (eta - 2 eps_1))",
         .reference = "\"Hence we have\"",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_A4",
         .coq_proof = "AltabaaSoftmax.altabaa_thm51_weight_bound"},
        chain::trusting(chain::generic([ev, alpha_prog, beta = r.beta, gamma]<class S>(const chain::Attempt& a) {
                          chain::ForAll fa = a.for_all();
                          S bound;
                          set(bound, -(beta * gamma), a.prec);
                          exp(bound, bound, a.prec);
                          for (const Sample& s : ev->samples) {
                            const std::vector<S> alpha = softmax_weights<S>(*alpha_prog, s, beta, a.prec);
                            for (std::size_t j = 0; j < alpha.size(); ++j)
                              if (j != s.best)
                                fa.add(sample_point(s, j), chain::Side::enclosure(alpha[j]),
                                       chain::Side::enclosure(bound));
                          }
                          return fa.outcome()
                              .report("beta", chain::Side::exact(beta))
                              .report("eta - 2 eps_1", chain::Side::exact(gamma));
                        }),
                        chain::kNetworkEvaluation, chain::kConstructionData));
  c.add({.id = "A5",
         .claim = "the selected weight misses 1 by less than eps_2 = (n-1) exp(-beta (eta - 2 eps_1))",
         .symbols = "1 - alpha_i* = sum_{j != i*} alpha_j < (n-1) e^{-beta (eta - 2 eps_1)} =: eps_2",
         .relation = chain::Relation::Less,
         .lhs_name = "1 - alpha_i*",
         .rhs_name = "eps_2",
         .reference = "\"This implies that\"",
         .status = "P/R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_A5",
         .coq_proof = "AltabaaSoftmax.altabaa_thm51_selected_weight"},
        chain::trusting(chain::generic([ev, alpha_prog, beta = r.beta, gamma, n]<class S>(const chain::Attempt& a) {
                          chain::ForAll fa = a.for_all();
                          const S eps2 = tail_bound<S>(n, beta, gamma, a.prec);
                          for (const Sample& s : ev->samples) {
                            const std::vector<S> alpha = softmax_weights<S>(*alpha_prog, s, beta, a.prec);
                            S one, miss;
                            set(one, Rational(1), a.prec);
                            sub(miss, one, alpha[s.best], a.prec);
                            fa.add(sample_point(s, s.best), chain::Side::enclosure(miss), chain::Side::enclosure(eps2));
                          }
                          return fa.outcome().report("eps_2", chain::Side::enclosure(eps2));
                        }),
                        chain::kNetworkEvaluation, chain::kConstructionData));
  c.add(
      {.id = "A5'",
       .claim = "optional tighter check: the selected weight is at least 1 / (1 + (n-1) exp(-beta (eta - 2 eps_1)))",
       .symbols =
           "alpha_i* = (1 + sum_{j != i*} e^{beta (s_j - s_i*)})^{-1} >= (1 + (n-1) e^{-beta gamma})^{-1}, gamma = eta - 2 eps_1",
       .relation = chain::Relation::GreaterEqual,
       .lhs_name = "alpha_i*",
       .rhs_name = "1 / (1 + eps_2)",
       .reference = "spec §6.3 (optional tighter check A5')",
       .status = "R",
       .mode = "NET",
       .coq_lemma = "altabaa_thm51_A5prime",
       .coq_note = "optional tighter check of the spec: a C++ check, not used by the Coq conclusion"},
      chain::trusting(chain::generic([ev, alpha_prog, beta = r.beta, gamma, n]<class S>(const chain::Attempt& a) {
                        chain::ForAll fa = a.for_all();
                        S bound = tail_bound<S>(n, beta, gamma, a.prec), one;
                        set(one, Rational(1), a.prec);
                        add(bound, bound, one, a.prec);
                        div(bound, one, bound, a.prec);
                        for (const Sample& s : ev->samples) {
                          const std::vector<S> alpha = softmax_weights<S>(*alpha_prog, s, beta, a.prec);
                          fa.add(sample_point(s, s.best), chain::Side::enclosure(alpha[s.best]),
                                 chain::Side::enclosure(bound));
                        }
                        return fa.outcome();
                      }),
                      chain::kNetworkEvaluation, chain::kConstructionData));
  c.add({.id = "A6",
         .claim = "the attention network's output is within eps_2 D_Y of the selected key on E_eta",
         .symbols = "|Attn(x, y) - Select(x, y)| <= sum_{j != i*} alpha_j |y_j - y_i*| <= eps_2 D_Y",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "|Attn - Select|",
         .rhs_name = "eps_2 D_Y",
         .reference = "6-line display",
         .status = "P/R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_A6",
         .coq_proof = "AltabaaSoftmax.altabaa_thm51_output_error"},
        chain::trusting(chain::generic([ev, head_prog, keys = r.keys, mq = r.sites.size(), mk = r.key_sites.size(),
                                        beta = r.beta, gamma, n, D, v = r.values]<class S>(const chain::Attempt& a) {
                          chain::ForAll fa = a.for_all();
                          S bound = tail_bound<S>(n, beta, gamma, a.prec), d;
                          set(d, D, a.prec);
                          mul(bound, bound, d, a.prec);
                          Evaluator<S> head(*head_prog, a.prec);
                          std::vector<S> in;
                          std::vector<std::size_t> touched;
                          Rational worst_lo(0), worst_hi(0);
                          for (const Sample& s : ev->samples) {
                            set_head_inputs(in, touched, s, *ev, keys, mq, mk, a.prec);
                            head.run(in);
                            S err, sel;
                            set(sel, v.scale * keys[s.best] + v.shift, a.prec);  // Select composed with phi_v
                            sub(err, head.value(head_prog->outputs()[kAttentionOutput]), sel, a.prec);
                            abs(err, err, a.prec);
                            if (is_finite(err)) {
                              worst_lo = max(worst_lo, lower(err));
                              worst_hi = max(worst_hi, upper(err));
                            }
                            fa.add(chain::Point{}.add("x", s.x),
                                   chain::Side::enclosure(
                                       err, "attention network: exact quantiser sweep, head by the generic evaluator"),
                                   chain::Side::enclosure(bound));
                          }
                          return fa.outcome().report(
                              "max |Attn - Select| over the test points (= sup over E_eta)",
                              chain::Side::derived(chain::Enclosure::between(worst_lo, worst_hi)));
                        }),
                        chain::kNetworkEvaluation, chain::kConstructionData));
  c.add({.id = "A7",
         .claim = "with the chosen beta the bound eps_2 D_Y is at most eps",
         .symbols = "beta >= ln((n-1) D_Y / eps) / (eta - 2 eps_1)  =>  (n-1) e^{-beta (eta - 2 eps_1)} D_Y <= eps",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "eps_2 D_Y",
         .rhs_name = "eps",
         .reference = "\"To achieve an error rate of eps\"",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "altabaa_thm51_A7",
         .coq_proof = "AltabaaSoftmax.altabaa_a7_beta_choice",
         .coq_note = "combined with A1-A6: altabaa_thm51_retrieval_eps"},
        chain::generic([beta = r.beta, gamma, n, D, eps = r.eps]<class S>(const chain::Attempt& a) {
          S bound = tail_bound<S>(n, beta, gamma, a.prec), d;
          set(d, D, a.prec);
          mul(bound, bound, d, a.prec);
          return chain::Outcome(chain::Side::enclosure(bound).trusted_because(chain::kConstructionData),
                                chain::Side::exact(eps).rechecked_by("x0", {"parameter:eps"}))
              .report("beta", chain::Side::exact(beta))
              .report("D_Y", chain::Side::exact(D));
        }));
  c.add({.id = "A8",
         .claim = "the margin event has probability at least 1 - delta (x ~ U[0,1], keys fixed)",
         .symbols = "P(E_eta) = Leb{x in [0,1] : u_i* - max_{j != i*} u_j > eta} >= 1 - delta",
         .relation = chain::Relation::GreaterEqual,
         .lhs_name = "P(E_eta)",
         .rhs_name = "1 - delta",
         .reference = "hypothesis of Thm 5.1",
         .status = "P",
         .mode = "PR",
         .coq_lemma = "altabaa_thm51_A8",
         .coq_note = "probability of the margin event: not modelled in Coq (the event is a hypothesis)"},
        chain::exact([keys = r.keys, eta = r.eta, delta = r.delta] {
          // G is continuous and piecewise linear with kinks at the crossings, and G - eta only
          // changes sign at the eta-points: on each open piece between breakpoints the midpoint decides.
          const RationalVector b = margin_breakpoints(keys, eta);
          Rational measure(0);
          for (std::size_t k = 0; k + 1 < b.size(); ++k)
            if (margin_at(keys, (b[k] + b[k + 1]) / Rational(2)).gap > eta) measure += b[k + 1] - b[k];
          return chain::Outcome(
              chain::Side::exact(measure, "exact length of {G > eta}").trusted_because(chain::kEnumeration),
              chain::Side::exact(Rational(1) - delta).rechecked_by("1 - x0", {"parameter:delta"}));
        }));
  if (r.value_map) {
    // W18: the paper's beta takes D_Y = diam Y (values are the keys); with phi_v the chain needs
    // diam phi_v(Y) (A6, A7 above use it). The bound that beta gives, times the true D_Y.
    const Rational beta_keys = beta_for(n, Rational(1), r.eps, gamma);
    c.add(
        {.id = "W18",
         .claim = "weak point W18: beta chosen with D_Y = diam Y (values = keys, as in the paper) still "
                  "keeps eps_2 diam phi_v(Y) within eps once the values pass through phi_v",
         .symbols =
             "beta_Y = ln((n-1) diam Y / eps) / (eta - 2 eps_1): (n-1) e^{-beta_Y (eta - 2 eps_1)} diam phi_v(Y) <= eps",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "eps_2(beta_Y) diam phi_v(Y)",
         .rhs_name = "eps",
         .reference = "spec §8 W18",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "altabaa_thm51_W18",
         .coq_note = "weak point W18 of the spec: a C++ check, not used by the Coq conclusion (A7 uses diam phi_v(Y))"},
        chain::generic([beta_keys, gamma, n, D, eps = r.eps]<class S>(const chain::Attempt& a) {
          S bound = tail_bound<S>(n, beta_keys, gamma, a.prec), d;
          set(d, D, a.prec);
          mul(bound, bound, d, a.prec);
          return chain::Outcome(chain::Side::enclosure(bound).trusted_because(chain::kConstructionData),
                                chain::Side::exact(eps).rechecked_by("x0", {"parameter:eps"}))
              .report("beta with D_Y = diam Y", chain::Side::exact(beta_keys))
              .report("diam phi_v(Y)", chain::Side::exact(D));
        }));
  }
  if (r.y_max > Rational(1)) {
    // W13: the paper's proof quantises queries and keys with ONE phi on one domain. Here Y = [0, y_max]
    // reaches beyond X = [0, 1]: phi_q's last cell then takes every key in [1 - 1/(2m), y_max].
    c.add(
        {.id = "W13",
         .claim = "weak point W13: one shared quantiser (phi_q's sites on X, as in the paper's proof) "
                  "would also serve the keys: its relation model stays within eps_1 on X x Y",
         .symbols = "sup_{x in X, y in Y} |u(x,y) - <U^T phi_q(x), V^T phi_q(y)>| < eps_1, Y = [0, y_max] not inside X",
         .relation = chain::Relation::Less,
         .lhs_name = "sup |u - <phi_q, phi_q>| on X x Y",
         .rhs_name = "eps_1",
         .reference = "spec §8 W13",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm51_W13",
         .coq_note = "weak point W13 of the spec: an exact C++ check, not used by the Coq conclusion (A1 uses phi_k)"},
        chain::trusting(
            chain::exact([sites = r.sites, y_max = r.y_max, eps1 = r.eps1] {
              const WorstPair w = worst_cell_pair(cell_boundaries(sites, Rational(0), Rational(1)),
                                                  cell_boundaries(sites, Rational(0), y_max),
                                                  retrieval_query_factor(sites), retrieval_key_factor(sites));
              return chain::Outcome(chain::Side::exact(w.sup.value,
                                                       "exact sup over all closed cell pairs of the shared quantiser, "
                                                       "its last cell extended to y_max"),
                                    chain::Side::exact(eps1))
                  .where(chain::Point{}.add("x", w.sup.x).add("y", w.sup.y));
            }),
            chain::kEnumeration, chain::kConstructionData));
  }
  if (r.slope) add_sigmoid_band_steps(c, r);
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
