#pragma once
// Verification of any certificate file, dispatched on its "kind" (the one dispatch that
// `approxcert verify` and the Python module's verify() both use): "supnorm" certificates go to the
// small checker (check/certificate_check.hpp, no search re-run), "lpnorm" certificates to its
// checker (check/lpnorm_certificate_check.hpp, likewise), "chain" certificates to
// chain/verify.hpp with the built-in theorems (re-run only if `rebuild`). A certificate verifies
// iff `problems` is empty; a file that is not a readable certificate, or of an unknown kind, is an
// InputError naming the file and the JSON path.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace approxcert::theorems {

struct VerifyByKindOptions {
  bool recompute = true;  // re-prove supnorm leaf bounds / re-compute chain rechecks
  bool rebuild = true;    // chain: re-run the theorem module from the recorded parameters
  std::string net_path;   // supnorm: the network file, if it is no longer where the certificate says
  unsigned threads = 0;   // supnorm, lpnorm: the cover's leaves proved on this many threads (0: one
                          // per core); the report is the same for every count
  std::function<void(std::uint64_t done, std::uint64_t total)> progress{};  // supnorm, lpnorm: leaves proved
};

struct VerifyByKindReport {
  std::string path, kind, verdict;
  std::vector<std::string> problems, confirmations;
  nlohmann::json steps = nlohmann::json::array();  // chain, with recompute: {id, recomputed} per step
  nlohmann::json trust;                            // chain, with recompute: sides re-computed and trusted
  bool ok() const { return problems.empty(); }
};

VerifyByKindReport verify_by_kind(const std::string& path, const VerifyByKindOptions& options = {});

}  // namespace approxcert::theorems
