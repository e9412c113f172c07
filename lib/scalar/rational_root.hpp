#pragma once
// Outward-rounded p-th roots of exact rationals (GMP's exact integer root, mpz_root).
#include "scalar/rational.hpp"

namespace approxcert {

// For s >= 0 and p >= 1: exact dyadics with root_down(s)^p <= s <= root_up(s)^p, each within
// 2^-bits relative of s^(1/p) (0 exactly when s = 0). Throws std::invalid_argument for s < 0,
// p == 0 or bits < 1.
Rational root_down(const Rational& s, unsigned long p, long bits = 128);
Rational root_up(const Rational& s, unsigned long p, long bits = 128);

}  // namespace approxcert
