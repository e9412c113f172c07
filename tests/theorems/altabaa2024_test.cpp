// Altabaa & Lafferty 2024: the constructions evaluate to hand-checkable values, and every check
// instance under checks/altabaa2024/ gives its expected verdicts.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"
#include "theorems/altabaa2024/attention.hpp"
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
  const Network net = retrieval_attention_network(grid_sites(4), 2, beta);
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
}

TEST_CASE("altabaa2024 build: constructions by name with exact parameters, bad parameters are InputErrors") {
  ConstructionRegistry r;
  register_constructions(r);
  const Network phi = build_construction(r, "altabaa2024/voronoi-threshold", {"m=4"});
  CHECK(eval_exact(phi, {q(3, 10)}) == one_hot(4, 1));
  const Network lem = build_construction(r, "altabaa2024/rank-factorisation", {"R=[[0,1],[0,0]]"});
  CHECK(eval_exact(lem, {Rational(1), Rational(0), Rational(0), Rational(1)}) == std::vector<Rational>{Rational(1)});
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/voronoi-threshold", {"m=4", "mm=3"}), InputError);
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/voronoi-threshold", {}), InputError);
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/voronoi-threshold", {"m=1"}), InputError);
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/nope", {}), InputError);
  CHECK_THROWS_AS(build_construction(r, "altabaa2024/voronoi-threshold", {"m"}), InputError);
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
TEST_CASE("altabaa2024 check thm51-retrieval-two-keys") { check_instance("thm51-retrieval-two-keys.json"); }
TEST_CASE("altabaa2024 check thm21-cosine-eps0.1") { check_instance("thm21-cosine-eps0.1.json"); }
TEST_CASE("altabaa2024 check thm21-brownian-eps0.1") { check_instance("thm21-brownian-eps0.1.json"); }
TEST_CASE("altabaa2024 check thm41-rkbs-eps0.1") { check_instance("thm41-rkbs-eps0.1.json"); }

}  // namespace approxcert::theorems::altabaa2024
