#include "supnorm/batch_refinement.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <thread>

#include "forms/dyadic.hpp"

namespace approxcert {

BoundingPool::BoundingPool(const Program& prog, std::optional<Arithmetic> arithmetic, unsigned threads,
                           std::optional<double> time_limit_seconds, BounderOptions bounder_options)
    : prog_(prog),
      arithmetic_(resolve_arithmetic(prog, arithmetic)),
      bounder_options_(std::move(bounder_options)),
      time_limit_seconds_(time_limit_seconds),
      start_(std::chrono::steady_clock::now()) {
  threads_ = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  if (threads_ > 1) arena_ = std::make_unique<tbb::task_arena>(static_cast<int>(threads_));
}

double BoundingPool::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool BoundingPool::out_of_time() const { return time_limit_seconds_ && elapsed() >= *time_limit_seconds_; }

Bounder& BoundingPool::bounder(long prec) {
  auto& b = bounders_.local()[prec];
  if (!b) b = make_bounder(prog_, Prec(prec), arithmetic_, bounder_options_);
  return *b;
}

void BoundingPool::run(std::size_t n, const std::function<void(std::size_t)>& work) {
  if (arena_ && n > 1) arena_->execute([&] { tbb::parallel_for(std::size_t(0), n, work); });
  else
    for (std::size_t k = 0; k < n; ++k) work(k);
}

CoverRecorder::CoverRecorder(std::size_t max_leaves, bool lower_bounds)
    : max_leaves_(max_leaves), keep_lower_(lower_bounds), recording_(max_leaves >= 1) {
  if (!recording_) return;
  cover_.nodes.emplace_back();
  if (keep_lower_) lower_.emplace_back();
}

void CoverRecorder::set_leaf(std::size_t node, const std::optional<Rational>& upper, const Rational& lower) {
  if (!recording_) return;
  cover_.nodes[node].upper = upper;
  if (keep_lower_) lower_[node] = lower;
}

std::size_t CoverRecorder::cut(std::size_t node, const Split& s) {
  if (!recording_) return 0;
  const std::size_t leaves = (cover_.nodes.size() + 1) / 2 + 1;  // a binary tree of n nodes has (n+1)/2 leaves
  if (leaves > max_leaves_) {
    recording_ = false;
    cover_.nodes = {};
    lower_ = {};
    return 0;
  }
  CoverNode& n = cover_.nodes[node];
  n.first_child = cover_.nodes.size();
  n.dim = s.dim;
  n.at = s.at;
  n.upper.reset();
  cover_.nodes.resize(cover_.nodes.size() + 2);
  if (keep_lower_) lower_.resize(cover_.nodes.size());
  return cover_.nodes[node].first_child;
}

std::size_t CoverRecorder::monotone(std::size_t node, std::size_t dim, int sign, std::size_t faces) {
  if (!recording_) return 0;
  const std::size_t first = faces ? cover_.nodes.size() : 0;
  CoverNode& n = cover_.nodes[node];
  n.first_child = first;
  n.dim = dim;
  n.monotone = sign;
  n.upper.reset();
  cover_.nodes.resize(cover_.nodes.size() + faces);
  if (keep_lower_) lower_.resize(cover_.nodes.size());
  return first;
}

void CoverRecorder::undo_cut(std::size_t node, const std::optional<Rational>& upper, const Rational& lower) {
  if (!recording_ || node >= cover_.nodes.size()) return;
  cover_.nodes[node].first_child = 0;
  set_leaf(node, upper, lower);
}

std::optional<SupNormCover> CoverRecorder::take_cover() {
  if (!recording_) return std::nullopt;
  return std::move(cover_);
}

void push_cuts(std::vector<BatchJob>& jobs, const Box& box, const Split& s, std::size_t levels,
               const std::vector<double>& dirty_gradient, const Box& domain, std::size_t node, long prec,
               std::size_t parent, CoverRecorder& cover) {
  auto [left, right] = split_box(box, s);
  const std::size_t first = cover.cut(node, s);
  Box* halves[2] = {&left, &right};
  for (std::size_t k = 0; k < 2; ++k) {
    std::optional<Split> next;
    if (levels > 1) next = choose_split(*halves[k], dirty_gradient, domain);
    if (next) push_cuts(jobs, *halves[k], *next, levels - 1, dirty_gradient, domain, first + k, prec, parent, cover);
    else jobs.push_back({std::move(*halves[k]), first + k, prec, parent});
  }
}

std::optional<SupNormStatus> stop_status(const Rational& lower, const std::optional<Rational>& upper,
                                         const Rational& rel_tol, const Rational& abs_tol, bool nothing_to_refine,
                                         std::uint64_t boxes, std::uint64_t max_boxes, const BoundingPool& pool) {
  if (within_tolerance(lower, upper, rel_tol, abs_tol)) return SupNormStatus::Converged;
  if (nothing_to_refine) return SupNormStatus::PrecisionExhausted;  // only retired boxes left
  if (boxes + 2 > max_boxes || pool.out_of_time()) return SupNormStatus::BudgetExhausted;
  return std::nullopt;
}

bool dirty_box_too_thin(const Box& box, long prec) {
  for (std::size_t i = 0; i < box.dim(); ++i) {
    if (!(box.lo[i] < box.hi[i])) continue;
    const double width = dirty_width(box.lo[i], box.hi[i]);
    const double size = std::max(std::fabs(box.lo[i].dirty_to_double()), std::fabs(box.hi[i].dirty_to_double()));
    if (width < std::ldexp(size, static_cast<int>(-(prec - 24)))) return true;
  }
  return false;
}

}  // namespace approxcert
