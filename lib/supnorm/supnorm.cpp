#include "supnorm/supnorm.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>
#include <thread>

#include "supnorm/bounder.hpp"
#include "supnorm/frontier.hpp"
#include "supnorm/splitter.hpp"

namespace approxcert {

std::string_view to_string(SupNormStatus s) {
  switch (s) {
    case SupNormStatus::Converged: return "converged";
    case SupNormStatus::BudgetExhausted: return "budget_exhausted";
    case SupNormStatus::PrecisionExhausted: return "precision_exhausted";
  }
  return "?";
}

bool within_tolerance(const Rational& lower, const std::optional<Rational>& upper, const Rational& rel_tol,
                      const Rational& abs_tol) {
  if (!upper) return false;
  if (*upper - lower <= abs_tol) return true;
  return lower.sign() > 0 && *upper <= lower * (Rational(1) + rel_tol);
}

namespace {

constexpr std::size_t kBatchParents = 8;  // fixed, so results do not depend on the thread count

// A box just bounded, with what its refinement needs.
struct Bounded {
  FrontierBox box;
  std::optional<WitnessCandidate> best;
  bool refinable = true;
};


void check_options(const Program& prog, const Box& domain, const SupNormOptions& o) {
  if (prog.outputs().empty()) throw std::invalid_argument("sup_norm: the program has no output");
  if (prog.num_inputs() != domain.dim())
    throw std::invalid_argument("sup_norm: the program has " + std::to_string(prog.num_inputs()) +
                                " inputs but the domain has dimension " + std::to_string(domain.dim()));
  for (std::size_t i = 0; i < domain.dim(); ++i)
    if (domain.hi[i] < domain.lo[i]) throw std::invalid_argument("sup_norm: empty domain");
  if (o.rel_tol.sign() < 0 || o.abs_tol.sign() < 0) throw std::invalid_argument("sup_norm: negative tolerance");
  if (o.prec < 16 || o.max_prec < o.prec) throw std::invalid_argument("sup_norm: need 16 <= prec <= max_prec");
  if (o.taylor_model_order < 0) throw std::invalid_argument("sup_norm: negative Taylor-model order");
  if (!o.removable_zeros.empty() && (prog.num_inputs() != 1 || !is_relative_error_program(prog)))
    throw std::invalid_argument("sup_norm: removable zeros need a relative-error program of one input");
  if (const auto& w = o.witness_box) {
    if (w->dim() != domain.dim()) throw std::invalid_argument("sup_norm: the witness box has the wrong dimension");
    for (std::size_t i = 0; i < domain.dim(); ++i)
      if (w->hi[i] < w->lo[i] || w->lo[i] < domain.lo[i] || domain.hi[i] < w->hi[i])
        throw std::invalid_argument("sup_norm: the witness box is empty or not inside the domain");
  }
}

class Search {
 public:
  Search(const Program& prog, const Box& domain, const SupNormOptions& o)
      : prog_(prog), domain_(domain), o_(o), start_(std::chrono::steady_clock::now()),
        arithmetic_(resolve_arithmetic(prog, o.arithmetic)) {
    threads_ = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
    if (threads_ > 1) arena_ = std::make_unique<tbb::task_arena>(static_cast<int>(threads_));
  }

  SupNormResult run() {
    max_prec_used_ = o_.prec;
    recording_ = o_.max_cover_leaves >= 1;
    if (recording_) cover_.nodes.emplace_back();
    absorb(bound_box(domain_, 0, o_.prec, Rational(0)));
    boxes_ = 1;
    SupNormStatus status;
    for (;;) {
      drop_settled();
      const std::optional<Rational> upper = frontier_.upper_bound();
      if (within_tolerance(lower_, upper, o_.rel_tol, o_.abs_tol)) { status = SupNormStatus::Converged; break; }
      if (frontier_.empty()) { status = SupNormStatus::PrecisionExhausted; break; }  // only retired boxes left
      if (boxes_ + 2 > o_.max_boxes || out_of_time()) { status = SupNormStatus::BudgetExhausted; break; }
      refine_batch();
      report();
    }
    return result(status);
  }

 private:
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool out_of_time() const { return o_.time_limit_seconds && elapsed() >= *o_.time_limit_seconds; }

  Bounder& bounder(long prec) {
    auto& mine = bounders_.local();
    auto& b = mine[prec];
    if (!b) b = make_bounder(prog_, Prec(prec), arithmetic_, bounder_options());
    return *b;
  }

  // The Taylor-model form refines to a quarter of the tolerances, leaving room for the box cover.
  BounderOptions bounder_options() const {
    BounderOptions b;
    b.max_taylor_dim = o_.max_taylor_dim;
    b.taylor_model_order = o_.taylor_model_order;
    b.linear_relaxation = o_.linear_relaxation;
    b.linear_on_smooth_boxes = o_.linear_on_smooth_boxes;
    b.fast_path = o_.fast_path;
    b.taylor_model_rel_tol = o_.rel_tol / Rational(2);
    b.taylor_model_abs_tol = o_.abs_tol / Rational(2);
    b.test_only_shrink_centred = o_.test_only_broken_centred_form;
    b.test_only_shrink_taylor_model = o_.test_only_broken_taylor_model_form;
    b.removable_zeros = o_.removable_zeros;
    return b;
  }

  // Bounds one box (any thread) and decides the precision its refinement needs.
  Bounded bound_box(const Box& box, std::size_t node, long prec, const Rational& prune_at) {
    BoxBounds b = bounder(prec).bound(box, prune_at);
    if (o_.witness_box && b.best) b.best = inside_witness_box(std::move(*b.best), prec);
    Bounded out;
    out.box.box = box;
    out.box.node = node;
    out.box.upper = b.abs_upper;
    out.box.dirty_gradient = std::move(b.dirty_gradient);
    out.box.bounded_at = prec;
    out.box.prec = prec;
    if (dirty_needs_more_precision(box, b, prec, prune_at)) {
      if (prec >= o_.max_prec) out.refinable = false;
      else out.box.prec = std::min(2 * prec, o_.max_prec);
    }
    out.best = std::move(b.best);
    return out;
  }

  // The candidate itself if it lies in the witness box, else its nearest point there, evaluated
  // rigorously (absent if f is not finite there).
  std::optional<WitnessCandidate> inside_witness_box(WitnessCandidate c, long prec) {
    const Box& w = *o_.witness_box;
    bool moved = false;
    for (std::size_t i = 0; i < c.point.size(); ++i) {
      if (c.point[i] < w.lo[i]) c.point[i] = w.lo[i], moved = true;
      else if (w.hi[i] < c.point[i]) c.point[i] = w.hi[i], moved = true;
    }
    if (!moved) return c;
    const std::optional<Range> value = bounder(prec).value_at(c.point);
    if (!value) return std::nullopt;
    c.value = *value;
    c.abs_lower = abs_min(*value);
    return c;
  }

  // dirty (a heuristic in doubles): raise the precision when rounding errors, not the box width,
  // would keep the bound from reaching the tolerance, or when the box is too thin for balls at
  // this precision.
  bool dirty_needs_more_precision(const Box& box, const BoxBounds& b, long prec, const Rational& lower) const {
    double scale = lower.dirty_to_double();
    if (b.best) scale = std::max(scale, b.best->abs_lower.dirty_to_double());
    const double tol = std::max(o_.abs_tol.dirty_to_double(), o_.rel_tol.dirty_to_double() * scale);
    if (b.dirty_rounding * 8 > tol) return true;
    for (std::size_t i = 0; i < box.dim(); ++i) {
      if (!(box.lo[i] < box.hi[i])) continue;
      const double width = (box.hi[i] - box.lo[i]).dirty_to_double();
      const double size = std::max(std::fabs(box.lo[i].dirty_to_double()), std::fabs(box.hi[i].dirty_to_double()));
      if (width < std::ldexp(size, static_cast<int>(-(prec - 24)))) return true;
    }
    return false;
  }

  // A point evaluated rigorously raises the lower bound whatever happens to its box.
  void absorb_witness(Bounded& b) {
    if (b.best && (!witness_ || lower_ < b.best->abs_lower)) {
      lower_ = b.best->abs_lower;
      witness_ = std::move(b.best);
    }
  }

  void absorb(Bounded b) {
    absorb_witness(b);
    max_prec_used_ = std::max(max_prec_used_, b.box.prec);
    if (recording_) cover_.nodes[b.box.node].upper = b.box.upper;
    if (b.box.upper && *b.box.upper <= lower_) frontier_.drop(b.box.upper);
    else if (!b.refinable) frontier_.retire(b.box.upper);
    else frontier_.push(std::move(b.box));
  }

  void drop_settled() {
    while (!frontier_.empty() && frontier_.top().upper && *frontier_.top().upper <= lower_)
      frontier_.drop(frontier_.pop().upper);
  }

  // Splits up to kBatchParents frontier boxes and bounds the children in parallel. Once the time
  // limit passes, the remaining jobs are skipped and each parent with a skipped child goes back
  // to the frontier whole (its bound still covers it), so the budget is honoured within one box
  // evaluation, not one batch.
  void refine_batch() {
    struct Job {
      Box box;
      std::size_t node;  // its node in the recorded cover
      long prec;
      std::size_t parent;  // index into parents
    };
    std::vector<Job> jobs;
    std::vector<FrontierBox> parents;
    while (!frontier_.empty() && jobs.size() < 2 * kBatchParents && boxes_ + jobs.size() + 2 <= o_.max_boxes) {
      FrontierBox parent = frontier_.pop();
      if (parent.upper && *parent.upper <= lower_) { frontier_.drop(parent.upper); continue; }
      const std::optional<Split> s = choose_split(parent.box, parent.dirty_gradient, domain_);
      if (!s) {  // a single point: only more precision can help
        if (parent.prec > parent.bounded_at) jobs.push_back({parent.box, parent.node, parent.prec, parents.size()});
        else { frontier_.retire(parent.upper); continue; }
      } else {
        auto [left, right] = split_box(parent.box, *s);
        const std::size_t first = record_cut(parent.node, *s);
        jobs.push_back({std::move(left), first, parent.prec, parents.size()});
        jobs.push_back({std::move(right), first + 1, parent.prec, parents.size()});
      }
      parents.push_back(std::move(parent));
    }
    std::vector<Bounded> done(jobs.size());
    std::vector<char> skipped(jobs.size(), 0);
    const Rational prune_at = lower_;
    auto work = [&](std::size_t k) {
      if (out_of_time()) { skipped[k] = 1; return; }
      done[k] = bound_box(jobs[k].box, jobs[k].node, jobs[k].prec, prune_at);
    };
    if (arena_ && jobs.size() > 1) {
      arena_->execute([&] { tbb::parallel_for(std::size_t(0), jobs.size(), work); });
    } else {
      for (std::size_t k = 0; k < jobs.size(); ++k) work(k);
    }
    std::vector<char> restore(parents.size(), 0);
    for (std::size_t k = 0; k < jobs.size(); ++k)
      if (skipped[k]) restore[jobs[k].parent] = 1;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      if (skipped[k]) continue;
      ++boxes_;
      if (restore[jobs[k].parent]) absorb_witness(done[k]);  // its box stays inside the restored parent
      else absorb(std::move(done[k]));
    }
    for (std::size_t p = 0; p < parents.size(); ++p)
      if (restore[p]) {
        undo_cut(parents[p]);
        frontier_.push(std::move(parents[p]));
      }
  }

  // Records that `node` was cut; returns the index of its first child (0 when not recording). The
  // cover stops being recorded (and is freed) once it would exceed max_cover_leaves leaves.
  std::size_t record_cut(std::size_t node, const Split& s) {
    if (!recording_) return 0;
    const std::size_t leaves = (cover_.nodes.size() + 1) / 2 + 1;  // a binary tree of n nodes has (n+1)/2 leaves
    if (leaves > o_.max_cover_leaves) {
      recording_ = false;
      cover_.nodes = {};
      return 0;
    }
    CoverNode& n = cover_.nodes[node];
    n.first_child = cover_.nodes.size();
    n.dim = s.dim;
    n.at = s.at;
    n.upper.reset();
    cover_.nodes.resize(cover_.nodes.size() + 2);
    return cover_.nodes[node].first_child;
  }

  // A parent whose children were not all bounded (time limit) goes back to the frontier whole: in
  // the recorded cover it is a leaf again with its old bound (its unbounded children become
  // unreachable nodes, which the pre-order encoding never visits).
  void undo_cut(const FrontierBox& parent) {
    if (!recording_ || parent.node >= cover_.nodes.size()) return;
    CoverNode& n = cover_.nodes[parent.node];
    n.first_child = 0;
    n.upper = parent.upper;
  }

  void report() {
    if (!o_.progress) return;
    o_.progress(SupNormProgress{boxes_, lower_, frontier_.upper_bound(), frontier_.size(), elapsed()});
  }

  SupNormResult result(SupNormStatus status) {
    SupNormResult r;
    r.status = status;
    r.lower = lower_;
    r.upper = frontier_.upper_bound();
    if (r.upper && *r.upper < r.lower)
      throw std::logic_error("sup_norm: upper bound below lower bound (a soundness bug)");
    if (witness_) {
      r.witness = witness_->point;
      r.witness_value = witness_->value;
    }
    r.boxes = boxes_;
    r.frontier = frontier_.size();
    r.max_prec_used = max_prec_used_;
    r.threads = threads_;
    r.arithmetic = arithmetic_;
    r.elapsed_seconds = elapsed();
    if (recording_) r.cover = std::move(cover_);
    return r;
  }

  const Program& prog_;
  const Box& domain_;
  const SupNormOptions& o_;
  std::chrono::steady_clock::time_point start_;
  Arithmetic arithmetic_;
  unsigned threads_ = 1;
  std::unique_ptr<tbb::task_arena> arena_;
  tbb::enumerable_thread_specific<std::map<long, std::unique_ptr<Bounder>>> bounders_;
  Frontier frontier_;
  Rational lower_{0};
  std::optional<WitnessCandidate> witness_;
  std::uint64_t boxes_ = 0;
  long max_prec_used_ = 0;
  SupNormCover cover_;
  bool recording_ = true;
};

}  // namespace

SupNormResult sup_norm(const Program& prog, const Box& domain, const SupNormOptions& opts) {
  check_options(prog, domain, opts);
  return Search(prog, domain, opts).run();
}

}  // namespace approxcert
