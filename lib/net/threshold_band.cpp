#include "net/threshold_band.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace approxcert {

std::vector<OpenInterval> undecided_bands(const DenseLayer& layer, const std::vector<std::size_t>& units,
                                          const Rational& t, const Rational& lo, const Rational& hi) {
  if (t.sign() <= 0) throw std::logic_error("undecided_bands: the half-width must be > 0");
  if (!(lo < hi)) throw std::logic_error("undecided_bands: empty interval");
  std::vector<OpenInterval> raw;
  auto add_unit = [&](std::size_t u) {
    if (u >= layer.weight.size() || layer.weight[u].size() != 1)
      throw std::logic_error("undecided_bands: unit out of range or not one-input");
    const Rational w = layer.weight[u][0].rational(), b = layer.bias.at(u).rational();
    if (w.sign() == 0) {
      if (abs(b) < t) raw.emplace_back(lo, hi);
      return;
    }
    const Rational centre = -b / w, half = t / abs(w);
    const Rational l = max(lo, centre - half), h = min(hi, centre + half);
    if (l < h) raw.emplace_back(l, h);
  };
  if (units.empty())
    for (std::size_t u = 0; u < layer.weight.size(); ++u) add_unit(u);
  else
    for (std::size_t u : units) add_unit(u);
  std::sort(raw.begin(), raw.end());
  std::vector<OpenInterval> out;
  for (auto& iv : raw) {
    // Open intervals that only touch leave their common end point out: keep them apart.
    if (!out.empty() && iv.first < out.back().second) out.back().second = max(out.back().second, iv.second);
    else out.push_back(std::move(iv));
  }
  return out;
}

Rational smallest_preactivation(const DenseLayer& layer, const std::vector<std::size_t>& units, const Rational& x) {
  std::optional<Rational> best;
  auto visit = [&](std::size_t u) {
    if (u >= layer.weight.size() || layer.weight[u].size() != 1)
      throw std::logic_error("smallest_preactivation: unit out of range or not one-input");
    const Rational z = abs(layer.weight[u][0].rational() * x + layer.bias.at(u).rational());
    if (!best || z < *best) best = z;
  };
  if (units.empty())
    for (std::size_t u = 0; u < layer.weight.size(); ++u) visit(u);
  else
    for (std::size_t u : units) visit(u);
  if (!best) throw std::logic_error("smallest_preactivation: no unit");
  return *best;
}

Rational measure(const std::vector<OpenInterval>& set) {
  Rational total(0);
  for (const auto& [l, h] : set) total += h - l;
  return total;
}

Rational intersection_measure(const std::vector<OpenInterval>& a, const std::vector<OpenInterval>& b) {
  Rational total(0);
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const Rational l = max(a[i].first, b[j].first), h = min(a[i].second, b[j].second);
    if (l < h) total += h - l;
    if (a[i].second < b[j].second) ++i;
    else ++j;
  }
  return total;
}

bool in_open_set(const std::vector<OpenInterval>& set, const Rational& x) {
  auto it = std::upper_bound(set.begin(), set.end(), x,
                             [](const Rational& v, const OpenInterval& iv) { return v < iv.first; });
  if (it == set.begin()) return false;
  --it;
  return it->first < x && x < it->second;
}

}  // namespace approxcert
