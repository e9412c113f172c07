#include "reference/unclaimed_fields.hpp"

#include <string_view>

namespace approxcert::reference {

// docs/chain.md, "What a chain certificate claims", lists the same fields with their reasons.
bool unclaimed_field(const std::string& pattern) {
  // Labels and provenance: which build wrote the file, under which name and description, with
  // which precision schedule. verify re-derives everything it checks at its own precisions.
  if (pattern == "/instance" || pattern == "/description" || pattern.starts_with("/tool/") ||
      pattern.starts_with("/precision/"))
    return true;
  for (std::string_view k : {"/attempts", "/computation", "/engine", "/prec_bits"})
    if (pattern == std::string("/steps/#") + std::string(k)) return true;
  // How a side was obtained, in words: verify uses a side's recheck (which IS claimed), not these.
  for (std::string_view k : {"/evidence/kind", "/evidence/note", "/evidence/trusted"})
    if (pattern.ends_with(k)) return true;
  // The sup-norm search's record (status, box count, where the lower bound was attained): the
  // claim is the side's enclosure; a refuted step's witness is claimed as its counterexample point.
  for (std::string_view k : {"/evidence/supnorm/status", "/evidence/supnorm/boxes", "/evidence/supnorm/witness/#/name",
                             "/evidence/supnorm/witness/#/value"})
    if (pattern.ends_with(k)) return true;
  // Accuracy options of a claim file's quantities: they steer the computation, not its result.
  if (pattern.starts_with("/parameters/quantities/") && pattern.ends_with("/rel_tol")) return true;
  // A parameter that only steers a non-rigorous search (wright2021's ALS `sweeps`): verify
  // certifies the recorded candidate and does not re-run the search that produced it.
  if (pattern == "/parameters/sweeps") return true;
  return false;
}

}  // namespace approxcert::reference
