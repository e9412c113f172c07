#pragma once
// The checker of lpnorm certificates (`approxcert verify` on kind "lpnorm"). Like the supnorm
// checker it does not re-run the search; it trusts the scalar layer (MPFI, exact rationals), the
// generic evaluator, the expression and network readers, SHA-256, lib/problem and lib/forms
// (docs/checker.md). Re-derived and compared:
//   - envelope and inputs as for supnorm certificates (hash, expressions, domain, network bytes, claim);
//   - the leaf cover tiles the domain and every leaf's recorded [m, M] is re-proved: m <= |error|
//     <= M on the leaf (cover_check.hpp, MPFI; bisection where needed);
//   - the sums sum vol m^p and sum vol M^p over the leaves, exactly (divided by the domain's volume
//     when "normalized"): integral.lower <= the first, the second <= integral.upper;
//   - lower^p <= integral.lower and integral.upper <= upper^p exactly, 0 <= lower <= upper;
//   - "gap" from lower and upper; "status" "converged" exactly when they are within the recorded
//     tolerances;
//   - informational, range-checked only: "boxes", "options" other than the tolerances,
//     "precision", "threads", "tool", "elapsed_seconds".
// A certificate without a recorded cover fails (its bounds cannot be re-checked without a search).
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "check/certificate_check.hpp"

namespace approxcert {

// `certificate` was read by read_certificate_file from `path`. Throws InputError naming the file
// and JSON path when it is not a well-formed lpnorm certificate.
SupNormCheckReport check_lpnorm_certificate(const nlohmann::json& certificate, const std::string& path,
                                            const SupNormCheckOptions& options = {});

}  // namespace approxcert
