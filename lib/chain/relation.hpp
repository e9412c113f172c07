#pragma once
// The relations a step can claim between its sides, and the ONE place where a verdict is decided
// from enclosures. Every verdict in the tool (engine, ForAll, verify, regress) comes from decide(),
// except the sup-norm engine's own claim sup <= U (supnorm --require-upper), which the engine
// decides a layer below by the row "<=" of this table (upper_claim, problem/statement.hpp, as a
// Truth that chain::verdict_of turns into a Verdict; tests/supnorm/supnorm_run_test.cpp checks that
// the two agree).
//
//   relation      proved when                         refuted when
//   lhs <= rhs    upper(lhs) <= lower(rhs)            lower(lhs) >  upper(rhs)
//   lhs <  rhs    upper(lhs) <  lower(rhs)            lower(lhs) >= upper(rhs)
//   lhs >= rhs    lower(lhs) >= upper(rhs)            upper(lhs) <  lower(rhs)
//   lhs >  rhs    lower(lhs) >  upper(rhs)            upper(lhs) <= lower(rhs)
//   lhs =  rhs    both exact and equal                the enclosures are disjoint
//   lhs != rhs    the enclosures are disjoint         both exact and equal
//   lhs in [rhs, rhs_high]      upper(rhs) <= lower(lhs) and upper(lhs) <= lower(rhs_high)
//                               refuted: upper(lhs) < lower(rhs) or lower(lhs) > upper(rhs_high)
//   lhs not in [rhs, rhs_high]  proved and refuted swapped with respect to "in"
//   distinct      a family of values is pairwise distinct; each recorded pair is decided as "!="
//                 (see distinct() in step.hpp)
// Otherwise (overlap, or an unbounded side) the verdict is unknown.
//
// Claims built from these relations (no other place decides anything):
//   log10 |x| <= c   "<=" with lhs = log10_abs(x) (chain/log_magnitude.hpp), an enclosure of
//                    log10 |x| (whole line, hence unknown, if x may be 0); likewise <, >=, >, in
//   |x| <= tau, "x encloses zero within tau"   "<=" with lhs = |x| (chain/encloses_zero.hpp);
//                    certifies |x| <= tau, NEVER x = 0
//   p == q as polynomials   "=" decided at every point of a unisolvent grid by a ForAll
//                    (chain/polynomial_identity.hpp)
//   search, then certify    any relation, decided on the sides certified from the stored
//                    candidate (chain/search_then_certify.hpp)
#include <optional>
#include <string_view>

#include "chain/enclosure.hpp"
#include "chain/verdict.hpp"

namespace approxcert::chain {

enum class Relation : unsigned char {
  LessEqual,
  Less,
  GreaterEqual,
  Greater,
  Equal,
  NotEqual,
  InClosed,
  NotInClosed,
  Distinct
};

// "<=", "<", ">=", ">", "=", "!=", "in", "not in", "distinct": the spelling in certificates.
std::string_view to_string(Relation r);
std::optional<Relation> parse_relation(std::string_view text);
// True for InClosed / NotInClosed, whose right side is the range [rhs, rhs_high].
constexpr bool is_range(Relation r) { return r == Relation::InClosed || r == Relation::NotInClosed; }

// The verdict of `lhs r rhs` (rhs_high: the range's upper end, required iff is_range(r); a
// missing or superfluous one is a std::logic_error). Rigorous: proved/refuted only when every
// point of the enclosures satisfies/violates the relation.
Verdict decide(Relation r, const Enclosure& lhs, const Enclosure& rhs, const Enclosure* rhs_high = nullptr);

// Certified slack of a decided claim, >= 0, for reports and regression: for a proved claim the
// distance by which the enclosures satisfy it (e.g. lower(rhs) - upper(lhs) for <=), for a
// refuted one the distance by which they violate it (e.g. lower(lhs) - upper(rhs) for <=).
// nullopt when the verdict is unknown. For "=" proved it is 0; for "in" it is the smaller of the
// two distances.
std::optional<Rational> margin(Relation r, const Enclosure& lhs, const Enclosure& rhs,
                               const Enclosure* rhs_high = nullptr);

// decide() and margin() from one evaluation of the relation (what a ForAll needs per point).
struct VerdictMargin {
  Verdict verdict;
  std::optional<Rational> margin;
};
VerdictMargin decide_with_margin(Relation r, const Enclosure& lhs, const Enclosure& rhs,
                                 const Enclosure* rhs_high = nullptr);

// The exact value hi + lo of a difference a - b of two doubles (TwoSum: hi = a - b rounded to
// nearest, lo the exact error), a margin computed without GMP. Ordered exactly: hi + lo < hi' + lo'
// iff hi < hi', or hi == hi' and lo < lo' (rounding to nearest is monotone).
struct ExactDifference {
  double hi = 0, lo = 0;
  static ExactDifference of(double a, double b);  // exact for |a|, |b| < 2^1000
  Rational exact() const;                         // hi + lo as a Rational
  friend bool operator==(const ExactDifference&, const ExactDifference&) = default;
  friend bool operator<(const ExactDifference& x, const ExactDifference& y) {
    return x.hi < y.hi || (x.hi == y.hi && x.lo < y.lo);
  }
  friend ExactDifference min(const ExactDifference& x, const ExactDifference& y) { return y < x ? y : x; }
};
struct DoubleVerdictMargin {
  Verdict verdict;
  ExactDifference margin;  // the margin() of the same claim on the exact points, exactly
};
// decide_with_margin() for sides that are the exact points lhs, rhs (and rhs_high), decided in
// doubles by the same rules (comparisons of doubles are exact): the same verdict, and the same
// margin as ExactDifference. nullopt if a value is not finite or |value| >= 2^1000 (decide with
// enclosures then). The range end must be given iff is_range(r) (std::logic_error).
std::optional<DoubleVerdictMargin> decide_doubles(Relation r, double lhs, double rhs, const double* rhs_high = nullptr);

}  // namespace approxcert::chain
