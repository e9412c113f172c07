#pragma once
// The lpnorm certificate: an `approxcert-cert/1` document of kind "lpnorm" in the one certificate
// envelope (io/certificate_envelope.hpp), described field by field in docs/lpnorm.md. It records
// p, whether the integral is normalised by the domain's volume, the enclosure [lower, upper] of the
// L^p norm and [integral.lower, integral.upper] of the integral of |error|^p (decimal strings
// rounded outward: lower^p <= integral.lower and integral.upper <= upper^p exactly), and the leaf
// cover (supnorm/certificate.hpp's encoding) with two numbers per leaf: "bounds" (|error| <= M on
// the leaf, "inf" when none) and "lower_bounds" (|error| >= m), and "integrals" (null, or the
// second-order leaf form's [lo, hi] enclosing the integral of |error|^p over the leaf; absent in
// older certificates), the exact decimals the sums were taken of: integral.lower <= sum
// max(vol m^p, lo) and sum min(vol M^p, hi) <= integral.upper (divided by the domain's volume
// when normalised). "method" says which path ran: "leaf_sums" (the above; absent in
// older certificates) or "arb_integration" (no cover; "integration" records the settings of
// acb_calc_integrate, arb_integral.hpp, so that verify runs it again).
// lpnorm_certificate_check.hpp re-checks all of it.
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "supnorm/certificate.hpp"
#include "supnorm/lpnorm.hpp"

namespace approxcert {

// The recorded texts of the integral's and the norm's enclosures: outward, with the digits the
// enclosure supports, more if a converged run needs them to stay within its tolerances.
struct LpNormTexts {
  std::string integral_lower, integral_upper, lower, upper;  // "inf": no finite upper bound
};
LpNormTexts lpnorm_texts(const LpNormResult& r, const LpNormOptions& o);

// The certificate document, "sha256" included (`problem` from load_problem(in); the domain exact).
nlohmann::json lpnorm_certificate(const LpNormResult& r, const SupNormInputs& in, const Problem& problem,
                                  const LpNormOptions& o, const Domain& domain, const std::string& cert_path);

}  // namespace approxcert
