#include "check/lpnorm_certificate_check.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "check/certificate_reader.hpp"
#include "check/cover_check.hpp"
#include "check/engine_certificate_check.hpp"
#include "domain/domain.hpp"
#include "forms/arb_integral.hpp"
#include "io/certificate_envelope.hpp"
#include "problem/statement.hpp"
#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

class LpCheck : EngineCertificateCheck {
 public:
  LpCheck(const nlohmann::json& doc, const std::string& path, const SupNormCheckOptions& o)
      : EngineCertificateCheck(doc, path, o, "lpnorm") {}

  SupNormCheckReport run() {
    check_structure();
    const nlohmann::json& p_json = cert_.at("/p");
    if (!p_json.is_number_unsigned() || p_json.get<std::uint64_t>() < 1 || p_json.get<std::uint64_t>() > kMaxLpExponent)
      cert_.fail("/p", "expected an integer from 1 to " + std::to_string(kMaxLpExponent));
    p_ = p_json.get<unsigned long>();
    const nlohmann::json& normalized = cert_.at("/normalized");
    if (!normalized.is_boolean()) cert_.fail("/normalized", "expected true or false");
    normalized_ = normalized.get<bool>();

    const Rational lower = cert_.rational("/lower");
    const std::optional<Rational> upper = cert_.bound("/upper");
    const Rational integral_lower = cert_.rational("/integral/lower");
    const std::optional<Rational> integral_upper = cert_.bound("/integral/upper");
    check_enclosure(lower, upper);
    if (upper.has_value() != integral_upper.has_value())
      problem("upper and integral.upper are not both finite or both \"inf\"");
    const long p = static_cast<long>(p_);
    if (integral_lower < pow_int(max(lower, Rational(0)), p)) problem("lower^p exceeds integral.lower");
    if (upper && integral_upper && pow_int(*upper, p) < *integral_upper) problem("integral.upper exceeds upper^p");

    SupNormInputs in;
    Domain domain;
    const auto claim = [this](const SupNormInputs& i) { return lpnorm_claim(i, p_, normalized_); };
    const std::optional<Problem> prob = load_certified_problem(claim, /*exact_domain_only=*/true, in, domain);
    if (!(box_volume(domain.outer).sign() > 0)) cert_.fail("/inputs/domain/text", "the domain has zero volume");
    if (!prob) return report_;
    const std::string method =
        cert_.has("/method") ? cert_.text("/method") : "leaf_sums";  // absent: older certificates
    if (method == "arb_integration") check_integration(prob->program, domain.outer, integral_lower, integral_upper);
    else if (method == "leaf_sums" && cert_.has("/integration"))
      cert_.fail("/integration", "not part of a leaf_sums certificate");
    else if (method == "leaf_sums") check_cover_and_sums(prob->program, domain.outer, integral_lower, integral_upper);
    else cert_.fail("/method", "expected \"leaf_sums\" or \"arb_integration\"");
    return report_;
  }

 private:
  void check_structure() {
    if (cert_.text("/kind") != "lpnorm") cert_.fail("/kind", "expected \"lpnorm\"");
    cert_.check_keys(doc_, "", {"format", "kind",     "claim",      "p",    "normalized", "lower",
                                "upper",  "integral", "status",     "gap",  "cover",      "boxes",
                                "inputs", "options",  "precision",  "tool", "threads",    "elapsed_seconds",
                                "sha256", "method",   "integration"},
                     "lpnorm");
    cert_.check_keys(cert_.at("/integral"), "/integral", {"lower", "upper"}, "lpnorm");
    check_kind_and_run_members();
  }

  // Arb's integration, run again from the inputs with the recorded settings: its enclosure of the
  // integral must lie inside the recorded one. Trusted: Arb's acb_calc_integrate and the
  // ComplexBall evaluation of the program (arb_integral.hpp).
  void check_integration(const Program& prog, const Box& domain, const Rational& integral_lower,
                         const std::optional<Rational>& integral_upper) {
    if (!cert_.at("/cover").is_null()) cert_.fail("/cover", "expected null with method \"arb_integration\"");
    cert_.check_keys(cert_.at("/integration"), "/integration", {"prec", "goal_bits", "tol_exponent"}, "lpnorm");
    if (domain.dim() != 1) cert_.fail("/method", "\"arb_integration\" needs a domain of one input");
    ArbIntegralSettings s;
    s.prec = static_cast<long>(cert_.count("/integration/prec", kMaxArbIntegralBits));
    s.goal_bits = static_cast<long>(cert_.count("/integration/goal_bits", kMaxArbIntegralBits));
    const nlohmann::json& tol = cert_.at("/integration/tol_exponent");
    if (!tol.is_number_integer() || tol.get<long>() > 0 || tol.get<long>() < -4 * kMaxArbIntegralBits)
      cert_.fail("/integration/tol_exponent",
                 "expected an integer from " + std::to_string(-4 * kMaxArbIntegralBits) + " to 0");
    s.tol_exponent = tol.get<long>();
    if (s.prec < 16 || s.goal_bits < 1) cert_.fail("/integration", "a precision below 16 bits or a goal below 1 bit");
    if (!o_.recheck_cover) return confirmed("integral: NOT re-computed (re-computation switched off)");
    if (!integral_upper && integral_lower.sign() == 0)  // a run without a finite enclosure claims nothing
      return confirmed("integral: the recorded [0, inf) holds for every integrand");
    std::optional<Range> r = arb_integral_of_power(prog, domain.lo[0], domain.hi[0], p_, s);
    if (!r) return problem("integration: acb_calc_integrate, run again, gives no finite enclosure");
    if (normalized_) {
      const Rational v = box_volume(domain);
      r->lo = r->lo / v;
      r->hi = r->hi / v;
    }
    if (r->lo < integral_lower) problem("integral.lower exceeds the lower end of Arb's integral, run again");
    if (integral_upper && *integral_upper < r->hi)
      problem("integral.upper is below the upper end of Arb's integral, run again");
    if (!report_.ok()) return;
    confirmed("integral: acb_calc_integrate run again (prec " + std::to_string(s.prec) + ", goal " +
              std::to_string(s.goal_bits) +
              " bits) encloses it inside [integral.lower, integral.upper]; lower^p and upper^p enclose that, exactly");
  }

  void check_cover_and_sums(const Program& prog, const Box& domain, const Rational& integral_lower,
                            const std::optional<Rational>& integral_upper) {
    std::optional<RecordedCover> recorded =
        recorded_cover(domain.dim(), {"leaves", "tree", "cuts", "bounds", "lower_bounds", "integrals"});
    if (!recorded) return;
    RecordedCover& cover = *recorded;
    const nlohmann::json& lows = cert_.at("/cover/lower_bounds");
    if (!lows.is_array() || lows.size() != cover.bounds.size())
      cert_.fail("/cover/lower_bounds",
                 "expected an array of " + std::to_string(cover.bounds.size()) + " lower bounds");
    for (std::size_t k = 0; k < lows.size(); ++k) {
      const std::string at = "/cover/lower_bounds/" + std::to_string(k);
      cover.lower_bounds.push_back(cert_.rational(at));
      if (cover.lower_bounds.back().sign() < 0) cert_.fail(at, "a negative lower bound");
    }
    if (cert_.has("/cover/integrals")) {  // absent in older certificates: no leaf has one
      const nlohmann::json& integrals = cert_.at("/cover/integrals");
      if (!integrals.is_array() || integrals.size() != cover.bounds.size())
        cert_.fail("/cover/integrals",
                   "expected an array of " + std::to_string(cover.bounds.size()) + " entries (null or [lower, upper])");
      for (std::size_t k = 0; k < integrals.size(); ++k) {
        const std::string at = "/cover/integrals/" + std::to_string(k);
        if (integrals[k].is_null()) {
          cover.integrals.emplace_back();
          continue;
        }
        if (!integrals[k].is_array() || integrals[k].size() != 2) cert_.fail(at, "expected null or [lower, upper]");
        const Range I{cert_.rational(at + "/0"), cert_.rational(at + "/1")};
        if (I.lo.sign() < 0 || I.hi < I.lo) cert_.fail(at, "expected 0 <= lower <= upper");
        cover.integrals.emplace_back(I);
      }
    }
    CoverCheckOptions co = cover_check_options();
    co.prove_leaves = o_.recheck_cover;
    co.volumes = true;
    co.lp_exponent = p_;
    report_.cover = check_cover(prog, domain, cover, co);
    for (const std::string& p : report_.cover.problems) problem("cover: " + p);
    if (!report_.cover.ok()) return;
    // The two sums over the leaves (volumes from the checker's own walk of the cuts), exactly.
    const long p = static_cast<long>(p_);
    Rational low(0), high(0);
    bool bounded = true;
    for (std::size_t k = 0; k < cover.bounds.size(); ++k) {
      const Rational& vol = report_.cover.volumes[k];
      // Each leaf's integral lies in vol [m^p, M^p] and in its recorded [lo, hi]: the tighter ends.
      const std::optional<Range>* I = cover.integrals.empty() ? nullptr : &cover.integrals[k];
      Rational leaf_low = vol * pow_int(cover.lower_bounds[k], p);
      if (I && *I) leaf_low = max(leaf_low, (*I)->lo);
      low += leaf_low;
      if (cover.bounds[k] || (I && *I)) {
        Rational leaf_high = cover.bounds[k] ? vol * pow_int(*cover.bounds[k], p) : (*I)->hi;
        if (I && *I) leaf_high = min(leaf_high, (*I)->hi);
        high += leaf_high;
      } else {
        bounded = false;
      }
    }
    if (normalized_) {
      const Rational v = box_volume(domain);
      low = low / v;
      high = high / v;
    }
    if (low < integral_lower) problem("integral.lower exceeds the sum of vol * m^p over the recorded leaves");
    if (integral_upper && (!bounded || *integral_upper < high))
      problem("integral.upper is below the sum of vol * M^p over the recorded leaves");
    if (!report_.ok()) return;
    confirmed(
        o_.recheck_cover
            ? "leaves: " + std::to_string(report_.cover.leaves) +
                  " leaves tile the domain, each [m, M] re-proved by the natural/centred/second-order forms with MPFI or the Taylor form, " +
                  std::to_string(std::count_if(cover.integrals.begin(), cover.integrals.end(),
                                               [](const auto& I) { return I.has_value(); })) +
                  " recorded leaf integrals by the mean-value form (" + std::to_string(report_.cover.leaves_split) +
                  " leaves bisected, " + std::to_string(report_.cover.extra_boxes) + " sub-boxes)"
            : "leaves: NOT re-proved (re-computation switched off); " + std::to_string(report_.cover.leaves) +
                  " leaves tile the domain");
    confirmed(
        "integral: the sums over the leaves of max(vol * m^p, recorded lower) and min(vol * M^p, recorded upper), exactly, enclose [integral.lower, integral.upper]; "
        "lower^p and upper^p enclose that, exactly");
  }

  unsigned long p_ = 1;
  bool normalized_ = false;
};

}  // namespace

SupNormCheckReport check_lpnorm_certificate(const nlohmann::json& certificate, const std::string& path,
                                            const SupNormCheckOptions& options) {
  return LpCheck(certificate, path, options).run();
}

}  // namespace approxcert
