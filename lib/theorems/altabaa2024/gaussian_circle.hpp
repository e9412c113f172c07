#pragma once
// Spectrum of the Gaussian kernel on the circle (spec §7.2): K(t, t') = exp(-z (1 - cos(t - t'))),
// mu = d theta / 2 pi. From e^{z cos t} = I_0(z) + 2 sum_{m>=1} I_m(z) cos(m t):
// lambda_(m) = e^{-z} I_m(z) (multiplicity 2 for m >= 1, eigenfunctions sqrt2 cos, sqrt2 sin),
// and K(t, t) = 1 = lambda_(0) + 2 sum_{m>=1} lambda_(m).
#include <cstdint>

#include "scalar/ball.hpp"

namespace approxcert::theorems::altabaa2024 {

// Contains lambda_(m) = e^{-z} I_m(z) (scalar/bessel.hpp); z > 0.
Ball circle_eigenvalue(const Rational& z, std::uint64_t m, Prec p);

// Contains the diagonal tail after modes 0..M, 2 sum_{m>M} lambda_(m) = 1 - lambda_(0) - 2 sum_{1<=m<=M}
// lambda_(m) (constant in theta; exact identity K(t, t) = 1).
Ball circle_tail(const Rational& z, std::uint64_t M, Prec p);

}  // namespace approxcert::theorems::altabaa2024
