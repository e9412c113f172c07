#include "supnorm/supnorm.hpp"

#include <algorithm>
#include <stdexcept>

#include "forms/monotonicity.hpp"
#include "supnorm/batch_refinement.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/frontier.hpp"
#include "supnorm/splitter.hpp"

namespace approxcert {

std::string_view to_string(SupNormStatus s) {
  switch (s) {
    case SupNormStatus::Converged: return "converged";
    case SupNormStatus::BudgetExhausted: return "budget_exhausted";
    case SupNormStatus::PrecisionExhausted: return "precision_exhausted";
    case SupNormStatus::ClaimDecided: return "claim_decided";
  }
  return "?";
}

namespace {

// At most 2^4 pieces of a parent at once (dirty_split_levels): on tanh width 64, d = 4, 2 or 3 levels
// left 154k and 143k boxes against 119k with 4.
constexpr std::size_t kMaxSplitLevels = 4;
// Jobs bounded together (Bounder::bound_all: the fast path's evaluations in batched passes of up to
// 8 lanes); groups of consecutive jobs, so a batch of 16 still gives two threads a group each.
constexpr std::size_t kGroupBoxes = 8;

// A box just bounded, with what its refinement needs.
struct Bounded {
  FrontierBox box;
  std::optional<WitnessCandidate> best;
  bool refinable = true;
  std::optional<MonotoneCoordinate> monotone;  // the monotonicity test held (BoxBounds::monotone)
};

void check_options(const Program& prog, const Box& domain, const SupNormOptions& o) {
  check_engine_inputs("sup_norm", prog, domain, o);
  for (std::size_t i = 0; i < domain.dim(); ++i)
    if (domain.hi[i] < domain.lo[i]) throw std::invalid_argument("sup_norm: empty domain");
  if (o.batch_parents == 0) throw std::invalid_argument("sup_norm: batch_parents must be at least 1");
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
      : domain_(domain),
        o_(o),
        pool_(prog, o.arithmetic, o.threads, o.time_limit_seconds, bounder_options(o, domain)),
        cover_(o.max_cover_leaves, /*lower_bounds=*/false) {}

  SupNormResult run() {
    max_prec_used_ = o_.prec;
    absorb(bound_box(domain_, 0, o_.prec, Rational(0)));
    boxes_ = 1;
    std::optional<SupNormStatus> status;
    for (;;) {
      drop_settled();
      const std::optional<Rational> upper = frontier_.upper_bound();
      status = stop_status(lower_, upper, o_.rel_tol, o_.abs_tol, frontier_.empty(), boxes_, o_.max_boxes, pool_);
      if (status != SupNormStatus::Converged && o_.claim_upper &&
          upper_claim(lower_, upper, *o_.claim_upper) != Truth::Unknown)
        status = SupNormStatus::ClaimDecided;
      if (status) break;
      refine_batch();
      report();
    }
    return result(*status);
  }

 private:
  // The Taylor-model form refines to a quarter of the tolerances, leaving room for the box cover.
  static BounderOptions bounder_options(const SupNormOptions& o, const Box& domain) {
    BounderOptions b = shared_bounder_options(o);
    b.linear_on_smooth_boxes = o.linear_on_smooth_boxes;
    b.taylor_model_rel_tol = o.rel_tol / Rational(2);
    b.taylor_model_abs_tol = o.abs_tol / Rational(2);
    b.test_only_shrink_centred_form = o.test_only_shrink_centred_form;
    b.test_only_shrink_taylor_model_form = o.test_only_shrink_taylor_model_form;
    b.removable_zeros = o.removable_zeros;
    if (o.monotonicity && o.removable_zeros.empty()) b.monotonicity_domain = domain;
    return b;
  }

  // Bounds one box (any thread) and decides the precision its refinement needs.
  Bounded bound_box(const Box& box, std::size_t node, long prec, const Rational& prune_at) {
    BoxBounds b = pool_.bounder(prec).bound(box, prune_at);
    Bounded out;
    bounded(box, node, prec, prune_at, b, out);
    return out;
  }
  // bound_box for jobs first .. first + count - 1 (one precision), bounded together, into
  // out[0 .. count - 1]; their boxes move into the results.
  void bound_boxes(std::vector<BatchJob>& jobs, std::size_t first, std::size_t count, const Rational& prune_at,
                   Bounded* out) {
    std::vector<const Box*> boxes(count);
    for (std::size_t k = 0; k < count; ++k) boxes[k] = &jobs[first + k].box;
    const long prec = jobs[first].prec;
    std::vector<BoxBounds> b = pool_.bounder(prec).bound_all(boxes, prune_at);
    for (std::size_t k = 0; k < count; ++k)
      bounded(std::move(jobs[first + k].box), jobs[first + k].node, prec, prune_at, b[k], out[k]);
  }
  // out := the box's bounds b as the search keeps them, with the precision its refinement needs.
  // b's parts are moved out (a BoxBounds is many Rationals, and each move of one allocates).
  void bounded(Box box, std::size_t node, long prec, const Rational& prune_at, BoxBounds& b, Bounded& out) {
    if (o_.witness_box && b.best) b.best = inside_witness_box(std::move(*b.best), prec);
    out.box.box = std::move(box);
    out.box.node = node;
    out.box.upper = std::move(b.abs_upper);
    out.box.dirty_gradient = std::move(b.dirty_gradient);
    out.box.bounded_at = prec;
    out.box.prec = prec;
    if (dirty_needs_more_precision(out.box.box, b, prec, prune_at)) {
      if (prec >= o_.max_prec) out.refinable = false;
      else out.box.prec = std::min(2 * prec, o_.max_prec);
    }
    out.best = std::move(b.best);
    out.monotone = b.monotone;
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
    const std::optional<Range> value = pool_.bounder(prec).value_at(c.point);
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
    return b.dirty_rounding * 8 > tol || dirty_box_too_thin(box, prec);
  }

  // A point evaluated rigorously raises the lower bound whatever happens to its box.
  void absorb_witness(Bounded& b) {
    if (b.best && (!witness_ || lower_ < b.best->abs_lower)) {
      lower_ = b.best->abs_lower;
      witness_ = std::move(b.best);
    }
  }

  void absorb(Bounded&& b) {
    absorb_witness(b);
    if (b.monotone) return absorb_monotone(std::move(b));
    max_prec_used_ = std::max(max_prec_used_, b.box.prec);
    cover_.set_leaf(b.box.node, b.box.upper);
    if (b.box.upper && *b.box.upper <= lower_) frontier_.drop(b.box.upper);
    else if (!b.refinable) frontier_.retire(b.box.upper);
    else frontier_.push(std::move(b.box));
  }

  // A box where the monotonicity test held: no maximiser of |f| lies in it off its faces on the
  // domain's boundary in that coordinate (monotonicity.hpp), so it is replaced by those faces, each
  // bounded by the box's bound until it is bounded on its own (next batch); with none it is gone.
  void absorb_monotone(Bounded&& b) {
    std::vector<Box> faces = boundary_faces(b.box.box, domain_, b.monotone->dim);
    const std::size_t first = cover_.monotone(b.box.node, b.monotone->dim, b.monotone->sign, faces.size());
    if (faces.empty()) ++eliminated_;
    for (std::size_t k = 0; k < faces.size(); ++k) {
      ++faces_;
      FrontierBox face;
      face.box = std::move(faces[k]);
      face.upper = b.box.upper;
      face.bounded_at = b.box.bounded_at;
      face.prec = b.box.prec;
      face.node = first + k;
      face.needs_bound = true;
      cover_.set_leaf(face.node, face.upper);
      if (face.upper && *face.upper <= lower_) frontier_.drop(face.upper);
      else frontier_.push(std::move(face));
    }
  }

  // What several cuts at once are judged against (dirty_split_levels): the lower bound, or with a
  // claim above it the claim's bound, which is all a box's bound needs to reach then.
  const Rational& cut_goal() const { return o_.claim_upper && lower_ < *o_.claim_upper ? *o_.claim_upper : lower_; }

  void drop_settled() {
    while (!frontier_.empty() && frontier_.top().upper && *frontier_.top().upper <= lower_)
      frontier_.drop(frontier_.pop().upper);
  }

  // Splits up to o_.batch_parents frontier boxes and bounds the children in parallel. Once the time
  // limit passes, the remaining jobs are skipped and each parent with a skipped child goes back
  // to the frontier whole (its bound still covers it), so the budget is honoured within one box
  // evaluation, not one batch.
  void refine_batch() {
    std::vector<BatchJob> jobs;
    std::vector<FrontierBox> parents;
    jobs.reserve(2 * o_.batch_parents + 16);  // a batch stops below 2 batch_parents jobs plus one parent's 2^4 pieces
    parents.reserve(2 * o_.batch_parents);    // each parent adds a job (a FrontierBox copies when the vector grows)
    while (!frontier_.empty() && jobs.size() < 2 * o_.batch_parents && boxes_ + jobs.size() + 2 <= o_.max_boxes) {
      FrontierBox parent = frontier_.pop();
      if (parent.upper && *parent.upper <= lower_) {
        frontier_.drop(parent.upper);
        continue;
      }
      const std::optional<Split> s =
          parent.needs_bound ? std::nullopt : choose_split(parent.box, parent.dirty_gradient, domain_);
      if (parent.needs_bound) {  // a face: bounded whole first (restored as it is if skipped)
        jobs.push_back({parent.box, parent.node, parent.prec, parents.size()});
      } else if (!s) {  // a single point: only more precision can help
        if (parent.prec > parent.bounded_at) jobs.push_back({parent.box, parent.node, parent.prec, parents.size()});
        else {
          frontier_.retire(parent.upper);
          continue;
        }
      } else {
        std::size_t levels = 1;
        if (o_.several_cuts && parent.upper)
          levels = dirty_split_levels(parent.box, parent.upper->dirty_to_double(), cut_goal().dirty_to_double(),
                                      kMaxSplitLevels);
        while (levels > 1 && boxes_ + jobs.size() + (std::size_t(1) << levels) > o_.max_boxes) --levels;
        push_cuts(jobs, parent.box, *s, levels, parent.dirty_gradient, domain_, parent.node, parent.prec,
                  parents.size(), cover_);
      }
      parents.push_back(std::move(parent));
    }
    const Rational prune_at = lower_;
    auto batch = pool_.bound_groups<Bounded>(
        jobs, parents.size(), kGroupBoxes,
        [&](std::size_t first, std::size_t count, Bounded* out) { bound_boxes(jobs, first, count, prune_at, out); });
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      if (batch.skipped[k]) continue;
      ++boxes_;
      if (batch.restore[jobs[k].parent]) absorb_witness(batch.done[k]);  // its box stays inside the restored parent
      else absorb(std::move(batch.done[k]));
    }
    for (std::size_t p = 0; p < parents.size(); ++p)
      if (batch.restore[p]) {
        cover_.undo_cut(parents[p].node, parents[p].upper);
        frontier_.push(std::move(parents[p]));
      }
  }

  void report() {
    if (!o_.progress) return;
    o_.progress(SupNormProgress{boxes_, lower_, frontier_.upper_bound(), frontier_.size(), pool_.elapsed()});
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
    r.monotone_eliminated = eliminated_;
    r.monotone_faces = faces_;
    r.max_prec_used = max_prec_used_;
    pool_.record_run(r);
    r.cover = cover_.take_cover();
    return r;
  }

  const Box& domain_;
  const SupNormOptions& o_;
  BoundingPool pool_;
  CoverRecorder cover_;
  Frontier frontier_;
  Rational lower_{0};
  std::optional<WitnessCandidate> witness_;
  std::uint64_t boxes_ = 0;
  std::uint64_t eliminated_ = 0, faces_ = 0;
  long max_prec_used_ = 0;
};

}  // namespace

SupNormResult sup_norm(const Program& prog, const Box& domain, const SupNormOptions& opts) {
  check_options(prog, domain, opts);
  return Search(prog, domain, opts).run();
}

}  // namespace approxcert
