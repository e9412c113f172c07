#pragma once
// Arb's rigorous integration (acb_calc_integrate, Arb 2.23) of |f|^p over an interval [a, b], for
// f = output 0 of a one-input program: the integrand is the program evaluated by the one generic
// evaluator over ComplexBall (its holomorphic extension), |f|^p is f^p for even p and
// acb_real_abs(f)^p for odd p. acb_calc_integrate bisects until each piece's integrand is certified
// holomorphic on an ellipse around it (Gauss-Legendre with a proved error bound), and bounds the
// pieces it cannot (kinks of relu/abs/min/max, sign changes of f for odd p, jumps) by their width
// times an enclosure of the integrand there. Guarantee: lower <= integral_a^b |f(x)|^p dx <= upper
// whatever Arb's convergence status; absent when the enclosure is not finite.
#include <optional>

#include "forms/range.hpp"
#include "net/program.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

// What a run of acb_calc_integrate is determined by (recorded in certificates so that verify can
// run it again): the working precision, the relative accuracy goal in bits, and the absolute
// tolerance 2^tol_exponent; Arb's other limits are its defaults for the precision.
struct ArbIntegralSettings {
  long prec = 128;
  long goal_bits = 32;
  long tol_exponent = -128;
};

// The largest precision and goal a run (or a certificate) may ask for: the cost grows with both.
inline constexpr long kMaxArbIntegralBits = 4096;

// Throws std::invalid_argument when the program has no output or not one input, a >= b, p < 1, or
// the settings are outside [16, kMaxArbIntegralBits] (prec, goal_bits) or tol_exponent > 0.
std::optional<Range> arb_integral_of_power(const Program& prog, const Rational& a, const Rational& b, unsigned long p,
                                           const ArbIntegralSettings& settings);

}  // namespace approxcert
