#include "net/batched_passes.hpp"

#include <stdexcept>
#include <tuple>

#include "net/evaluate.hpp"
#include "scalar/batch_interval.hpp"

namespace approxcert {

namespace {

// The evaluators of one lane count, with their reused input vectors.
template <std::size_t B>
struct Lanes {
  Lanes(const Program& prog, Prec p) : point(prog, p), jet(prog, p) {}
  Evaluator<BatchInterval<B>> point;
  Evaluator<Jet<BatchInterval<B>>> jet;
  std::vector<BatchInterval<B>> point_in;
  std::vector<Jet<BatchInterval<B>>> jet_in;
};

}  // namespace

struct BatchedPasses::Passes {
  Passes(const Program& prog, Prec p)
      : d(prog.num_inputs()), prec(p), one(prog, p), one_jet(prog, p), by8(prog, p), by4(prog, p), by2(prog, p) {}
  std::size_t d;
  Prec prec;
  Evaluator<FastInterval> one;
  Evaluator<Jet<FastInterval>> one_jet;
  std::vector<FastInterval> one_in;
  std::vector<Jet<FastInterval>> one_jet_in;
  Lanes<8> by8;
  Lanes<4> by4;
  Lanes<2> by2;

  // Runs f(lanes, first) over consecutive chunks of 8, 4 and 2 inputs, and g(k) for a single leftover k.
  template <class F, class G>
  void chunks(std::size_t n, F f, G g) {
    std::size_t k = 0;
    for (; k + 8 <= n; k += 8) f(by8, k);
    if (k + 4 <= n) f(by4, k), k += 4;
    if (k + 2 <= n) f(by2, k), k += 2;
    if (k < n) g(k);
  }
};

BatchedPasses::BatchedPasses(const Program& prog, Prec p)
    : lane_exact_(lane_exact_jets(prog)), passes_(std::make_unique<Passes>(prog, p)) {}
BatchedPasses::~BatchedPasses() = default;

bool BatchedPasses::lane_exact_jets(const Program& prog) {
  for (const Node& n : prog.nodes()) {
    switch (n.op) {
      case Op::Relu:
      case Op::Step:
      case Op::Abs:
      case Op::Min:
      case Op::Max:
      case Op::PiecewiseLinear:
      case Op::Mix: return false;
      default: break;
    }
  }
  return true;
}

void BatchedPasses::points(std::span<const std::vector<double>> inputs, NodeId id, std::vector<FastInterval>& out) {
  Passes& s = *passes_;
  out.resize(inputs.size());
  s.chunks(
      inputs.size(),
      [&](auto& lanes, std::size_t first) {
        constexpr std::size_t B = std::remove_reference_t<decltype(lanes.point_in[0])>::lanes;
        lanes.point_in.resize(s.d);
        for (std::size_t i = 0; i < s.d; ++i)
          for (std::size_t k = 0; k < B; ++k)
            set_lane(lanes.point_in[i], k, FastInterval{inputs[first + k][i], inputs[first + k][i]});
        lanes.point.run(lanes.point_in);
        const auto& y = lanes.point.value(id);
        for (std::size_t k = 0; k < B; ++k) out[first + k] = lane(y, k);
      },
      [&](std::size_t k) {
        s.one_in.resize(s.d);
        for (std::size_t i = 0; i < s.d; ++i) s.one_in[i] = FastInterval{inputs[k][i], inputs[k][i]};
        s.one.run(s.one_in);
        out[k] = s.one.value(id);
      });
}

void BatchedPasses::jets(std::span<const std::vector<FastInterval>> inputs, NodeId id,
                         std::vector<Jet<FastInterval>>& out) {
  if (!lane_exact_) throw std::logic_error("BatchedPasses::jets: the program's jets branch on comparisons");
  Passes& s = *passes_;
  out.resize(inputs.size());
  s.chunks(
      inputs.size(),
      [&](auto& lanes, std::size_t first) {
        using Batch = std::remove_reference_t<decltype(lanes.point_in[0])>;
        constexpr std::size_t B = Batch::lanes;
        lanes.jet_in.resize(s.d);
        Batch x;
        for (std::size_t i = 0; i < s.d; ++i) {
          for (std::size_t k = 0; k < B; ++k) set_lane(x, k, inputs[first + k][i]);
          lanes.jet_in[i] = jet_variable(x, i, s.d, s.prec);
        }
        lanes.jet.run(lanes.jet_in);
        const Jet<Batch>& y = lanes.jet.value(id);
        for (std::size_t k = 0; k < B; ++k) {
          Jet<FastInterval>& r = out[first + k];
          r.v = lane(y.v, k);
          r.g.resize(y.g.size());
          for (std::size_t i = 0; i < y.g.size(); ++i) r.g[i] = lane(y.g[i], k);
          r.discontinuous = y.discontinuous;
          r.kinked = y.kinked;
        }
      },
      [&](std::size_t k) {
        s.one_jet_in.resize(s.d);
        for (std::size_t i = 0; i < s.d; ++i) s.one_jet_in[i] = jet_variable(inputs[k][i], i, s.d, s.prec);
        s.one_jet.run(s.one_jet_in);
        out[k] = s.one_jet.value(id);
      });
}

}  // namespace approxcert
