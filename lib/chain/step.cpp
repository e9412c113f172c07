#include "chain/step.hpp"
#include "chain/sorted_neighbours.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "scalar/fast_interval.hpp"

namespace approxcert::chain {

Outcome Outcome::in_range(Side value, Side low, Side high) {
  Outcome o(std::move(value), std::move(low));
  o.rhs_high = std::move(high);
  return o;
}

namespace {

// Severity order of a point's verdict for ForAll: a refutation beats everything, then unknown.
int severity(Verdict v) { return v == Verdict::Refuted ? 2 : v == Verdict::Unknown ? 1 : 0; }

}  // namespace

bool ForAll::less(const Margin& a, const Margin& b) {
  if (a.doubles && b.doubles) return *a.doubles < *b.doubles;
  return (a.rational ? *a.rational : a.doubles->exact()) < (b.rational ? *b.rational : b.doubles->exact());
}

bool ForAll::worse(Verdict v, const Margin& m) const {
  if (!worst_ || severity(v) > severity(worst_verdict_)) return true;
  if (severity(v) < severity(worst_verdict_) || !m.known() || !worst_margin_.known()) return false;
  // Among refutations keep the largest violation; among proofs the smallest slack.
  return v == Verdict::Refuted ? less(worst_margin_, m) : less(m, worst_margin_);
}

void ForAll::count(Verdict v) {
  ++summary_.points;
  (v == Verdict::Proved ? summary_.proved : v == Verdict::Refuted ? summary_.refuted : summary_.unknown)++;
}

ForAll::Judged ForAll::judge(const Side& lhs, const Side& rhs, const Side* rhs_high) {
  const Enclosure* high = rhs_high ? &rhs_high->value : nullptr;
  VerdictMargin d = decide_with_margin(relation_, lhs.value, rhs.value, high);  // one evaluation for both
  const Verdict v = d.verdict;
  Margin m{std::move(d.margin), std::nullopt};
  count(v);
  const bool replace = worse(v, m);
  return {v, std::move(m), replace};
}

void ForAll::keep(Judged& j, Point at, Side lhs, Side rhs, const Side* rhs_high) {
  Outcome o(std::move(lhs), std::move(rhs));
  if (rhs_high) o.rhs_high = *rhs_high;
  o.at = std::move(at);
  worst_ = std::move(o);
  worst_verdict_ = j.verdict;
  worst_margin_ = std::move(j.margin);
}

void ForAll::keep_doubles(Verdict v, const Margin& m, Point at, PointSides sides, double lhs, double rhs,
                          std::optional<double> rhs_high) {
  auto is_point = [](const Side& s, double x) { return s.value == Enclosure::exact(lower(FastInterval{x, x})); };
  if (!is_point(sides.lhs, lhs) || !is_point(sides.rhs, rhs) || sides.rhs_high.has_value() != rhs_high.has_value() ||
      (rhs_high && !is_point(*sides.rhs_high, *rhs_high)))
    throw std::logic_error("ForAll::add_exact_first: the sides are not the exact points decided");
  Judged j{v, Margin{m.doubles->exact(), m.doubles}, true};
  keep(j, std::move(at), std::move(sides.lhs), std::move(sides.rhs), sides.rhs_high ? &*sides.rhs_high : nullptr);
}

Verdict ForAll::add(Point at, Side lhs, Side rhs, std::optional<Side> rhs_high) {
  return add([&at] { return std::move(at); }, lhs, rhs, rhs_high ? &*rhs_high : nullptr);
}

void SettledPoints::record(std::size_t index, Entry e) {
  if (entries_.size() <= index) entries_.resize(index + 1);
  entries_[index] = std::move(e);
}

bool ForAll::reuse_settled(std::size_t k) {
  if (!settled_) return false;
  for (std::size_t i = 0; i < k; ++i)
    if (!settled_->find(next_ + i)) return false;
  for (std::size_t i = 0; i < k; ++i) {
    const SettledPoints::Entry& e = *settled_->find(next_);
    add([&e] { return e.at; }, e.lhs, e.rhs, e.rhs_high ? &*e.rhs_high : nullptr);
  }
  return true;
}

void ForAll::merge(ForAll&& later) {
  if (later.relation_ != relation_) throw std::logic_error("ForAll::merge: different relations");
  if (settled_ || later.settled_)
    throw std::logic_error("ForAll::merge: a ForAll that reuses settled points is not merged");
  summary_.points += later.summary_.points;
  summary_.proved += later.summary_.proved;
  summary_.refuted += later.summary_.refuted;
  summary_.unknown += later.summary_.unknown;
  // A later point replaces an earlier one only if strictly worse, as in add().
  if (later.worst_ && worse(later.worst_verdict_, later.worst_margin_)) {
    worst_ = std::move(later.worst_);
    worst_verdict_ = later.worst_verdict_;
    worst_margin_ = std::move(later.worst_margin_);
  }
  if (!watched_) watched_ = std::move(later.watched_);
}

Outcome ForAll::outcome() const {
  if (!worst_) throw std::logic_error("ForAll::outcome: no point was added (a vacuous claim is not certified)");
  Outcome o = *worst_;
  o.for_all = summary_;
  o.at_watched = watched_;
  return o;
}

Outcome distinct(const std::vector<Side>& values) {
  if (values.size() < 2) throw std::logic_error("distinct: needs at least two values");
  for (const Side& s : values)
    if (!s.value.bounded()) {
      // Nothing can be decided about an unbounded value: record it against its neighbour.
      const std::size_t k = static_cast<std::size_t>(&s - values.data());
      const std::size_t other = k == 0 ? 1 : 0;
      Outcome o(s, values[other]);
      o.at = Point{}.add("i", static_cast<long>(std::min(k, other))).add("j", static_cast<long>(std::max(k, other)));
      o.for_all = ForAllSummary{1, 0, 0, 1};
      return o;
    }
  ForAll fa(Relation::Distinct);
  const auto by_enclosure = [&](std::size_t a, std::size_t b) {
    const Enclosure& x = values[a].value;
    const Enclosure& y = values[b].value;
    return x.lower() != y.lower() ? x.lower() < y.lower() : x.upper() < y.upper();
  };
  for_each_sorted_neighbour(values.size(), by_enclosure,
                            [&](std::size_t i, std::size_t j, auto point) { fa.add(point, values[i], values[j]); });
  return fa.outcome();
}

const StepResult& Attempt::result(std::string_view id) const {
  if (earlier)
    for (const StepResult& r : *earlier)
      if (r.spec.id == id) return r;
  throw std::logic_error("Attempt::result: no earlier step '" + std::string(id) + "'");
}

const Side& Attempt::reported(std::string_view step_id, std::string_view name) const {
  for (const auto& [n, side] : result(step_id).outcome.reported)
    if (n == name) return side;
  throw std::logic_error("Attempt::reported: step '" + std::string(step_id) + "' reported no '" + std::string(name) +
                         "'");
}

Computation trusting(Computation c, std::string lhs_reason, std::string rhs_reason) {
  auto mark = [](Side& side, const std::string& reason) {
    if (!reason.empty() && !side.evidence.recheck && side.evidence.trusted.empty()) side.evidence.trusted = reason;
  };
  return {c.kind, [run = std::move(c.run), lhs_reason = std::move(lhs_reason), rhs_reason = std::move(rhs_reason),
                   mark](const Attempt& a) {
            Outcome o = run(a);
            mark(o.lhs, lhs_reason);
            mark(o.rhs, rhs_reason);
            if (o.rhs_high) mark(*o.rhs_high, rhs_reason);
            return o;
          }};
}

}  // namespace approxcert::chain
