#pragma once
// Special functions on balls beyond the elementary ones of ball.hpp, as thin wrappers over Arb's
// hypergeometric functions (which carry proven error bounds). Kept out of ball.hpp, which nearly
// every file includes.
#include <cstdint>

#include "scalar/ball.hpp"

namespace approxcert {

// Guarantee: r contains I_m(x) (modified Bessel function of the first kind, integer order m >= 0)
// for every x in z; indeterminate (whole line) if Arb cannot bound it.
void bessel_i(Ball& r, std::uint64_t m, const Ball& z, Prec p);

}  // namespace approxcert
