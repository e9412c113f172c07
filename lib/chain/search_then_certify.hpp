#pragma once
// "Search, then certify": a non-rigorous search (Dirty scalars, heuristics) proposes a candidate
// -- a projection vector, a stationary point -- and a rigorous computation certifies the step's
// claim FROM THAT CANDIDATE. Only the certification carries the verdict (decide() on its sides);
// the search may be wrong, slow or nondeterministic without affecting soundness.
//
// The candidate is an exact Point (named rationals). The certificate stores it ("candidate", exact
// rational text), and `approxcert verify` hands it back to the step (RunOptions::
// recorded_candidates -> Attempt::candidate), which re-certifies the stored candidate without
// searching again: a tampered candidate is certified as it stands and fails if it lacks the
// property.
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "chain/step.hpp"

namespace approxcert::chain {

// The computation of a search-then-certify step, of the kind of `certify` (exact(), ball() or
// generic()). Per attempt: the candidate is the recorded one (Attempt::candidate set by the
// engine) or else search(attempt); `certify` runs with Attempt::candidate pointing to it (read it
// with candidate_values()), and its outcome records the candidate.
Computation search_then_certify(std::function<Point(const Attempt&)> search, Computation certify);

// The coordinates a candidate must have, in order: each block (prefix, n) names prefix1 .. prefixn.
using CandidateShape = std::vector<std::pair<std::string, std::size_t>>;

// The values of `candidate`, after checking that its coordinate names are exactly `shape` in
// order: a recorded candidate with a renamed, missing, extra or reordered coordinate is a
// std::domain_error naming the first mismatch (certifications never read coordinates by position
// alone, so a forged name cannot pass as another coordinate).
std::vector<Rational> candidate_values(const Point& candidate, const CandidateShape& shape);

// candidate_values() of the candidate the certification must use (std::logic_error outside
// search_then_certify()).
std::vector<Rational> candidate_values(const Attempt& a, const CandidateShape& shape);

// The exact value of a double a dirty search produced (every finite double is a dyadic
// rational: no rounding). A non-finite value is a std::domain_error (the step becomes unknown).
Rational dirty_candidate_value(double v);

}  // namespace approxcert::chain
