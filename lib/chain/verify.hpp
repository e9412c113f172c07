#pragma once
// Independent re-check of a chain certificate (`approxcert verify`), WITHOUT running the theorem
// module by default. It trusts the scalar layer, the target-language compiler and the generic
// evaluator (for rechecks), decide() of relation.hpp, and the stored parameters; checks:
//  1. the hash of the canonical content matches "sha256";
//  2. every recorded verdict is re-decided from the recorded numbers (decide() on the recorded
//     lower/upper, or exact values), every recorded margin re-derived, the exact and decimal
//     forms agree (lower <= exact <= upper), the overall verdict and the summary counts are
//     re-derived, a "for all" step's counts must add up and give its verdict, and a refuted
//     step's counterexample must be where its sides were evaluated ("at", else the sup-norm
//     witness of its lhs, else the instance) and its description the recorded sides in words;
//     the decimals of an exact side must be its exact value rounded to their digits;
//  3. (recompute, default) every side that records a recheck (recheck.hpp: an expression over
//     parameters, the step's point and earlier steps' recorded sides, or a network recipe: a
//     network the certificate records under "networks", recorded_networks.hpp, whose key must be
//     its SHA-256, evaluated at such inputs) is re-computed from the
//     certificate alone -- exactly, or with MPFI at 2 * max_bits -- and must agree with the
//     record (an exact recomputation inside it, a numeric one meeting it); the step's verdict is
//     then re-decided from, per side, the record if it contains the recomputation, else the
//     recomputation, and must give the recorded proved/refuted;
//     every other side is trusted as recorded and named in the report (VerifyReport::trusted,
//     trust_summary), with the reason the certificate records for it (Evidence::trusted: a
//     network evaluation of a construction, a sup-norm, an enumeration) or as "not marked";
//  4. (rebuild, on by default; `verify --no-rebuild` skips it) the theorem's chain is rebuilt from the
//     recorded parameters and re-run with the second engine, MPFI (Generic steps), at a DIFFERENT
//     precision (base + 64 bits, doubling up to 2 * max_bits; BallOnly steps with Arb), exact
//     steps exactly, search-then-certify steps from their stored "candidate" (never searching
//     again); recomputed sides must meet the recorded ones (exact ones lie inside), verdicts and
//     texts (the theorem's paper, title and statement, each step's) must match, a refuted step's counterexample must be
//     the recomputation's.
// Step 4 stays on by default because many sides of the paper modules cannot be re-computed from
// the certificate (network evaluations of their constructions, sup-norms, enumerations; some are
// not yet marked): without it, a forged enclosure of such a side would pass. WHAT IS NOT RE-CHECKED with --no-rebuild:
// a side without a recheck is only re-decided from its recorded numbers -- its enclosure is trusted as recorded (and
// bound to the file by the hash). So are the claim texts, a "for all" step's points other than the decisive one,
// network and sup-norm sides (their witness and cover), and search-then-certify candidates. A forger who recomputes the
// hash can change those; each step's VerifyReport::checks entry says which sides were re-computed. A certificate passes
// only if every check does; each problem names the step and field.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "chain/registry.hpp"

namespace approxcert::chain {

struct VerifyOptions {
  bool recompute = true;  // step 3: re-compute the recorded rechecks
  bool rebuild = true;    // step 4: re-run the theorem module (off: --no-rebuild)
};

// What step 3 did for one step.
struct StepCheck {
  std::string id;
  std::string recomputed;  // the re-computed sides ("lhs, rhs (exactly)"); empty: re-decided from recorded numbers only
};

// A side step 3 did not re-compute: trusted as recorded (bound to the file by the hash).
struct TrustedSide {
  std::string step, side;  // step id; "lhs", "rhs" or "rhs_high"
  std::string reason;      // the certificate's trust marker (Evidence::trusted); empty: not marked
};

struct VerifyReport {
  std::string path;
  std::vector<std::string> problems;  // empty: verified
  std::size_t steps = 0;
  std::size_t rechecked = 0;      // steps with at least one side re-computed (step 3)
  std::vector<StepCheck> checks;  // step 3, per step in order (empty if recompute is off)
  std::size_t sides = 0;          // step 3: the lhs, rhs and rhs_high of every step
  std::size_t sides_recomputed =
      0;  // of those, re-computed from the certificate (a "for all" step: at its decisive point)
  std::vector<TrustedSide> trusted;  // the others, each named, in step order
  std::size_t recomputed = 0;        // steps re-run and re-confirmed by the theorem module (step 4)
  std::string verdict;               // the recorded overall verdict
  bool ok() const { return problems.empty(); }
};

// One line saying what step 3 re-computed and what it trusted, every trusted side named, grouped
// by reason: "N of M sides re-computed from the certificate; K trusted as recorded: REASON (S3 lhs,
// S4 lhs); not marked (S7 rhs)".
std::string trust_summary(const VerifyReport& report);

// InputError if the file is not a readable chain certificate. The registry is used only by rebuild.
VerifyReport verify_certificate(const TheoremRegistry& registry, const std::string& path,
                                const VerifyOptions& options = {});
// The same for a certificate already read by read_certificate (one read of the file).
VerifyReport verify_certificate(const TheoremRegistry& registry, const nlohmann::json& certificate,
                                const std::string& path, const VerifyOptions& options = {});

}  // namespace approxcert::chain
