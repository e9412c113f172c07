#pragma once
// The image of an interval under a composition of 1-input, 1-output programs, by the mean-value
// form applied layer by layer (the programs are lowered layers, e.g. of a quantizer acting on one
// entry). Uses the generic evaluator only: exact Rational at one point, forward-mode jets over MPFI
// for the derivative.
#include <optional>
#include <vector>

#include "net/program.hpp"
#include "scalar/interval.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

// Guarantee: the result contains { q_m(...q_1(x)) : x in [lo, hi] } for the programs q_1..q_m in
// order: layer by layer X' = q_k(c) + q_k'(X) (X - c) with c = lower(X), q_k(c) exact (Rational)
// and q_k' the derivative enclosure of forward-mode jets over MPFI at `prec`. Empty (no bound) if
// the enclosure entering a layer is not finite or a layer may jump (a step: the jet marks it discontinuous). A layer
// constant on X has derivative exactly 0, hence an exact point. Each program needs exactly one input
// and one output (std::logic_error otherwise); lo <= hi (std::logic_error otherwise).
std::optional<Interval> mean_value_image(const std::vector<Program>& layers, const Rational& lo, const Rational& hi,
                                         Prec prec);

}  // namespace approxcert
