#pragma once
// Outward decimal bounds of an enclosure computed straight from its Arb / MPFR endpoints, for
// printing values whose exact fraction would be enormous (10^(10^9) has a billion digits; these
// take time polynomial in `digits` and in the number of digits of the exponent):
//   decimal_lower(x, d) <= every point of x <= decimal_upper(x, d)   (as exact decimals)
// with about d significant digits ("1.2345e+1000000000" or plain "12.5"; "-inf" / "inf" when the
// endpoint is not finite). The text is accepted by parse_rational when its exponent is.
#include <string>

#include "scalar/ball.hpp"
#include "scalar/interval.hpp"

namespace approxcert {

std::string decimal_lower(const Ball& x, int digits);
std::string decimal_upper(const Ball& x, int digits);
std::string decimal_lower(const Interval& x, int digits);
std::string decimal_upper(const Interval& x, int digits);
// The midpoint, rounded down to a decimal (for display; not a bound of anything).
std::string decimal_mid(const Ball& x, int digits);
std::string decimal_mid(const Interval& x, int digits);
// An upper bound of the radius (Ball) / half-width (Interval), >= 0.
std::string decimal_radius_upper(const Ball& x, int digits);
std::string decimal_radius_upper(const Interval& x, int digits);

// True when the endpoints' binary exponents are within +-2^16, so that lower(), upper(), mid()
// and rad() as exact Rationals are small; false for non-finite enclosures.
bool has_moderate_exponent(const Ball& x);
bool has_moderate_exponent(const Interval& x);

}  // namespace approxcert
