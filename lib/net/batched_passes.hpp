#pragma once
// One program's point values and jets (value and gradient) at many inputs, up to 8 per pass of the
// ONE generic evaluator over batched lanes (Evaluator<BatchInterval<B>>, Evaluator<Jet<BatchInterval<B>>>,
// B = 8, 4, 2; a single leftover input by the FastInterval evaluators): the per-node work is paid
// once per pass and the lane loops vectorise.
//
// Guarantee: points(...)[k] and jets(...)[k] are bit for bit what Evaluator<FastInterval> and
// Evaluator<Jet<FastInterval>> give at input k (value, gradient and flags). For points this is the
// evaluator's LaneBatch rule; for jets it needs lane_exact_jets(prog): every Jet operation of such a
// program is a fixed sequence of lane-wise operations, while relu, step, abs, min, max (so
// piecewise-linear nodes) and hardmax branch on a comparison, which a batch answers for all lanes
// at once (jets() throws std::logic_error for such programs).
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "net/jet.hpp"
#include "net/program.hpp"
#include "scalar/fast_interval.hpp"

namespace approxcert {

class BatchedPasses {
 public:
  BatchedPasses(const Program& prog, Prec p);
  ~BatchedPasses();

  // Whether prog has no node whose jet branches on a comparison (see above).
  static bool lane_exact_jets(const Program& prog);

  // out[k] := node `id` of the program at the point inputs[k] (each of the program's input count).
  void points(std::span<const std::vector<double>> inputs, NodeId id, std::vector<FastInterval>& out);
  // out[k] := node `id`'s jet over the box inputs[k], the inputs seeded by jet_variable(inputs[k][i], i, d).
  void jets(std::span<const std::vector<FastInterval>> inputs, NodeId id, std::vector<Jet<FastInterval>>& out);

 private:
  struct Passes;
  bool lane_exact_;
  std::unique_ptr<Passes> passes_;
};

}  // namespace approxcert
