#include "supnorm/certificate_check.hpp"

#include <algorithm>

#include "io/certificate_envelope.hpp"
#include "io/sha256.hpp"
#include "net/evaluate.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/certificate_reader.hpp"
#include "supnorm/range.hpp"
#include "target/domain.hpp"

namespace approxcert {

namespace {

using Json = nlohmann::json;

constexpr long kMaxTaylorOrder = 200;  // the largest Taylor order a certificate may ask for

class Check {
 public:
  Check(const Json& doc, const std::string& path, const SupNormCheckOptions& o) : doc_(doc), cert_(path, doc), o_(o) {}
  SupNormCheckReport run();

 private:
  void problem(std::string s) { report_.problems.push_back(std::move(s)); }
  void confirmed(std::string s) { report_.confirmations.push_back(std::move(s)); }
  void check_structure();
  SupNormInputs inputs(std::optional<std::string>& net_sha256);
  void check_lower(const Program& prog, const Box& domain, const Rational& lower);
  void check_upper(const Program& prog, const Box& domain, const std::optional<Rational>& upper);
  std::vector<RecordedZero> recorded_zeros();

  const Json& doc_;
  CertificateReader cert_;
  const SupNormCheckOptions& o_;
  SupNormCheckReport report_;
};

void Check::check_structure() {
  cert_.check_keys(doc_, "",
                   {"format", "kind", "claim", "lower", "upper", "status", "gap", "witness", "witness_error", "cover", "boxes",
                    "frontier_boxes", "inputs", "options", "precision", "tool", "threads", "elapsed_seconds", "sha256", "relative"},
                   "supnorm");
  cert_.check_keys(cert_.at("/inputs"), "/inputs", {"net", "approx", "target", "target_net", "domain"}, "supnorm");
  cert_.check_keys(cert_.at("/options"), "/options", {"rel_tol", "abs_tol", "max_boxes", "taylor_order", "time_limit_seconds"}, "supnorm");
  cert_.check_keys(cert_.at("/precision"), "/precision", {"initial_bits", "max_bits_used", "arithmetic"}, "supnorm");
  cert_.check_keys(cert_.at("/gap"), "/gap", {"absolute", "relative"}, "supnorm");
  // Informational members: range-checked only.
  cert_.count("/boxes", UINT64_MAX);
  cert_.count("/frontier_boxes", UINT64_MAX);
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

SupNormInputs Check::inputs(std::optional<std::string>& net_sha256) {
  return read_certificate_inputs(cert_, o_.net_path, net_sha256, report_.problems);
}

// The witness must lie in the inner box: inside the true domain even when its endpoints are irrational.
void Check::check_lower(const Program& prog, const Box& domain, const Rational& lower) {
  const Json& w = cert_.at("/witness");
  if (w.is_null()) {
    if (cert_.has("/witness_error")) problem("a witness_error without a witness");
    if (lower.sign() > 0) problem("lower > 0 but no witness is recorded");
    return;
  }
  if (!w.is_array() || w.size() != domain.dim())
    cert_.fail("/witness", "expected " + std::to_string(domain.dim()) + " coordinates");
  std::vector<Rational> x;
  for (std::size_t i = 0; i < w.size(); ++i) x.push_back(cert_.rational("/witness/" + std::to_string(i)));
  const Range recorded{cert_.rational("/witness_error/lower"), cert_.rational("/witness_error/upper")};
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i] < domain.lo[i] || domain.hi[i] < x[i])
      return problem("the witness lies outside the domain (coordinate " + std::to_string(i) + ")");
  const long bits = std::max<long>(256, cert_.bits("/precision/max_bits_used") + 64);
  std::vector<Interval> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(bits));
  const Interval y = evaluate<Interval>(prog, std::span<const Interval>(in), Prec(bits))[0];
  if (!is_finite(y)) return problem("the error at the witness is not finite in MPFI");
  const Range value = range_of(y);
  if (!(recorded.lo <= value.lo && value.hi <= recorded.hi))
    problem("witness_error: MPFI at " + std::to_string(bits) + " bits does not place error(witness) inside the recorded range");
  if (abs_min(value) < lower)
    return problem("MPFI at " + std::to_string(bits) + " bits does not confirm |error(witness)| >= lower");
  confirmed("lower: |error(witness)| >= lower, MPFI at " + std::to_string(bits) + " bits");
}

// Relative mode: the removable zeros as recorded (the cover checker re-certifies each one).
std::vector<RecordedZero> Check::recorded_zeros() {
  std::vector<RecordedZero> zeros;
  if (!cert_.has("/relative")) return zeros;
  cert_.check_keys(cert_.at("/relative"), "/relative", {"zeros"}, "supnorm");
  const Json& list = cert_.at("/relative/zeros");
  if (!list.is_array()) cert_.fail("/relative/zeros", "expected an array");
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string at = "/relative/zeros/" + std::to_string(k);
    cert_.check_keys(cert_.at(at), at, {"at", "order"}, "supnorm");
    zeros.push_back({cert_.rational(at + "/at"), static_cast<long>(cert_.count(at + "/order", kMaxZeroOrder))});
  }
  return zeros;
}

void Check::check_upper(const Program& prog, const Box& domain, const std::optional<Rational>& upper) {
  if (cert_.at("/cover").is_null())
    return problem("the leaf cover was not recorded (more than " + std::to_string(kMaxCoverLeaves) +
                   " leaves): the upper bound cannot be re-checked");
  cert_.check_keys(cert_.at("/cover"), "/cover", {"leaves", "tree", "cuts", "bounds"}, "supnorm");
  const RecordedCover cover = cert_.cover(domain.dim(), kMaxCoverLeaves);
  for (std::size_t k = 0; k < cover.bounds.size(); ++k) {
    const auto& b = cover.bounds[k];
    if (upper && (!b || *upper < *b)) return problem("leaf " + std::to_string(k) + ": its recorded bound exceeds the recorded upper bound");
  }
  if (!o_.recheck_cover) return confirmed("upper: NOT re-checked (--no-recompute): the leaf bounds were not re-proved");
  CoverCheckOptions co;
  co.bits = std::max<long>(64, cert_.bits("/precision/initial_bits"));
  // Above the run's precision: a recorded bound rounded up at 17 digits may sit closer to the
  // true maximum than the run's own rounding errors.
  co.max_bits = std::max<long>(256, cert_.bits("/precision/max_bits_used") + 64);
  // The Taylor form of the same degree as the run's Taylor models (the remainder one order above).
  co.taylor_order = static_cast<long>(cert_.count("/options/taylor_order", kMaxTaylorOrder)) + 1;
  co.removable_zeros = recorded_zeros();
  report_.cover = check_cover(prog, domain, cover, co);
  for (const std::string& p : report_.cover.problems) problem("cover: " + p);
  if (!report_.cover.ok()) return;
  confirmed("upper: " + std::to_string(report_.cover.leaves) +
            " leaves tile the domain, each bound re-proved by the natural/centred/second-order forms with MPFI or the Taylor form" +
            (co.removable_zeros.empty() ? std::string() : std::string(" or, near the re-certified removable zeros, the divided form")) + " (" +
            std::to_string(report_.cover.leaves_split) + " leaves bisected, " +
            std::to_string(report_.cover.extra_boxes) + " sub-boxes)");
}

SupNormCheckReport Check::run() {
  if (cert_.text("/kind") != "supnorm") cert_.fail("/kind", "expected \"supnorm\"");
  check_structure();
  const Rational lower = cert_.rational("/lower");
  const std::optional<Rational> upper = cert_.bound("/upper");
  const std::string status = cert_.text("/status");
  report_.verdict = status + " [" + cert_.text("/lower") + ", " + cert_.text("/upper") + "]";
  if (lower.sign() < 0) problem("lower < 0");
  if (upper && *upper < lower) problem("upper < lower");

  const Rational rel_tol = cert_.rational("/options/rel_tol"), abs_tol = cert_.rational("/options/abs_tol");
  if (rel_tol.sign() < 0 || abs_tol.sign() < 0) cert_.fail("/options", "negative tolerance");
  const bool within = within_tolerance(lower, upper, rel_tol, abs_tol);
  if (status == "converged" && !within) problem("status: \"converged\" but the recorded bounds are not within the recorded tolerances");
  else if ((status == "budget_exhausted" || status == "precision_exhausted") && within)
    problem("status: \"" + status + "\" but the recorded bounds are within the recorded tolerances");
  else if (status != "converged" && status != "budget_exhausted" && status != "precision_exhausted")
    cert_.fail("/status", "expected converged, budget_exhausted or precision_exhausted");
  if (cert_.at("/gap") != supnorm_gap(lower, upper)) problem("gap: differs from the one the recorded lower and upper give");

  std::optional<std::string> net_sha256;
  const SupNormInputs in = inputs(net_sha256);
  if (cert_.text("/claim") != supnorm_claim(in)) problem("claim: not the claim of a supnorm certificate of these inputs");
  // Constant-expression endpoints ([0,pi]): the cover tiles the outer box (it contains the true
  // domain) and the witness must lie in the inner box (inside it).
  const Domain domain = parse_domain_with_constants(in.domain);
  if (domain.is_exact()) {
    if (cert_.text("/inputs/domain/exact") != format_domain(domain.outer)) problem("the domain's exact text differs from the parsed domain");
  } else if (cert_.text("/inputs/domain/outer") != format_domain(domain.outer) ||
             cert_.text("/inputs/domain/inner") != format_domain(domain.inner)) {
    problem("the domain's outer or inner box differs from the parsed domain");
  }
  const Problem p = load_problem(in, domain.outer);
  if (net_sha256 && p.net_sha256 != net_sha256) {
    problem("the network file " + *in.net_path + " is not the one certified (SHA-256 differs)");
    return report_;
  }
  if (in.target_net_path && p.target_net_sha256 != cert_.text("/inputs/target_net/sha256")) {
    problem("the target network file " + *in.target_net_path + " is not the one certified (SHA-256 differs)");
    return report_;
  }
  check_lower(p.program, domain.inner, lower);
  check_upper(p.program, domain.outer, upper);
  return report_;
}

}  // namespace

SupNormCheckReport check_supnorm_certificate(const nlohmann::json& certificate, const std::string& path,
                                             const SupNormCheckOptions& options) {
  return Check(certificate, path, options).run();
}

}  // namespace approxcert
