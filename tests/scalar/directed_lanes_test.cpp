// DirectedLanes<B> (DirectedInterval in B lanes, lane_array.hpp). Every lane gets its own input:
//  - every operation of the table, lane by lane, is bit for bit DirectedInterval's result on that
//    lane's inputs (also in place), so the DirectedInterval suites (directed_interval_test.cpp,
//    random_oracles_test.cpp) carry over to every lane;
//  - + - * / of random exact doubles, eight different cases per call: each lane's endpoints are
//    MPFR's round-down and round-up of its exact result, and products at the 52/53/54-significant-bit
//    boundary likewise; is_exact tells exact lanes from inexact ones in the same batch;
//  - comparisons are conservative over the lanes, and lower / upper are the hull of the lanes;
//  - mul, addmul, set_double and addmul_double, which have their own lane loops (the branch-free
//    fma loops where the processor has a hardware fma, else LaneArray's loop), give DirectedInterval's
//    bits in every lane on both paths, on hostile lanes: signed zeros, [-0, +0], subnormals, ends
//    near DBL_MAX, infinite ends, overflowing and underflowing products, 0 * inf, r aliasing a.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <limits>

#include "directed_reference.hpp"
#include "operation_table.hpp"
#include "scalar/directed_lanes.hpp"

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

constexpr double kInf = std::numeric_limits<double>::infinity();

// A double of every magnitude that matters (random_double), often a hostile one.
double hostile_double(Rng& rng) {
  constexpr double kMax = std::numeric_limits<double>::max(), kMin = std::numeric_limits<double>::min();
  constexpr double kTiny = std::numeric_limits<double>::denorm_min();
  static const double special[] = {0.0, -0.0, kTiny, -kTiny, kMin, -kMin, 1.0, -1.0, kMax, -kMax, 0x1p-900, 0x1p1000};
  return rng.chance(25) ? special[rng.integer(0, 11)] : random_double(rng);
}
// A DirectedInterval obeying the invariants (no NaN, lo <= hi, lo < +inf, hi > -inf): an exact
// point half the time, at times [-0, +0] or an infinite end.
DirectedInterval hostile_interval(Rng& rng) {
  double a = hostile_double(rng);
  if (rng.chance(50)) return directed_point(a);
  if (rng.chance(5)) a = -0.0;
  double b = a == 0 && rng.chance(50) ? 0.0 : hostile_double(rng);
  if (b < a) std::swap(a, b);
  if (rng.chance(10)) a = -kInf;
  if (rng.chance(10)) b = kInf;
  DirectedInterval r;
  r.lo = a;
  r.hi = b;
  return r;
}
double nonzero_hostile_double(Rng& rng) {
  for (;;)
    if (const double w = hostile_double(rng); w != 0) return w;
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

TEST_CASE(
    "directed lanes: products at the 53-significant-bit boundary are rounded exactly in every lane (MPFR reference)") {
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

TEST_CASE(
    "directed lanes: mul, addmul, set_double, addmul_double give DirectedInterval's bits in every lane, on both paths") {
  namespace detail = directed_lanes_detail;
  const Prec p(53);
  if (!detail::hardware_fma()) MESSAGE("no hardware fma here: only LaneArray's lane loop is compared");
  Rng rng(1904);
  long compared = 0, points = 0;
  for (int c = 0; c < 4000; ++c) {
    Lanes r, a, b;
    for (std::size_t k = 0; k < B; ++k) {
      set_lane(r, k, hostile_interval(rng));
      set_lane(a, k, hostile_interval(rng));
      set_lane(b, k, hostile_interval(rng));
      points += is_exact(lane(a, k)) && is_exact(lane(b, k));
    }
    const double w = nonzero_hostile_double(rng);
    // The public operation, LaneArray's generic loop, the fma loop (where there is one), then each
    // of them with r passed as a: lane k of every result must be want(r_k, a_k, k) (a_k for r_k when aliased).
    auto compare = [&](const char* name, auto want, auto op, auto generic, auto fma) {
      std::vector<Lanes> got = {r, r, r, a, a, a};
      op(got[0], a);
      generic(got[1], a);
      op(got[3], got[3]);
      generic(got[4], got[4]);
      if (detail::hardware_fma()) {
        fma(got[2], a);
        fma(got[5], got[5]);
      }
      for (std::size_t i = 0; i < got.size(); ++i) {
        if (i % 3 == 2 && !detail::hardware_fma()) continue;
        for (std::size_t k = 0; k < B; ++k) {
          CAPTURE(name);
          CAPTURE(i);
          CAPTURE(k);
          CAPTURE(to_string(lane(r, k)));
          CAPTURE(to_string(lane(a, k)));
          CAPTURE(to_string(lane(b, k)));
          CAPTURE(w);
          CHECK(same_bits(lane(got[i], k), want(i >= 3 ? lane(a, k) : lane(r, k), lane(a, k), k)));
          ++compared;
        }
      }
    };
    for (const bool accumulate : {false, true})  // mul, then addmul
      compare(
          accumulate ? "addmul" : "mul",
          [&](DirectedInterval z, const DirectedInterval& x, std::size_t k) {
            accumulate ? addmul(z, x, lane(b, k), p) : mul(z, x, lane(b, k), p);
            return z;
          },
          [&](Lanes& z, const Lanes& x) { accumulate ? addmul(z, x, b, p) : mul(z, x, b, p); },
          [&](Lanes& z, const Lanes& x) {
            accumulate ? addmul<DirectedInterval, B>(z, x, b, p) : mul<DirectedInterval, B>(z, x, b, p);
          },
          [&](Lanes& z, const Lanes& x) { accumulate ? detail::addmul_fma(z, x, b) : detail::mul_fma(z, x, b); });
    compare(
        "addmul_double",
        [&](DirectedInterval z, const DirectedInterval& x, std::size_t) {
          addmul_double(z, x, w, p);
          return z;
        },
        [&](Lanes& z, const Lanes& x) { addmul_double(z, x, w, p); },
        [&](Lanes& z, const Lanes& x) {
          lane_detail::each(z, x, [&](DirectedInterval& y, const DirectedInterval& v) { addmul_double(y, v, w, p); });
        },
        [&](Lanes& z, const Lanes& x) { detail::addmul_double_fma(z, x, w); });
    Lanes filled;
    set_double(filled, w);
    for (std::size_t k = 0; k < B; ++k) CHECK(same_bits(lane(filled, k), directed_point(w)));
  }
  CHECK(compared > 500000);
  CHECK(points > 5000);  // two-point lanes (the sweep's case) and the four-corner lanes both exercised
}
