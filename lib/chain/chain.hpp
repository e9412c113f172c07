#pragma once
// A Chain is the ordered list of steps a theorem module builds for one instance; run_chain() runs
// it and decides every verdict. Later steps may use earlier results (Attempt::result / reported).
//
// Precision policy (documented limits): every numeric step runs first at RunOptions::base_bits
// (default 128) and, while its verdict is unknown, is re-run at twice the precision up to
// max_bits (default 512): 128, 256, 512. Attempt::index counts the retries so that a step can also
// raise its sup-norm budget (Attempt::scaled_budget: x1, x4, x16). Exact steps run once. A "for
// all" step may re-run only the points its earlier attempts left undecided (Attempt::for_all_reusing).
// The overall verdict is the conjunction of the steps' verdicts: proved only if every step is
// proved, refuted if any step is refuted, unknown otherwise.
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "chain/step.hpp"
#include "chain/verdict.hpp"
#include "net/network.hpp"

namespace approxcert::chain {

class Chain {
 public:
  // Appends a step. Checked here (std::logic_error, a bug in the theorem module): id non-empty and
  // unique, status non-empty, coq_lemma a Coq identifier unique in the chain.
  Chain& add(StepSpec spec, Computation computation);
  // Marks the sides of step `id` that verify must trust as recorded (chain::trusting of step.hpp);
  // an unknown id is a std::logic_error.
  Chain& trust(std::string_view id, std::string lhs_reason, std::string rhs_reason = {});
  // Records on side `side` ("lhs", "rhs" or "rhs_high") of step `id` how verify re-computes it
  // (Side::rechecked_by); an unknown id or side is a std::logic_error.
  Chain& recheck(std::string_view id, std::string_view side, std::string expression, std::vector<std::string> inputs);
  // The same with a network recipe (recheck.hpp): verify evaluates `net` (recorded in the
  // certificate, recorded_networks.hpp) at `inputs` (one input name per network input) and takes
  // output `output` (a decimal index or an input name). A network above the size budget
  // (kMaxRecordedNetworkBytes) is not recorded: the side keeps its trust mark.
  Chain& recheck_network(std::string_view id, std::string_view side, const Network& net, std::string output,
                         std::vector<std::string> inputs);

  struct Entry {
    StepSpec spec;
    Computation computation;
  };
  const std::vector<Entry>& steps() const { return steps_; }

 private:
  Chain& recheck_with(std::string_view id, std::string_view side, Recheck recheck);
  std::vector<Entry> steps_;
};

// A step's trust marks (Chain::trust): reasons for its lhs and rhs ("" leaves a side unmarked).
struct TrustMark {
  std::string_view id, lhs, rhs;
};
// Chain::trust for every mark whose step the chain has (an instance may lack some steps).
void mark_trusted(Chain& chain, std::initializer_list<TrustMark> marks);

// The largest working precision a check file may ask for (verify re-runs at up to twice it).
// Arb and MPFR handle any exponent at any precision; this caps the memory of one number (128 KiB)
// and the time of one operation, so a hostile check file cannot ask for gigabit arithmetic.
inline constexpr long kMaxPrecisionBits = 1L << 20;

struct RunOptions {
  Arithmetic engine = Arithmetic::Ball;  // Interval: Generic steps run with MPFI (BallOnly ones with Ball)
  long base_bits = 128;
  long max_bits = 512;
  // Step id -> candidate recorded in a certificate: search-then-certify steps certify it instead
  // of searching (set by verify).
  std::map<std::string, Point, std::less<>> recorded_candidates{};
  // Step id -> the point a certificate recorded as the step's decisive one (set by verify):
  // Attempt::watch, so that the step also returns its sides there.
  std::map<std::string, Point, std::less<>> recorded_points{};
};

struct ChainResult {
  std::vector<StepResult> steps;
  Verdict overall = Verdict::Unknown;
  RunOptions options;
  double elapsed_seconds = 0;  // volatile
};

// Runs every step in order (see the file comment for the precision policy). An InputError thrown
// by a computation propagates; a numerical failure (std::domain_error, NotExactError) makes that
// step unknown with its message in StepResult::error.
ChainResult run_chain(const Chain& chain, const RunOptions& options = {});

}  // namespace approxcert::chain
