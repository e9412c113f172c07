#pragma once
// The certified sup-norm engine: a two-sided enclosure
//     lower <= sup_{x in domain} |f(x)| <= upper
// for f = output 0 of a program (for approximation errors, the signed error target - approx built
// by error_program.hpp). Branch and bound over the domain: each box gets an upper bound on |f|
// from the bounders (bounder.hpp), boxes are kept in a Frontier by upper bound, the one with the
// largest bound is cut by the Splitter, and boxes whose bound cannot exceed the lower bound are
// dropped. `lower` is |f| at a witness point evaluated rigorously (box centres and a dirty Newton
// step propose points; only their ball enclosures count). `upper` is the maximum of the bounds
// over a cover of the domain. Both hold whatever the status; the status says whether the
// requested tolerance was reached.
//
// Determinism: boxes are refined in batches of fixed size, so the result (bounds, witness, box
// count) does not depend on the number of threads.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "net/program.hpp"
#include "problem/statement.hpp"
#include "scalar/rational.hpp"
#include "scalar/truth.hpp"
#include "supnorm/bounder.hpp"

namespace approxcert {

enum class SupNormStatus {
  Converged,           // upper - lower <= abs_tol, or upper <= lower (1 + rel_tol)
  BudgetExhausted,     // max_boxes or the time limit was reached first; the enclosure still holds
  PrecisionExhausted,  // the remaining boxes could not be refined within max_prec (rounding errors
                       // dominate, or boxes became too thin); the enclosure still holds
  ClaimDecided,        // before the tolerances were reached, the claim sup <= claim_upper was decided
                       // (upper <= claim_upper or lower > claim_upper); the enclosure still holds
};
std::string_view to_string(SupNormStatus s);

// The cover the upper bound comes from: a binary tree of cuts of the domain. Node 0 is the domain;
// a cut node splits its box at `at` in coordinate `dim` (lo < at < hi) into the children
// first_child (the part <= at) and first_child + 1 (the part >= at); a leaf (first_child == 0)
// carries the bound the engine proved on its box: |f| <= upper there (absent: no finite bound).
// Every box the engine bounded is a node; dropped, retired and unrefined boxes are leaves.
// A monotonicity node (monotone = +1 or -1: the sign of df/dx_dim by the monotonicity test,
// monotonicity.hpp) has as children its faces on the domain's boundary in coordinate `dim`
// (boundary_faces, lower first), at first_child onwards; with none it is an eliminated leaf.
struct CoverNode {
  std::size_t first_child = 0;
  std::size_t dim = 0;
  Rational at;
  std::optional<Rational> upper;
  int monotone = 0;
};
struct SupNormCover {
  std::vector<CoverNode> nodes;
};

struct SupNormProgress {
  std::uint64_t boxes;
  Rational lower;
  std::optional<Rational> upper;  // absent: no finite bound yet
  std::size_t frontier;
  double elapsed_seconds;
};

struct SupNormOptions {
  Rational rel_tol = Rational(1) / Rational(1000000);  // 1e-6
  Rational abs_tol = pow10(-30);                       // lets an exactly-zero error converge
  std::uint64_t max_boxes = 1000000;                   // boxes bounded, the root included
  std::optional<double> time_limit_seconds;            // wall clock, checked before each box bound
  long prec = 64;                                      // initial working precision in bits
  long max_prec = 1024;                                // precision is doubled, up to this
  unsigned threads = 0;                                // 0: all cores
  std::optional<Arithmetic> arithmetic;                // Ball, Interval, or (absent) chosen by the program
  std::size_t max_taylor_dim = 3;                      // second-order form up to this dimension
  long taylor_model_order = 24;                        // Taylor-model form (one input); 0: off
  bool linear_relaxation = true;                       // linear-relaxation form (2+ inputs)
  bool linear_on_smooth_boxes = false;                 // ... also on boxes where f is C^1
  bool relu_substitution = true;                       // relu-substitution form (2+ inputs, kinked boxes)
  std::size_t multi_taylor_order = 0;                  // multivariate Taylor-model form (2+ inputs); 0: off
  bool fast_path = true;                               // FastInterval first per box (BounderOptions)
  // The monotonicity test (monotonicity.hpp): a box on which f is strictly monotone in a
  // coordinate is eliminated, or replaced by its faces on the domain's boundary. Not with
  // removable zeros (there the maximised |q| is not the program's output everywhere).
  bool monotonicity = true;
  // Several cuts at once on a box whose bound is far above the lower bound (dirty_split_levels,
  // splitter.hpp): only the pieces are bounded, the boxes between them and the parent are not.
  bool several_cuts = true;
  // Frontier boxes split per batch (at least 1; the batch's jobs are bounded in parallel). Fixed by
  // the options, not the thread count, so results do not depend on it. 32: on tanh width 64, d = 4,
  // two threads, 0.85 of the wall time of 8 (paired runs, docs/benchmarks.md); chains keep 8.
  std::size_t batch_parents = 32;
  std::function<void(const SupNormProgress&)> progress;  // called by the calling thread per batch
  std::size_t max_cover_leaves = 0;                      // record the leaf cover up to this many leaves
                                                         // (0: not recorded)
  bool test_only_shrink_taylor_model_form = false;       // TEST ONLY: an unsound Taylor-model form
  bool test_only_shrink_centred_form = false;            // TEST ONLY: an unsound centred form (see
                                                         // BounderOptions); proves verify independent
  // Where witnesses may lie, if not the whole domain: a sub-box of it (the inner box of a domain
  // with irrational endpoints, target/domain.hpp). A candidate point outside it is moved to its
  // nearest point in this box and evaluated there, so `lower` is |f| at a point of this box.
  std::optional<Box> witness_box;
  // The claim sup |f| <= claim_upper, if any, is a stopping rule: the search ends (ClaimDecided) as
  // soon as upper_claim decides it (after the tolerance test: a run within the tolerances is
  // Converged), and works toward it meanwhile (the frontier pops the largest bound first, the box
  // keeping upper above claim_upper; several cuts at once are judged against claim_upper).
  std::optional<Rational> claim_upper;
  // Relative mode: the certified removable zeros of the target (find_removable_zeros) for a
  // relative_error_program of one input; boxes near them get the divided Taylor-model form.
  std::vector<RemovableZero> removable_zeros;
};

struct SupNormResult {
  SupNormStatus status = SupNormStatus::BudgetExhausted;
  Rational lower;                                // sup |f| >= lower (>= 0)
  std::optional<Rational> upper;                 // sup |f| <= upper; absent: no finite bound found
  std::optional<std::vector<Rational>> witness;  // |f(witness)| >= lower (absent when lower = 0
                                                 // and no point was evaluated finitely)
  std::optional<Range> witness_value;            // encloses f(witness)
  std::uint64_t boxes = 0;                       // boxes bounded
  std::size_t frontier = 0;                      // boxes left unrefined at the end
  std::uint64_t monotone_eliminated = 0;         // boxes the monotonicity test eliminated
  std::uint64_t monotone_faces = 0;              // faces it kept instead of a box (each then bounded)
  long max_prec_used = 0;                        // highest working precision used, in bits
  unsigned threads = 1;
  Arithmetic arithmetic = Arithmetic::Ball;  // the one used (auto resolved)
  double elapsed_seconds = 0;
  std::optional<SupNormCover> cover;  // absent: not asked for, or more than max_cover_leaves leaves
};

// Throws std::invalid_argument when the program has no output or its input count differs from the
// domain's dimension, or when the options are unusable (negative tolerances, prec < 16, a
// witness box not inside the domain, ...).
SupNormResult sup_norm(const Program& prog, const Box& domain, const SupNormOptions& opts = {});

}  // namespace approxcert
