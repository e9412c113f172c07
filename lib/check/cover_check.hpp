#pragma once
// The small checker of a recorded leaf cover (supnorm certificates). It shares no code with the
// branch and bound (no search, splitter, frontier, Taylor-model or second-order form) but one
// program transformation (relu_substitution.hpp, proved by a Jet pass): it trusts only the scalar
// layer (MPFI, exact rationals) and the one generic evaluator (with Jet for the gradient). What it
// establishes when it passes:
//   - tiling: the recorded cuts form a binary tree whose leaves tile the domain exactly (each cut
//     lies strictly inside its box, so the two halves cover it and meet only on the cut face);
//   - per leaf: |f| <= the leaf's recorded bound on the leaf's box, re-derived with MPFI from the
//     natural form (f on the box) intersected with centred forms f(c) + G (x - c) (G the Jet
//     gradient enclosure; skipped where f may jump; one centre per end of the range: per
//     coordinate the box end where f is largest / smallest when the sign of G_i is decided, else
//     the midpoint), for 2 to 4 inputs where f is C^1 with a Lipschitz gradient on the leaf, with
//     a second-order form (f and its gradient at the midpoint, the Hessian enclosed over the leaf
//     by Jet<Jet<Interval>>; diagonal terms maximised exactly as parabolas, cross terms bounded in
//     absolute value; written here, independently of the engine's second_order_form.hpp), for 2 or
//     more inputs where f has a relu kink on the leaf, with those forms on the programs of the
//     relu-substitution form (relu_substitution.hpp: the program transformation and its Jet
//     monotonicity certificate are shared with the engine, the forms bounding them are this
//     checker's), and,
//     for a program of one input, with the order-k Taylor form (coefficients
//     0..k-1 of f's Taylor series at the leaf's midpoint, coefficient k over the leaf: the Lagrange
//     remainder; k = taylor_order, from the certificate), first at `bits`, then at
//     `max_bits`, then on a uniform bisection of the leaf (the widest coordinate halved, down to
//     max_split_depth levels, within a global budget of extra boxes).
//   - relative mode (outputs {q = e/t, e, t}, removable_zeros recorded): each zero x0 of order m is
//     re-certified (the series of e and t at the exact point x0 have coefficients 0..m-1 exactly
//     0), and a box that contains x0 or lies within 8 of its widths of it also gets the divided
//     form: by Taylor's theorem about x0 with the Lagrange remainder, e(x)/(x - x0)^m lies in
//     sum_{j<k} e_{m+j}(x0) h^j + e_{m+k}(Y) h^k (Y the hull of the box and x0, h = x - x0),
//     evaluated by Horner's rule over the box, likewise t; q is their quotient.
//   - per monotonicity node ('M', supnorm covers only): its coordinate has positive width, and
//     the Jet<Interval> gradient enclosure of f over monotonicity_box(node, domain) (f without jump
//     there) has the recorded sign in that coordinate; its children are exactly its faces on the
//     domain's boundary in that coordinate (exact comparisons), so by monotonicity.hpp's argument
//     no maximiser of |f| lies in the node off its children.
// Order and threads: the tree is walked in batches of leaves (tiling, monotonicity nodes); every
// leaf of a batch is proved alone, in parallel (CoverCheckOptions::threads), unsplit and, where
// that fails, bisected ahead within a small cap of sub-boxes; then the batch's outcomes are
// settled in leaf order against the global budget of extra boxes, exactly as if the leaves were
// proved one by one in pre-order (a bisection that needs more than the budget left fails having
// used what was left; one that hit its cap is re-run there with the budget left). So problems,
// their order and every count are the same for every thread count. Checking stops after 10
// problems.
// Hence sup |f| over the domain <= max over leaves of the recorded bounds (the maximum is attained
// in some 'L' leaf). With lower bounds
// (lpnorm certificates), also min |f| over each leaf >= its recorded lower bound, re-proved from
// the same enclosures (their minimum of |f|: 0 where the enclosure of f contains 0).
// With leaf integrals (lpnorm certificates with the second-order leaf form): lo <= integral over
// the leaf of |f|^p <= hi for each recorded [lo, hi], re-proved by a mean-value form written here
// (f's sign certified by the enclosure above, its Jet gradient G over the leaf, f at the leaf's
// exact midpoint c: |f|^p(x) lies in |f|^p(c) + sum_i Phi_i (x_i - c_i), Phi_i = p |F|^(p-1) s G_i,
// whose integral is vol (|f|^p(c) +- sum_i rad(Phi_i) r_i / 2), r_i the half-widths), on the leaf
// or, failing that, summed over a bisection of it within the budget of extra boxes.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "net/program.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

// A cover as recorded in a certificate (see supnorm/certificate.hpp for the encoding).
struct RecordedCut {
  std::size_t dim = 0;
  std::optional<Rational> at;  // absent: the exact midpoint of the box
};
// A monotonicity node: df/dx_dim has the sign `sign` over the node's widened box (monotonicity.hpp).
struct RecordedMonotone {
  std::size_t dim = 0;
  int sign = 0;
};
struct RecordedCover {
  std::string tree;                               // pre-order, 'S' cut, 'L' leaf, 'M' monotonicity node
  std::vector<RecordedCut> cuts;                  // one per 'S', in order
  std::vector<std::optional<Rational>> bounds;    // one per 'L', in order; absent: no finite bound
  std::vector<Rational> lower_bounds{};           // lpnorm certificates: one per 'L', |f| >= it on
                                                  // the leaf (re-proved like the bounds); empty: none
  std::vector<std::optional<Range>> integrals{};  // lpnorm certificates: one per 'L' (absent: none
                                                  // for that leaf), lo <= integral of |f|^p <= hi;
                                                  // empty: none at all
  std::vector<RecordedMonotone> monotone{};       // one per 'M', in order (supnorm certificates only)
};

// A removable zero of the target as a relative-mode certificate records it.
struct RecordedZero {
  Rational at;
  long order = 1;
};

struct CoverCheckOptions {
  long bits = 64;                             // first working precision
  long max_bits = 1024;                       // second working precision, used for the splits too
  unsigned max_split_depth = 40;              // bisection levels per leaf at most
  std::uint64_t max_extra_boxes = 0;          // sub-boxes over all leaves at most (0: 64 x leaves + 65536)
  long taylor_order = 0;                      // k of the Taylor form (one input only); 0: not used
  std::vector<RecordedZero> removable_zeros;  // relative mode only (one input)
  bool prove_leaves = true;                   // false: check the tiling only
  bool volumes = false;                       // report each leaf's exact volume (lpnorm certificates); off,
                                              // as the exact product costs time quadratic in the dimension
  unsigned long lp_exponent = 1;              // p of the recorded leaf integrals (integral of |f|^p)
  unsigned threads = 0;                       // leaves proved in parallel on this many threads (0: one per
                                              // core); the report is the same for every count
  std::uint64_t ahead_split_cap = 4096;       // sub-boxes a leaf may use when bisected ahead of its turn
                                              // (a cost knob: the report is the same for every cap >= 1)
  std::size_t leaves_per_batch = 8192;        // leaves walked, proved and settled together (bounds the
                                              // memory; the report is the same for every size >= 1)
  std::function<void(std::uint64_t done, std::uint64_t total)>
      progress;  // leaves proved so far
                 // (called from any thread, every 256 leaves); may be empty
};

struct CoverCheckReport {
  std::vector<std::string> problems;  // empty: every check passed
  std::uint64_t leaves = 0;
  std::uint64_t leaves_split = 0;  // leaves re-proved only after bisection
  std::uint64_t extra_boxes = 0;   // sub-boxes bounded for them
  std::uint64_t monotone = 0;      // monotonicity nodes re-proved
  std::vector<Rational> volumes;   // each leaf's exact volume, in the recorded order (with
                                   // CoverCheckOptions::volumes)
  bool ok() const { return problems.empty(); }
};

// Checks `cover` for the program's output 0 over `domain`. Problems name the leaf (pre-order index).
CoverCheckReport check_cover(const Program& prog, const Box& domain, const RecordedCover& cover,
                             const CoverCheckOptions& options);

// |f| <= result on `box` from the natural, centred and second-order forms with MPFI at `bits`, and the order-k
// Taylor form (Arb series at `bits`) if k = taylor_order >= 1 and the program has one input
// (absent: no finite bound). Exposed for tests.
std::optional<Rational> natural_centred_abs_bound(const Program& prog, const Box& box, long bits,
                                                  long taylor_order = 0);

// The divided form alone (relative mode, see above) with k terms: |q| <= result on `box` (absent:
// no finite bound, or the zero is not re-certified). Exposed for tests.
std::optional<Rational> divided_form_abs_bound(const Program& prog, const Box& box, const RecordedZero& zero, long bits,
                                               long k);

}  // namespace approxcert
