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
#include "net/program.hpp"
#include "scalar/ball.hpp"
#include "target/domain.hpp"

namespace approxcert::theorems::altabaa2024 {

struct SupBudget {
  Rational rel_tol = Rational(1) / Rational(1000);
  std::uint64_t max_boxes = 20000;  // scaled by 4^retry (Attempt::scaled_budget)
  Rational abs_tol = pow10(-30);    // stop once upper - lower <= abs_tol (e.g. a fraction of the claim's bound)
};

// Two-sided enclosure of sup_{box} |output 0 of error_program| from the sup-norm engine (one
// thread), as a Side of kind "supnorm"; `names` name the coordinates of the witness point.
chain::Side sup_norm_side(const Program& error_program, const Box& box, const chain::Attempt& a,
                          const std::vector<std::string>& names, std::string note, const SupBudget& budget = {});

// The program target(x) - c over `dim` inputs x0..x{dim-1} (target: an expression).
Program constant_error_program(std::string_view target, const Rational& c, std::size_t dim);

// A program with one output per expression, each over `dim` inputs.
Program expressions_program(const std::vector<std::string>& expressions, std::size_t dim);

// Certified enclosure of an expression in x0 at an exact point.
Ball expression_at(std::string_view expression, const Rational& x, Prec p);

// floor(q 2^bits) / 2^bits and ceil(q 2^bits) / 2^bits: exact dyadics below / above q.
Rational dyadic_down(const Rational& q, long bits);
Rational dyadic_up(const Rational& q, long bits);
// The dyadic (2^-bits grid) nearest to the midpoint of b: a rational close to b's value.
Rational dyadic_near(const Ball& b, long bits);

// A count as a Rational.
inline Rational count_q(std::uint64_t n) { return Rational(mpz_class(std::to_string(n))); }

// An exact side from a certified enclosure of earlier steps (whole line if unbounded).
chain::Side derived_upper(const chain::Enclosure& e, std::string note);

}  // namespace approxcert::theorems::altabaa2024
