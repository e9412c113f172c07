// The engine's recorded leaf cover: every bounded box is a node, the leaves tile the domain (walked
// here independently of the checker), each leaf's bound is at least the exact sup of the error on
// it (the ReLU interpolant error: 1/(4N^2) on every piece it meets, exact), the maximum of the leaf
// bounds is the result's upper bound, and a cover over the leaf budget is not recorded.
#include <doctest/doctest.h>

#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

TEST_CASE("supnorm cover: recorded leaves tile the domain and carry sound bounds") {
  const long n = 8;
  const Program prog = relu_interpolant_error(n);
  const Box domain = cube(Rational(0), Rational(1), 1);
  SupNormOptions o;
  o.threads = 1;
  o.max_cover_leaves = 1000;
  const SupNormResult r = sup_norm(prog, domain, o);
  REQUIRE(r.cover.has_value());
  REQUIRE(r.upper.has_value());
  const auto& nodes = r.cover->nodes;
  CHECK(nodes.size() <= r.boxes);
  // Walk the tree: leaves as intervals, in pre-order.
  std::vector<std::pair<std::size_t, std::pair<Rational, Rational>>> stack{{0, {Rational(0), Rational(1)}}};
  Rational covered(0), max_bound(0), next_left(0);
  std::size_t leaves = 0;
  while (!stack.empty()) {
    const auto [id, iv] = stack.back();
    stack.pop_back();
    const CoverNode& node = nodes.at(id);
    if (node.first_child == 0) {
      ++leaves;
      CHECK(iv.first == next_left);  // adjacent to the previous leaf: no gap, no overlap
      next_left = iv.second;
      covered += iv.second - iv.first;
      REQUIRE(node.upper.has_value());
      max_bound = max(max_bound, *node.upper);
      // The error on a piece [k/N, (k+1)/N] reaches 1/(4N^2) at its midpoint; a leaf containing
      // a piece's midpoint must bound at least that.
      for (long k = 0; k < n; ++k) {
        const Rational m = frac(2 * k + 1, 2 * n);
        if (iv.first <= m && m <= iv.second) CHECK(frac(1, 4 * n * n) <= *node.upper);
      }
      continue;
    }
    CHECK(node.dim == 0);
    REQUIRE(iv.first < node.at);
    REQUIRE(node.at < iv.second);
    stack.push_back({node.first_child + 1, {node.at, iv.second}});
    stack.push_back({node.first_child, {iv.first, node.at}});
  }
  CHECK(covered == Rational(1));
  CHECK(next_left == Rational(1));
  CHECK(max_bound == *r.upper);
  CHECK(leaves == (nodes.size() + 1) / 2);

  o.max_cover_leaves = 2;  // over budget: not recorded, the result unchanged
  const SupNormResult small = sup_norm(prog, domain, o);
  CHECK_FALSE(small.cover.has_value());
  CHECK(small.upper == r.upper);
  CHECK(small.lower == r.lower);
  o.max_cover_leaves = 0;  // not asked for
  CHECK_FALSE(sup_norm(prog, domain, o).cover.has_value());
}
