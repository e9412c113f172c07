#include "check/engine_certificate_check.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "io/certificate_envelope.hpp"
#include "scalar/arithmetic.hpp"

namespace approxcert {

namespace {

constexpr long kMaxTaylorOrder = 200;  // the largest Taylor order a certificate may ask for

}  // namespace

void EngineCertificateCheck::check_kind_and_run_members() {
  cert_.check_keys(cert_.at("/inputs"), "/inputs", {"net", "approx", "target", "target_net", "domain"}, kind_);
  cert_.check_keys(cert_.at("/options"), "/options",
                   {"rel_tol", "abs_tol", "max_boxes", "taylor_order", "time_limit_seconds", "require_upper"}, kind_);
  cert_.check_keys(cert_.at("/precision"), "/precision", {"initial_bits", "max_bits_used", "arithmetic"}, kind_);
  cert_.check_keys(cert_.at("/gap"), "/gap", {"absolute", "relative"}, kind_);
  // Informational members: range-checked only.
  cert_.count("/boxes", UINT64_MAX);
  cert_.count("/threads", 1u << 20);
  cert_.count("/options/max_boxes", UINT64_MAX);
  cert_.count("/options/taylor_order", kMaxTaylorOrder);
  cert_.bits("/precision/initial_bits");
  cert_.bits("/precision/max_bits_used");
  if (!parse_arithmetic(cert_.text("/precision/arithmetic")))
    cert_.fail("/precision/arithmetic", "expected \"arb\" or \"mpfi\"");
  if (cert_.has("/elapsed_seconds")) cert_.text("/elapsed_seconds");
  const nlohmann::json& limit = cert_.at("/options/time_limit_seconds");
  if (!limit.is_null() && !limit.is_string()) cert_.fail("/options/time_limit_seconds", "expected a string or null");

  if (cert_.text("/sha256") != certificate_sha256(doc_))
    problem("the SHA-256 of the canonical content differs from the recorded \"sha256\"");
  else confirmed("content hash");
}

void EngineCertificateCheck::check_enclosure(const Rational& lower, const std::optional<Rational>& upper) {
  const std::string status = cert_.text("/status");
  report_.verdict = status + " [" + cert_.text("/lower") + ", " + cert_.text("/upper") + "]";
  if (lower.sign() < 0) problem("lower < 0");
  if (upper && *upper < lower) problem("upper < lower");
  const Rational rel_tol = cert_.rational("/options/rel_tol"), abs_tol = cert_.rational("/options/abs_tol");
  if (rel_tol.sign() < 0 || abs_tol.sign() < 0) cert_.fail("/options", "negative tolerance");
  if (status != "converged" && status != "budget_exhausted" && status != "precision_exhausted" &&
      status != "claim_decided")
    cert_.fail("/status", "expected converged, budget_exhausted, precision_exhausted or claim_decided");
  if (status == "claim_decided") {  // a run stopped by its claim sup <= U: the recorded bounds decide it
    if (!cert_.has("/options/require_upper")) cert_.fail("/options", "status claim_decided needs require_upper");
    const Truth claim = upper_claim(lower, upper, cert_.rational("/options/require_upper"));
    const std::string text = "sup <= " + cert_.text("/options/require_upper");
    if (claim == Truth::Unknown)
      problem("status: \"claim_decided\" but the recorded bounds decide neither " + text + " nor its negation");
    else confirmed("claim " + text + (claim == Truth::True ? " proved" : " refuted") + " by the recorded bounds");
  }
  const bool within = within_tolerance(lower, upper, rel_tol, abs_tol);
  if (status == "converged" && !within)
    problem("status: \"converged\" but the recorded bounds are not within the recorded tolerances");
  else if (status != "converged" && within)
    problem("status: \"" + status + "\" but the recorded bounds are within the recorded tolerances");
  if (cert_.at("/gap") != supnorm_gap(lower, upper))
    problem("gap: differs from the one the recorded lower and upper give");
}

std::optional<Problem> EngineCertificateCheck::load_certified_problem(
    const std::function<std::string(const SupNormInputs&)>& claim, bool exact_domain_only, SupNormInputs& in,
    Domain& domain) {
  std::optional<std::string> net_sha256;
  in = read_certificate_inputs(cert_, o_.net_path, net_sha256, report_.problems);
  if (cert_.text("/claim") != claim(in)) problem("claim: not the " + kind_ + " claim of these inputs");
  // Constant-expression endpoints ([0,pi]): the cover tiles the outer box (it contains the true
  // domain) and a witness must lie in the inner box (inside it).
  domain = parse_domain_with_constants(in.domain);
  if (exact_domain_only && !domain.is_exact())
    cert_.fail("/inputs/domain/text", "a " + kind_ + " certificate needs a domain with exact endpoints");
  if (domain.is_exact()) {
    if (cert_.text("/inputs/domain/exact") != format_domain(domain.outer))
      problem("the domain's exact text differs from the parsed domain");
  } else if (cert_.text("/inputs/domain/outer") != format_domain(domain.outer) ||
             cert_.text("/inputs/domain/inner") != format_domain(domain.inner)) {
    problem("the domain's outer or inner box differs from the parsed domain");
  }
  const std::string at = cert_.path() + ": /inputs/";
  Problem p =
      load_problem(in, domain.outer,
                   {at + "net/path", at + "approx/expression", at + "target/expression", at + "target_net/path",
                    at + "domain/text", at + "net/output", at + "target_net/output", cert_.path() + ": /relative"});
  if (net_sha256 && p.net_sha256 != net_sha256) {
    problem("the network file " + *in.net_path + " is not the one certified (SHA-256 differs)");
    return std::nullopt;
  }
  if (in.target_net_path && p.target_net_sha256 != cert_.text("/inputs/target_net/sha256")) {
    problem("the target network file " + *in.target_net_path + " is not the one certified (SHA-256 differs)");
    return std::nullopt;
  }
  return p;
}

CoverCheckOptions EngineCertificateCheck::cover_check_options() const {
  CoverCheckOptions co;
  // The checker's own first precision, whatever the run's; the run's highest (+64) is the second,
  // tried only on leaves the first does not prove, so a forged "max_bits_used" costs time only on
  // leaves that need it (a forged "initial_bits" costs none).
  co.bits = 64;
  co.max_bits = std::max<long>(256, cert_.bits("/precision/max_bits_used") + 64);
  // The Taylor form of the same degree as the run's Taylor models (the remainder one order above).
  co.taylor_order = static_cast<long>(cert_.count("/options/taylor_order", kMaxTaylorOrder)) + 1;
  co.threads = o_.threads;
  co.progress = o_.progress;
  return co;
}

std::optional<RecordedCover> EngineCertificateCheck::recorded_cover(std::size_t dim,
                                                                    std::initializer_list<const char*> members) {
  if (cert_.at("/cover").is_null()) {
    problem("the leaf cover was not recorded (more than " + std::to_string(kMaxCoverLeaves) +
            " leaves): the bounds cannot be re-checked without a search");
    return std::nullopt;
  }
  cert_.check_keys(cert_.at("/cover"), "/cover", members, kind_);
  return cert_.cover(dim, kMaxCoverLeaves);
}

}  // namespace approxcert
