#pragma once
// The checker of supnorm certificates (`approxcert verify` on kind "supnorm"). It does NOT re-run
// the search: it trusts the scalar layer (MPFI, exact rationals), the one generic evaluator with
// Jet gradients, the expression and network readers, SHA-256, and the problem and forms both wings
// read (lib/problem, lib/forms; docs/checker.md lists them). Every field of the certificate
// is either re-derived and compared, or informational (not part of the claim):
//   - envelope: "sha256" equals the SHA-256 of the canonical content; no unknown member;
//   - inputs: the expressions' and the domain text's SHA-256, and the network file's bytes (found
//     relative to the certificate's folder, or given with --net) hashed and parsed from one read;
//     "claim" is the sentence the inputs give;
//   - lower: the witness lies in the domain, |error(witness)| >= lower with MPFI at 256 bits (then
//     at max(256, max_bits_used + 64) if that does not confirm it), and that enclosure lies inside
//     "witness_error";
//   - upper: the recorded leaf cover tiles the domain, every leaf's recorded bound is re-proved
//     (cover_check.hpp) and is <= "upper"; lower <= upper;
//   - "gap" is re-derived from the recorded lower and upper; "status" is "converged" exactly when
//     the recorded numbers are within the recorded tolerances (the other statuses say why a run
//     stopped early, which is a run statistic);
//   - informational: "boxes", "frontier_boxes", "options" other than the tolerances, "precision",
//     "threads", "tool", "elapsed_seconds". They are range-checked (a 64-bit integer, a
//     precision <= 65536 bits, a Taylor order <= 200), never trusted.
// A certificate whose cover was not recorded (too many leaves) fails: its upper bound cannot be
// re-checked without a search.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "check/cover_check.hpp"

namespace approxcert {

struct SupNormCheckOptions {
  bool recheck_cover = true;              // false: skip re-bounding the leaves (says so)
  std::optional<std::string> net_path{};  // the network file, if not where the certificate says
  unsigned threads = 0;                   // the cover's leaves proved on this many threads (0: one
                                          // per core); the report is the same for every count
  std::function<void(std::uint64_t done, std::uint64_t total)> progress{};  // leaves proved so far
};

struct SupNormCheckReport {
  std::vector<std::string> problems;       // empty: the certificate passed
  std::vector<std::string> confirmations;  // what was re-confirmed, in words
  std::string verdict;                     // the recorded status and enclosure, e.g. "converged [l, u]"
  CoverCheckReport cover;                  // the small checker's statistics
  bool ok() const { return problems.empty(); }
};

// `certificate` was read by read_certificate_file (io/certificate_envelope.hpp) from `path`.
// Throws InputError naming the file and JSON path when it is not a well-formed supnorm
// certificate (a missing member, a wrong type, a value over a resource limit).
SupNormCheckReport check_supnorm_certificate(const nlohmann::json& certificate, const std::string& path,
                                             const SupNormCheckOptions& options = {});

}  // namespace approxcert
