#pragma once
// The machinery both branch-and-bound engines (supnorm.hpp's sup_norm, lpnorm.hpp's lp_norm) drive
// their search with, so that the loop lives in one place:
//   - BoundingPool: the clock and its time limit, the worker threads, one Bounder per thread and
//     precision, and the batch step: the jobs (halves of cut boxes) are bounded in parallel, a
//     job not started before the time limit is skipped, and every parent with a skipped job is
//     marked to be restored whole (its own bound still covers it);
//   - CoverRecorder: the recorded leaf cover (SupNormCover), with a lower bound per leaf if asked;
//   - dirty_box_too_thin: the precision heuristic both engines share.
// Nothing here decides a bound: the engines' soundness rests on the bounders and the sums they take.
#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "domain/domain.hpp"
#include "net/program.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/splitter.hpp"
#include "supnorm/supnorm.hpp"

namespace approxcert {

// One half of a cut box to be bounded: its box, its node in the recorded cover, the precision to
// bound it at, and the index of its parent in the batch.
struct BatchJob {
  Box box;
  std::size_t node = 0;
  long prec = 0;
  std::size_t parent = 0;
};

class BoundingPool {
 public:
  // threads 0: all cores. The clock starts here.
  BoundingPool(const Program& prog, std::optional<Arithmetic> arithmetic, unsigned threads,
               std::optional<double> time_limit_seconds, BounderOptions bounder_options);

  double elapsed() const;
  bool out_of_time() const;
  unsigned threads() const { return threads_; }
  Arithmetic arithmetic() const { return arithmetic_; }
  // Writes the run's statistics (threads, arithmetic, seconds so far) into a sup- or L^p-norm result.
  template <class Result>
  void record_run(Result& r) const {
    r.threads = threads_;
    r.arithmetic = arithmetic_;
    r.elapsed_seconds = elapsed();
  }
  // The calling thread's bounder at `prec` bits (made on first use).
  Bounder& bounder(long prec);

  // What a batch gave: done[k] for each job not skipped; restore[p] for each parent with a skipped job.
  template <class Bounded>
  struct Batch {
    std::vector<Bounded> done;
    std::vector<char> skipped, restore;
  };
  // Bounds jobs[k] with bound(job) for every k, in parallel when there are several threads.
  template <class Bounded, class Bound>
  Batch<Bounded> bound_batch(const std::vector<BatchJob>& jobs, std::size_t parents, Bound&& bound) {
    return bound_groups<Bounded>(jobs, parents, 1,
                                 [&](std::size_t first, std::size_t, Bounded* out) { *out = bound(jobs[first]); });
  }
  // The same with the jobs bounded in groups, in parallel over the groups: consecutive jobs of one
  // precision, at most `group` of them, each group by bound_group(first, count, out), which writes the
  // results of jobs first .. first + count - 1 to out[0 .. count - 1]; a group not started before the
  // time limit is skipped whole. The groups depend on the jobs only, not on the thread count.
  template <class Bounded, class BoundGroup>
  Batch<Bounded> bound_groups(const std::vector<BatchJob>& jobs, std::size_t parents, std::size_t group,
                              BoundGroup&& bound_group) {
    std::vector<std::size_t> starts;  // group g holds jobs starts[g] .. starts[g + 1] - 1
    for (std::size_t k = 0; k < jobs.size(); ++k)
      if (starts.empty() || k - starts.back() == group || jobs[k].prec != jobs[starts.back()].prec) starts.push_back(k);
    starts.push_back(jobs.size());
    Batch<Bounded> b;
    b.done.resize(jobs.size());
    b.skipped.assign(jobs.size(), 0);
    run(starts.size() - 1, [&](std::size_t g) {
      const std::size_t first = starts[g], count = starts[g + 1] - first;
      if (out_of_time()) {
        std::fill_n(b.skipped.begin() + static_cast<std::ptrdiff_t>(first), count, 1);
        return;
      }
      bound_group(first, count, b.done.data() + first);
    });
    b.restore.assign(parents, 0);
    for (std::size_t k = 0; k < jobs.size(); ++k)
      if (b.skipped[k]) b.restore[jobs[k].parent] = 1;
    return b;
  }

 private:
  void run(std::size_t n, const std::function<void(std::size_t)>& work);

  const Program& prog_;
  Arithmetic arithmetic_;
  BounderOptions bounder_options_;
  std::optional<double> time_limit_seconds_;
  std::chrono::steady_clock::time_point start_;
  unsigned threads_ = 1;
  std::unique_ptr<tbb::task_arena> arena_;
  tbb::enumerable_thread_specific<std::map<long, std::unique_ptr<Bounder>>> bounders_;
};

// The leaf cover of a run, recorded up to `max_leaves` leaves (0: not recorded); past that it is
// dropped (and freed). With `lower_bounds`, each leaf also keeps a lower bound (lp_norm's m).
class CoverRecorder {
 public:
  CoverRecorder(std::size_t max_leaves, bool lower_bounds);
  bool recording() const { return recording_; }
  // A leaf's bounds (its upper bound; its lower bound when kept).
  void set_leaf(std::size_t node, const std::optional<Rational>& upper, const Rational& lower = Rational(0));
  // Records the cut of `node`; returns the index of its first child (0 when not recording).
  std::size_t cut(std::size_t node, const Split& s);
  // Records that the monotonicity test holds at `node` in coordinate `dim` with `sign`, keeping
  // `faces` faces (0..2) as its children; returns the index of the first (0 when not recording).
  std::size_t monotone(std::size_t node, std::size_t dim, int sign, std::size_t faces);
  // A parent whose children were not all bounded is a leaf again with its old bounds (its children
  // become unreachable nodes, which the pre-order encoding never visits).
  void undo_cut(std::size_t node, const std::optional<Rational>& upper, const Rational& lower = Rational(0));
  // The cover and the leaves' lower bounds (absent: not recorded).
  std::optional<SupNormCover> take_cover();
  std::vector<Rational> take_lower_bounds() { return std::move(lower_); }

 private:
  std::size_t max_leaves_;
  bool keep_lower_;
  bool recording_;
  SupNormCover cover_;
  std::vector<Rational> lower_;
};

// Cuts `box` (its node `node`, to be bounded at `prec`) by `s`, then each piece again by
// choose_split with the same `dirty_gradient`, `levels` cuts deep (fewer where a piece cannot be
// cut), and appends the pieces to `jobs` as children of batch parent `parent`, recording every cut.
// The pieces between the box and the appended ones are not bounded. levels >= 1.
void push_cuts(std::vector<BatchJob>& jobs, const Box& box, const Split& s, std::size_t levels,
               const std::vector<double>& dirty_gradient, const Box& domain, std::size_t node, long prec,
               std::size_t parent, CoverRecorder& cover);

// The checks both engines make of their program, domain and options: std::invalid_argument, the
// message beginning with `engine`.
template <class Options>
void check_engine_inputs(const std::string& engine, const Program& prog, const Box& domain, const Options& o) {
  if (prog.outputs().empty()) throw std::invalid_argument(engine + ": the program has no output");
  if (prog.num_inputs() != domain.dim())
    throw std::invalid_argument(engine + ": the program has " + std::to_string(prog.num_inputs()) +
                                " inputs but the domain has dimension " + std::to_string(domain.dim()));
  if (o.rel_tol.sign() < 0 || o.abs_tol.sign() < 0) throw std::invalid_argument(engine + ": negative tolerance");
  if (o.prec < 16 || o.max_prec < o.prec) throw std::invalid_argument(engine + ": need 16 <= prec <= max_prec");
  if (o.taylor_model_order < 0) throw std::invalid_argument(engine + ": negative Taylor-model order");
}

// The bounder options both engines set alike from their own options.
template <class Options>
BounderOptions shared_bounder_options(const Options& o) {
  BounderOptions b;
  b.max_taylor_dim = o.max_taylor_dim;
  b.taylor_model_order = o.taylor_model_order;
  b.linear_relaxation = o.linear_relaxation;
  b.relu_substitution = o.relu_substitution;
  b.multi_taylor_order = o.multi_taylor_order;
  b.fast_path = o.fast_path;
  return b;
}

// Whether a search stops now, and why: Converged when [lower, upper] is within the tolerances,
// PrecisionExhausted when nothing is left to refine, BudgetExhausted when another cut would pass
// the box budget or the time limit has passed; absent: go on.
std::optional<SupNormStatus> stop_status(const Rational& lower, const std::optional<Rational>& upper,
                                         const Rational& rel_tol, const Rational& abs_tol, bool nothing_to_refine,
                                         std::uint64_t boxes, std::uint64_t max_boxes, const BoundingPool& pool);

// dirty: true when some side of the box is too thin for balls at `prec` bits (relative to its
// magnitude), so that only more precision lets its bound shrink.
bool dirty_box_too_thin(const Box& box, long prec);

}  // namespace approxcert
