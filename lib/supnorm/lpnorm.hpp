#pragma once
// The certified L^p-norm engine: a two-sided enclosure
//     lower <= (integral over the domain of |f(x)|^p dx)^(1/p) <= upper
// (optionally normalised: the integral divided by the domain's volume) for f = output 0 of a
// program (for approximation errors, the signed error target - approx of error_program.hpp) and an
// integer p >= 1. The same branch and bound as sup_norm (bounder.hpp's forms, splitter.hpp's cuts):
// every leaf box B of a cover of the domain gets an enclosure [m, M] of |f| over B (m = 0 where the
// enclosure of f contains 0), so vol(B) m^p <= integral over B of |f|^p <= vol(B) M^p; the leaves
// with the largest gap vol(B) (M^p - m^p) are cut first. m is rounded down and M up to 17
// significant decimal digits (the numbers a certificate records), the sums are exact, and the
// p-th roots are rounded outward (scalar/rational_root.hpp). Both bounds hold whatever the status.
// Where f has a certified sign and no jump on a leaf, the second-order leaf form of
// leaf_integral.hpp tightens [vol m^p, vol M^p] to a gap of vol O(w^2) (w the leaf's width), so the
// sums converge at second order there; elsewhere (leaves on f's zero set, kinks decide nothing) the
// gap shrinks like w. In one input, LpMethod::ArbIntegration (or Auto)
// integrates |f|^p with Arb's acb_calc_integrate instead (arb_integral.hpp), whose error bounds
// converge exponentially where f is analytic; Auto falls back to the leaf sums when that does not
// reach the tolerances (an endpoint that is not a short dyadic, a non-finite enclosure).
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "domain/domain.hpp"
#include "forms/arb_integral.hpp"
#include "net/program.hpp"
#include "problem/statement.hpp"
#include "scalar/rational.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/supnorm.hpp"

namespace approxcert {

enum class LpMethod {
  LeafSums,        // the branch and bound over leaves (any number of inputs)
  ArbIntegration,  // acb_calc_integrate (one input only)
  Auto,            // ArbIntegration in one input when it reaches the tolerances, else LeafSums
};
std::string_view to_string(LpMethod m);

struct LpNormOptions {
  unsigned long p = 2;                              // 1 <= p <= kMaxLpExponent
  bool normalized = false;                          // divide the integral by vol(domain)
  Rational rel_tol = Rational(1) / Rational(1000);  // stop when upper <= lower (1 + rel_tol)
  Rational abs_tol = Rational(0);                   // ... or upper - lower <= abs_tol
  std::uint64_t max_boxes = 1000000;                // boxes bounded, the root included
  std::optional<double> time_limit_seconds;         // wall clock, checked before each box bound
  long prec = 64;                                   // initial working precision in bits
  long max_prec = 1024;                             // precision is doubled, up to this
  unsigned threads = 0;                             // 0: all cores
  std::optional<Arithmetic> arithmetic;
  std::size_t max_taylor_dim = 3;  // as in SupNormOptions
  long taylor_model_order = 24;
  bool linear_relaxation = true;
  std::size_t multi_taylor_order =
      0;                           // the multivariate Taylor-model form (BounderOptions); not measured on L^p leaves
  bool relu_substitution = false;  // the relu-substitution form (BounderOptions); not measured on L^p leaves
  bool fast_path = true;
  std::function<void(const SupNormProgress&)> progress;  // called by the calling thread per batch
  std::size_t max_cover_leaves = 0;                      // record the leaf cover up to this many leaves
  LpMethod method = LpMethod::LeafSums;
  bool second_order_leaves = true;  // leaf_integral.hpp's form where it applies
};

struct LpNormResult {
  SupNormStatus status = SupNormStatus::BudgetExhausted;
  // integral_lower <= (1/vol if normalized) * integral of |f|^p <= integral_upper (absent: no
  // finite bound), the exact sums over the leaves.
  Rational integral_lower;
  std::optional<Rational> integral_upper;
  Rational lower;                 // root_down(integral_lower): the L^p norm is >= lower
  std::optional<Rational> upper;  // root_up(integral_upper): the L^p norm is <= upper
  std::uint64_t boxes = 0;
  std::size_t leaves = 0;
  long max_prec_used = 0;
  unsigned threads = 1;
  Arithmetic arithmetic = Arithmetic::Ball;
  double elapsed_seconds = 0;
  // The leaf cover (absent: not asked for or too large): as in SupNormResult, each leaf's `upper`
  // is its M; leaf_lower[node] is its m (indexed like cover->nodes).
  std::optional<SupNormCover> cover;
  std::vector<Rational> leaf_lower;
  // leaf_integrals[node]: the second-order leaf form's enclosure of the integral of |f|^p over that
  // leaf (absent: [vol m^p, vol M^p] alone); the sums take the tighter of the two ends.
  std::vector<std::optional<Range>> leaf_integrals;
  LpMethod method = LpMethod::LeafSums;            // the one that ran (LeafSums or ArbIntegration)
  std::optional<ArbIntegralSettings> integration;  // ArbIntegration: the run's settings
};

// Throws std::invalid_argument when the program has no output or its input count differs from the
// domain's dimension, when the domain has zero volume, or when the options are unusable.
LpNormResult lp_norm(const Program& prog, const Box& domain, const LpNormOptions& opts = {});

}  // namespace approxcert
