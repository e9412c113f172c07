#pragma once
// An engine-level sup-norm run: what `approxcert supnorm` and the Python module do between reading
// their arguments and printing. The domain's text is parsed (constant-expression endpoints: the
// upper bound over the outer box, witnesses in the inner one), the problem is loaded
// (load_problem), relative mode certifies the target's removable zeros, sup_norm runs, and the
// facts the callers report are derived from its result: the truth of a claim sup <= U and what
// ended the run.
#include <optional>

#include "domain/domain.hpp"
#include "net/program.hpp"
#include "problem/problem.hpp"
#include "scalar/rational.hpp"
#include "scalar/truth.hpp"
#include "supnorm/supnorm.hpp"

namespace approxcert {

struct SupNormRequest {
  // The problem, read by load_problem (its messages begin with `origins`); inputs.domain is the
  // domain's text, inputs.relative the mode (sup |(approx - target) / target|).
  SupNormInputs inputs;
  InputOrigins origins;
  // Given: this error program (output 0 the signed error, error_program.hpp), built by the caller
  // from networks it holds, instead of the one `inputs` describe; inputs.domain still gives the
  // domain and inputs.relative the mode. Nothing is hashed then (no certificate can name it).
  std::optional<Program> program;
  // The engine's options; the run sets witness_box (constant-expression endpoints),
  // removable_zeros (relative mode) and claim_upper (require_upper) itself.
  SupNormOptions options;
  // The claim sup <= U, if any: the run stops as soon as it is decided (SupNormStatus::ClaimDecided).
  std::optional<Rational> require_upper;
};

// What ended a run: the relative tolerance; only the absolute one (the enclosure then may say
// little about the size of a tiny error: with abs_tol 1e-30 an error of 1e-58 converges to
// [0, 1e-30]); the claim, decided first; or nothing that was asked for (a budget, the precision).
enum class StoppedBy { RelTol, AbsTol, Claim, Neither };

struct SupNormRun {
  Domain domain;
  Problem problem;
  SupNormOptions options;  // as run: the request's, with witness_box, removable_zeros, claim_upper set
  SupNormResult result;
  std::optional<Truth> claim;  // sup <= require_upper: upper_claim(result) (absent: no claim)
  StoppedBy stopped_by = StoppedBy::Neither;
};

// Runs the request. Throws InputError for bad input (a domain that does not parse or has the wrong
// dimension, any load_problem error, a relative problem whose target may vanish other than at a
// certified removable zero); the result's enclosure holds whatever its status (sup_norm).
SupNormRun run_supnorm(const SupNormRequest& request);

}  // namespace approxcert
