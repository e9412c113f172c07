#pragma once
// Glue between the family's chains and the engines: sup-norm results as chain Sides, constant
// approximants, and exact rounding of certified values to short dyadics (used to choose rational
// network weights; soundness never depends on how close the rounding is, because every claim
// about the built network is certified against the exact target afterwards).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chain/enclosure.hpp"
#include "chain/step.hpp"
#include "chain/sup_norm_side.hpp"
#include "domain/domain.hpp"
#include "forms/dyadic.hpp"  // dyadic_floor, dyadic_ceil: exact dyadics below / above a value
#include "net/program.hpp"
#include "scalar/ball.hpp"

namespace approxcert::theorems::altabaa2024 {

// Sup-norm steps use the chain's one sup-norm side (chain/sup_norm_side.hpp).
using SupBudget = chain::SupNormBudget;
using chain::sup_norm_side;

// Certified enclosure of an expression in x0 at an exact point.
Ball expression_at(std::string_view expression, const Rational& x, Prec p);

// The dyadic (2^-bits grid) nearest to the midpoint of b: a rational close to b's value.
Rational dyadic_near(const Ball& b, long bits);

}  // namespace approxcert::theorems::altabaa2024
