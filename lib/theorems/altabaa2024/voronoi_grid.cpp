#include "theorems/altabaa2024/voronoi_grid.hpp"

#include <stdexcept>

namespace approxcert::theorems::altabaa2024 {

namespace {

// Every multi-index (i_1, ..., i_d) in {0..n-1}^d, the first axis slowest.
std::vector<std::vector<std::uint64_t>> multi_indices(std::uint64_t n, std::size_t d) {
  std::vector<std::vector<std::uint64_t>> out{{}};
  for (std::size_t a = 0; a < d; ++a) {
    std::vector<std::vector<std::uint64_t>> next;
    for (const auto& prefix : out)
      for (std::uint64_t i = 0; i < n; ++i) {
        next.push_back(prefix);
        next.back().push_back(i);
      }
    out = std::move(next);
  }
  return out;
}

Rational q_of(std::uint64_t n) { return Rational(static_cast<long>(n)); }

Rational squared_distance(const RationalVector& a, const RationalVector& b) {
  Rational s(0);
  for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
  return s;
}

}  // namespace

SiteList grid_sites_nd(std::uint64_t k, std::size_t d) {
  if (k < 1 || d < 1) throw std::logic_error("grid_sites_nd: needs k >= 1 and d >= 1");
  SiteList sites;
  for (const auto& idx : multi_indices(k, d)) {
    RationalVector s;
    for (std::uint64_t i : idx) s.push_back(q_of(2 * i + 1) / q_of(2 * k));
    sites.push_back(std::move(s));
  }
  return sites;
}

std::vector<Box> grid_cells_nd(std::uint64_t k, std::size_t d) {
  if (k < 1 || d < 1) throw std::logic_error("grid_cells_nd: needs k >= 1 and d >= 1");
  std::vector<Box> cells;
  for (const auto& idx : multi_indices(k, d)) {
    Box b;
    for (std::uint64_t i : idx) {
      b.lo.push_back(q_of(i) / q_of(k));
      b.hi.push_back(q_of(i + 1) / q_of(k));
    }
    cells.push_back(std::move(b));
  }
  return cells;
}

LayerList voronoi_layers_nd(const SiteList& sites, VoronoiTie tie) {
  const std::size_t m = sites.size();
  if (m < 2) throw std::logic_error("voronoi_layers_nd: needs at least two sites");
  const std::size_t d = sites[0].size();
  const Rational sign(tie == VoronoiTie::Largest ? -1 : 1);
  DenseLayer l1;
  l1.weight.reserve(m * (m - 1) / 2);
  l1.bias.reserve(m * (m - 1) / 2);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 1; j < m; ++j) {
      if (sites[i].size() != d || sites[j].size() != d) throw std::logic_error("voronoi_layers_nd: mixed dimensions");
      NumberVector row;
      Rational ni(0), nj(0);
      for (std::size_t a = 0; a < d; ++a) {
        row.push_back(sign * (sites[i][a] - sites[j][a]));
        ni += sites[i][a] * sites[i][a];
        nj += sites[j][a] * sites[j][a];
      }
      l1.weight.push_back(std::move(row));
      l1.bias.push_back(sign * (nj - ni) / Rational(2));
    }
  return {Layer{std::move(l1)}, Layer{StepLayer{}}, voronoi_selection_layer(m, tie), Layer{StepLayer{}}};
}

std::size_t nearest_site_nd(const SiteList& sites, const RationalVector& x, VoronoiTie tie) {
  std::size_t best = 0;
  Rational db = squared_distance(x, sites[0]);
  for (std::size_t i = 1; i < sites.size(); ++i) {
    const Rational di = squared_distance(x, sites[i]);
    if (di < db || (tie == VoronoiTie::Largest && di == db)) {
      best = i;
      db = di;
    }
  }
  return best;
}

SiteList lattice_points_nd(std::uint64_t k, std::size_t d, std::uint64_t q) {
  const std::uint64_t n = 2 * k * q;
  SiteList pts;
  for (const auto& idx : multi_indices(n + 1, d)) {
    RationalVector x;
    for (std::uint64_t i : idx) x.push_back(q_of(i) / q_of(n));
    pts.push_back(std::move(x));
  }
  return pts;
}

}  // namespace approxcert::theorems::altabaa2024
