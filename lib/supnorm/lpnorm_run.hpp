#pragma once
// An engine-level L^p-norm run (finite p): what `approxcert lpnorm --p N` does between reading its
// arguments and printing. The domain's text is parsed and checked (exact endpoints, positive
// volume), the problem is loaded (load_problem), and lp_norm runs. (p = inf is the sup-norm
// engine: run_supnorm, supnorm_run.hpp.)
#include "domain/domain.hpp"
#include "problem/problem.hpp"
#include "supnorm/lpnorm.hpp"

namespace approxcert {

struct LpNormRequest {
  SupNormInputs inputs;       // the problem (inputs.domain: the domain's text); not relative
  InputOrigins origins;       // what load_problem's messages begin with
  LpNormOptions options;      // p, normalized, method, tolerances, budgets
  std::string method_origin;  // what a message about options.method begins with
};

struct LpNormRun {
  Domain domain;  // exact (outer == inner)
  Problem problem;
  LpNormResult result;
};

// Runs the request. Throws InputError for bad input: a domain that does not parse, has
// constant-expression endpoints or zero volume, any load_problem error, LpMethod::ArbIntegration
// on a problem of more than one input (the message begins with `method_origin`). The result's
// enclosure holds whatever its status (lp_norm).
LpNormRun run_lpnorm(const LpNormRequest& request);

}  // namespace approxcert
