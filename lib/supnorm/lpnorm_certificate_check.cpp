#include "supnorm/lpnorm_certificate_check.hpp"

#include <algorithm>

#include "io/certificate_envelope.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/certificate_reader.hpp"
#include "supnorm/cover_check.hpp"
#include "supnorm/lpnorm.hpp"
#include "supnorm/lpnorm_certificate.hpp"
#include "target/domain.hpp"

namespace approxcert {

namespace {

using Json = nlohmann::json;

constexpr long kMaxTaylorOrder = 200;

class LpCheck {
 public:
  LpCheck(const Json& doc, const std::string& path, const SupNormCheckOptions& o) : doc_(doc), cert_(path, doc), o_(o) {}

  SupNormCheckReport run() {
    if (cert_.text("/kind") != "lpnorm") cert_.fail("/kind", "expected \"lpnorm\"");
    check_structure();
    const Json& p_json = cert_.at("/p");
    if (!p_json.is_number_unsigned() || p_json.get<std::uint64_t>() < 1 || p_json.get<std::uint64_t>() > kMaxLpExponent)
      cert_.fail("/p", "expected an integer from 1 to " + std::to_string(kMaxLpExponent));
    p_ = p_json.get<unsigned long>();
    const Json& normalized = cert_.at("/normalized");
    if (!normalized.is_boolean()) cert_.fail("/normalized", "expected true or false");
    normalized_ = normalized.get<bool>();

    const Rational lower = cert_.rational("/lower");
    const std::optional<Rational> upper = cert_.bound("/upper");
    const Rational integral_lower = cert_.rational("/integral/lower");
    const std::optional<Rational> integral_upper = cert_.bound("/integral/upper");
    const std::string status = cert_.text("/status");
    report_.verdict = status + " [" + cert_.text("/lower") + ", " + cert_.text("/upper") + "]";
    if (lower.sign() < 0) problem("lower < 0");
    if (upper && *upper < lower) problem("upper < lower");
    if (upper.has_value() != integral_upper.has_value()) problem("upper and integral.upper are not both finite or both \"inf\"");
    const long p = static_cast<long>(p_);
    if (integral_lower < pow_int(max(lower, Rational(0)), p)) problem("lower^p exceeds integral.lower");
    if (upper && integral_upper && pow_int(*upper, p) < *integral_upper) problem("integral.upper exceeds upper^p");
    check_status(lower, upper, status);

    std::optional<std::string> net_sha256;
    SupNormInputs in = read_certificate_inputs(cert_, o_.net_path, net_sha256, report_.problems);
    if (in.relative) cert_.fail("/relative", "not part of an lpnorm certificate");
    if (cert_.text("/claim") != lpnorm_claim(in, p_, normalized_)) problem("claim: not the claim of an lpnorm certificate of these inputs");
    const Domain domain = parse_domain_with_constants(in.domain);
    if (!domain.is_exact()) cert_.fail("/inputs/domain/text", "an lpnorm certificate needs a domain with exact endpoints");
    if (cert_.text("/inputs/domain/exact") != format_domain(domain.outer)) problem("the domain's exact text differs from the parsed domain");
    if (!(box_volume(domain.outer).sign() > 0)) cert_.fail("/inputs/domain/text", "the domain has zero volume");
    const Problem prob = load_problem(in, domain.outer);
    if (net_sha256 && prob.net_sha256 != net_sha256) {
      problem("the network file " + *in.net_path + " is not the one certified (SHA-256 differs)");
      return report_;
    }
    if (in.target_net_path && prob.target_net_sha256 != cert_.text("/inputs/target_net/sha256")) {
      problem("the target network file " + *in.target_net_path + " is not the one certified (SHA-256 differs)");
      return report_;
    }
    check_cover_and_sums(prob.program, domain.outer, integral_lower, integral_upper);
    return report_;
  }

 private:
  void problem(std::string s) { report_.problems.push_back(std::move(s)); }
  void confirmed(std::string s) { report_.confirmations.push_back(std::move(s)); }

  void check_structure() {
    cert_.check_keys(doc_, "",
                     {"format", "kind", "claim", "p", "normalized", "lower", "upper", "integral", "status", "gap", "cover",
                      "boxes", "inputs", "options", "precision", "tool", "threads", "elapsed_seconds", "sha256"},
                     "lpnorm");
    cert_.check_keys(cert_.at("/inputs"), "/inputs", {"net", "approx", "target", "target_net", "domain"}, "lpnorm");
    cert_.check_keys(cert_.at("/options"), "/options", {"rel_tol", "abs_tol", "max_boxes", "taylor_order", "time_limit_seconds"}, "lpnorm");
    cert_.check_keys(cert_.at("/precision"), "/precision", {"initial_bits", "max_bits_used", "arithmetic"}, "lpnorm");
    cert_.check_keys(cert_.at("/gap"), "/gap", {"absolute", "relative"}, "lpnorm");
    cert_.check_keys(cert_.at("/integral"), "/integral", {"lower", "upper"}, "lpnorm");
    cert_.count("/boxes", UINT64_MAX);
    cert_.count("/threads", 1u << 20);
    cert_.count("/options/max_boxes", UINT64_MAX);
    cert_.count("/options/taylor_order", kMaxTaylorOrder);
    cert_.bits("/precision/initial_bits");
    cert_.bits("/precision/max_bits_used");
    const std::string arithmetic = cert_.text("/precision/arithmetic");
    if (arithmetic != "arb" && arithmetic != "mpfi") cert_.fail("/precision/arithmetic", "expected \"arb\" or \"mpfi\"");
    if (cert_.has("/elapsed_seconds")) cert_.text("/elapsed_seconds");
    const Json& limit = cert_.at("/options/time_limit_seconds");
    if (!limit.is_null() && !limit.is_string()) cert_.fail("/options/time_limit_seconds", "expected a string or null");
    if (cert_.text("/sha256") != certificate_sha256(doc_)) problem("the SHA-256 of the canonical content differs from the recorded \"sha256\"");
    else confirmed("content hash");
  }

  void check_status(const Rational& lower, const std::optional<Rational>& upper, const std::string& status) {
    const Rational rel_tol = cert_.rational("/options/rel_tol"), abs_tol = cert_.rational("/options/abs_tol");
    if (rel_tol.sign() < 0 || abs_tol.sign() < 0) cert_.fail("/options", "negative tolerance");
    const bool within = within_tolerance(lower, upper, rel_tol, abs_tol);
    if (status != "converged" && status != "budget_exhausted" && status != "precision_exhausted")
      cert_.fail("/status", "expected converged, budget_exhausted or precision_exhausted");
    if (status == "converged" && !within) problem("status: \"converged\" but the recorded bounds are not within the recorded tolerances");
    else if (status != "converged" && within)
      problem("status: \"" + status + "\" but the recorded bounds are within the recorded tolerances");
    if (cert_.at("/gap") != supnorm_gap(lower, upper)) problem("gap: differs from the one the recorded lower and upper give");
  }

  void check_cover_and_sums(const Program& prog, const Box& domain, const Rational& integral_lower,
                            const std::optional<Rational>& integral_upper) {
    if (cert_.at("/cover").is_null())
      return problem("the leaf cover was not recorded (more than " + std::to_string(kMaxCoverLeaves) +
                     " leaves): the bounds cannot be re-checked");
    cert_.check_keys(cert_.at("/cover"), "/cover", {"leaves", "tree", "cuts", "bounds", "lower_bounds"}, "lpnorm");
    RecordedCover cover = cert_.cover(domain.dim(), kMaxCoverLeaves);
    const Json& lows = cert_.at("/cover/lower_bounds");
    if (!lows.is_array() || lows.size() != cover.bounds.size())
      cert_.fail("/cover/lower_bounds", "expected an array of " + std::to_string(cover.bounds.size()) + " lower bounds");
    for (std::size_t k = 0; k < lows.size(); ++k) {
      const std::string at = "/cover/lower_bounds/" + std::to_string(k);
      cover.lower_bounds.push_back(cert_.rational(at));
      if (cover.lower_bounds.back().sign() < 0) cert_.fail(at, "a negative lower bound");
    }
    CoverCheckOptions co;
    co.bits = std::max<long>(64, cert_.bits("/precision/initial_bits"));
    co.max_bits = std::max<long>(256, cert_.bits("/precision/max_bits_used") + 64);
    co.taylor_order = static_cast<long>(cert_.count("/options/taylor_order", kMaxTaylorOrder)) + 1;
    co.prove_leaves = o_.recheck_cover;
    report_.cover = check_cover(prog, domain, cover, co);
    for (const std::string& p : report_.cover.problems) problem("cover: " + p);
    if (!report_.cover.ok()) return;
    // The two sums over the leaves (volumes from the checker's own walk of the cuts), exactly.
    const long p = static_cast<long>(p_);
    Rational low(0), high(0);
    bool bounded = true;
    for (std::size_t k = 0; k < cover.bounds.size(); ++k) {
      const Rational& vol = report_.cover.volumes[k];
      low += vol * pow_int(cover.lower_bounds[k], p);
      if (cover.bounds[k]) high += vol * pow_int(*cover.bounds[k], p);
      else bounded = false;
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
    confirmed(o_.recheck_cover
                  ? "leaves: " + std::to_string(report_.cover.leaves) +
                        " leaves tile the domain, each [m, M] re-proved by the natural/centred/second-order forms with MPFI or the Taylor form (" +
                        std::to_string(report_.cover.leaves_split) + " leaves bisected, " +
                        std::to_string(report_.cover.extra_boxes) + " sub-boxes)"
                  : "leaves: NOT re-proved (--no-recompute); " + std::to_string(report_.cover.leaves) + " leaves tile the domain");
    confirmed("integral: the sums of vol * m^p and vol * M^p over the leaves, exactly, enclose [integral.lower, integral.upper]; "
              "lower^p and upper^p enclose that, exactly");
  }

  const Json& doc_;
  CertificateReader cert_;
  const SupNormCheckOptions& o_;
  SupNormCheckReport report_;
  unsigned long p_ = 1;
  bool normalized_ = false;
};

}  // namespace

SupNormCheckReport check_lpnorm_certificate(const nlohmann::json& certificate, const std::string& path,
                                            const SupNormCheckOptions& options) {
  return LpCheck(certificate, path, options).run();
}

}  // namespace approxcert
