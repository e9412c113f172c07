#include "theorems/altabaa2024/voronoi.hpp"

#include <algorithm>
#include <stdexcept>

namespace approxcert::theorems::altabaa2024 {

RationalVector grid_sites(std::uint64_t m, const Rational& hi) {
  RationalVector s;
  const Rational two_m(static_cast<long>(2 * m));
  for (std::uint64_t i = 1; i <= m; ++i) s.push_back(Rational(static_cast<long>(2 * i - 1)) * hi / two_m);
  return s;
}

LayerList voronoi_layers(const RationalVector& sites, VoronoiTie tie) {
  const std::size_t m = sites.size();
  if (m < 2) throw std::logic_error("voronoi_layers: needs at least two sites");
  const std::size_t pairs = m * (m - 1) / 2;
  const bool largest = tie == VoronoiTie::Largest;
  const Rational sign(largest ? -1 : 1);
  DenseLayer l1;
  l1.weight.reserve(pairs);
  l1.bias.reserve(pairs);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 1; j < m; ++j) {
      l1.weight.push_back({sign * (sites[i] - sites[j])});
      l1.bias.push_back(sign * (sites[j] * sites[j] - sites[i] * sites[i]) / Rational(2));
    }
  return {Layer{std::move(l1)}, Layer{StepLayer{}}, voronoi_selection_layer(m, tie), Layer{StepLayer{}}};
}

Layer voronoi_selection_layer(std::size_t m, VoronoiTie tie) {
  const std::size_t pairs = m * (m - 1) / 2;
  const bool largest = tie == VoronoiTie::Largest;
  const Rational sign(largest ? -1 : 1);
  // Pair (i, j), i < j, is unit offset(i) + (j - i - 1): the units of row k of layer 2 are the
  // pairs (i, k), i < k, then (k, j), j > k, so its entries come in increasing column order.
  auto pair_id = [m](std::size_t i, std::size_t j) { return i * (2 * m - i - 1) / 2 + (j - i - 1); };
  SparseDenseLayer l2{m, pairs, {}, {}};
  l2.entries.reserve(m * (m - 1));
  for (std::size_t k = 0; k < m; ++k) {
    for (std::size_t i = 0; i < k; ++i) l2.entries.push_back({k, pair_id(i, k), -sign});
    for (std::size_t j = k + 1; j < m; ++j) l2.entries.push_back({k, pair_id(k, j), sign});
    l2.bias.push_back(Rational(1) / Rational(2) - Rational(static_cast<long>(largest ? k : m - 1 - k)));
  }
  return Layer{std::move(l2)};
}

std::vector<std::size_t> cell_boundary_units(std::size_t m) {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i + 1 < m; ++i) rows.push_back(i * (2 * m - i - 1) / 2);  // pair (i, i+1)
  return rows;
}

Network voronoi_network(const RationalVector& sites, VoronoiTie tie) {
  return Network{{1, std::nullopt}, voronoi_layers(sites, tie)};
}

std::size_t nearest_site(const RationalVector& sites, const Rational& x, VoronoiTie tie) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < sites.size(); ++i) {
    const Rational di = abs(x - sites[i]), db = abs(x - sites[best]);
    if (di < db || (tie == VoronoiTie::Largest && di == db)) best = i;
  }
  return best;
}

RationalVector pattern_points(const RationalVector& sites, const Rational& lo, const Rational& hi) {
  RationalVector t{lo, hi};
  for (std::size_t i = 0; i < sites.size(); ++i)
    for (std::size_t j = i + 1; j < sites.size(); ++j) {
      const Rational mid = (sites[i] + sites[j]) / Rational(2);
      if (lo < mid && mid < hi) t.push_back(mid);
    }
  return with_midpoints(std::move(t));
}

RationalVector with_midpoints(RationalVector points) {
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  RationalVector out;
  for (std::size_t k = 0; k < points.size(); ++k) {
    out.push_back(points[k]);
    if (k + 1 < points.size()) out.push_back((points[k] + points[k + 1]) / Rational(2));
  }
  return out;
}

RationalVector cell_boundaries(const RationalVector& sites, const Rational& lo, const Rational& hi) {
  RationalVector b{lo};
  for (std::size_t i = 0; i + 1 < sites.size(); ++i) b.push_back((sites[i] + sites[i + 1]) / Rational(2));
  b.push_back(hi);
  return b;
}

std::uint64_t voronoi_neurons(std::uint64_t m) { return m * (m - 1) / 2 + m; }

std::size_t linear_layer_rows(const Layer& layer) {
  if (const auto* d = std::get_if<DenseLayer>(&layer.kind)) return d->weight.size();
  if (const auto* s = std::get_if<SparseDenseLayer>(&layer.kind)) return s->rows;
  throw std::logic_error("linear_layer_rows: not a dense or sparse_dense layer");
}

std::uint64_t threshold_units(const Network& inner_product_network) {
  const auto& left = std::get<InnerProductLayer>(inner_product_network.layers[0].kind).left;
  std::uint64_t units = 0;
  for (std::size_t i = 0; i < 3; i += 2) units += linear_layer_rows(left[i]);
  return units;
}

Rational one_hot_deviation(const std::vector<Rational>& out, std::size_t k) {
  Rational dev(0);
  for (std::size_t i = 0; i < out.size(); ++i) dev += abs(out[i] - Rational(i == k ? 1 : 0));
  return dev;
}

std::uint64_t voronoi_dense_layer2_weights(std::uint64_t m) { return m * (m * (m - 1) / 2); }

std::uint64_t voronoi_stored_numbers(std::uint64_t m) { return 2 * (m * (m - 1) / 2) + m * (m - 1) + m; }

}  // namespace approxcert::theorems::altabaa2024
