#include "supnorm/lpnorm.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <queue>
#include <stdexcept>
#include <thread>

#include "scalar/rational_root.hpp"
#include "supnorm/splitter.hpp"

namespace approxcert {

Rational box_volume(const Box& box) {
  Rational v(1);
  for (std::size_t i = 0; i < box.dim(); ++i) v *= box.hi[i] - box.lo[i];
  return v;
}

namespace {

constexpr std::size_t kBatchLeaves = 8;  // fixed, so results do not depend on the thread count
constexpr int kLeafDigits = 17;          // m and M are rounded outward to this many digits
constexpr long kRootBits = 128;

// A leaf of the cover with its contribution to both sums.
struct Leaf {
  Box box;
  Rational m;                     // |f| >= m on the box
  std::optional<Rational> M;      // |f| <= M on the box; absent: no finite bound
  Rational low, high;             // vol m^p and vol M^p (high meaningless when M is absent)
  std::optional<Rational> gap;    // high - low; absent: unbounded
  std::vector<double> dirty_gradient;
  long bounded_at = 0, prec = 0;
  bool refinable = true;
  std::uint64_t order = 0;
  std::size_t node = 0;
};

// Largest gap first (unbounded first), ties first-in first-out.
struct PopsAfter {
  bool operator()(const Leaf& a, const Leaf& b) const {
    if (a.gap.has_value() != b.gap.has_value()) return a.gap.has_value();
    if (a.gap && *a.gap != *b.gap) return *a.gap < *b.gap;
    return a.order > b.order;
  }
};

void check_options(const Program& prog, const Box& domain, const LpNormOptions& o) {
  if (prog.outputs().empty()) throw std::invalid_argument("lp_norm: the program has no output");
  if (prog.num_inputs() != domain.dim())
    throw std::invalid_argument("lp_norm: the program has " + std::to_string(prog.num_inputs()) +
                                " inputs but the domain has dimension " + std::to_string(domain.dim()));
  for (std::size_t i = 0; i < domain.dim(); ++i)
    if (!(domain.lo[i] < domain.hi[i])) throw std::invalid_argument("lp_norm: the domain has zero volume");
  if (o.p < 1 || o.p > kMaxLpExponent) throw std::invalid_argument("lp_norm: need 1 <= p <= 1000");
  if (o.rel_tol.sign() < 0 || o.abs_tol.sign() < 0) throw std::invalid_argument("lp_norm: negative tolerance");
  if (o.prec < 16 || o.max_prec < o.prec) throw std::invalid_argument("lp_norm: need 16 <= prec <= max_prec");
  if (o.taylor_model_order < 0) throw std::invalid_argument("lp_norm: negative Taylor-model order");
}

Rational round_down(const Rational& x) { return x.sign() == 0 ? x : parse_rational(decimal_down(x, kLeafDigits)); }
Rational round_up(const Rational& x) { return x.sign() == 0 ? x : parse_rational(decimal_up(x, kLeafDigits)); }

class Integration {
 public:
  Integration(const Program& prog, const Box& domain, const LpNormOptions& o)
      : prog_(prog), domain_(domain), o_(o), start_(std::chrono::steady_clock::now()),
        arithmetic_(resolve_arithmetic(prog, o.arithmetic)), scale_(Rational(1)) {
    threads_ = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
    if (threads_ > 1) arena_ = std::make_unique<tbb::task_arena>(static_cast<int>(threads_));
    if (o.normalized) scale_ = Rational(1) / box_volume(domain);
  }

  LpNormResult run() {
    max_prec_used_ = o_.prec;
    recording_ = o_.max_cover_leaves >= 1;
    if (recording_) cover_.nodes.emplace_back(), leaf_lower_.emplace_back();
    add(bound_leaf(domain_, 0, o_.prec));
    boxes_ = 1;
    SupNormStatus status;
    for (;;) {
      bounds();
      report();
      if (within_tolerance(lower_, upper_, o_.rel_tol, o_.abs_tol)) { status = SupNormStatus::Converged; break; }
      if (queue_.empty()) { status = SupNormStatus::PrecisionExhausted; break; }  // only retired leaves left
      if (boxes_ + 2 > o_.max_boxes || out_of_time()) { status = SupNormStatus::BudgetExhausted; break; }
      refine_batch();
    }
    return result(status);
  }

 private:
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  bool out_of_time() const { return o_.time_limit_seconds && elapsed() >= *o_.time_limit_seconds; }

  Bounder& bounder(long prec) {
    auto& b = bounders_.local()[prec];
    if (!b) {
      BounderOptions bo;
      bo.max_taylor_dim = o_.max_taylor_dim;
      bo.taylor_model_order = o_.taylor_model_order;
      bo.linear_relaxation = o_.linear_relaxation;
      bo.fast_path = o_.fast_path;
      // Both ends of f's range matter here, so every form runs (prune_at is never reached).
      bo.all_forms = true;
      bo.taylor_model_rel_tol = o_.rel_tol / Rational(4);
      b = make_bounder(prog_, Prec(prec), arithmetic_, bo);
    }
    return *b;
  }

  // Bounds one leaf (any thread): [m, M] from the combined enclosure of f over the box.
  Leaf bound_leaf(const Box& box, std::size_t node, long prec) {
    BoxBounds b = bounder(prec).bound(box, Rational(-1));
    Leaf l;
    l.box = box;
    l.node = node;
    l.m = Rational(0);
    if (b.combined && b.abs_upper) {
      l.m = round_down(abs_min(*b.combined));
      l.M = round_up(*b.abs_upper);
    }
    const Rational vol = box_volume(box);
    const long p = static_cast<long>(o_.p);
    l.low = vol * pow_int(l.m, p);
    if (l.M) {
      l.high = vol * pow_int(*l.M, p);
      l.gap = l.high - l.low;
    }
    l.dirty_gradient = std::move(b.dirty_gradient);
    l.bounded_at = l.prec = prec;
    if (dirty_needs_more_precision(box, b, prec, l)) {
      if (prec >= o_.max_prec) l.refinable = false;
      else l.prec = std::min(2 * prec, o_.max_prec);
    }
    return l;
  }

  // dirty: more precision when rounding errors, not the box width, would keep the leaf's
  // enclosure of |f| from shrinking, or when the box is too thin for this precision.
  bool dirty_needs_more_precision(const Box& box, const BoxBounds& b, long prec, const Leaf& l) const {
    const double size = l.M ? l.M->dirty_to_double() : 0.0;
    const double tol = std::max(o_.abs_tol.dirty_to_double(), o_.rel_tol.dirty_to_double() * size) / 8;
    if (l.M && b.dirty_rounding > tol) return true;
    for (std::size_t i = 0; i < box.dim(); ++i) {
      const double width = (box.hi[i] - box.lo[i]).dirty_to_double();
      const double mag = std::max(std::fabs(box.lo[i].dirty_to_double()), std::fabs(box.hi[i].dirty_to_double()));
      if (width < std::ldexp(mag, static_cast<int>(-(prec - 24)))) return true;
    }
    return false;
  }

  void add(Leaf l) {
    max_prec_used_ = std::max(max_prec_used_, l.prec);
    if (recording_) cover_.nodes[l.node].upper = l.M, leaf_lower_[l.node] = l.m;
    low_ += l.low;
    if (l.M) high_ += l.high;
    else ++unbounded_;
    ++leaves_;
    l.order = next_order_++;
    if (l.refinable) queue_.push(std::move(l));
  }

  void remove(const Leaf& l) {
    low_ -= l.low;
    if (l.M) high_ -= l.high;
    else --unbounded_;
    --leaves_;
  }

  // The current enclosure of the norm from the two sums.
  void bounds() {
    integral_lower_ = low_ * scale_;
    lower_ = root_down(integral_lower_, o_.p, kRootBits);
    if (unbounded_ == 0) {
      integral_upper_ = high_ * scale_;
      upper_ = root_up(*integral_upper_, o_.p, kRootBits);
    } else {
      integral_upper_.reset();
      upper_.reset();
    }
  }

  // Cuts up to kBatchLeaves leaves and bounds the halves in parallel; with the time limit passed,
  // a leaf whose halves were not both bounded stays whole.
  void refine_batch() {
    struct Job {
      Box box;
      std::size_t node;
      long prec;
      std::size_t parent;
    };
    std::vector<Job> jobs;
    std::vector<Leaf> parents;
    while (!queue_.empty() && parents.size() < kBatchLeaves && boxes_ + jobs.size() + 2 <= o_.max_boxes) {
      Leaf parent = queue_.top();
      queue_.pop();
      const std::optional<Split> s = choose_split(parent.box, parent.dirty_gradient, domain_);
      if (!s) continue;  // a point has volume 0: nothing to gain (it stays in the sums)
      auto [left, right] = split_box(parent.box, *s);
      const std::size_t first = record_cut(parent.node, *s);
      jobs.push_back({std::move(left), first, parent.prec, parents.size()});
      jobs.push_back({std::move(right), first + 1, parent.prec, parents.size()});
      parents.push_back(std::move(parent));
    }
    std::vector<Leaf> done(jobs.size());
    std::vector<char> skipped(jobs.size(), 0);
    auto work = [&](std::size_t k) {
      if (out_of_time()) { skipped[k] = 1; return; }
      done[k] = bound_leaf(jobs[k].box, jobs[k].node, jobs[k].prec);
    };
    if (arena_ && jobs.size() > 1) arena_->execute([&] { tbb::parallel_for(std::size_t(0), jobs.size(), work); });
    else for (std::size_t k = 0; k < jobs.size(); ++k) work(k);
    std::vector<char> restore(parents.size(), 0);
    for (std::size_t k = 0; k < jobs.size(); ++k)
      if (skipped[k]) restore[jobs[k].parent] = 1;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      if (skipped[k]) continue;
      ++boxes_;
      if (!restore[jobs[k].parent]) add(std::move(done[k]));
    }
    for (std::size_t p = 0; p < parents.size(); ++p) {
      if (restore[p]) {
        undo_cut(parents[p]);
        queue_.push(std::move(parents[p]));
      } else {
        remove(parents[p]);
      }
    }
  }

  std::size_t record_cut(std::size_t node, const Split& s) {
    if (!recording_) return 0;
    const std::size_t leaves = (cover_.nodes.size() + 1) / 2 + 1;
    if (leaves > o_.max_cover_leaves) {
      recording_ = false;
      cover_.nodes = {};
      leaf_lower_ = {};
      return 0;
    }
    CoverNode& n = cover_.nodes[node];
    n.first_child = cover_.nodes.size();
    n.dim = s.dim;
    n.at = s.at;
    n.upper.reset();
    cover_.nodes.resize(cover_.nodes.size() + 2);
    leaf_lower_.resize(cover_.nodes.size());
    return cover_.nodes[node].first_child;
  }

  void undo_cut(const Leaf& parent) {
    if (!recording_ || parent.node >= cover_.nodes.size()) return;
    CoverNode& n = cover_.nodes[parent.node];
    n.first_child = 0;
    n.upper = parent.M;
    leaf_lower_[parent.node] = parent.m;
  }

  void report() {
    if (!o_.progress) return;
    o_.progress(SupNormProgress{boxes_, lower_, upper_, queue_.size(), elapsed()});
  }

  LpNormResult result(SupNormStatus status) {
    LpNormResult r;
    r.status = status;
    r.integral_lower = integral_lower_;
    r.integral_upper = integral_upper_;
    r.lower = lower_;
    r.upper = upper_;
    if (r.upper && *r.upper < r.lower) throw std::logic_error("lp_norm: upper bound below lower bound (a soundness bug)");
    r.boxes = boxes_;
    r.leaves = leaves_;
    r.max_prec_used = max_prec_used_;
    r.threads = threads_;
    r.arithmetic = arithmetic_;
    r.elapsed_seconds = elapsed();
    if (recording_) r.cover = std::move(cover_), r.leaf_lower = std::move(leaf_lower_);
    return r;
  }

  const Program& prog_;
  const Box& domain_;
  const LpNormOptions& o_;
  std::chrono::steady_clock::time_point start_;
  Arithmetic arithmetic_;
  Rational scale_;
  unsigned threads_ = 1;
  std::unique_ptr<tbb::task_arena> arena_;
  tbb::enumerable_thread_specific<std::map<long, std::unique_ptr<Bounder>>> bounders_;
  std::priority_queue<Leaf, std::vector<Leaf>, PopsAfter> queue_;
  Rational low_{0}, high_{0};
  std::size_t unbounded_ = 0, leaves_ = 0;
  Rational integral_lower_{0}, lower_{0};
  std::optional<Rational> integral_upper_, upper_;
  std::uint64_t boxes_ = 0, next_order_ = 0;
  long max_prec_used_ = 0;
  SupNormCover cover_;
  std::vector<Rational> leaf_lower_;
  bool recording_ = true;
};

}  // namespace

LpNormResult lp_norm(const Program& prog, const Box& domain, const LpNormOptions& opts) {
  check_options(prog, domain, opts);
  return Integration(prog, domain, opts).run();
}

}  // namespace approxcert
