#pragma once
// "Encloses zero within tau": the numeric form of a claim that an irrational quantity is zero
// (e.g. |T_c(x) - p(x)| = 0). Numerics cannot prove x = 0. What the step certifies is
//     |x| <= tau           (relation "<=", lhs = an enclosure of |x|, rhs = tau, decided by decide())
// and it records the enclosure of x itself as the reported quantity "x", whose note says whether it
// contains 0 (consistent with x = 0) or excludes it (then x != 0 is proved although |x| <= tau may
// still hold). A proved verdict is never a proof that x = 0.
#include <string>

#include "chain/step.hpp"
#include "scalar/scalar.hpp"

namespace approxcert::chain {

// Outcome of "|x| <= tau" for the step's relation "<=" (tau >= 0, else std::logic_error).
template <RigorousScalar S>
Outcome encloses_zero_within(const S& x, const Rational& tau, Prec p) {
  if (tau.sign() < 0) throw std::logic_error("encloses_zero_within: tau must be >= 0");
  S magnitude;
  abs(magnitude, x, p);
  const Enclosure e = Enclosure::of(x);
  const bool has_zero = e.contains(Rational(0));
  Outcome o(Side::enclosure(magnitude, "|x|"), Side::exact(tau, "tau"));
  o.report("x", Side::enclosure(x, has_zero ? "enclosure contains 0 (|x| <= tau certified; x = 0 is not)"
                                            : "enclosure excludes 0 (x != 0 is proved)"));
  return o;
}

}  // namespace approxcert::chain
