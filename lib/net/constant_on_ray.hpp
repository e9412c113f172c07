#pragma once
// The value of a composition of 1-input, 1-output programs on a closed ray, certified constant
// there (e.g. a quantizer that sends every out-of-range input to one value). Uses the generic
// evaluator only: forward-mode jets over MPFI on the unbounded interval for the derivative of the
// first layer, exact Rational evaluation at the ray's start for the value.
#include <optional>
#include <vector>

#include "net/program.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

enum class RayDirection { Up, Down };  // [start, +inf) or (-inf, start]

// Guarantee: if the result is v, then q_m(...q_1(x)) = v exactly for every x of the closed ray:
// the jet of q_1 over the MPFI interval [start, +inf] (or [-inf, start]) is continuous with
// derivative enclosure exactly {0}, so q_1 is constant on the (connected) ray and equals its exact
// value at start, which q_2..q_m map exactly. Empty when that is not certain (q_1 may vary or jump
// on the ray). Each program needs exactly one input and one output (std::logic_error otherwise).
std::optional<Rational> constant_on_ray(const std::vector<Program>& layers, const Rational& start, RayDirection dir,
                                        Prec prec);

}  // namespace approxcert
