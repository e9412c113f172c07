#include "check/certificate_check.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "check/certificate_reader.hpp"
#include "check/engine_certificate_check.hpp"
#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "io/certificate_envelope.hpp"
#include "io/sha256.hpp"
#include "net/evaluate.hpp"
#include "problem/statement.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"

namespace approxcert {

namespace {

using Json = nlohmann::json;

class Check : EngineCertificateCheck {
 public:
  Check(const Json& doc, const std::string& path, const SupNormCheckOptions& o)
      : EngineCertificateCheck(doc, path, o, "supnorm") {}
  SupNormCheckReport run();

 private:
  void check_structure();
  void check_lower(const Program& prog, const Box& domain, const Rational& lower);
  void check_upper(const Program& prog, const Box& domain, const std::optional<Rational>& upper);
  std::vector<RecordedZero> recorded_zeros();
};

void Check::check_structure() {
  if (cert_.text("/kind") != "supnorm") cert_.fail("/kind", "expected \"supnorm\"");
  cert_.check_keys(doc_, "",
                   {"format",    "kind",          "claim",   "lower",           "upper",          "status",  "gap",
                    "witness",   "witness_error", "cover",   "boxes",           "frontier_boxes", "inputs",  "options",
                    "precision", "tool",          "threads", "elapsed_seconds", "sha256",         "relative"},
                   "supnorm");
  cert_.count("/frontier_boxes", UINT64_MAX);  // informational
  check_kind_and_run_members();
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
  // 256 bits first, the run's highest precision (+64) only if that does not confirm the witness: a
  // recorded precision costs the checker time only where the witness needs it (a forged
  // "max_bits_used" of 65536 on an easy witness costs nothing).
  const long run_bits = std::max<long>(256, cert_.bits("/precision/max_bits_used") + 64);
  std::string failure;
  std::vector<long> precisions{256};
  if (run_bits > 256) precisions.push_back(run_bits);
  for (const long bits : precisions) {
    std::vector<Interval> in(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(bits));
    const Interval y = evaluate<Interval>(prog, std::span<const Interval>(in), Prec(bits))[0];
    if (!is_finite(y)) {
      failure = "the error at the witness is not finite in MPFI";
      continue;
    }
    const Range value = range_of(y);
    if (!(recorded.lo <= value.lo && value.hi <= recorded.hi))
      failure = "witness_error: MPFI at " + std::to_string(bits) +
                " bits does not place error(witness) inside the recorded range";
    else if (abs_min(value) < lower)
      failure = "MPFI at " + std::to_string(bits) + " bits does not confirm |error(witness)| >= lower";
    else return confirmed("lower: |error(witness)| >= lower, MPFI at " + std::to_string(bits) + " bits");
  }
  problem(failure);
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
  const std::optional<RecordedCover> recorded =
      recorded_cover(domain.dim(), {"leaves", "tree", "cuts", "bounds", "monotone"});
  if (!recorded) return;
  const RecordedCover& cover = *recorded;
  for (std::size_t k = 0; k < cover.bounds.size(); ++k) {
    const auto& b = cover.bounds[k];
    if (upper && (!b || *upper < *b))
      return problem("leaf " + std::to_string(k) + ": its recorded bound exceeds the recorded upper bound");
  }
  if (!o_.recheck_cover)
    return confirmed("upper: NOT re-checked (re-computation switched off): the leaf bounds were not re-proved");
  CoverCheckOptions co = cover_check_options();
  co.removable_zeros = recorded_zeros();
  report_.cover = check_cover(prog, domain, cover, co);
  for (const std::string& p : report_.cover.problems) problem("cover: " + p);
  if (!report_.cover.ok()) return;
  confirmed(
      "upper: " + std::to_string(report_.cover.leaves) +
      " leaves tile the domain, each bound re-proved by the natural/centred/second-order/relu-substitution forms with MPFI or the Taylor form" +
      (co.removable_zeros.empty() ? std::string()
                                  : std::string(" or, near the re-certified removable zeros, the divided form")) +
      " (" + std::to_string(report_.cover.leaves_split) + " leaves bisected, " +
      std::to_string(report_.cover.extra_boxes) + " sub-boxes)" +
      (report_.cover.monotone
           ? ", " + std::to_string(report_.cover.monotone) +
                 " monotonicity nodes re-proved (each eliminated or replaced by its faces on the domain's boundary)"
           : std::string()));
}

SupNormCheckReport Check::run() {
  check_structure();
  const Rational lower = cert_.rational("/lower");
  const std::optional<Rational> upper = cert_.bound("/upper");
  check_enclosure(lower, upper);

  SupNormInputs in;
  Domain domain;
  const std::optional<Problem> p = load_certified_problem(supnorm_claim, /*exact_domain_only=*/false, in, domain);
  if (!p) return report_;
  check_lower(p->program, domain.inner, lower);
  check_upper(p->program, domain.outer, upper);
  return report_;
}

}  // namespace

SupNormCheckReport check_supnorm_certificate(const nlohmann::json& certificate, const std::string& path,
                                             const SupNormCheckOptions& options) {
  return Check(certificate, path, options).run();
}

}  // namespace approxcert
