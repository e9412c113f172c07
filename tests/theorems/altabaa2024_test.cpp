// Altabaa & Lafferty 2024: the constructions evaluate to hand-checkable values, and every check
// instance under checks/altabaa2024/ gives its expected verdicts.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/threshold_sweep.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"
#include "theorems/altabaa2024/attention.hpp"
#include "theorems/altabaa2024/gaussian_circle.hpp"
#include "theorems/altabaa2024/register.hpp"
#include "theorems/altabaa2024/relation_model.hpp"
#include "theorems/altabaa2024/relu_interpolant.hpp"
#include "theorems/altabaa2024/voronoi.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

Rational q(long p, long r) { return Rational(mpz_class(p), mpz_class(r)); }

std::vector<Rational> eval_exact(const Network& net, const std::vector<Rational>& in) {
  return evaluate<Rational>(lower(net), in, Prec(64));
}

std::vector<Rational> one_hot(std::size_t m, std::size_t k) {
  std::vector<Rational> e(m, Rational(0));
  e[k] = Rational(1);
  return e;
}

}  // namespace

TEST_CASE("altabaa2024 voronoi threshold network: one-hot of the nearest site, smallest index on ties") {
  const RationalVector s = grid_sites(4);  // 1/8, 3/8, 5/8, 7/8
  CHECK(s == RationalVector{q(1, 8), q(3, 8), q(5, 8), q(7, 8)});
  const Network phi = voronoi_network(s);
  CHECK(eval_exact(phi, {q(3, 10)}) == one_hot(4, 1));
  CHECK(eval_exact(phi, {Rational(0)}) == one_hot(4, 0));
  CHECK(eval_exact(phi, {Rational(1)}) == one_hot(4, 3));
  CHECK(eval_exact(phi, {q(1, 4)}) == one_hot(4, 0));  // tie between 1/8 and 3/8
  CHECK(eval_exact(phi, {q(1, 2)}) == one_hot(4, 1));  // tie between 3/8 and 5/8
  CHECK(voronoi_neurons(40) == 820);
  const RationalVector pts = pattern_points(s, Rational(0), Rational(1));
  CHECK(pts.front() == Rational(0));
  CHECK(pts.back() == Rational(1));
}

TEST_CASE("altabaa2024 threshold sweep = exact evaluation of the quantiser at every pattern point (m = 7, ties)") {
  const RationalVector s = grid_sites(7);  // (2i - 1)/14: not dyadic, thresholds k/14 are ties
  const LayerList layers = voronoi_layers(s);
  CHECK(std::holds_alternative<SparseDenseLayer>(layers[2].kind));
  const RationalVector pts = pattern_points(s, Rational(0), Rational(1));
  const auto ones = threshold_network_ones(layers, pts);
  REQUIRE(ones.size() == pts.size());
  const Network phi = voronoi_network(s);
  for (std::size_t k = 0; k < pts.size(); ++k) {
    CHECK(eval_exact(phi, {pts[k]}) == one_hot(7, nearest_site(s, pts[k])));
    CHECK(ones[k] == std::vector<std::size_t>{nearest_site(s, pts[k])});
  }
  // The same layers with a dense layer 2 (zeros filled in) sweep to the same outputs.
  const auto& l2 = std::get<SparseDenseLayer>(layers[2].kind);
  DenseLayer dense{NumberMatrix(l2.rows, NumberVector(l2.cols, Number(0))), l2.bias};
  for (const SparseEntry& e : l2.entries) dense.weight[e.row][e.col] = e.value;
  LayerList with_dense = layers;
  with_dense[2] = Layer{dense};
  CHECK(threshold_network_ones(with_dense, pts) == ones);
  CHECK_THROWS_AS(threshold_network_ones(layers, {Rational(1), Rational(0)}), std::logic_error);
}

TEST_CASE("altabaa2024 threshold sweep: units with positive, negative and zero weights") {
  // h = (step(2x - 1), step(1), step(1 - x), step(-1)); z0 = step(h0 + h1 + 5 h3 - 2) = [x >= 1/2],
  // z1 = step(h2 - h3 - 1) = [x <= 1].
  const LayerList layers{Layer{DenseLayer{{{Rational(2)}, {Rational(0)}, {Rational(-1)}, {Rational(0)}},
                                          {Rational(-1), Rational(1), Rational(1), Rational(-1)}}},
                         Layer{StepLayer{}},
                         Layer{DenseLayer{{{Rational(1), Rational(1), Rational(0), Rational(5)},
                                           {Rational(0), Rational(0), Rational(1), Rational(-1)}},
                                          {Rational(-2), Rational(-1)}}},
                         Layer{StepLayer{}}};
  const RationalVector pts{Rational(-1), q(1, 2), Rational(1), q(3, 2)};
  const std::vector<std::vector<std::size_t>> expected{{1}, {0, 1}, {0, 1}, {0}};
  CHECK(threshold_network_ones(layers, pts) == expected);
  const Network net{{1, std::nullopt}, layers};
  for (std::size_t k = 0; k < pts.size(); ++k) {
    std::vector<Rational> out(2, Rational(0));
    for (std::size_t c : expected[k]) out[c] = Rational(1);
    CHECK(eval_exact(net, {pts[k]}) == out);
  }
}

TEST_CASE("altabaa2024 attention network = quantiser part then head (m = 7: exact token features at ties)") {
  const RationalVector s = grid_sites(7);
  const Network tokens{{2, std::nullopt}, retrieval_token_layers(s, s)};
  for (const Rational& x : {Rational(0), q(1, 7), q(3, 10), q(1, 2), Rational(1)})
    for (const Rational& y : {q(1, 7), q(9, 10)}) {
      std::vector<Rational> expected{y};
      for (const Rational& e : one_hot(7, nearest_site(s, x))) expected.push_back(e);
      for (const Rational& e : one_hot(7, nearest_site(s, y))) expected.push_back(e);
      CHECK(eval_exact(tokens, {x, y}) == expected);
    }
  // The full network is literally the token layers followed by the head.
  const Network full = retrieval_attention_network(s, s, 3, q(5, 2)), head = retrieval_head_network(s, s, 3, q(5, 2));
  LayerList composed = retrieval_token_layers(s, s);
  for (const Layer& l : std::get<TokenwiseLayer>(head.layers[0].kind).layers) composed.push_back(l);
  REQUIRE(full.layers.size() == 2);
  CHECK(std::get<TokenwiseLayer>(full.layers[0].kind).layers == composed);
  CHECK(full.layers[1] == head.layers[1]);
  CHECK(full.input == NetworkInput{2, 3});
  CHECK(head.input == NetworkInput{15, 3});
}

TEST_CASE("altabaa2024 exact rank factorisation of the strict order (spec 7.5)") {
  const RationalMatrix R{{0, 1, 1, 1}, {0, 0, 1, 1}, {0, 0, 0, 1}, {0, 0, 0, 0}};
  const RankFactorisation f = exact_rank_factorisation(R);
  CHECK(f.pivots == std::vector<std::size_t>{1, 2, 3});
  CHECK(f.U == RationalMatrix{{1, 1, 1}, {0, 1, 1}, {0, 0, 1}, {0, 0, 0}});
  CHECK(f.V == RationalMatrix{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
}

TEST_CASE("altabaa2024 shallow ReLU interpolant reproduces the knot values and interpolates linearly") {
  const Interpolant it = relu_interpolant({"x0^2", "1 + x0"}, Rational(0), Rational(1), 2);
  CHECK(it.J == 2);
  CHECK(it.bias_unit);  // 1 + x0 is 1 at 0
  CHECK(eval_exact(it.net, {q(1, 2)}) == std::vector<Rational>{q(1, 4), q(3, 2)});
  CHECK(eval_exact(it.net, {q(1, 4)}) == std::vector<Rational>{q(1, 8), q(5, 4)});
  CHECK(eval_exact(it.net, {Rational(1)}) == std::vector<Rational>{Rational(1), Rational(2)});
  CHECK(eps_nn(Rational(1), q(1, 20), 2) < q(1, 80));  // N(2Ce + e^2) <= 1/20 needs e < 1/80
}

TEST_CASE("altabaa2024 attention network: Attn = 1/(1 + e^(9 beta/16)) for keys (0, 1), x = 1/10, m = 4") {
  const Rational beta = q(16, 9);  // scores s = (0, -9/16): Attn = e^{-1} / (1 + e^{-1}) = 1/(1 + e)
  const Network net = retrieval_attention_network(grid_sites(4), grid_sites(4), 2, beta);
  const Program prog = lower(net);
  const Prec p(128);
  std::vector<Ball> in(4);
  set(in[0], q(1, 10), p);
  set(in[1], Rational(0), p);
  set(in[2], q(1, 10), p);
  set(in[3], Rational(1), p);
  const Ball attn = evaluate<Ball>(prog, in, p).at(kAttentionOutput);
  Ball ref, one;  // 1/(1 + e) at 400 bits
  const Prec hp(400);
  set(one, Rational(1), hp);
  exp(ref, one, hp);
  add(ref, ref, one, hp);
  div(ref, one, ref, hp);
  CHECK(lower(attn) <= lower(ref));
  CHECK(upper(ref) <= upper(attn));
  CHECK(upper(attn) - lower(attn) < pow2(-100));
  // The relation model alone gives the exact scores.
  const Network scores = retrieval_score_network(grid_sites(4));
  CHECK(eval_exact(scores, {q(1, 10), Rational(1)}) == std::vector<Rational>{q(-9, 16)});
  CHECK(eval_exact(scores, {q(1, 10), Rational(0)}) == std::vector<Rational>{Rational(0)});
  // The head alone on the exact token features (y_j, phi(x), phi(y_j)) gives the same enclosure.
  std::vector<Ball> features;
  for (const Rational& y : {Rational(0), Rational(1)}) {
    Ball b;
    set(b, y, p);
    features.push_back(b);
    for (const std::vector<Rational>& e : {one_hot(4, 0), one_hot(4, y.sign() == 0 ? 0 : 3)})
      for (const Rational& v : e) {
        set(b, v, p);
        features.push_back(b);
      }
  }
  const Ball head = evaluate<Ball>(lower(retrieval_head_network(grid_sites(4), grid_sites(4), 2, beta)), features, p)
                        .at(kAttentionOutput);
  CHECK(lower(head) <= lower(ref));
  CHECK(upper(ref) <= upper(head));
  CHECK(upper(head) - lower(head) < pow2(-100));
}

TEST_CASE("altabaa2024 build: constructions by name with exact parameters, bad parameters are InputErrors") {
  ConstructionRegistry r;
  register_constructions(r);
  const Network phi = build_construction(r, "altabaa2024/voronoi-threshold", {"m=4"}, "parameters");
  CHECK(eval_exact(phi, {q(3, 10)}) == one_hot(4, 1));
  const Network lem = build_construction(r, "altabaa2024/rank-factorisation", {"R=[[0,1],[0,0]]"}, "parameters");
  CHECK(eval_exact(lem, {Rational(1), Rational(0), Rational(0), Rational(1)}) == std::vector<Rational>{Rational(1)});
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/voronoi-threshold", {"m=4", "mm=3"}, "parameters"), InputError);
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/voronoi-threshold", {}, "parameters"), InputError);
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/voronoi-threshold", {"m=1"}, "parameters"), InputError);
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/nope", {}, "parameters"), InputError);
  // Messages begin with the origin the caller names (the command line names its option --param).
  CHECK_THROWS_WITH_AS(build_construction(r, "altabaa2024/voronoi-threshold", {"m"}, "parameters"),
                       "parameters: \"m\": expected key=value", InputError);
  CHECK_THROWS_WITH_AS(build_construction(r, "altabaa2024/voronoi-threshold", {"m=4", "m=5"}, "parameters"),
                       "parameters: \"m\" is given twice", InputError);
}

namespace {

void check_instance(const std::string& name) {
  chain::TheoremRegistry r;
  register_theorems(r);
  const chain::CheckFile f = chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/altabaa2024/" + name);
  const chain::CheckRun run = chain::run_check(r, f);
  std::string msg;
  for (const auto& mm : run.mismatches) msg += mm.step + ": expected " + mm.expected + ", got " + mm.actual + "; ";
  CHECK_MESSAGE(run.mismatches.empty(), msg);
}

}  // namespace

TEST_CASE("altabaa2024 check lem31-strict-order") { check_instance("lem31-strict-order.json"); }
TEST_CASE("altabaa2024 check thm31-xsin3y-m10") { check_instance("thm31-xsin3y-m10.json"); }
TEST_CASE("altabaa2024 check thm31-xsin3y-m40") { check_instance("thm31-xsin3y-m40.json"); }
TEST_CASE("altabaa2024 check lem31-strict-order-hand") { check_instance("lem31-strict-order-hand.json"); }
TEST_CASE("altabaa2024 check thm31-grid-cross-d2-k9") { check_instance("thm31-grid-cross-d2-k9.json"); }
TEST_CASE("altabaa2024 check thm31-grid-square-d2-k8") { check_instance("thm31-grid-square-d2-k8.json"); }
TEST_CASE("altabaa2024 check thm51-retrieval-two-keys") { check_instance("thm51-retrieval-two-keys.json"); }

TEST_CASE("altabaa2024 check thm51-instance-a (spec Instance A, m = 800)") { check_instance("thm51-instance-a.json"); }

namespace {

// Spec §4.2 largest-index tie rule, independent reference: squared distances compared directly,
// scanning from the last site down.
std::size_t largest_nearest(const RationalVector& s, const Rational& x) {
  std::size_t best = s.size() - 1;
  for (std::size_t i = s.size() - 1; i-- > 0;)
    if ((x - s[i]) * (x - s[i]) < (x - s[best]) * (x - s[best])) best = i;
  return best;
}

}  // namespace

TEST_CASE("altabaa2024 voronoi largest-index tie rule: hand-computed ties at m = 4") {
  const RationalVector s = grid_sites(4);  // 1/8, 3/8, 5/8, 7/8
  const Network phi = voronoi_network(s, VoronoiTie::Largest);
  CHECK(eval_exact(phi, {q(1, 4)}) == one_hot(4, 1));  // tie between 1/8 and 3/8: index 1, not 0
  CHECK(eval_exact(phi, {q(1, 2)}) == one_hot(4, 2));  // tie between 3/8 and 5/8: index 2, not 1
  CHECK(eval_exact(phi, {q(3, 4)}) == one_hot(4, 3));
  CHECK(eval_exact(phi, {q(3, 10)}) == one_hot(4, 1));  // no tie: same as the smallest rule
  CHECK(eval_exact(phi, {Rational(0)}) == one_hot(4, 0));
  CHECK(eval_exact(phi, {Rational(1)}) == one_hot(4, 3));
  CHECK(nearest_site(s, q(1, 4), VoronoiTie::Largest) == 1);
  CHECK(nearest_site(s, q(1, 4), VoronoiTie::Smallest) == 0);
}

TEST_CASE("altabaa2024 voronoi largest-index tie rule = brute force at every pattern point (m = 7, 9)") {
  for (std::uint64_t m : {7u, 9u}) {
    const RationalVector s = grid_sites(m);
    const RationalVector pts = pattern_points(s, Rational(0), Rational(1));
    const LayerList layers = voronoi_layers(s, VoronoiTie::Largest);
    const auto ones = threshold_network_ones(layers, pts);
    REQUIRE(ones.size() == pts.size());
    const Network phi = voronoi_network(s, VoronoiTie::Largest);
    std::size_t ties_differing = 0;
    for (std::size_t k = 0; k < pts.size(); ++k) {
      const std::size_t want = largest_nearest(s, pts[k]);
      CHECK(eval_exact(phi, {pts[k]}) == one_hot(m, want));
      CHECK(ones[k] == std::vector<std::size_t>{want});
      CHECK(nearest_site(s, pts[k], VoronoiTie::Largest) == want);
      if (want != nearest_site(s, pts[k], VoronoiTie::Smallest)) ++ties_differing;
    }
    CHECK(ties_differing == m - 1);  // exactly the m - 1 cell boundaries inside (0, 1) are ties
    CHECK(voronoi_stored_numbers(m) == 2 * (m * (m - 1) / 2) + m * (m - 1) + m);
  }
}

TEST_CASE(
    "altabaa2024 attention token layers under the largest-index rule: phi_q, phi_k pick the larger site at ties") {
  const RationalVector s = grid_sites(4);  // boundaries 1/4, 1/2, 3/4
  const Network tokens{{2, std::nullopt}, retrieval_token_layers(s, s, VoronoiTie::Largest)};
  // x = 1/4 (tie of sites 0, 1 -> 1), y = 3/4 (tie of sites 2, 3 -> 3); hand-computed.
  std::vector<Rational> expected{q(3, 4)};
  for (const Rational& e : one_hot(4, 1)) expected.push_back(e);
  for (const Rational& e : one_hot(4, 3)) expected.push_back(e);
  CHECK(eval_exact(tokens, {q(1, 4), q(3, 4)}) == expected);
  const Network full = retrieval_attention_network(s, s, 2, q(5, 2), {}, VoronoiTie::Largest);
  const LayerList largest = retrieval_token_layers(s, s, VoronoiTie::Largest);
  const LayerList smallest = retrieval_token_layers(s, s, VoronoiTie::Smallest);
  const LayerList& built = std::get<TokenwiseLayer>(full.layers[0].kind).layers;
  REQUIRE(built.size() > largest.size());
  CHECK(LayerList(built.begin(), built.begin() + static_cast<std::ptrdiff_t>(largest.size())) == largest);
  CHECK(largest != smallest);
  // A bad rule name is an InputError (the construction reads the same parameter as the theorem).
  ConstructionRegistry reg;
  register_constructions(reg);
  const std::vector<std::string> base{"y=[\"1/10\",\"1/2\"]", "m=4", "beta=1"};
  std::vector<std::string> with_rule = base;
  with_rule.push_back("tie_rule=largest");
  CHECK(build_construction(reg, "altabaa2024/attention-retrieval", with_rule, "parameters") ==
        retrieval_attention_network(s, s, 2, Rational(1), {}, VoronoiTie::Largest));
  with_rule.back() = "tie_rule=middle";
  CHECK_THROWS_AS(build_construction(reg, "altabaa2024/attention-retrieval", with_rule, "parameters"), InputError);
}

TEST_CASE("altabaa2024 check thm51-instance-a-largest-tie (spec Instance A, spec tie rule, m = 800)") {
  check_instance("thm51-instance-a-largest-tie.json");
}

TEST_CASE("altabaa2024 theorem 5.1 A1 is the exact sup (2m - 1)/m^2 of the cell pair (m, 1)") {
  // Cells of width 1/m, R_kl = -(s_k - s_l)^2: on the pair with k - l = d the sup of |u - R| is
  // (2|d| + 1)/m^2, largest for |d| = m - 1.
  chain::TheoremRegistry r;
  register_theorems(r);
  const chain::CheckFile f =
      chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/altabaa2024/thm51-retrieval-two-keys.json");
  const chain::CheckRun run = chain::run_check(r, f);
  const chain::StepResult& a1 = run.run.result.steps.at(0);
  REQUIRE(a1.spec.id == "A1");
  CHECK(a1.outcome.lhs.value.lower() == q(63, 1024));
  CHECK(a1.outcome.lhs.value.upper() == q(63, 1024));
}
TEST_CASE("altabaa2024 check thm21-cosine-eps0.1") { check_instance("thm21-cosine-eps0.1.json"); }
TEST_CASE("altabaa2024 check thm21-brownian-eps0.1") { check_instance("thm21-brownian-eps0.1.json"); }
TEST_CASE("altabaa2024 check thm41-rkbs-eps0.1") { check_instance("thm41-rkbs-eps0.1.json"); }

namespace {

// Exact rational bracket of e^{-1} I_m(1): e^{-1} between consecutive partial sums of sum (-1)^k / k!,
// I_m(1) = sum_k 4^{-k} 2^{-m} / (k! (k+m)!) between its 30-term partial sum S and S + (4/3) t_30
// (term ratios are <= 1/4).
std::pair<Rational, Rational> circle_eigenvalue_z1_reference(long m) {
  // Alternating partial sums: A_38 (ends with +1/38!) is above e^{-1}, A_39 below.
  Rational a(0), term(1), prev(0);
  for (long k = 0; k < 40; ++k) {
    if (k > 0) term = term / Rational(k);
    prev = a;
    a += (k % 2 == 0 ? term : -term);
  }
  const Rational e_lo = a, e_hi = prev;
  Rational s(0), u = pow2(-m);
  for (long k = 1; k <= m; ++k) u = u / Rational(k);  // t_0 = 2^-m / m!
  for (long k = 0; k < 30; ++k) {
    s += u;
    u = u / (Rational(4) * Rational(k + 1) * Rational(k + 1 + m));
  }
  return {e_lo * s, e_hi * (s + u * Rational(4) / Rational(3))};
}

}  // namespace

TEST_CASE("altabaa2024 Gaussian circle spectrum: e^-1 I_m(1) and the tail against exact rational brackets") {
  const Prec p(128);
  Rational tail_lo(1), tail_hi(1);
  for (long m = 0; m <= 5; ++m) {
    const auto [lo, hi] = circle_eigenvalue_z1_reference(m);
    REQUIRE(hi - lo < pow2(-120));
    const Ball l = circle_eigenvalue(Rational(1), static_cast<std::uint64_t>(m), p);
    CHECK(lower(l) <= hi);
    CHECK(lo <= upper(l));
    CHECK(upper(l) - lower(l) < pow2(-100));
    if (m <= 2) {
      tail_lo -= (m == 0 ? Rational(1) : Rational(2)) * hi;
      tail_hi -= (m == 0 ? Rational(1) : Rational(2)) * lo;
    }
  }
  const Ball t = circle_tail(Rational(1), 2, p);  // 2 sum_{m>2} lambda_(m): the spec's 0.018542 at N = 5
  CHECK(lower(t) <= tail_hi);
  CHECK(tail_lo <= upper(t));
  CHECK(upper(t) - lower(t) < pow2(-100));
}

TEST_CASE("altabaa2024 check thm21-gaussian-circle-z1-eps0.1 (spec 7.2)") {
  check_instance("thm21-gaussian-circle-z1-eps0.1.json");
}

}  // namespace approxcert::theorems::altabaa2024
