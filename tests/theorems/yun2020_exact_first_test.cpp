// Yun et al. 2020: the exact-first sweep (sweep_contextual_exact_first: DirectedInterval, then S
// only at points with an inexact value) gives the same values, verdicts, counts and decisive
// points as the plain sweep with S, on delta = 1/2 (the recalled J with loose thresholds: Y-9
// refuted) and delta = 1/4 (the tight thresholds), for S = Ball and Rational; with softmax
// attention (exp: enclosed outward in doubles) the points are re-evaluated and the values are Ball's.
// The claims decide in doubles where the exact-first sweep kept exact doubles (every point here),
// with the plain sweep's enclosures otherwise: the outcomes must agree.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "yun2020_outcomes.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;
using namespace approxcert::theorems::yun2020::testing;

namespace {

Rational q(long n, long d = 1) { return Rational(mpz_class(n), mpz_class(d)); }

Config config(std::uint64_t N, bool loose) {
  Config c;
  c.shape = Shape{2, 3, N};
  c.J = j_recalled(c.shape);
  c.K = global_scale_default(c.shape);
  c.t_l = loose ? loose_t_l(c.shape, c.K) : tight_t_l(c.shape, c.K);
  c.t_r = loose ? loose_t_r(c.shape, c.K) : tight_t_r(c.shape, c.K);
  return c;
}

template <RigorousScalar S>
void check_same_values(const ContextualValues<S>& a, const ContextualValues<S>& b) {
  REQUIRE(a.q.size() == b.q.size());
  REQUIRE(a.last_id.size() == b.last_id.size());
  for (std::size_t k = 0; k < a.q.size(); ++k) CHECK(chain::Enclosure::of(a.q[k]) == chain::Enclosure::of(b.q[k]));
  for (std::size_t k = 0; k < a.last_id.size(); ++k) {
    CHECK(chain::Enclosure::of(a.last_id[k]) == chain::Enclosure::of(b.last_id[k]));
    CHECK(chain::Enclosure::of(a.max_entry[k]) == chain::Enclosure::of(b.max_entry[k]));
  }
}

template <RigorousScalar S>
void check_exact_first(std::uint64_t N, bool loose) {
  const Config c = config(N, loose);
  const Grid g(c.shape, c.J, loose);
  const ContextualPrograms p = contextual_programs(c);
  const ContextualValues<S> plain = sweep_contextual<S>(g, p, Prec(64), 2);
  std::uint64_t redone = 1;
  const ContextualValues<S> fast = sweep_contextual_exact_first<S>(g, p, Prec(64), 2, &redone);
  CHECK(redone == 0);  // delta dyadic, every constant dyadic: every point exact in doubles
  check_same_values(fast, plain);
  // The exact doubles kept for the claims' double path are exactly the values.
  REQUIRE(fast.exact_q.size() == fast.q.size());
  REQUIRE(fast.exact_last_id.size() == fast.last_id.size());
  for (std::size_t k = 0; k < fast.q.size(); ++k)
    CHECK(chain::Enclosure::of(fast.q[k]) ==
          chain::Enclosure::exact(lower(FastInterval{fast.exact_q[k], fast.exact_q[k]})));
  for (std::size_t k = 0; k < fast.last_id.size(); ++k)
    CHECK(chain::Enclosure::of(fast.last_id[k]) ==
          chain::Enclosure::exact(lower(FastInterval{fast.exact_last_id[k], fast.exact_last_id[k]})));
  CHECK(plain.exact_q.empty());
  const std::vector<chain::Outcome> want = claims(c, g, plain, 2), got = claims(c, g, fast, 2);
  if (loose) CHECK(want[5].for_all->refuted > 0);  // Y-9 refuted: the decisive counterexample must not move
  for (std::size_t k = 0; k < want.size(); ++k) check_same(got[k], want[k]);
}

}  // namespace

TEST_CASE("yun2020 exact-first sweep: delta = 1/2 (Y-9 refuted) and 1/4, Ball: same values and outcomes") {
  check_exact_first<Ball>(2, true);
  check_exact_first<Ball>(4, false);
}

TEST_CASE("yun2020 exact-first sweep: delta = 1/2 (Y-9 refuted) and 1/4, Rational: same values and outcomes") {
  check_exact_first<Rational>(2, true);
  check_exact_first<Rational>(4, false);
}

TEST_CASE("yun2020 exact-first sweep: softmax attention re-evaluates every point with Ball") {
  const Config c = config(2, false);
  const Grid g(c.shape, c.J, false);
  const ContextualPrograms p = contextual_programs(c, Smoothing{q(2000), q(1, 100)});
  const ContextualValues<Ball> plain = sweep_contextual<Ball>(g, p, Prec(64), 2);
  std::uint64_t redone = 0;
  const ContextualValues<Ball> fast = sweep_contextual_exact_first<Ball>(g, p, Prec(64), 2, &redone);
  // exp is enclosed outward in doubles, so nearly every point is re-evaluated (63 of 64: where the
  // weights come out as exact points the values are exact all the same); the values are Ball's.
  CHECK(redone > g.size() / 2);
  check_same_values(fast, plain);
}

namespace {

// The exact doubles of two sweeps are the same bits (NaN where a point was re-evaluated).
void check_same_doubles(const std::vector<double>& a, const std::vector<double>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    CHECK(std::bit_cast<std::uint64_t>(a[k]) == std::bit_cast<std::uint64_t>(b[k]));
}

// The batched pass (B points per evaluator pass, lane k bit for bit the DirectedInterval evaluation
// of its point) gives for every lane count and thread count the same values, exact doubles and
// re-evaluated points as one point per pass (B = 1: the scalar DirectedInterval evaluation).
template <std::size_t B>
void check_lane_count(const Grid& g, const ContextualPrograms& p, unsigned threads, const ContextualValues<Ball>& one,
                      std::uint64_t one_redone) {
  std::uint64_t redone = 0;
  const ContextualValues<Ball> v = sweep_contextual_exact_first<Ball, B>(g, p, Prec(64), threads, &redone);
  CAPTURE(B);
  CAPTURE(threads);
  CHECK(redone == one_redone);
  check_same_values(v, one);
  check_same_doubles(v.exact_q, one.exact_q);
  check_same_doubles(v.exact_last_id, one.exact_last_id);
}

void check_lane_counts(const Grid& g, const ContextualPrograms& p) {
  std::uint64_t redone = 0;
  const ContextualValues<Ball> one = sweep_contextual_exact_first<Ball, 1>(g, p, Prec(64), 1, &redone);
  for (unsigned threads : {1u, 2u}) {
    check_lane_count<3>(g, p, threads, one, redone);  // batches cross the chunk ends
    check_lane_count<8>(g, p, threads, one, redone);
  }
}

}  // namespace

TEST_CASE("yun2020 exact-first sweep: B points per pass give the same values, doubles and fallbacks as one") {
  const Config c = config(4, false);
  const Grid g(c.shape, c.J, false);
  check_lane_counts(g, contextual_programs(c));
}

// Softmax attention: nearly every point is re-evaluated, so exact and inexact lanes share batches.
TEST_CASE("yun2020 exact-first sweep: B points per pass with exact and inexact lanes in one batch") {
  const Config c = config(2, false);
  const Grid g(c.shape, c.J, false);
  const ContextualPrograms p = contextual_programs(c, Smoothing{q(2000), q(1, 100)});
  std::uint64_t redone = 0;
  sweep_contextual_exact_first<Ball, 1>(g, p, Prec(64), 1, &redone);
  CHECK(redone > 0);
  CHECK(redone < g.size());
  check_lane_counts(g, p);
}
