#pragma once
// Independent re-check of a supnorm certificate (`approxcert verify` on kind "supnorm"):
//   - structure: format, kind, lower <= upper, the witness inside the domain, the inputs' SHA-256
//     (expressions, domain text, and the network file's bytes) equal to the recorded ones;
//   - lower: |target - approx| at the witness, evaluated with MPFI (the second engine) at a higher
//     precision than the run used, is at least the recorded lower bound;
//   - upper (recompute): a second sup-norm run with a four times smaller tolerance and four times
//     the box budget must certify an upper bound <= the recorded one: first with the other
//     arithmetic (MPFI if the certificate used Arb, Arb if it used MPFI), else with the same one
//     from twice the precision; no run may contradict the certificate (its lower bound above the
//     recorded upper, or its upper bound below the recorded lower).
// A recorded upper bound of "inf" is never re-confirmed.
#include <string>
#include <vector>

namespace approxcert {

struct SupNormCheckReport {
  std::vector<std::string> problems;      // empty: the certificate passed
  std::vector<std::string> confirmations;  // what was re-confirmed, in words
  bool ok() const { return problems.empty(); }
};

// Throws InputError when the file is not a readable supnorm certificate.
SupNormCheckReport check_supnorm_certificate(const std::string& path, bool recompute);

}  // namespace approxcert
