#pragma once
// Independent re-check of a chain certificate (`approxcert verify`). It trusts only the scalar
// layer and the stored parameters:
//  1. the hash of the canonical content matches "sha256";
//  2. every recorded verdict is re-decided from the recorded numbers (decide() on the recorded
//     lower/upper, or exact values), every recorded margin re-derived, the exact and decimal
//     forms agree (lower <= exact <= upper), the overall verdict and the counts are re-derived;
//  3. (unless disabled) the theorem's chain is rebuilt from the recorded parameters and re-run
//     with the second engine, MPFI (Generic steps), at a DIFFERENT precision (base + 64 bits,
//     doubling up to 2 * max_bits; BallOnly steps run with Arb at those precisions), exact steps
//     exactly, search-then-certify steps from their stored "candidate" (never searching again; a
//     candidate missing, or recorded on a step that does not search, is a problem); each recomputed side must intersect the recorded one (both contain the true value;
//     compared only when evaluated at the same point), exact sides must be equal, recomputed
//     verdicts must equal the recorded ones, and a recorded proved/refuted that the re-run cannot
//     reproduce is a failure ("not re-confirmed").
//     A refuted step's counterexample point must be its recorded "at" and the recomputation's.
// STILL TRUSTED: step 3 re-runs the theorem module (not yet the small checker of supnorm
// certificates); without recomputation only the recorded numbers are re-decided.
// A certificate passes only if every check does; each problem names the step and field.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chain/registry.hpp"

namespace approxcert::chain {

struct VerifyOptions {
  bool recompute = true;
};

struct VerifyReport {
  std::string path;
  std::vector<std::string> problems;  // empty: verified
  std::size_t steps = 0;
  std::size_t recomputed = 0;         // steps re-run and re-confirmed
  std::string verdict;                // the recorded overall verdict
  bool ok() const { return problems.empty(); }
};

// InputError if the file is not a readable chain certificate or names an unknown theorem.
VerifyReport verify_certificate(const TheoremRegistry& registry, const std::string& path,
                                const VerifyOptions& options = {});
// The same for a certificate already read by read_certificate (one read of the file).
VerifyReport verify_certificate(const TheoremRegistry& registry, const nlohmann::json& certificate,
                                const std::string& path, const VerifyOptions& options = {});

}  // namespace approxcert::chain
