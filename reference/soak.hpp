#pragma once
// The soundness soak: random networks and sup-norm problems checked against the independent
// reference interpreter (reference_interpreter.hpp). A violation is a certified claim the
// reference contradicts: an output enclosure (Arb or MPFI) not containing the reference value, a
// sup-norm upper bound below the reference error at a point of the domain, or a lower bound above
// the reference error at the witness.
#include <cstdint>
#include <string>
#include <vector>

namespace approxcert::soak {

struct SoakReport {
  std::uint64_t trials = 0, evaluations = 0, supnorm_problems = 0, points_checked = 0;
  std::uint64_t by_dim[5] = {0, 0, 0, 0, 0};  // sup-norm problems by input dimension 1..4
  std::uint64_t sequence_networks = 0;
  std::uint64_t reference_undecided = 0;  // points where the reference could not decide a kink or tie
                                          // at 512 bits (nothing is checked there)
  std::vector<std::string> violations;    // each names the seed, trial and claim
};

// Runs `trials` trials from `seed`; each evaluates one random network at random points with both
// engines and solves one random sup-norm problem (small box budget, one thread).
SoakReport run_soak(std::uint64_t seed, std::uint64_t trials);

}  // namespace approxcert::soak
