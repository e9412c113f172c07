#pragma once
// Enclosures of exp, expm1, tanh and sigmoid at a double, computed in double interval arithmetic
// (no Arb call in the hot path): FastInterval's exp, expm1, tanh and sigmoid use them at the ends.
//
// Method (every step an outward-rounded FastInterval operation or a stated a-priori error bound, so
// the enclosure holds whatever the heuristic choices): N = round(32 x / ln 2) (dirty), k = floor((N + 16) / 32), j = N
// - 32 k in
// [-16, 15], r = x - N C1 - N C2 with ln 2 / 32 = C1 + C2, C1 a double with at most 32 significant
// bits (N C1 is exact for |N| < 2^21) and C2 enclosed by Arb once; |r| <= 0.011 is checked;
// expm1(r) = r (sum_{i=0}^{6} r^i / (i+1)! + rho) with |rho| <= e^|r| |r|^7 / 8! <= 2 (0.011)^7 / 8!
// (Lagrange), the sum by Horner in round-to-nearest at the upper end h of r's enclosure, widened by
// the a-priori bound 2^-51 |h| of its rounding and tail plus 1.02 times r's width (for
// |h| >= 2^-900; below, by interval Horner with enclosed coefficients; double_exp.cpp); 2^(j/32) and 2^(j/32) - 1 from
// tables enclosed by Arb once; exp(x) = 2^k 2^(j/32) (1 + expm1(r)), the scaling by 2^k exact since |x| <= 700 keeps
// results normal. Outside the handled range (|x| > 700 for exp and expm1) the functions return nothing and the caller
// falls back to Arb.
#include <optional>

#include "scalar/fast_interval.hpp"

namespace approxcert {

// Contains exp(x) for finite |x| <= 700; nullopt otherwise (x NaN or infinite included).
std::optional<FastInterval> exp_enclosure(double x);
// Contains exp(x) - 1 for finite |x| <= 700; nullopt otherwise.
std::optional<FastInterval> expm1_enclosure(double x);
// Contains tanh(x) for every double x (not NaN): [next_down(1), 1] for x >= 20, odd symmetry.
FastInterval tanh_enclosure(double x);
// Contains 1 / (1 + exp(-x)) for x >= -700 (not NaN): [next_down(1), 1] for x >= 40; nullopt below -700.
std::optional<FastInterval> sigmoid_enclosure(double x);

}  // namespace approxcert
