// Soundness soak (issue #20): `build/bench/soak [TRIALS] [SEED]` runs TRIALS (default 10^4) random
// networks and sup-norm problems against the independent MPFR reference interpreter
// (tests/soak/) and prints the violations; exit status 1 if there is any.
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "reference/soak.hpp"

int main(int argc, char** argv) {
  const std::uint64_t trials = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const auto start = std::chrono::steady_clock::now();
  const approxcert::soak::SoakReport r = approxcert::soak::run_soak(seed, trials);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const std::string& v : r.violations) std::cout << "VIOLATION " << v << "\n";
  std::cout << "soak seed " << seed << ": " << r.trials << " trials, " << r.evaluations
            << " evaluations (Arb and MPFI), " << r.supnorm_problems << " sup-norm problems (d = 1..4: " << r.by_dim[1]
            << ", " << r.by_dim[2] << ", " << r.by_dim[3] << ", " << r.by_dim[4] << "), " << r.sequence_networks
            << " sequence networks, " << r.points_checked << " sup-norm points checked, " << r.reference_undecided
            << " points the reference could not decide (not checked), " << r.violations.size() << " violations, "
            << seconds << " s\n";
  return r.violations.empty() ? 0 : 1;
}
