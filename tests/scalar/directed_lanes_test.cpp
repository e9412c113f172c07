// DirectedLanes<B> (DirectedInterval in B lanes, lane_array.hpp). Every lane gets its own input:
//  - every operation of the table, lane by lane, is bit for bit DirectedInterval's result on that
//    lane's inputs (also in place), so the DirectedInterval suites (directed_interval_test.cpp,
//    random_oracles_test.cpp) carry over to every lane;
//  - + - * / of random exact doubles, eight different cases per call: each lane's endpoints are
//    MPFR's round-down and round-up of its exact result, and products at the 52/53/54-significant-bit
//    boundary likewise; is_exact tells exact lanes from inexact ones in the same batch;
//  - comparisons are conservative over the lanes, and lower / upper are the hull of the lanes.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>

#include "directed_reference.hpp"
#include "operation_table.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

constexpr std::size_t B = 8;
using Lanes = DirectedLanes<B>;
static_assert(std::is_same_v<DirectedBatch, Lanes>);

bool same_bits(const FastInterval& a, const FastInterval& b) {
  return std::bit_cast<std::uint64_t>(a.lo) == std::bit_cast<std::uint64_t>(b.lo) &&
         std::bit_cast<std::uint64_t>(a.hi) == std::bit_cast<std::uint64_t>(b.hi);
}

// Lane k of the result holds in[k][i] (argument i of lane k).
std::vector<Lanes> pack(const std::vector<std::vector<Range>>& in, Prec p) {
  std::vector<Lanes> out(in[0].size());
  for (std::size_t k = 0; k < B; ++k)
    for (std::size_t i = 0; i < out.size(); ++i) set_lane(out[i], k, make<DirectedInterval>(in[k][i], p));
  return out;
}

// r = op(a, b) for op 0..3 (+ - * /).
template <class S>
void arithmetic(int op, S& r, const S& a, const S& b) {
  const Prec p(53);
  switch (op) {
    case 0: add(r, a, b, p); break;
    case 1: sub(r, a, b, p); break;
    case 2: mul(r, a, b, p); break;
    default: div(r, a, b, p); break;
  }
}

}  // namespace

TEST_CASE("directed lanes: every operation, lane by lane, is DirectedInterval's bits") {
  const auto lane_ops = operations<Lanes>();
  const auto scalar_ops = operations<DirectedInterval>();
  REQUIRE(lane_ops.size() == scalar_ops.size());
  Rng rng(1901);
  long checked = 0;
  for (std::size_t o = 0; o < lane_ops.size(); ++o) {
    REQUIRE(lane_ops[o].name == scalar_ops[o].name);
    for (int c = 0; c < 40; ++c) {
      std::vector<std::vector<Range>> in(B);
      for (auto& lane_in : in)
        for (const auto& a : scalar_ops[o].args) lane_in.push_back(rng.interval(a.ranges, a.kinks));
      const Prec p = rng.prec();
      const auto args = pack(in, p);
      std::vector<Lanes> results(1);
      lane_ops[o].eval(results[0], args, p);
      if (lane_ops[o].aliasable)
        for (std::size_t i = 0; i < args.size(); ++i) {  // r passed as argument i
          auto a = args;
          lane_ops[o].eval(a[i], a, p);
          results.push_back(a[i]);
        }
      for (std::size_t k = 0; k < B; ++k) {
        std::vector<DirectedInterval> x;
        for (const Lanes& a : args) x.push_back(lane(a, k));
        DirectedInterval want;
        scalar_ops[o].eval(want, x, p);
        for (const Lanes& r : results) {
          CAPTURE(lane_ops[o].name);
          CAPTURE(k);
          CHECK(same_bits(lane(r, k), want));
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 10000);
}

TEST_CASE("directed lanes: + - * / of exact doubles, a different case per lane, are rounded exactly (MPFR reference)") {
  Rng rng(1902);
  int exact = 0, inexact = 0;
  for (int c = 0; c < 2500; ++c)
    for (int op = 0; op < 4; ++op) {
      Lanes a, b, r;
      for (std::size_t k = 0; k < B; ++k) {
        const double x = random_double(rng);
        double y = random_double(rng);
        while (op == 3 && y == 0) y = random_double(rng);
        set_lane(a, k, directed_point(x));
        set_lane(b, k, directed_point(y));
      }
      arithmetic(op, r, a, b);
      for (std::size_t k = 0; k < B; ++k) {
        check_directed_rounding(lane(r, k), op, lane(a, k).lo, lane(b, k).lo);
        DirectedInterval want;
        arithmetic(op, want, lane(a, k), lane(b, k));
        CHECK(same_bits(lane(r, k), want));
        (is_exact(lane(r, k)) ? exact : inexact)++;
      }
    }
  CHECK(exact > 10000);  // exact and inexact lanes side by side in the same batches
  CHECK(inexact > 10000);
}

TEST_CASE("directed lanes: products at the 53-significant-bit boundary are rounded exactly in every lane (MPFR reference)") {
  Rng rng(1903);
  int exact = 0, inexact = 0;
  for (int c = 0; c < 700; ++c) {
    Lanes a, b, r, s;
    for (std::size_t k = 0; k < B; ++k) {
      const auto [x, y] = boundary_factors(rng);
      set_lane(a, k, directed_point(x));
      set_lane(b, k, directed_point(y));
    }
    mul(r, a, b, Prec(53));
    set(s, Rational(1), Prec(53));
    addmul(s, a, b, Prec(53));  // the product's enclosure feeds the sum
    for (std::size_t k = 0; k < B; ++k) {
      check_directed_rounding(lane(r, k), 2, lane(a, k).lo, lane(b, k).lo);
      CHECK(encloses(lane(s, k), exact_op(2, lane(a, k).lo, lane(b, k).lo) + Rational(1)));
      (is_exact(lane(r, k)) ? exact : inexact)++;
    }
  }
  CHECK(exact > 1000);  // 52 and 53 bits give exact products, 54 mostly not
  CHECK(inexact > 1000);
}

TEST_CASE("directed lanes: comparisons are conservative over the lanes, lower and upper are the hull of the lanes") {
  Lanes a, b;
  set(a, Rational(1), Prec(53));
  set(b, Rational(2), Prec(53));
  CHECK(less(a, b) == Truth::True);
  CHECK(less(b, a) == Truth::False);
  CHECK(equal(a, a) == Truth::True);
  set_lane(b, 3, directed_point(0.5));  // one lane disagrees
  CHECK(less(a, b) == Truth::Unknown);
  CHECK(less_equal(a, b) == Truth::Unknown);
  CHECK(equal(a, b) == Truth::False);  // no lane equal
  set_lane(b, 5, directed_point(1.0));
  CHECK(equal(a, b) == Truth::Unknown);
  CHECK(lower(b) == Rational(mpz_class(1), mpz_class(2)));
  CHECK(upper(b) == Rational(2));
  CHECK(is_finite(b));
  DirectedInterval whole;
  whole.lo = -std::numeric_limits<double>::infinity(), whole.hi = std::numeric_limits<double>::infinity();
  set_lane(b, 7, whole);
  CHECK(!is_finite(b));
}
