#pragma once
// Sup-norm results as chain sides: the certified sup-norm engine (supnorm/supnorm.hpp) run for one
// step, its two-sided result recorded as a Side of kind "supnorm" (lower from a rigorously
// evaluated witness, upper from a cover of the domain; chain/enclosure.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/enclosure.hpp"
#include "chain/step.hpp"
#include "domain/domain.hpp"
#include "net/program.hpp"
#include "scalar/rational.hpp"

namespace approxcert::chain {

struct SupNormBudget {
  Rational rel_tol = Rational(1) / Rational(1000);
  std::uint64_t max_boxes = 20000;  // scaled by 4^retry (Attempt::scaled_budget)
  Rational abs_tol = pow10(-30);    // stop once upper - lower <= abs_tol (e.g. a fraction of the claim's bound)
};

// Guarantee: the side encloses sup_{box} |output 0 of error_program| (lower <= sup <= upper; the
// whole line above lower when no finite upper bound was found). One thread, deterministic.
// `names` name the witness coordinates; `witness_box` (inside `box`) restricts where the witness
// may lie (domains with irrational endpoints: target/domain.hpp).
Side sup_norm_side(const Program& error_program, const Box& box, const Attempt& a,
                   const std::vector<std::string>& names, std::string note, const SupNormBudget& budget = {},
                   const std::optional<Box>& witness_box = std::nullopt);

}  // namespace approxcert::chain
