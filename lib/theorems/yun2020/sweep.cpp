#include "theorems/yun2020/sweep.hpp"

namespace approxcert::theorems::yun2020 {

namespace {

// Appends to prog: ids u^T Z_j of the d x n state `state` (column by column) and the max of `pick`.
std::vector<NodeId> column_ids(Program& prog, const Shape& shape, const std::vector<NodeId>& state) {
  const std::vector<Rational> u = column_id_weights(shape);
  std::vector<NodeId> ids;
  for (std::size_t j = 0; j < shape.n; ++j) {
    const std::vector<NodeId> col(state.begin() + static_cast<std::ptrdiff_t>(j * shape.d),
                                  state.begin() + static_cast<std::ptrdiff_t>((j + 1) * shape.d));
    ids.push_back(prog.affine(col, u, Rational(0)));
  }
  return ids;
}

NodeId max_of(Program& prog, const std::vector<NodeId>& xs) {
  NodeId m = xs[0];
  for (std::size_t k = 1; k < xs.size(); ++k) m = prog.binary(Op::Max, m, xs[k]);
  return m;
}

// The lowered network with outputs (state, ids, max(ids or state)).
Program with_ids(const Network& net, const Shape& shape, bool max_over_ids) {
  Program prog = lower(net);
  std::vector<NodeId> state(prog.outputs().begin(), prog.outputs().end());
  const std::vector<NodeId> ids = column_ids(prog, shape, state);
  const NodeId m = max_of(prog, max_over_ids ? ids : state);
  std::vector<NodeId> outs = state;
  outs.insert(outs.end(), ids.begin(), ids.end());
  outs.push_back(m);
  prog.set_outputs(outs);
  return prog;
}

}  // namespace

ContextualPrograms contextual_programs(const Config& c, const std::optional<Smoothing>& s) {
  return {with_ids(sequence_network(c.shape, window_layers(c, s)), c.shape, true),
          with_ids(sequence_network(c.shape, {global_layer(c, s)}), c.shape, false)};
}

}  // namespace approxcert::theorems::yun2020
