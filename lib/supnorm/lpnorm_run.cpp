#include "supnorm/lpnorm_run.hpp"

#include <string>

#include "scalar/input_error.hpp"

namespace approxcert {

LpNormRun run_lpnorm(const LpNormRequest& q) {
  LpNormRun run;
  const std::string& text = q.inputs.domain;
  run.domain = parse_domain_with_constants(text);
  if (!run.domain.is_exact())
    throw InputError(
        q.origins.domain +
        ": an L^p norm of finite p needs exact endpoints (the integral over a box with irrational corners is not enclosed), got " +
        text);
  if (box_volume(run.domain.outer).sign() == 0)
    throw InputError(
        q.origins.domain +
        ": the domain has zero volume (a zero-width interval), so its L^p norm is 0 and the normalised one undefined");
  run.problem = load_problem(q.inputs, run.domain.outer, q.origins);
  if (q.options.method == LpMethod::ArbIntegration && run.problem.program.num_inputs() != 1)
    throw InputError(q.method_origin + ": Arb's integration needs a problem of one input, this one has " +
                     std::to_string(run.problem.program.num_inputs()));
  run.result = lp_norm(run.problem.program, run.domain.outer, q.options);
  return run;
}

}  // namespace approxcert
