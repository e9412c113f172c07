#include "theorems/yun2020/grid.hpp"

#include "scalar/input_error.hpp"

namespace approxcert::theorems::yun2020 {

Grid::Grid(const Shape& shape, const Rational& J, bool with_out_of_range)
    : shape_(shape),
      with_oor_(with_out_of_range),
      base_(static_cast<unsigned>(shape.N + (with_out_of_range ? 1 : 0))),
      size_(1),
      u_(column_id_weights(shape)) {
  if (with_oor_) values_.push_back(-J);
  for (std::uint64_t k = 0; k < shape.N; ++k) values_.push_back(Rational(static_cast<long>(k)) * shape.delta());
  for (std::size_t e = 0; e < entries(); ++e) {
    if (size_ > (std::uint64_t{1} << 40) / base_) throw InputError("yun2020: grid with more than 2^40 points refused");
    size_ *= base_;
  }
}

void Grid::levels(std::uint64_t index, std::vector<unsigned>& out) const {
  out.resize(entries());
  for (std::size_t e = 0; e < out.size(); ++e) {
    out[e] = static_cast<unsigned>(index % base_);
    index /= base_;
  }
}

std::vector<Rational> Grid::corner(const std::vector<unsigned>& levels) const {
  std::vector<Rational> p;
  p.reserve(levels.size());
  for (unsigned l : levels) p.push_back(values_[l]);
  return p;
}

std::vector<Rational> Grid::interior(const std::vector<unsigned>& levels) const {
  std::vector<Rational> x = corner(levels);
  const Rational h = shape_.delta() / Rational(2), outside = Rational(1) / Rational(2) - shape_.upper();
  for (std::size_t e = 0; e < x.size(); ++e) x[e] = out_of_range(levels[e]) ? outside : x[e] + h;
  return x;
}

std::vector<Rational> Grid::point(const std::vector<unsigned>& levels) const {
  std::vector<Rational> p = corner(levels);
  if (shape_.positional)
    for (std::size_t e = 0; e < p.size(); ++e)
      if (!out_of_range(levels[e])) p[e] += shape_.offset(e / shape_.d);
  return p;
}

bool Grid::any_out_of_range(const std::vector<unsigned>& levels) const {
  for (unsigned l : levels)
    if (out_of_range(l)) return true;
  return false;
}

bool Grid::distinct_in_range(const std::vector<unsigned>& levels) const {
  if (any_out_of_range(levels)) return false;
  const std::size_t d = shape_.d, n = shape_.n;
  // In-range entry values are values_[level] + offset(column), and the values_ are distinct, so
  // equal values means equal levels and equal offsets; the offsets of two different columns are
  // equal exactly without positional encoding (offset(j) = j, else 0).
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      bool same = !shape_.positional;
      for (std::size_t r = 0; r < d && same; ++r) same = levels[i * d + r] == levels[j * d + r];
      if (same) return false;
    }
  return true;
}

std::vector<Rational> Grid::column_ids(const std::vector<Rational>& point) const {
  std::vector<Rational> ids;
  for (std::size_t j = 0; j < shape_.n; ++j) {
    Rational id(0);
    for (std::size_t r = 0; r < shape_.d; ++r) id += u_[r] * point[j * shape_.d + r];
    ids.push_back(id);
  }
  return ids;
}

}  // namespace approxcert::theorems::yun2020
