#pragma once
// Where the units of a one-input threshold layer are undecided once step(z) is replaced by a
// sigmoid of slope k: sigma(k z) lies in (sigma(-1), sigma(1)) exactly where |z| < 1/k, so with
// half-width t = 1/k a unit z_u(x) = w_u x + b_u is undecided on the open interval
// |x + b_u / w_u| < t / |w_u| (all of the line if w_u = 0 and |b_u| < t, else nowhere). Everything
// is exact rational arithmetic on the layer's own weights.
#include <cstddef>
#include <utility>
#include <vector>

#include "net/network.hpp"

namespace approxcert {

// An open interval (lo, hi), lo < hi.
using OpenInterval = std::pair<Rational, Rational>;

// Guarantee: the union over the units u of `units` (row indices of `layer`, one input; all rows if
// empty) of {x in (lo, hi) : |w_u x + b_u| < t}, as sorted disjoint open intervals (touching ones
// merged), exactly. std::logic_error if a row has more than one input, t <= 0 or lo >= hi;
// NotExactError for a non-rational weight.
std::vector<OpenInterval> undecided_bands(const DenseLayer& layer, const std::vector<std::size_t>& units,
                                          const Rational& t, const Rational& lo, const Rational& hi);

// Guarantee: min over the units u of `units` (all rows if empty) of |w_u x + b_u|, exactly: x lies
// in undecided_bands(layer, units, t, ...) iff this is < t (for x inside the interval).
Rational smallest_preactivation(const DenseLayer& layer, const std::vector<std::size_t>& units, const Rational& x);

// Guarantee: the exact Lebesgue measure of the union of sorted disjoint open intervals.
Rational measure(const std::vector<OpenInterval>& set);

// Guarantee: the exact measure of the intersection of two unions of sorted disjoint open intervals.
Rational intersection_measure(const std::vector<OpenInterval>& a, const std::vector<OpenInterval>& b);

// Guarantee: true iff x lies in the union of sorted disjoint open intervals (exact).
bool in_open_set(const std::vector<OpenInterval>& set, const Rational& x);

}  // namespace approxcert
