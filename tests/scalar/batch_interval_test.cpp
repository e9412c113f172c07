// BatchInterval<B> (B FastInterval lanes as one Scalar). Every lane gets its own random input, so
// the lanes really differ, and the oracles of the scalar suite run lane by lane:
//  (a) the same exact inputs at 64 and at 256 bits give overlapping results in every lane;
//  (b) lane k of every operation of the table is bit for bit FastInterval's result on lane k's
//      inputs (FastInterval is checked against its references in random_oracles_test.cpp), and
//      the exact operations (relu, step, abs, min, max, neg) give exactly the image of the lane;
//  (c) functional identities overlap in every lane (exp(a)exp(b) = exp(a+b), sin^2 + cos^2 = 1,
//      (a+b)(a-b) = a^2 - b^2);
//  (d) random exact points inside each lane's input have their exact value (rational operations)
//      or their MPFR value (transcendental ones) inside that lane of the result, also in place.
// Plus: random rational expression trees are never narrower than the exact range at random exact
// points of each lane's box, and comparisons are conservative over the lanes.
#include <doctest/doctest.h>

#include <array>

// batch_interval.hpp first: the table names the operations by address, found at its definition.
#include "scalar/batch_interval.hpp"
// clang-format off
#include "operation_table.hpp"
#include "../test_multiplier.hpp"
// clang-format on

using namespace approxcert;
using namespace approxcert::testing;

namespace {

constexpr std::size_t B = kBatchLanes;
using Batch = FastBatch;
const int kCases = approxcert::test::random_cases(60);

FastInterval fast(const Range& r, Prec p) { return make<FastInterval>(r, p); }

// Lane k of the batch inputs holds in[k][i] (argument i of lane k).
std::vector<Batch> pack(const std::vector<std::vector<Range>>& in, Prec p) {
  std::vector<Batch> out(in[0].size());
  for (std::size_t k = 0; k < B; ++k)
    for (std::size_t i = 0; i < out.size(); ++i) set_lane(out[i], k, fast(in[k][i], p));
  return out;
}

template <class S>
std::vector<Range> draw(const Operation<S>& op, Rng& rng) {
  std::vector<Range> in;
  for (const auto& a : op.args) in.push_back(rng.interval(a.ranges, a.kinks));
  return in;
}

bool same_bits(const FastInterval& a, const FastInterval& b) {
  return std::bit_cast<std::uint64_t>(a.lo) == std::bit_cast<std::uint64_t>(b.lo) &&
         std::bit_cast<std::uint64_t>(a.hi) == std::bit_cast<std::uint64_t>(b.hi);
}

}  // namespace

TEST_CASE("batch interval: every operation, lane by lane: FastInterval's bits, (a) and (d)") {
  const auto batch_ops = operations<Batch>();
  const auto fast_ops = operations<FastInterval>();
  REQUIRE(batch_ops.size() == fast_ops.size());
  Rng rng(901);
  long checked = 0;
  for (std::size_t o = 0; o < batch_ops.size(); ++o) {
    const auto& bop = batch_ops[o];
    const auto& fop = fast_ops[o];
    REQUIRE(bop.name == fop.name);
    for (int c = 0; c < kCases; ++c) {
      std::vector<std::vector<Range>> in(B);
      for (auto& lane_in : in) lane_in = draw(fop, rng);
      const Prec p = rng.prec();
      const auto args = pack(in, p);
      Batch r;
      bop.eval(r, args, p);
      Batch r256;
      bop.eval(r256, pack(in, Prec(256)), Prec(256));
      std::vector<Batch> results{r};
      if (bop.aliasable)
        for (std::size_t i = 0; i < args.size(); ++i) {  // r passed as argument i
          auto a = args;
          bop.eval(a[i], a, p);
          results.push_back(a[i]);
        }
      for (std::size_t k = 0; k < B; ++k) {
        std::string where = bop.name + " lane " + std::to_string(k) + " on";
        for (const auto& x : in[k]) where += " [" + x.lo.to_string() + ", " + x.hi.to_string() + "]";
        INFO(where);
        std::vector<FastInterval> fin;
        for (const auto& x : in[k]) fin.push_back(fast(x, p));
        FastInterval expect;
        fop.eval(expect, fin, p);
        for (const Batch& res : results) CHECK(same_bits(lane(res, k), expect));  // (b)
        CHECK(overlaps(lane(r, k), lane(r256, k)));                               // (a)
        std::vector<Range> actual;
        for (const auto& f : fin) actual.push_back(exact_range(f));
        for (int t = 0; t < 3; ++t) {  // (d)
          std::vector<Rational> x;
          for (const auto& a : actual) x.push_back(rng.dyadic_in(a.lo, a.hi));
          if (!bop.defined(x)) continue;
          for (const Batch& res : results) {
            const FastInterval got = lane(res, k);
            if (bop.exact) CHECK(encloses(got, bop.exact(x)));
            else if (bop.reference)
              CHECK(encloses_value(
                  got, [&](long bits) { return bop.reference(x[0], bits); }, 153));
            else
              CHECK(encloses_value(
                  got, [&](long bits) { return bop.reference_n(x, bits); }, 153));
          }
          ++checked;
        }
      }
    }
  }
  CHECK(checked > static_cast<long>(batch_ops.size()) * kCases * 2);
}

TEST_CASE("batch interval: exact operations give exactly the image of each lane") {
  const Prec p(53);
  Batch a, b, r;
  const std::array<std::pair<long, long>, B> ends = {
      {{-3, -1}, {-2, 0}, {-1, 1}, {0, 0}, {0, 2}, {1, 3}, {-5, 5}, {2, 2}}};
  for (std::size_t k = 0; k < B; ++k) {
    set_lane(a, k, make<FastInterval>(q(ends[k].first), q(ends[k].second), p));
    set_lane(b, k, make<FastInterval>(q(0), q(1), p));
  }
  relu(r, a, p);
  for (std::size_t k = 0; k < B; ++k) {
    CHECK(lower(lane(r, k)) == max(q(ends[k].first), q(0)));
    CHECK(upper(lane(r, k)) == max(q(ends[k].second), q(0)));
  }
  step(r, a, p);
  for (std::size_t k = 0; k < B; ++k) {
    CHECK(lower(lane(r, k)) == q(ends[k].first >= 0 ? 1 : 0));
    CHECK(upper(lane(r, k)) == q(ends[k].second >= 0 ? 1 : 0));
  }
  min(r, a, b, p);
  for (std::size_t k = 0; k < B; ++k) {
    CHECK(lower(lane(r, k)) == min(q(ends[k].first), q(0)));
    CHECK(upper(lane(r, k)) == min(q(ends[k].second), q(1)));
  }
  hull(r, a, b, p);
  CHECK(lower(r) == q(-5));  // the hull of the lanes
  CHECK(upper(r) == q(5));
}

TEST_CASE("batch interval: (c) identities overlap in every lane") {
  Rng rng(902);
  for (int c = 0; c < 100; ++c) {
    std::vector<std::vector<Range>> in(B);
    for (auto& l : in) l = {rng.interval({{q(-6), q(6)}}, {q(0)}), rng.interval({{q(-6), q(6)}}, {q(0)})};
    const Prec p(53);
    const auto v = pack(in, p);
    const Batch &a = v[0], &b = v[1];
    Batch s, e1, e2, lhs, rhs, t;
    add(s, a, b, p);
    exp(lhs, s, p);
    exp(e1, a, p);
    exp(e2, b, p);
    mul(rhs, e1, e2, p);
    sin(e1, a, p);
    cos(e2, a, p);
    Batch one;
    mul(one, e1, e1, p);
    addmul(one, e2, e2, p);
    Batch d, pr, sq;
    sub(d, a, b, p);
    mul(pr, s, d, p);
    pow_int(sq, a, 2, p);
    pow_int(t, b, 2, p);
    sub(sq, sq, t, p);
    for (std::size_t k = 0; k < B; ++k) {
      CAPTURE(k);
      CHECK(overlaps(lane(lhs, k), lane(rhs, k)));
      CHECK(encloses(lane(one, k), q(1)));
      CHECK(overlaps(lane(pr, k), lane(sq, k)));
    }
  }
}

// Random rational expression trees over a different random box in every lane; corners and random
// points of each lane's box, evaluated exactly, must lie in that lane's result.
TEST_CASE("batch interval: never narrower than the exact range at random exact points") {
  Rng rng(903);
  const Prec p(53);
  long checked = 0;
  for (int c = 0; c < 100; ++c) {
    std::vector<std::vector<Range>> box(B, std::vector<Range>(3));
    for (auto& lb : box)
      for (auto& r : lb) {
        const Rational lo = rng.in(q(-4), q(4)) * pow2(rng.integer(-30, 3));
        r = {lo, lo + rng.width(q(2))};
      }
    std::vector<ExpressionStep> steps;
    for (int k = 0; k < 6; ++k)
      steps.push_back({static_cast<int>(rng.integer(0, 10)), static_cast<std::size_t>(rng.integer(0, 2 + k)),
                       static_cast<std::size_t>(rng.integer(0, 2 + k))});
    std::vector<Batch> v = pack(box, p);
    for (const ExpressionStep& s : steps) {
      const Batch r = scalar_step(s.op, v[s.a], v[s.b], p);
      v.push_back(r);
    }
    for (std::size_t lane_k = 0; lane_k < B; ++lane_k)
      for (int k = 0; k < 10; ++k) {
        std::vector<std::optional<Rational>> e;
        for (std::size_t i = 0; i < 3; ++i)
          e.push_back(k < 8 ? ((k >> i) & 1 ? box[lane_k][i].hi : box[lane_k][i].lo)
                            : rng.in(box[lane_k][i].lo, box[lane_k][i].hi));
        append_exact_steps(e, steps);
        for (std::size_t j = 3; j < v.size(); ++j) {
          if (!e[j]) continue;
          CAPTURE(lane_k);
          CAPTURE(j);
          CHECK(encloses(lane(v[j], lane_k), *e[j]));
          ++checked;
        }
      }
  }
  CHECK(checked > 30000);
}

TEST_CASE("batch interval: comparisons are True or False only when every lane agrees") {
  const Prec p(53);
  Batch a, b;
  set(a, q(0), p);
  set(b, q(1), p);
  CHECK(less(a, b) == Truth::True);
  CHECK(less(b, a) == Truth::False);
  CHECK(equal(a, a) == Truth::True);
  set_lane(b, 3, make<FastInterval>(q(-1), q(-1), p));  // one lane reversed
  CHECK(less(a, b) == Truth::Unknown);
  CHECK(less(b, a) == Truth::Unknown);
  CHECK(less_equal(a, b) == Truth::Unknown);
  set_lane(b, 3, make<FastInterval>(q(0), q(0), p));  // one lane tied exactly
  CHECK(less(a, b) == Truth::Unknown);
  CHECK(less_equal(a, b) == Truth::True);
  CHECK(equal(a, b) == Truth::Unknown);
  set_lane(b, 5, make<FastInterval>(q(-1), q(2), p));  // one lane undecided
  CHECK(less_equal(a, b) == Truth::Unknown);
  CHECK(is_finite(b));
  Batch whole = b;
  set_lane(whole, 7, FastInterval{-std::numeric_limits<double>::infinity(), 0.0});
  CHECK(!is_finite(whole));
  CHECK_THROWS_AS(lower(whole), std::domain_error);
  CHECK(upper(whole) == q(2));
}
