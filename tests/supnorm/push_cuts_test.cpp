// push_cuts (supnorm/batch_refinement.hpp): a box cut several levels deep at once. The pieces must
// tile the box (exact volumes add up, no two overlap), there are 2^levels of them where every piece
// can be cut, and the recorded cover's cuts lead from the box's node to exactly those pieces.
#include <doctest/doctest.h>

#include "supnorm/batch_refinement.hpp"

using namespace approxcert;

namespace {

Rational q(std::string_view s) { return parse_rational(s); }

Rational volume(const Box& b) {
  Rational v(1);
  for (std::size_t i = 0; i < b.dim(); ++i)
    if (b.lo[i] < b.hi[i]) v *= b.hi[i] - b.lo[i];
  return v;
}

bool overlap(const Box& a, const Box& b) {  // interiors meet
  for (std::size_t i = 0; i < a.dim(); ++i)
    if (!(a.lo[i] < b.hi[i] && b.lo[i] < a.hi[i]) && a.lo[i] < a.hi[i]) return false;
  return true;
}

// The box of cover node `target` below node 0 = `root`, following the recorded cuts.
std::optional<Box> node_box(const SupNormCover& c, std::size_t node, const Box& box, std::size_t target) {
  if (node == target) return box;
  const CoverNode& n = c.nodes.at(node);
  if (n.first_child == 0) return std::nullopt;
  auto [left, right] = split_box(box, Split{n.dim, n.at});
  if (auto b = node_box(c, n.first_child, left, target)) return b;
  return node_box(c, n.first_child + 1, right, target);
}

}  // namespace

TEST_CASE("push_cuts: the pieces tile the box and the cover records the cuts to them") {
  const Box domain{{q("-1"), q("-1"), q("0"), q("2")},
                   {q("1"), q("1"), q("1/3"), q("2")}};  // one zero-width coordinate
  const std::vector<double> gradient{1.0, 3.0, 0.5, 7.0};
  for (std::size_t levels = 1; levels <= 5; ++levels) {
    CoverRecorder cover(1000, false);
    std::vector<BatchJob> jobs;
    const std::optional<Split> s = choose_split(domain, gradient, domain);
    REQUIRE(s);
    push_cuts(jobs, domain, *s, levels, gradient, domain, 0, 64, 7, cover);
    CHECK(jobs.size() == (std::size_t(1) << levels));
    Rational total(0);
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      CHECK(jobs[k].prec == 64);
      CHECK(jobs[k].parent == 7);
      for (std::size_t i = 0; i < domain.dim(); ++i) {
        CHECK(domain.lo[i] <= jobs[k].box.lo[i]);
        CHECK(jobs[k].box.hi[i] <= domain.hi[i]);
      }
      total += volume(jobs[k].box);
      for (std::size_t l = 0; l < k; ++l) CHECK(!overlap(jobs[k].box, jobs[l].box));
      for (std::size_t l = 0; l < k; ++l) CHECK(jobs[k].node != jobs[l].node);
    }
    CHECK(total == volume(domain));
    const std::optional<SupNormCover> c = cover.take_cover();
    REQUIRE(c);
    for (const BatchJob& j : jobs) {
      const std::optional<Box> b = node_box(*c, 0, domain, j.node);
      REQUIRE(b);
      CHECK(b->lo == j.box.lo);
      CHECK(b->hi == j.box.hi);
      CHECK(c->nodes.at(j.node).first_child == 0);  // a leaf of the recorded tree
    }
  }
  // One coordinate: it is cut again at every level.
  const Box thin{{q("0")}, {q("1")}};
  CoverRecorder cover(1000, false);
  std::vector<BatchJob> jobs;
  push_cuts(jobs, thin, *choose_split(thin, {}, thin), 3, {}, thin, 0, 64, 0, cover);
  REQUIRE(jobs.size() == 8);
  for (std::size_t k = 0; k < 8; ++k) CHECK(jobs[k].box.lo[0] == Rational(static_cast<long>(k)) / Rational(8));
}
