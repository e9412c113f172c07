#pragma once
// Choosing exact points inside intervals. Split points and centres are dyadic rationals with few
// bits, so that balls hold them exactly and boxes stay cheap to represent. The choices are
// heuristics; every chosen point is an exact Rational inside the given interval.
#include <optional>

#include "scalar/rational.hpp"

namespace approxcert {

// floor(x 2^j) / 2^j and ceil(x 2^j) / 2^j: the multiples of 2^-j nearest to x from below and
// from above (x itself when it is one); exact, j may be negative.
Rational dyadic_floor(const Rational& x, long j);
Rational dyadic_ceil(const Rational& x, long j);

// The dyadic k/2^j in [lo, hi] with the smallest j (j may be negative: multiples of 2^|j|); it is
// unique. Requires lo < hi.
Rational simplest_dyadic_between(const Rational& lo, const Rational& hi);

// A point of [lo, hi] on the grid of spacing 2^-j <= (hi - lo) / 2^bits nearest to `target`
// (clamped into [lo, hi]); lo itself when lo == hi.
Rational dyadic_near(const Rational& target, const Rational& lo, const Rational& hi, int bits = 24);

// dyadic_near in doubles, for ends lo < hi that are doubles: a double of [lo, hi] on the grid of
// spacing 2^(e - bits), 2^e <= hi - lo, nearest to `target` (clamped into [lo, hi]); absent when
// lo, hi are not finite or the grid's points in [lo, hi] would not all be doubles.
std::optional<double> dyadic_near_double(double target, double lo, double hi, int bits = 24);

// The exact value of a finite double as a Rational: NON-RIGOROUS in the sense that the double
// comes from a heuristic; the result is an exact point to be evaluated rigorously.
Rational dirty_dyadic(double x);

// b - a when that difference is exactly a finite double (checked by the error term of the TwoSum
// algorithm, exact in round-to-nearest), else nothing; a and b finite.
std::optional<double> exact_difference(double a, double b);

// (hi - lo).dirty_to_double(), without a Rational where lo, hi and their difference are doubles
// (the Rational difference is then that double exactly).
double dirty_width(const Rational& lo, const Rational& hi);

// The point simplest_dyadic_between(lo, hi) gives, computed in doubles, for doubles lo < hi of
// magnitudes in [2^-900, 2^900] (or 0): every step is exact there (scaling by powers of 2, ceil);
// nothing outside that range.
std::optional<double> simplest_dyadic_between_doubles(double lo, double hi);

}  // namespace approxcert
