#include "net/threshold_sweep.hpp"

#include <algorithm>
#include <stdexcept>

namespace approxcert {

namespace {

struct Column {  // the layer-2 weights fed by one layer-1 unit
  std::vector<std::size_t> rows;
  RationalVector weights;
};

// Layer 2 by columns (zero weights of a dense layer are skipped: they add nothing), and its bias.
std::vector<Column> layer2_columns(const Layer& layer, std::size_t P, RationalVector& bias) {
  std::vector<Column> cols(P);
  if (const auto* d = std::get_if<DenseLayer>(&layer.kind)) {
    for (std::size_t r = 0; r < d->weight.size(); ++r) {
      if (d->weight[r].size() != P) throw std::logic_error("threshold sweep: layer 2 has the wrong width");
      for (std::size_t u = 0; u < P; ++u)
        if (!d->weight[r][u].is_exact_zero()) {
          cols[u].rows.push_back(r);
          cols[u].weights.push_back(d->weight[r][u].rational());
        }
    }
    bias = rationals(d->bias);
    return cols;
  }
  const auto* s = std::get_if<SparseDenseLayer>(&layer.kind);
  if (!s || s->cols != P) throw std::logic_error("threshold sweep: layer 2 must be dense or sparse_dense of width P");
  for (const SparseEntry& e : s->entries) {
    cols.at(e.col).rows.push_back(e.row);
    cols[e.col].weights.push_back(e.value.rational());
  }
  bias = rationals(s->bias);
  return cols;
}

// Units that switch as x increases, in order of their switch points c_u (on: 1 for x >= c_u;
// off: 1 for x <= c_u). Sorted by index, so that sorting never copies a Rational.
struct Switches {
  RationalVector at;
  std::vector<std::size_t> unit;
  std::vector<std::size_t> order;  // positions into at / unit, by increasing at
  void add(Rational c, std::size_t u) {
    at.push_back(std::move(c));
    unit.push_back(u);
  }
  void sort() {
    order.resize(at.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) { return at[a] < at[b]; });
  }
};

}  // namespace

std::vector<std::vector<std::size_t>> threshold_network_ones(const LayerList& layers, const RationalVector& points) {
  if (layers.size() != 4 || !std::holds_alternative<StepLayer>(layers[1].kind) ||
      !std::holds_alternative<StepLayer>(layers[3].kind))
    throw std::logic_error("threshold sweep: expected [dense, step, dense, step]");
  const auto* l1 = std::get_if<DenseLayer>(&layers[0].kind);
  if (!l1) throw std::logic_error("threshold sweep: layer 1 must be dense");
  for (std::size_t k = 1; k < points.size(); ++k)
    if (!(points[k - 1] < points[k])) throw std::logic_error("threshold sweep: points must be strictly increasing");
  const std::size_t P = l1->weight.size();
  RationalVector pre;  // layer-2 pre-activations for the current layer-1 values
  const std::vector<Column> cols = layer2_columns(layers[2], P, pre);
  auto toggle = [&](std::size_t u, int sign) {
    for (std::size_t k = 0; k < cols[u].rows.size(); ++k) {
      Rational& a = pre.at(cols[u].rows[k]);
      if (sign > 0) a += cols[u].weights[k];
      else a -= cols[u].weights[k];
    }
  };
  // Below every point: w > 0 units are 0 (they switch on at c), w < 0 units are 1 (off after c),
  // w = 0 units are step(b) for good.
  Switches on, off;
  for (std::size_t u = 0; u < P; ++u) {
    if (l1->weight[u].size() != 1) throw std::logic_error("threshold sweep: layer 1 must have one input");
    const Rational& w = l1->weight[u][0].rational();
    const Rational& b = l1->bias.at(u).rational();
    if (w.sign() > 0) {
      on.add(-b / w, u);
    } else if (w.sign() < 0) {
      off.add(-b / w, u);
      toggle(u, +1);
    } else if (b.sign() >= 0) {
      toggle(u, +1);
    }
  }
  on.sort();
  off.sort();
  std::vector<std::vector<std::size_t>> out;
  out.reserve(points.size());
  std::size_t next_on = 0, next_off = 0;
  for (const Rational& x : points) {
    for (; next_on < on.order.size() && on.at[on.order[next_on]] <= x; ++next_on)
      toggle(on.unit[on.order[next_on]], +1);
    for (; next_off < off.order.size() && off.at[off.order[next_off]] < x; ++next_off)
      toggle(off.unit[off.order[next_off]], -1);
    std::vector<std::size_t> ones;
    for (std::size_t k = 0; k < pre.size(); ++k)
      if (pre[k].sign() >= 0) ones.push_back(k);
    out.push_back(std::move(ones));
  }
  return out;
}

}  // namespace approxcert
