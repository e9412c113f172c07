#include "supnorm/lpnorm_certificate.hpp"
#include <nlohmann/json.hpp>

#include "scalar/rational_root.hpp"
#include "supnorm/bound_digits.hpp"

namespace approxcert {

namespace {

constexpr long kRootBits = 128;

std::string bound_text(const std::optional<Rational>& b) { return b ? exact_text(*b) : std::string("inf"); }

}  // namespace

LpNormTexts lpnorm_texts(const LpNormResult& r, const LpNormOptions& o) {
  LpNormTexts t;
  if (!r.integral_upper) {
    t.integral_lower = decimal_down(r.integral_lower, kMinBoundDigits);
    t.lower = decimal_down(root_down(parse_rational(t.integral_lower), o.p, kRootBits), kMinBoundDigits);
    t.integral_upper = t.upper = "inf";
    return t;
  }
  for (int digits = enclosure_digits(r.integral_lower, r.integral_upper); digits > 0 && digits <= kMaxBoundDigits;
       digits *= 2) {
    t.integral_lower = decimal_down(r.integral_lower, digits);
    t.integral_upper = decimal_up(*r.integral_upper, digits);
    const Rational lo = root_down(parse_rational(t.integral_lower), o.p, kRootBits + 4 * digits);
    const Rational hi = root_up(parse_rational(t.integral_upper), o.p, kRootBits + 4 * digits);
    const int root_digits = std::max(digits, enclosure_digits(lo, hi));
    if (root_digits == 0 || root_digits > kMaxBoundDigits) break;
    t.lower = decimal_down(lo, root_digits);
    t.upper = decimal_up(hi, root_digits);
    if (r.status != SupNormStatus::Converged ||
        within_tolerance(parse_rational(t.lower), parse_rational(t.upper), o.rel_tol, o.abs_tol))
      return t;
  }
  // The exact sums and their roots (dyadics: exact decimal text).
  t.integral_lower = exact_text(r.integral_lower);
  t.integral_upper = exact_text(*r.integral_upper);
  t.lower = exact_text(r.lower);
  t.upper = exact_text(*r.upper);
  return t;
}

nlohmann::json lpnorm_certificate(const LpNormResult& r, const SupNormInputs& in, const Problem& problem,
                                  const LpNormOptions& o, const Domain& domain, const std::string& cert_path) {
  nlohmann::json c;
  c["kind"] = "lpnorm";
  c["claim"] = lpnorm_claim(in, o.p, o.normalized);
  c["p"] = o.p;
  c["normalized"] = o.normalized;
  const LpNormTexts t = lpnorm_texts(r, o);
  c["lower"] = t.lower;
  c["upper"] = t.upper;
  c["integral"] = {{"lower", t.integral_lower}, {"upper", t.integral_upper}};
  c["status"] = std::string(to_string(r.status));
  c["gap"] = supnorm_gap(parse_rational(t.lower),
                         t.upper == "inf" ? std::nullopt : std::optional<Rational>(parse_rational(t.upper)));
  c["method"] = std::string(to_string(r.method));
  if (r.integration)
    c["integration"] = {{"prec", r.integration->prec},
                        {"goal_bits", r.integration->goal_bits},
                        {"tol_exponent", r.integration->tol_exponent}};
  c["cover"] = r.cover ? cover_json(*r.cover, domain.outer, bound_text, &r.leaf_lower, &r.leaf_integrals)
                       : nlohmann::json(nullptr);
  c["boxes"] = r.boxes;
  finish_engine_certificate(c, in, problem, domain, cert_path, run_record(o, r));
  return c;
}

}  // namespace approxcert
