#include "chain/relation.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace approxcert::chain {

namespace {

constexpr std::array<std::pair<Relation, std::string_view>, 9> kNames{{
    {Relation::LessEqual, "<="}, {Relation::Less, "<"}, {Relation::GreaterEqual, ">="},
    {Relation::Greater, ">"}, {Relation::Equal, "="}, {Relation::NotEqual, "!="},
    {Relation::InClosed, "in"}, {Relation::NotInClosed, "not in"}, {Relation::Distinct, "distinct"}}};

// A decided claim with its certified slack (see margin() in the header).
struct Decision {
  Verdict verdict = Verdict::Unknown;
  Rational slack;
};

Decision proved(Rational s) { return {Verdict::Proved, std::move(s)}; }
Decision refuted(Rational s) { return {Verdict::Refuted, std::move(s)}; }

// a <= b for every point: upper(a) <= lower(b); violated everywhere: lower(a) > upper(b).
Decision less_equal(const Enclosure& a, const Enclosure& b) {
  if (a.upper() <= b.lower()) return proved(b.lower() - a.upper());
  if (a.lower() > b.upper()) return refuted(a.lower() - b.upper());
  return {};
}
Decision less(const Enclosure& a, const Enclosure& b) {
  if (a.upper() < b.lower()) return proved(b.lower() - a.upper());
  if (a.lower() >= b.upper()) return refuted(a.lower() - b.upper());
  return {};
}
Decision equal(const Enclosure& a, const Enclosure& b) {
  if (a.is_exact() && b.is_exact() && a.lower() == b.lower()) return proved(Rational(0));
  if (a.upper() < b.lower()) return refuted(b.lower() - a.upper());
  if (b.upper() < a.lower()) return refuted(a.lower() - b.upper());
  return {};
}
Decision negate(const Decision& d) {
  if (d.verdict == Verdict::Proved) return refuted(d.slack);
  if (d.verdict == Verdict::Refuted) return proved(d.slack);
  return {};
}
// value in [lo, hi]: proved with slack min of both distances; refuted by the distance outside.
Decision in_closed(const Enclosure& v, const Enclosure& lo, const Enclosure& hi) {
  const Decision above = less_equal(lo, v);
  const Decision below = less_equal(v, hi);
  if (above.verdict == Verdict::Refuted) return above;
  if (below.verdict == Verdict::Refuted) return below;
  if (above.verdict == Verdict::Proved && below.verdict == Verdict::Proved) return proved(min(above.slack, below.slack));
  return {};
}

Decision decision(Relation r, const Enclosure& lhs, const Enclosure& rhs, const Enclosure* rhs_high) {
  if (is_range(r) != (rhs_high != nullptr))
    throw std::logic_error("decide: relation '" + std::string(to_string(r)) + "' " +
                           (rhs_high ? "takes no range upper end" : "needs the range upper end"));
  if (!lhs.bounded() || !rhs.bounded() || (rhs_high && !rhs_high->bounded())) return {};
  switch (r) {
    case Relation::LessEqual: return less_equal(lhs, rhs);
    case Relation::Less: return less(lhs, rhs);
    case Relation::GreaterEqual: return less_equal(rhs, lhs);
    case Relation::Greater: return less(rhs, lhs);
    case Relation::Equal: return equal(lhs, rhs);
    case Relation::NotEqual:
    case Relation::Distinct: return negate(equal(lhs, rhs));
    case Relation::InClosed: return in_closed(lhs, rhs, *rhs_high);
    case Relation::NotInClosed: return negate(in_closed(lhs, rhs, *rhs_high));
  }
  throw std::logic_error("decide: unknown relation");
}

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
  Decision d = decision(r, lhs, rhs, rhs_high);
  if (d.verdict == Verdict::Unknown) return {d.verdict, std::nullopt};
  return {d.verdict, std::move(d.slack)};
}

}  // namespace approxcert::chain
