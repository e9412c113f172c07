#include "supnorm/lpnorm.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <queue>
#include <stdexcept>

#include "forms/dyadic.hpp"
#include "scalar/rational_root.hpp"
#include "supnorm/batch_refinement.hpp"
#include "supnorm/leaf_integral.hpp"
#include "supnorm/splitter.hpp"

namespace approxcert {

std::string_view to_string(LpMethod m) {
  return m == LpMethod::LeafSums ? "leaf_sums" : m == LpMethod::ArbIntegration ? "arb_integration" : "auto";
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
  Rational low, high;             // low <= integral over the box of |f|^p <= high (high meaningless
                                  // when M is absent): vol m^p and vol M^p, tightened by `integral`
  std::optional<Range> integral;  // the second-order form's enclosure (leaf_integral.hpp), rounded outward
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
  check_engine_inputs("lp_norm", prog, domain, o);
  for (std::size_t i = 0; i < domain.dim(); ++i)
    if (!(domain.lo[i] < domain.hi[i])) throw std::invalid_argument("lp_norm: the domain has zero volume");
  if (o.p < 1 || o.p > kMaxLpExponent) throw std::invalid_argument("lp_norm: need 1 <= p <= 1000");
}

Rational round_down(const Rational& x) { return x.sign() == 0 ? x : parse_rational(decimal_down(x, kLeafDigits)); }
Rational round_up(const Rational& x) { return x.sign() == 0 ? x : parse_rational(decimal_up(x, kLeafDigits)); }

class Integration {
 public:
  Integration(const Program& prog, const Box& domain, const LpNormOptions& o)
      : domain_(domain),
        o_(o),
        pool_(prog, o.arithmetic, o.threads, o.time_limit_seconds, bounder_options(o)),
        cover_(o.max_cover_leaves, /*lower_bounds=*/true),
        scale_(Rational(1)) {
    if (o.normalized) scale_ = Rational(1) / box_volume(domain);
  }

  LpNormResult run() {
    max_prec_used_ = o_.prec;
    add(bound_leaf(domain_, 0, o_.prec));
    boxes_ = 1;
    std::optional<SupNormStatus> status;
    for (;;) {
      bounds();
      report();
      status = stop_status(lower_, upper_, o_.rel_tol, o_.abs_tol, queue_.empty(), boxes_, o_.max_boxes, pool_);
      if (status) break;
      refine_batch();
    }
    return result(*status);
  }

 private:
  // Both ends of f's range matter here, so every form runs (prune_at is never reached).
  static BounderOptions bounder_options(const LpNormOptions& o) {
    BounderOptions bo = shared_bounder_options(o);
    bo.all_forms = true;
    bo.taylor_model_rel_tol = o.rel_tol / Rational(4);
    return bo;
  }

  // Bounds one leaf (any thread): [m, M] from the combined enclosure of f over the box.
  Leaf bound_leaf(const Box& box, std::size_t node, long prec) {
    BoxBounds b = pool_.bounder(prec).bound(box, Rational(-1));
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
    if (l.M) l.high = vol * pow_int(*l.M, p);
    if (o_.second_order_leaves && l.M && l.m.sign() > 0 && !b.gradient.empty() &&
        dirty_second_order_may_help(l.m, *l.M)) {
      std::vector<Rational> c(box.dim());
      for (std::size_t i = 0; i < c.size(); ++i)
        c[i] = dyadic_near((box.lo[i] + box.hi[i]) / Rational(2), box.lo[i], box.hi[i]);
      if (const std::optional<Range> v = pool_.bounder(prec).value_at(c))
        if (const std::optional<Range> I = mean_value_leaf_integral(box, o_.p, *b.combined, b.gradient, c, *v)) {
          l.integral = Range{round_down(I->lo), round_up(I->hi)};
          l.low = max(l.low, l.integral->lo);
          l.high = min(l.high, l.integral->hi);
        }
    }
    if (l.M) l.gap = l.high - l.low;
    l.dirty_gradient = std::move(b.dirty_gradient);
    l.bounded_at = l.prec = prec;
    if (dirty_needs_more_precision(box, b, prec, l)) {
      if (prec >= o_.max_prec) l.refinable = false;
      else l.prec = std::min(2 * prec, o_.max_prec);
    }
    return l;
  }

  // dirty: the second-order form's gap has a part (p - 1)(M - m)/M times the zeroth order's (the
  // width of p |f|^(p-1) over the leaf), so it can only be tighter where (p - 1)(M - m) < M: skip
  // it elsewhere (for p = 1000 it cost 2.6x the time for the same boxes; never for p <= 2).
  bool dirty_second_order_may_help(const Rational& m, const Rational& M) const {
    const double lo = m.dirty_to_double(), hi = M.dirty_to_double();
    return static_cast<double>(o_.p - 1) * (hi - lo) < hi;
  }

  // dirty: more precision when rounding errors, not the box width, would keep the leaf's
  // enclosure of |f| from shrinking, or when the box is too thin for this precision.
  bool dirty_needs_more_precision(const Box& box, const BoxBounds& b, long prec, const Leaf& l) const {
    const double size = l.M ? l.M->dirty_to_double() : 0.0;
    const double tol = std::max(o_.abs_tol.dirty_to_double(), o_.rel_tol.dirty_to_double() * size) / 8;
    return (l.M && b.dirty_rounding > tol) || dirty_box_too_thin(box, prec);
  }

  void add(Leaf l) {
    max_prec_used_ = std::max(max_prec_used_, l.prec);
    cover_.set_leaf(l.node, l.M, l.m);
    if (cover_.recording()) {
      if (leaf_integrals_.size() <= l.node) leaf_integrals_.resize(l.node + 1);
      leaf_integrals_[l.node] = l.integral;
    }
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
    std::vector<BatchJob> jobs;
    std::vector<Leaf> parents;
    while (!queue_.empty() && parents.size() < kBatchLeaves && boxes_ + jobs.size() + 2 <= o_.max_boxes) {
      Leaf parent = queue_.top();
      queue_.pop();
      const std::optional<Split> s = choose_split(parent.box, parent.dirty_gradient, domain_);
      if (!s) continue;  // a point has volume 0: nothing to gain (it stays in the sums)
      push_cuts(jobs, parent.box, *s, 1, parent.dirty_gradient, domain_, parent.node, parent.prec, parents.size(),
                cover_);
      parents.push_back(std::move(parent));
    }
    auto batch = pool_.bound_batch<Leaf>(jobs, parents.size(),
                                         [&](const BatchJob& j) { return bound_leaf(j.box, j.node, j.prec); });
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      if (batch.skipped[k]) continue;
      ++boxes_;
      if (!batch.restore[jobs[k].parent]) add(std::move(batch.done[k]));
    }
    for (std::size_t p = 0; p < parents.size(); ++p) {
      if (!batch.restore[p]) {
        remove(parents[p]);
        continue;
      }
      cover_.undo_cut(parents[p].node, parents[p].M, parents[p].m);
      queue_.push(std::move(parents[p]));
    }
  }

  void report() {
    if (!o_.progress) return;
    o_.progress(SupNormProgress{boxes_, lower_, upper_, queue_.size(), pool_.elapsed()});
  }

  LpNormResult result(SupNormStatus status) {
    LpNormResult r;
    r.status = status;
    r.integral_lower = integral_lower_;
    r.integral_upper = integral_upper_;
    r.lower = lower_;
    r.upper = upper_;
    if (r.upper && *r.upper < r.lower)
      throw std::logic_error("lp_norm: upper bound below lower bound (a soundness bug)");
    r.boxes = boxes_;
    r.leaves = leaves_;
    r.max_prec_used = max_prec_used_;
    pool_.record_run(r);
    r.cover = cover_.take_cover();
    if (r.cover) {
      r.leaf_lower = cover_.take_lower_bounds();
      leaf_integrals_.resize(r.cover->nodes.size());
      r.leaf_integrals = std::move(leaf_integrals_);
    }
    return r;
  }

  const Box& domain_;
  const LpNormOptions& o_;
  BoundingPool pool_;
  CoverRecorder cover_;
  Rational scale_;
  std::priority_queue<Leaf, std::vector<Leaf>, PopsAfter> queue_;
  std::vector<std::optional<Range>> leaf_integrals_;  // by cover node, while the cover is recorded
  Rational low_{0}, high_{0};
  std::size_t unbounded_ = 0, leaves_ = 0;
  Rational integral_lower_{0}, lower_{0};
  std::optional<Rational> integral_upper_, upper_;
  std::uint64_t boxes_ = 0, next_order_ = 0;
  long max_prec_used_ = 0;
};

// dirty (a heuristic: the settings do not affect soundness): a relative accuracy goal in bits
// somewhat finer than rel_tol asks for, and a working precision above it.
ArbIntegralSettings dirty_arb_settings(const LpNormOptions& o) {
  const double rel = o.rel_tol.dirty_to_double();
  long goal = rel > 0 ? static_cast<long>(std::ceil(-std::log2(rel))) + 8 : 64;
  goal = std::clamp<long>(goal, 16, kMaxArbIntegralBits / 2);
  ArbIntegralSettings s;
  s.goal_bits = goal;
  s.prec = std::clamp<long>(std::max(o.prec, goal + 64), 16, kMaxArbIntegralBits);
  s.tol_exponent = -s.prec;
  return s;
}

// The one-input integral by acb_calc_integrate, at the settings and (LpMethod::ArbIntegration) once
// more at twice their precision and goal if the first run does not reach the tolerances; absent
// when no run gave a finite enclosure.
std::optional<LpNormResult> arb_lp_norm(const Program& prog, const Box& domain, const LpNormOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  const Rational scale = o.normalized ? Rational(1) / box_volume(domain) : Rational(1);
  std::optional<LpNormResult> best;
  ArbIntegralSettings s = dirty_arb_settings(o);
  for (int attempt = 0; attempt < 2; ++attempt) {
    const std::optional<Range> integral = arb_integral_of_power(prog, domain.lo[0], domain.hi[0], o.p, s);
    if (!integral) break;
    LpNormResult r;
    r.method = LpMethod::ArbIntegration;
    r.integration = s;
    r.integral_lower = integral->lo * scale;
    r.integral_upper = integral->hi * scale;
    r.lower = root_down(r.integral_lower, o.p, kRootBits);
    r.upper = root_up(*r.integral_upper, o.p, kRootBits);
    if (*r.upper < r.lower) throw std::logic_error("lp_norm: upper bound below lower bound (a soundness bug)");
    r.status = within_tolerance(r.lower, r.upper, o.rel_tol, o.abs_tol) ? SupNormStatus::Converged
                                                                        : SupNormStatus::BudgetExhausted;
    r.max_prec_used = s.prec;
    r.threads = 1;
    r.arithmetic = Arithmetic::Ball;
    r.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::move(r);
    // Auto does not retry: what keeps Arb from converging is mostly non-holomorphic stretches (a
    // zero of f of high order under |.| for odd p), which more precision does not cure; the leaf
    // sums take over instead.
    if (best->status == SupNormStatus::Converged || o.method == LpMethod::Auto ||
        2 * s.prec > std::min(o.max_prec, kMaxArbIntegralBits))
      break;
    s.prec *= 2;
    s.goal_bits = std::min(2 * s.goal_bits, kMaxArbIntegralBits);
    s.tol_exponent = -s.prec;
  }
  return best;
}

}  // namespace

LpNormResult lp_norm(const Program& prog, const Box& domain, const LpNormOptions& opts) {
  check_options(prog, domain, opts);
  if (opts.method == LpMethod::ArbIntegration && prog.num_inputs() != 1)
    throw std::invalid_argument("lp_norm: Arb's integration needs a program of one input");
  if (opts.method != LpMethod::LeafSums && prog.num_inputs() == 1) {
    std::optional<LpNormResult> r = arb_lp_norm(prog, domain, opts);
    if (r && (r->status == SupNormStatus::Converged || opts.method == LpMethod::ArbIntegration)) return *r;
    if (opts.method == LpMethod::ArbIntegration) {  // no finite enclosure: say so with [0, inf)
      LpNormResult none;
      none.method = LpMethod::ArbIntegration;
      none.integration = dirty_arb_settings(opts);
      none.max_prec_used = none.integration->prec;
      none.status = SupNormStatus::BudgetExhausted;
      return none;
    }
  }
  return Integration(prog, domain, opts).run();
}

}  // namespace approxcert
