#include "chain/sup_norm_side.hpp"

#include <algorithm>

#include "supnorm/supnorm.hpp"

namespace approxcert::chain {

Side sup_norm_side(const Program& error_program, const Box& box, const Attempt& a,
                   const std::vector<std::string>& names, std::string note, const SupNormBudget& budget,
                   const std::optional<Box>& witness_box) {
  SupNormOptions o;
  o.rel_tol = budget.rel_tol;
  o.abs_tol = budget.abs_tol;
  o.max_boxes = a.scaled_budget(budget.max_boxes);
  o.threads = 1;
  o.prec = 64;
  o.max_prec = std::max<long>(1024, a.prec.bits);
  o.witness_box = witness_box;
  // The stored chain certificates (docs/certificates) were made on the precise path without the
  // relu-substitution form, the multivariate Taylor-model form, the monotonicity test or several
  // cuts at once, in batches of 8 boxes; the first two give other bounds within the
  // tolerance (some looser: three stored sup-norm sides moved by up to 2e-3 relative with the
  // form), so chains keep that path until their certificates are regenerated with them on purpose.
  o.fast_path = false;
  o.relu_substitution = false;
  o.multi_taylor_order = 0;
  o.monotonicity = false;
  o.several_cuts = false;
  o.batch_parents = 8;
  const SupNormResult r = sup_norm(error_program, box, o);
  Point witness;
  if (r.witness)
    for (std::size_t k = 0; k < r.witness->size(); ++k)
      witness.add(k < names.size() ? names[k] : "x" + std::to_string(k), (*r.witness)[k]);
  if (!r.upper) {
    Side s;
    s.evidence = {"supnorm", note + " (no finite upper bound)",
                  SupNormEvidence{std::string(to_string(r.status)), witness, r.boxes}, std::nullopt, kSupNormTrusted};
    return s;
  }
  return Side::sup_norm(r.lower, *r.upper, std::string(to_string(r.status)), witness, r.boxes, std::move(note));
}

}  // namespace approxcert::chain
