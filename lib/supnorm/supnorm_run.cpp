#include "supnorm/supnorm_run.hpp"

#include "problem/error_program.hpp"
#include "scalar/prec.hpp"
#include "supnorm/removable_zero.hpp"

namespace approxcert {

namespace {

// The problem the request names, over the domain's outer box.
Problem request_problem(const SupNormRequest& q, const Box& domain) {
  if (!q.program) return load_problem(q.inputs, domain, q.origins);
  check_domain_dim(domain, q.program->num_inputs());
  return {q.inputs.relative ? relative_error_program(*q.program) : *q.program, std::nullopt, std::nullopt};
}

StoppedBy stopped_by(const SupNormResult& r, const SupNormOptions& o) {
  if (r.status == SupNormStatus::ClaimDecided) return StoppedBy::Claim;
  if (r.status != SupNormStatus::Converged) return StoppedBy::Neither;
  return within_tolerance(r.lower, r.upper, o.rel_tol, Rational(0)) ? StoppedBy::RelTol : StoppedBy::AbsTol;
}

}  // namespace

SupNormRun run_supnorm(const SupNormRequest& q) {
  SupNormRun run;
  run.domain = parse_domain_with_constants(q.inputs.domain);
  const Box& box = run.domain.outer;
  run.options = q.options;
  if (!run.domain.is_exact()) run.options.witness_box = run.domain.inner;
  run.options.claim_upper = q.require_upper;
  run.problem = request_problem(q, box);
  if (q.inputs.relative)
    run.options.removable_zeros =
        find_removable_zeros(run.problem.program, box, Prec(run.options.prec), q.origins.relative);
  run.result = sup_norm(run.problem.program, box, run.options);
  if (q.require_upper) run.claim = upper_claim(run.result.lower, run.result.upper, *q.require_upper);
  run.stopped_by = stopped_by(run.result, run.options);
  return run;
}

}  // namespace approxcert
