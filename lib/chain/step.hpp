#pragma once
// One step of an inequality chain: its description (StepSpec, fixed by the theorem module), its
// computation (a callable producing the two sides), and its result (verdict decided by the engine).
//
// A theorem module never decides a verdict itself: a computation returns an Outcome (enclosures of
// both sides), and the engine applies decide() from relation.hpp. For claims over many points
// ("for all grid points", "for all cell pairs") the computation feeds every point to a ForAll,
// which keeps the decisive point: the worst violation if any point refutes the claim (that point
// is the certified counterexample), else an undecided point, else the point of smallest margin.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "chain/enclosure.hpp"
#include "chain/relation.hpp"
#include "chain/verdict.hpp"
#include "scalar/arithmetic.hpp"
#include "scalar/prec.hpp"

namespace approxcert::chain {

// What the theorem module states about a step; copied verbatim into the certificate.
struct StepSpec {
  std::string id{};       // the claim's label in the specification: "S1", "V5", "A6", "Y-9"
  std::string claim{};    // the claim in words
  std::string symbols{};  // the claim in symbols (plain text or LaTeX): "sup |K - K_N| <= eps/2"
  Relation relation = Relation::LessEqual;
  std::string lhs_name{};   // what the left side is, in symbols: "T_1" (optional)
  std::string rhs_name{};   // what the right side is: "eps/2" (optional; "[a, b]" for ranges)
  std::string reference{};  // the paper's equation or lemma: "(2.5)", "Lemma 3.1", "chain after (2.7)"
  std::string status{};     // the spec's status tag: "P" (stated), "R" (reconstructed), "P/R", "P?", "H"
  std::string mode{};       // the spec's evaluation tag: "CF", "NET", "EX", "PR", "count" (optional)
  std::string coq_lemma{};  // Coq name of the numeric leaf: a Coq identifier, unique in the chain
  // For `approxcert coq` only (not recorded in certificates): the lemma of proofs/ that combines
  // this step, "File.lemma" (File = the .v file's base name), or empty with coq_note saying why
  // there is none; coq_note may also say how the step enters the lemma. Both empty: not known.
  std::string coq_proof{};
  std::string coq_note{};
};

// Counts of a "for all" step.
struct ForAllSummary {
  std::uint64_t points = 0, proved = 0, refuted = 0, unknown = 0;
};

// The sides of a claim at one point.
struct PointSides {
  Side lhs;
  Side rhs;
  std::optional<Side> rhs_high;
};

// What a computation returns: the enclosures of both sides (and of the range's upper end for
// "in" / "not in"), where they were evaluated, and optional auxiliary quantities to report.
struct Outcome {
  Side lhs;
  Side rhs;
  std::optional<Side> rhs_high;          // the range's upper end, iff the relation is a range
  Point at;                              // evaluation point; empty = the instance itself
  std::optional<ForAllSummary> for_all;  // set by ForAll::outcome()
  // Named auxiliary quantities (e.g. "N", "eps_NN", "slack ratio", "neurons (shared layer)"),
  // recorded in the certificate and visible to later steps through Attempt::reported().
  std::vector<std::pair<std::string, Side>> reported;
  // The exact candidate a non-rigorous search proposed and the sides certify (set by
  // search_then_certify() in chain/search_then_certify.hpp); recorded in the certificate, and what
  // verify re-certifies without searching again.
  std::optional<Point> candidate;
  // The sides at Attempt::watch (the point a certificate recorded), when verify asked for them and
  // the step evaluated that point (ForAll fills it in); verify compares them with the
  // record when the recomputation decides at another point (e.g. one of several tied points).
  std::optional<PointSides> at_watched;

  Outcome() = default;
  Outcome(Side l, Side r) : lhs(std::move(l)), rhs(std::move(r)) {}
  // lhs in [low, high] (for Relation::InClosed / NotInClosed).
  static Outcome in_range(Side value, Side low, Side high);
  Outcome& report(std::string name, Side value) {
    reported.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  Outcome& where(Point p) {
    at = std::move(p);
    return *this;
  }
};

// The points of one "for all" step that an attempt decided (proved or refuted), by their position
// in the order the step adds them, with their sides: the engine keeps one per step across the
// step's attempts, so that a retry at higher precision re-evaluates only the points still undecided
// (ForAll::reuse_settled). A decided point stays decided: its sides are certified enclosures at
// whatever precision decided it.
class SettledPoints {
 public:
  struct Entry {
    Point at;
    Side lhs, rhs;
    std::optional<Side> rhs_high;
  };
  const Entry* find(std::size_t index) const {
    return index < entries_.size() && entries_[index] ? &*entries_[index] : nullptr;
  }
  void record(std::size_t index, Entry e);

 private:
  std::vector<std::optional<Entry>> entries_;
};

// Accumulates a claim over many points and keeps the decisive one (see the file comment).
// Obtain it from Attempt::for_all() so that it uses the step's relation. The decisive point is the
// first point, in the order added, of the largest severity (refuted > unknown > proved) and, among
// refutations the largest violation, among proofs the smallest margin; so feeding consecutive
// parts of a sequence to separate ForAlls and merging them in order gives the same outcome as one
// ForAll fed the whole sequence (see chain/for_all_parallel.hpp).
class ForAll {
 public:
  // `watch` (may be null): a point whose sides are kept as well (Outcome::at_watched).
  // `settled` (may be null): records every decided point there, and lets reuse_settled() replay
  // what an earlier attempt decided.
  explicit ForAll(Relation r, const Point* watch = nullptr, SettledPoints* settled = nullptr)
      : relation_(r), watch_(watch), settled_(settled) {}
  // Decides `lhs relation rhs` at `at` (rhs_high for ranges) and keeps it if it is worse than the
  // current decisive point. Returns the point's verdict, so that a caller may stop early.
  Verdict add(Point at, Side lhs, Side rhs, std::optional<Side> rhs_high = std::nullopt);
  // The same, with the point built by make_point() only if it becomes the decisive one (naming a
  // point costs more than deciding it), and the sides copied only then.
  template <class MakePoint>
  requires std::is_invocable_r_v<Point, MakePoint&> Verdict add(MakePoint&& make_point, const Side& lhs,
                                                                const Side& rhs, const Side* rhs_high = nullptr) {
    Judged j = judge(lhs, rhs, rhs_high);
    const std::size_t index = next_++;
    const bool record = settled_ && j.verdict != Verdict::Unknown && !settled_->find(index);
    if (!watch_ && !record) {
      if (j.keep) keep(j, make_point(), lhs, rhs, rhs_high);
      return j.verdict;
    }
    Point at = make_point();  // verify asked for a point, or the point is recorded: it is named
    const std::optional<Side> high = rhs_high ? std::optional<Side>(*rhs_high) : std::nullopt;
    if (watch_ && !watched_ && at == *watch_) watched_ = PointSides{lhs, rhs, high};
    if (record) settled_->record(index, {at, lhs, rhs, high});
    if (j.keep) keep(j, std::move(at), lhs, rhs, rhs_high);
    return j.verdict;
  }
  // If the next k points were all decided by an earlier attempt (SettledPoints), adds them again
  // with their recorded points and sides and returns true; else adds nothing and returns false.
  // A step that asks this before evaluating k points evaluates, on a retry, only undecided ones.
  bool reuse_settled(std::size_t k);
  // The same, decided in doubles where lhs, rhs (and rhs_high for a range) are given: the sides are
  // then the exact points lhs, rhs, rhs_high, decided by decide_doubles() (the same verdict and
  // margin as add()), and sides() -> PointSides builds them only if the point becomes the decisive
  // one (they must be those exact points: std::logic_error otherwise). Where a value is not given,
  // decide_doubles() declines, a point is watched or points are recorded (SettledPoints), this is add() with the sides
  // of sides(). So the counts, verdicts and decisive point are those of add() with the sides of sides().
  template <class MakePoint, class MakeSides>
  requires std::is_invocable_r_v<Point, MakePoint&> && std::is_invocable_r_v<PointSides, MakeSides&> Verdict
  add_exact_first(MakePoint&& make_point, std::optional<double> lhs, std::optional<double> rhs,
                  std::optional<double> rhs_high, MakeSides&& sides) {
    std::optional<DoubleVerdictMargin> d;
    if (!watch_ && !settled_ && lhs && rhs && (rhs_high || !is_range(relation_)))
      d = decide_doubles(relation_, *lhs, *rhs, rhs_high ? &*rhs_high : nullptr);
    if (!d) {
      const PointSides s = sides();
      return add(make_point, s.lhs, s.rhs, s.rhs_high ? &*s.rhs_high : nullptr);
    }
    count(d->verdict);
    const Margin m{std::nullopt, d->margin};
    if (worse(d->verdict, m)) keep_doubles(d->verdict, m, make_point(), sides(), *lhs, *rhs, rhs_high);
    return d->verdict;
  }
  // Folds in `later`, whose points come after this one's: the result is what one ForAll would
  // hold after being fed this one's points and then later's.
  void merge(ForAll&& later);
  const ForAllSummary& summary() const { return summary_; }
  // The decisive point's sides, with `at` and `for_all` filled in. No point at all is a
  // std::logic_error (a vacuous claim must be stated as such, not certified).
  Outcome outcome() const;

 private:
  // A point's margin, exact: as a Rational, or as an ExactDifference (decided in doubles; compared
  // with another ExactDifference without GMP), or both; neither for an unknown verdict.
  struct Margin {
    std::optional<Rational> rational;
    std::optional<ExactDifference> doubles;
    bool known() const { return rational || doubles; }
  };
  static bool less(const Margin& a, const Margin& b);
  struct Judged {
    Verdict verdict;
    Margin margin;
    bool keep;  // worse than the current decisive point (or the first point)
  };
  // Decides one point (with decide() and margin() of relation.hpp), counts it, and tells whether
  // it replaces the decisive point.
  Judged judge(const Side& lhs, const Side& rhs, const Side* rhs_high);
  void count(Verdict v);
  bool worse(Verdict v, const Margin& m) const;
  void keep(Judged& j, Point at, Side lhs, Side rhs, const Side* rhs_high);
  void keep_doubles(Verdict v, const Margin& m, Point at, PointSides sides, double lhs, double rhs,
                    std::optional<double> rhs_high);

  Relation relation_;
  const Point* watch_ = nullptr;
  SettledPoints* settled_ = nullptr;
  std::size_t next_ = 0;  // the position of the next point added
  std::optional<PointSides> watched_;
  ForAllSummary summary_;
  std::optional<Outcome> worst_;
  Verdict worst_verdict_ = Verdict::Proved;
  Margin worst_margin_;
};

// The claim "the values are pairwise distinct" (Relation::Distinct): sorts the enclosures and
// decides adjacent pairs as "!=" (pairwise disjoint iff adjacent ones are, after sorting by
// (lower, upper)). The outcome records the decisive pair with at = {i, j} (indices into values).
// At least two values are required (std::logic_error otherwise).
Outcome distinct(const std::vector<Side>& values);

struct StepResult;

// What a computation receives: precision, engine, retry index, and the chain's results so far.
struct Attempt {
  Prec prec;                               // working precision of this attempt
  Arithmetic engine;                       // Ball normally; Interval when verify re-checks
  int index;                               // 0 first attempt, 1, 2, ... retries (higher prec)
  Relation relation;                       // the step's relation
  const std::vector<StepResult>* earlier;  // results of the steps before this one, in order
  // Search-then-certify steps (chain/search_then_certify.hpp): the candidate to certify. The
  // engine sets it to the candidate recorded in a certificate when verify re-runs the step (else
  // nullptr: the step searches); the certification reads it with candidate_values().
  const Point* candidate = nullptr;
  // When verify re-runs a step: the point the certificate recorded for it (else nullptr). for_all()
  // returns the sides at that point too, so that a recorded point is checked even
  // when the recomputation decides at another (tied) point.
  const Point* watch = nullptr;
  // The points this step's earlier attempts decided (kept by the engine across the attempts).
  SettledPoints* settled = nullptr;

  // A budget that grows with the retries: base * 4^index (e.g. sup-norm max boxes).
  std::uint64_t scaled_budget(std::uint64_t base) const { return base << (2 * index); }
  // The result of an earlier step by id (std::logic_error if there is none before this step).
  const StepResult& result(std::string_view id) const;
  // A quantity an earlier step reported under `name` (std::logic_error if none did).
  const Side& reported(std::string_view step_id, std::string_view name) const;
  ForAll for_all() const { return ForAll(relation, watch); }
  // The same, remembering its decided points for the next attempt (ForAll::reuse_settled). For a
  // step that feeds all its points, in a fixed order, to this one ForAll.
  ForAll for_all_reusing() const { return ForAll(relation, watch, settled); }
};

// How a step is computed. Build one with exact(), ball() or generic() below.
struct Computation {
  enum class Kind : unsigned char {
    Exact,     // sides are exact rationals: run once, never retried (prec/engine ignored)
    BallOnly,  // uses Ball: retried at higher precision; verify re-runs it at other precisions
    Generic,   // written for any RigorousScalar: verify re-runs it with Interval (MPFI)
  };
  Kind kind;
  std::function<Outcome(const Attempt&)> run;
};

// f() -> Outcome with exact sides (Side::exact / Side::derived of exact enclosures).
template <class F>
Computation exact(F f) {
  return {Computation::Kind::Exact, [f = std::move(f)](const Attempt&) { return f(); }};
}
// f(const Attempt&) -> Outcome, computed with Ball at a.prec.
template <class F>
Computation ball(F f) {
  return {Computation::Kind::BallOnly, std::move(f)};
}
// f is a template lambda  []<class S>(const Attempt& a) -> Outcome  that works for S = Ball and
// S = Interval; the engine instantiates it with the Attempt's engine.
template <class F>
Computation generic(F f) {
  return {Computation::Kind::Generic, [f = std::move(f)](const Attempt& a) -> Outcome {
            if (a.engine == Arithmetic::Interval) return f.template operator()<Interval>(a);
            return f.template operator()<Ball>(a);
          }};
}

// The same computation, its sides marked for verify as trusted as recorded (Evidence::trusted):
// the lhs for `lhs_reason`, the rhs (and rhs_high) for `rhs_reason` if not empty; a side that
// records a recheck or already carries a mark (a sup-norm side) is left as it is.
Computation trusting(Computation c, std::string lhs_reason, std::string rhs_reason = {});

// A step as run by the engine: its spec, the outcome of the last attempt, the decided verdict.
struct StepResult {
  StepSpec spec;
  Verdict verdict = Verdict::Unknown;
  Outcome outcome;
  Computation::Kind kind = Computation::Kind::Exact;
  Arithmetic engine = Arithmetic::Ball;
  long prec_bits = 0;          // precision of the attempt that gave the verdict (0 for exact)
  int attempts = 0;            // number of attempts made
  double elapsed_seconds = 0;  // wall time of all attempts (volatile: not part of the hash)
  std::string error{};         // non-empty if the computation threw (verdict is then unknown)
};

}  // namespace approxcert::chain
