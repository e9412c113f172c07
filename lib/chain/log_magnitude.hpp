#pragma once
// Log-space comparisons: a claim "log10 |x| <= c" (x as small as 10^-27151 or e^-52751) is stated
// as an ordinary step whose left side is an enclosure of log10 |x|; the verdict comes from
// decide() like every other (relation.hpp). Arb and MPFR balls/intervals carry arbitrary
// exponents, so |x| and its logarithm are enclosed at modest precision (64 bits suffice for
// e^-52751), and the recorded side is a short number ("-22909.370...") instead of a huge exponent.
#include <string>

#include "chain/enclosure.hpp"
#include "scalar/scalar.hpp"

namespace approxcert::chain {

// Side enclosing log10 |x| for every point of x (kind "arb"/"mpfi"). Whole line (so the step
// is unknown) when x may contain 0: log10 |x| then has no finite lower bound.
template <RigorousScalar S>
Side log10_abs(const S& x, Prec p, std::string note = "log10 |x|") {
  S magnitude, log_x, ten, log_ten, r;
  abs(magnitude, x, p);
  log(log_x, magnitude, p);  // indeterminate unless |x| > 0 certainly
  set(ten, Rational(10), p);
  log(log_ten, ten, p);
  div(r, log_x, log_ten, p);
  return Side::enclosure(r, std::move(note));
}

}  // namespace approxcert::chain
