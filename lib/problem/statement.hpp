#pragma once
// What a supnorm or lpnorm certificate states and the rules its recorded numbers obey, shared by
// the writer (lib/supnorm) and the checker (lib/check) so that the two read one contract: the
// claim sentences, the tolerance test a "converged" status means, the recorded gap and the size
// limits a certificate may ask for. Exact numbers are written with exact_text (scalar/exact_text.hpp).
#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "problem/problem.hpp"
#include "scalar/exact_text.hpp"
#include "scalar/rational.hpp"
#include "scalar/truth.hpp"

namespace approxcert {

// The size budget of a recorded leaf cover (a certificate records at most this many leaves).
inline constexpr std::size_t kMaxCoverLeaves = 1000000;

// The largest exponent p of an L^p norm.
inline constexpr unsigned long kMaxLpExponent = 1000;

// The highest order of a removable zero of the target (relative mode); higher ones are not looked for.
inline constexpr long kMaxZeroOrder = 16;

// The claim sentence for the inputs ("lower <= sup over the domain of |target - net| <= upper").
std::string supnorm_claim(const SupNormInputs& in);

// The L^p claim sentence, e.g. "lower <= (integral over the domain of |target - approx|^2)^(1/2) <= upper".
std::string lpnorm_claim(const SupNormInputs& in, unsigned long p, bool normalized);

// The gap member re-derived from the RECORDED lower and upper (absent upper: "inf").
nlohmann::json supnorm_gap(const Rational& lower, const std::optional<Rational>& upper);

// The status test: upper - lower <= abs_tol, or upper <= lower (1 + rel_tol); false when upper is
// absent (exact comparisons).
bool within_tolerance(const Rational& lower, const std::optional<Rational>& upper, const Rational& rel_tol,
                      const Rational& abs_tol);

// The claim sup |f| <= bound against an enclosure [lower, upper] of sup |f|: True when upper <=
// bound, False when lower > bound, else Unknown (exact comparisons; the row "<=" of
// chain/relation.hpp's decide() with lhs [lower, upper] and rhs the exact bound).
Truth upper_claim(const Rational& lower, const std::optional<Rational>& upper, const Rational& bound);

}  // namespace approxcert
