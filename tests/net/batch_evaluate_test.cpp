// The generic evaluator over batched scalars (BatchInterval, scalar/batch_interval.hpp; DirectedLanes,
// scalar/lane_array.hpp): one pass evaluates B different points or boxes, and every lane must
// enclose the exact value of its own input; more strongly, lane k of every node value must be bit
// for bit the lane type's evaluation (Evaluator<FastInterval>, Evaluator<DirectedInterval>) of lane
// k's input. The hardmax Mix node is the only place where the evaluator branches on values: it
// decides each lane on its own; the tests make lanes disagree about the winner, tie in some lanes
// only, and straddle relu/step kinks and piecewise-linear breakpoints. References: the exact
// Rational evaluation (networks without transcendental operations), else Ball at 256 bits.
#include <doctest/doctest.h>

#include <bit>
#include "net_support.hpp"
#include "reference/random_networks.hpp"

#include "../test_multiplier.hpp"
#include "scalar/batch_interval.hpp"
#include "scalar/directed_lanes.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

constexpr std::size_t B = kBatchLanes;
using Batch = FastBatch;

Rational qq(long n, long d = 1) { return Rational(mpz_class(n), mpz_class(d)); }

struct Lane {
  std::vector<Rational> lo, hi;  // the lane's input box (lo == hi: a point)
};

// Lane inputs: small integer points (ties and kinks of small-integer weights), repeated points,
// generic points, and boxes of width 2^-6 around them.
std::vector<Lane> draw_lanes(RandomNetworks& gen, std::size_t dim) {
  std::vector<Lane> lanes(B);
  for (std::size_t k = 0; k < B; ++k) {
    std::vector<Rational> c;
    switch (k % 4) {
      case 0:
        for (std::size_t i = 0; i < dim; ++i) c.push_back(Rational(static_cast<long>(gen.size(0, 4)) - 2));
        break;
      case 1: c = lanes[k - 1].lo; break;  // the same point as the previous lane
      case 2: c = gen.generic_vector(dim); break;
      default:
        for (std::size_t i = 0; i < dim; ++i) c.push_back(Rational(static_cast<long>(gen.size(0, 8)) - 4) * qq(1, 4));
        break;
    }
    lanes[k].lo = lanes[k].hi = c;
    if (k >= 4)
      for (std::size_t i = 0; i < dim; ++i) {
        lanes[k].lo[i] = c[i] - qq(1, 64);
        lanes[k].hi[i] = c[i] + qq(1, 64);
      }
  }
  return lanes;
}

template <class S = Batch>
std::vector<S> batch_inputs(const std::vector<Lane>& lanes, std::size_t dim) {
  std::vector<S> in(dim);
  for (std::size_t k = 0; k < B; ++k)
    for (std::size_t i = 0; i < dim; ++i) {
      lane_type_t<S> x;
      set_interval(x, lanes[k].lo[i], lanes[k].hi[i], Prec(53));
      set_lane(in[i], k, x);
    }
  return in;
}

bool same_bits(const FastInterval& a, const FastInterval& b) {
  return std::bit_cast<std::uint64_t>(a.lo) == std::bit_cast<std::uint64_t>(b.lo) &&
         std::bit_cast<std::uint64_t>(a.hi) == std::bit_cast<std::uint64_t>(b.hi);
}

// Evaluates prog over the lanes in one pass of Evaluator<S> and checks that lane k of every node
// value is bit for bit Evaluator<lane type>'s value at lane k's input. Returns the values compared.
template <class S>
long check_lanes_are_scalar(const Program& prog, const std::vector<Lane>& lanes) {
  using L = lane_type_t<S>;
  const std::size_t dim = prog.num_inputs();
  const auto in = batch_inputs<S>(lanes, dim);
  Evaluator<S> ev(prog, Prec(53));
  ev.run(std::span<const S>(in));
  Evaluator<L> scalar(prog, Prec(53));
  long compared = 0;
  for (std::size_t k = 0; k < B; ++k) {
    std::vector<L> x;
    for (const S& xi : in) x.push_back(lane(xi, k));
    scalar.run(std::span<const L>(x));
    for (std::size_t id = 0; id < prog.nodes().size(); ++id) {
      CAPTURE(k);
      CAPTURE(id);
      CAPTURE(to_string(lane(ev.value(id), k)));
      CAPTURE(to_string(scalar.value(id)));
      CHECK(same_bits(lane(ev.value(id), k), scalar.value(id)));
      ++compared;
    }
  }
  return compared;
}

// Exact points of a lane's box: its corners (up to 8) and its centre.
std::vector<std::vector<Rational>> points_of(const Lane& lane) {
  std::vector<std::vector<Rational>> pts;
  const std::size_t d = lane.lo.size();
  const std::size_t corners = lane.lo == lane.hi ? 1 : std::size_t(1) << std::min<std::size_t>(d, 3);
  for (std::size_t m = 0; m < corners; ++m) {
    std::vector<Rational> x = lane.lo;
    for (std::size_t i = 0; i < d; ++i) x[i] = (i < 3 && ((m >> i) & 1)) ? lane.hi[i] : lane.lo[i];
    pts.push_back(x);
  }
  std::vector<Rational> centre;
  for (std::size_t i = 0; i < d; ++i) centre.push_back((lane.lo[i] + lane.hi[i]) * qq(1, 2));
  pts.push_back(centre);
  return pts;
}

bool lane_holds(const FastInterval& v, const Rational& x) {
  return (v.lo == -std::numeric_limits<double>::infinity() || lower(v) <= x) &&
         (v.hi == std::numeric_limits<double>::infinity() || x <= upper(v));
}

// Evaluates net over B lanes in one pass and checks every lane against its references.
long check_network_lanes(const Network& net, RandomNetworks& gen, bool exact) {
  const Program prog = lower(net);
  const std::size_t dim = input_dim(net);
  const auto lanes = draw_lanes(gen, dim);
  const auto in = batch_inputs(lanes, dim);
  Evaluator<Batch> ev(prog, Prec(53));
  ev.run(std::span<const Batch>(in));
  const auto out = ev.outputs();
  long checked = 0;
  for (std::size_t k = 0; k < B; ++k)
    for (const auto& x : points_of(lanes[k])) {
      if (exact) {
        const auto ref = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(53));
        for (std::size_t o = 0; o < out.size(); ++o) {
          CAPTURE(k);
          CAPTURE(o);
          CAPTURE(ref[o].to_string());
          CAPTURE(to_string(lane(out[o], k)));
          CHECK(lane_holds(lane(out[o], k), ref[o]));
          ++checked;
        }
      } else {
        std::vector<Ball> xb(x.size());
        for (std::size_t i = 0; i < x.size(); ++i) set(xb[i], x[i], Prec(256));
        const auto ref = evaluate<Ball>(prog, std::span<const Ball>(xb), Prec(256));
        for (std::size_t o = 0; o < out.size(); ++o) {
          if (!is_finite(ref[o])) continue;
          CAPTURE(k);
          CAPTURE(o);
          const FastInterval v = lane(out[o], k);
          CHECK((v.lo == -std::numeric_limits<double>::infinity() || lower(v) <= upper(ref[o])));
          CHECK((v.hi == std::numeric_limits<double>::infinity() || lower(ref[o]) <= upper(v)));
          ++checked;
        }
      }
    }
  return checked;
}

}  // namespace

// Also: lane k of every node is bit for bit the lane type's evaluation of lane k's input, for
// BatchInterval and DirectedBatch (hardmax of every tie rule among the layers).
TEST_CASE("batch evaluation: random networks of every layer type, every lane encloses its exact value") {
  long checked = 0, compared = 0;
  for (const bool small : {true, false}) {
    RandomNetworks gen(small ? 4242 : 4343, small ? kSmallIntegers : kFractionsUpTo20);
    for (int trial = 0; trial < approxcert::test::random_cases(120); ++trial) {
      CAPTURE(trial);
      const bool exact = trial % 3 != 2;
      const Network net = trial % 2 == 0 ? gen.vector_network(exact) : gen.sequence_network(exact);
      checked += check_network_lanes(net, gen, exact);
      const Program prog = lower(net);
      const auto lanes = draw_lanes(gen, input_dim(net));
      compared += check_lanes_are_scalar<Batch>(prog, lanes) + check_lanes_are_scalar<DirectedBatch>(prog, lanes);
    }
  }
  CHECK(checked > 5000);
  CHECK(compared > 10000);
}

// Hardmax with every tie rule where the lanes disagree: lane 0 has score 0 winning, lane 1 score 1,
// lane 2 an exact tie, lane 3 a tie in part of a box, the others boxes around kinks. The lane-wise
// value must contain the exact one (the smallest / largest maximal index, or the average).
TEST_CASE("batch evaluation: hardmax tie rules when lanes disagree about the winner") {
  for (const Normalizer rule : {Normalizer::Hardmax, Normalizer::HardmaxFirst, Normalizer::HardmaxLast}) {
    CAPTURE(static_cast<int>(rule));
    Program prog(2);
    const NodeId s0 = prog.input(0), s1 = prog.input(1);
    // Score 2 is max(s0, s0): exactly s0 (no rounding), so it ties score 0 in every lane. The
    // winner's value in lane 1 (40) lies outside the hull of the others (10, 20): a candidate
    // dropped because another lane decided it would show.
    const NodeId scores[] = {s0, s1, prog.binary(Op::Max, s0, s0)};
    const NodeId values[] = {prog.constant(qq(10)), prog.constant(qq(40)), prog.constant(qq(20))};
    prog.add_output(prog.mix(rule, scores, values));
    prog.add_output(prog.unary(Op::Relu, prog.binary(Op::Sub, s0, s1)));
    prog.add_output(prog.unary(Op::Step, prog.binary(Op::Sub, s0, s1)));
    const Rational bps[] = {qq(-1), qq(0), qq(1)}, vals[] = {qq(3), qq(-2), qq(5)};
    prog.add_output(prog.piecewise_linear(prog.binary(Op::Sub, s0, s1), bps, vals));
    const std::vector<std::pair<Rational, Rational>> pts = {
        {qq(2), qq(1)}, {qq(1), qq(2)}, {qq(1), qq(1)}, {qq(0), qq(-1)}};
    std::vector<Lane> lanes(B);
    for (std::size_t k = 0; k < B; ++k) {
      const auto& [x, y] = pts[k % 4];
      lanes[k].lo = lanes[k].hi = {x, y};
      if (k >= 4) lanes[k].hi = {x + qq(1), y};  // a box: x in [x, x+1] crosses ties and kinks
    }
    const auto in = batch_inputs(lanes, 2);
    Evaluator<Batch> ev(prog, Prec(53));
    ev.run(std::span<const Batch>(in));
    const auto out = ev.outputs();
    for (std::size_t k = 0; k < B; ++k) {
      std::vector<std::vector<Rational>> xs = points_of(lanes[k]);
      if (k >= 4)  // also inside the box: every quarter step
        for (long t = 0; t <= 4; ++t) xs.push_back({lanes[k].lo[0] + qq(t, 4), lanes[k].lo[1]});
      for (const auto& x : xs) {
        const auto ref = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(53));
        for (std::size_t o = 0; o < out.size(); ++o) {
          CAPTURE(k);
          CAPTURE(o);
          CAPTURE(x[0].to_string());
          CAPTURE(x[1].to_string());
          CHECK(lane_holds(lane(out[o], k), ref[o]));
        }
      }
    }
    // Lanes 0 and 1 are exact points decided in the lane (scores 0 and 2 tie at the top in lane 0,
    // score 1 wins in lane 1): each gets exactly its own winner's value, although the other lanes
    // have other winners (with conservative comparisons over the lanes both got the hull [10, 40]).
    CHECK(lane(out[0], 1).lo == 40);
    CHECK(lane(out[0], 1).hi == 40);
    if (rule != Normalizer::Hardmax) {  // the first / last of the tied scores 0 and 2
      const double want = rule == Normalizer::HardmaxFirst ? 10 : 20;
      CHECK(lane(out[0], 0).lo == want);
      CHECK(lane(out[0], 0).hi == want);
    }
    check_lanes_are_scalar<Batch>(prog, lanes);
    check_lanes_are_scalar<DirectedBatch>(prog, lanes);
  }
}
