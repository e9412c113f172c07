#pragma once
// The grids of spec 1.8: G_delta = {0, delta, ..., 1 - delta}^(d x n) and
// G+_delta = {-J, 0, delta, ..., 1 - delta}^(d x n), enumerated by a linear index. A point is a
// d x n matrix stored column by column (entry (r, j) at j*d + r), the input order of the networks.
// With positional encoding (Shape::positional, spec 2.6) a point is the quantized X + E: the
// in-range entries of column j are (j-1) + k delta, out-of-range entries stay -J; corner() is
// the cell corner in input coordinates (without E).
#include <cstdint>
#include <vector>

#include "scalar/rational.hpp"
#include "theorems/yun2020/constants.hpp"

namespace approxcert::theorems::yun2020 {

class Grid {
 public:
  // with_out_of_range: G+ (entry level 0 is -J, level k >= 1 is (k-1) delta); else G (level k is k delta).
  Grid(const Shape& shape, const Rational& J, bool with_out_of_range);

  std::uint64_t size() const { return size_; }
  std::size_t entries() const { return static_cast<std::size_t>(shape_.d * shape_.n); }
  const Shape& shape() const { return shape_; }
  // Levels of point `index`: levels[e] in [0, base), base = N (+1 with out-of-range).
  void levels(std::uint64_t index, std::vector<unsigned>& out) const;
  // The exact entries of the point with these levels (the input of g_c).
  std::vector<Rational> point(const std::vector<unsigned>& levels) const;
  // The corner of its cell in input coordinates (point() minus E; equal to point() without
  // positional encoding): where the target is evaluated.
  std::vector<Rational> corner(const std::vector<unsigned>& levels) const;
  // An interior point of the cell, in input coordinates: corner() + delta/2; -J entries become
  // 1/2 - upper (-1/2; with positional encoding x + E stays below 0 in every column), below -eta for
  // every ramp width eta < delta/2 of the softmax steps.
  std::vector<Rational> interior(const std::vector<unsigned>& levels) const;
  const Rational& value(unsigned level) const { return values_[level]; }
  bool out_of_range(unsigned level) const { return with_oor_ && level == 0; }
  // In range (no -J entry) and pairwise distinct columns (compared by value): the point is in G~_delta.
  bool distinct_in_range(const std::vector<unsigned>& levels) const;
  bool any_out_of_range(const std::vector<unsigned>& levels) const;
  // Column ids u^T L_{:,j} (exact).
  std::vector<Rational> column_ids(const std::vector<Rational>& point) const;
  unsigned base() const { return base_; }

 private:
  Shape shape_;
  bool with_oor_;
  unsigned base_;
  std::uint64_t size_;
  std::vector<Rational> values_;
  std::vector<Rational> u_;
};

}  // namespace approxcert::theorems::yun2020
