#include "chain/relation.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "scalar/fast_interval.hpp"

namespace approxcert::chain {

namespace {

constexpr std::array<std::pair<Relation, std::string_view>, 9> kNames{{{Relation::LessEqual, "<="},
                                                                       {Relation::Less, "<"},
                                                                       {Relation::GreaterEqual, ">="},
                                                                       {Relation::Greater, ">"},
                                                                       {Relation::Equal, "="},
                                                                       {Relation::NotEqual, "!="},
                                                                       {Relation::InClosed, "in"},
                                                                       {Relation::NotInClosed, "not in"},
                                                                       {Relation::Distinct, "distinct"}}};

// A decided claim with its certified slack M (see margin() in the header): a Rational for
// enclosures, an ExactDifference for exact doubles.
template <class M>
struct Decision {
  Verdict verdict = Verdict::Unknown;
  M slack{};
};

template <class M>
Decision<M> proved(M s) {
  return {Verdict::Proved, std::move(s)};
}
template <class M>
Decision<M> refuted(M s) {
  return {Verdict::Refuted, std::move(s)};
}

// An exact double as an enclosure for the rules below: lower = upper = x, and the difference of
// two ends is the ExactDifference.
struct DoubleEnd {
  double x;
  friend bool operator<(DoubleEnd a, DoubleEnd b) { return a.x < b.x; }
  friend bool operator<=(DoubleEnd a, DoubleEnd b) { return a.x <= b.x; }
  friend bool operator>(DoubleEnd a, DoubleEnd b) { return a.x > b.x; }
  friend bool operator>=(DoubleEnd a, DoubleEnd b) { return a.x >= b.x; }
  friend bool operator==(DoubleEnd a, DoubleEnd b) { return a.x == b.x; }
  friend ExactDifference operator-(DoubleEnd a, DoubleEnd b) { return ExactDifference::of(a.x, b.x); }
};
struct DoublePoint {
  DoubleEnd end;
  DoubleEnd lower() const { return end; }
  DoubleEnd upper() const { return end; }
  bool is_exact() const { return true; }
};

// The rules, written once for enclosures (E = Enclosure, M = Rational) and exact doubles
// (E = DoublePoint, M = ExactDifference).
// a <= b for every point: upper(a) <= lower(b); violated everywhere: lower(a) > upper(b).
template <class M, class E>
Decision<M> less_equal(const E& a, const E& b) {
  if (a.upper() <= b.lower()) return proved<M>(b.lower() - a.upper());
  if (a.lower() > b.upper()) return refuted<M>(a.lower() - b.upper());
  return {};
}
template <class M, class E>
Decision<M> less(const E& a, const E& b) {
  if (a.upper() < b.lower()) return proved<M>(b.lower() - a.upper());
  if (a.lower() >= b.upper()) return refuted<M>(a.lower() - b.upper());
  return {};
}
template <class M, class E>
Decision<M> equal(const E& a, const E& b) {
  if (a.is_exact() && b.is_exact() && a.lower() == b.lower()) return proved<M>(M{});
  if (a.upper() < b.lower()) return refuted<M>(b.lower() - a.upper());
  if (b.upper() < a.lower()) return refuted<M>(a.lower() - b.upper());
  return {};
}
template <class M>
Decision<M> negate(const Decision<M>& d) {
  if (d.verdict == Verdict::Proved) return refuted(d.slack);
  if (d.verdict == Verdict::Refuted) return proved(d.slack);
  return {};
}
// value in [lo, hi]: proved with slack min of both distances; refuted by the distance outside.
template <class M, class E>
Decision<M> in_closed(const E& v, const E& lo, const E& hi) {
  const Decision<M> above = less_equal<M>(lo, v);
  const Decision<M> below = less_equal<M>(v, hi);
  if (above.verdict == Verdict::Refuted) return above;
  if (below.verdict == Verdict::Refuted) return below;
  if (above.verdict == Verdict::Proved && below.verdict == Verdict::Proved)
    return proved(min(above.slack, below.slack));
  return {};
}

template <class M, class E>
Decision<M> decision_of(Relation r, const E& lhs, const E& rhs, const E* rhs_high) {
  switch (r) {
    case Relation::LessEqual: return less_equal<M>(lhs, rhs);
    case Relation::Less: return less<M>(lhs, rhs);
    case Relation::GreaterEqual: return less_equal<M>(rhs, lhs);
    case Relation::Greater: return less<M>(rhs, lhs);
    case Relation::Equal: return equal<M>(lhs, rhs);
    case Relation::NotEqual:
    case Relation::Distinct: return negate(equal<M>(lhs, rhs));
    case Relation::InClosed: return in_closed<M>(lhs, rhs, *rhs_high);
    case Relation::NotInClosed: return negate(in_closed<M>(lhs, rhs, *rhs_high));
  }
  throw std::logic_error("decide: unknown relation");
}

void check_range(Relation r, bool has_high) {
  if (is_range(r) != has_high)
    throw std::logic_error("decide: relation '" + std::string(to_string(r)) + "' " +
                           (has_high ? "takes no range upper end" : "needs the range upper end"));
}

Decision<Rational> decision(Relation r, const Enclosure& lhs, const Enclosure& rhs, const Enclosure* rhs_high) {
  check_range(r, rhs_high != nullptr);
  if (!lhs.bounded() || !rhs.bounded() || (rhs_high && !rhs_high->bounded())) return {};
  return decision_of<Rational>(r, lhs, rhs, rhs_high);
}

// Below this magnitude TwoSum's error term is exact (no overflow in a - b or in the error).
bool difference_exact(double x) { return std::fabs(x) < 0x1p1000; }  // false for NaN and inf

}  // namespace

std::string_view to_string(Relation r) {
  for (const auto& [rel, name] : kNames)
    if (rel == r) return name;
  throw std::logic_error("to_string: unknown relation");
}

std::optional<Relation> parse_relation(std::string_view text) {
  for (const auto& [rel, name] : kNames)
    if (name == text) return rel;
  return std::nullopt;
}

Verdict decide(Relation r, const Enclosure& lhs, const Enclosure& rhs, const Enclosure* rhs_high) {
  return decision(r, lhs, rhs, rhs_high).verdict;
}

std::optional<Rational> margin(Relation r, const Enclosure& lhs, const Enclosure& rhs, const Enclosure* rhs_high) {
  return decide_with_margin(r, lhs, rhs, rhs_high).margin;
}

VerdictMargin decide_with_margin(Relation r, const Enclosure& lhs, const Enclosure& rhs, const Enclosure* rhs_high) {
  Decision<Rational> d = decision(r, lhs, rhs, rhs_high);
  if (d.verdict == Verdict::Unknown) return {d.verdict, std::nullopt};
  return {d.verdict, std::move(d.slack)};
}

ExactDifference ExactDifference::of(double a, double b) {
  const double s = a - b, bb = s - a;
  return {s, (a - (s - bb)) + (-b - bb)};  // TwoSum of a and -b
}

Rational ExactDifference::exact() const { return lower(FastInterval{hi, hi}) + lower(FastInterval{lo, lo}); }

std::optional<DoubleVerdictMargin> decide_doubles(Relation r, double lhs, double rhs, const double* rhs_high) {
  check_range(r, rhs_high != nullptr);
  if (!difference_exact(lhs) || !difference_exact(rhs) || (rhs_high && !difference_exact(*rhs_high)))
    return std::nullopt;
  const DoublePoint l{{lhs}}, h{{rhs}}, high{{rhs_high ? *rhs_high : 0.0}};
  const Decision<ExactDifference> d = decision_of<ExactDifference>(r, l, h, rhs_high ? &high : nullptr);
  return DoubleVerdictMargin{d.verdict, d.slack};
}

}  // namespace approxcert::chain
