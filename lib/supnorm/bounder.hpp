#pragma once
// Bounders: rigorous enclosures of f = output 0 of a program over a box, and the witness points
// met on the way, in a rigorous arithmetic S (Ball or Interval, see Arithmetic). Several forms, each
// valid on its own, are intersected:
//   natural  - the interval extension: the program run on the box (Evaluator<Jet<S>> computes it
//              alongside the gradient);
//   centred  - mean-value forms f(c) + G (x - c) with G the gradient enclosure over the box (Clarke
//              derivatives at kinks), at Baumann's optimal centres for the upper and the lower end
//              (exact when f is monotone in every coordinate); skipped when f may jump on the box;
//   taylor   - second-order form f(m) + f'(m) h + h^T H h / 2 with H the Hessian enclosure over
//              the box from Evaluator<Jet<Jet<S>>>, bounded exactly per coordinate (a concave
//              maximum is found, not overestimated) and, where the quadratic part is certainly
//              definite, by its exact extremum with an O(w^3) remainder (second_order_form.hpp);
//              only when f is C^1 on the box and the dimension is at most max_taylor_dim (its
//              cost grows like (d+1)^2), or one more where the other forms miss pruning by less
//              than 1/32 of the threshold;
//   taylor model - for programs of one input, f(c + t) in P(t) + R with P the Taylor polynomial
//              of order n at the centre and R the Lagrange remainder enclosed over the box
//              (taylor_model.hpp); P's range is refined by bisection to the requested tolerance.
//              Polynomial parts of f of degree <= n cancel exactly, which the other forms cannot
//              do. Only when f is smooth on the box (no kink or jump crossed).
//   multi taylor - for programs of two or more inputs, with BounderOptions::multi_taylor_order = k
//              >= 2 (off by default): f(m + h) in P(h) + R with P the d-variable Taylor polynomial of
//              order k at the centre and R the Lagrange remainder of order k + 1 enclosed over the box
//              (multi_taylor_form.hpp, net/multi_series.hpp); only where f is smooth on the box and
//              the forms above miss pruning by at most 1/16 of the threshold (or all_forms).
//   relu substitution - for programs of two or more inputs, on boxes where f has a kink and the
//              forms above do not prune: each end of f bounded by the centred and second-order
//              forms of smooth programs in which the undecided relus are replaced by lam z or by
//              their two phases (relu_substitution.hpp), O(w^3) tight at a maximum on a kink ridge.
//   monotonicity test - not a form: with BounderOptions::monotonicity_domain set (the sup norm
//              only), a box on which the gradient enclosure excludes 0 in some coordinate is not
//              bounded further; BoxBounds::monotone says so, and the engine drops the box or keeps
//              its faces on the domain's boundary (monotonicity.hpp). Run right after the natural
//              form, before every costlier form.
//   linear   - for programs of two or more inputs, affine lower and upper bounds of every node
//              propagated through the program (linear_relaxation.hpp: exact on affine nodes,
//              triangle relaxation for relu, McCormick for products, chord/tangent for smooth
//              functions), concretised over the box. Valid on every box, kinks and jumps included;
//              run by default only where f has a kink or may jump on the box (where the centred
//              and second-order forms are weakest; on smooth boxes it cost more than it saved).
// The forms are assembled in exact rational interval arithmetic from the S enclosures, so every
// step keeps the enclosure contract. If two forms ever gave disjoint ranges, one of them would be
// wrong: bound() throws std::logic_error rather than report anything.
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "net/program.hpp"
#include "scalar/arithmetic.hpp"
#include "scalar/prec.hpp"
#include "supnorm/removable_zero.hpp"

namespace approxcert {

struct BounderOptions {
  std::size_t max_taylor_dim = 3;  // second-order form only for at most this many inputs
  bool all_forms = false;          // compute every form even when an earlier one already prunes
  // Fast path: at working precisions up to 64 bits, bound each box first in FastInterval (double
  // intervals) and fall back to the arithmetic below for that box only when the fast result is
  // not finite, the box is too thin for doubles, or the rounding of doubles may be what keeps
  // the box from being pruned (make_bounder).
  bool fast_path = false;
  long taylor_model_order = 24;  // order n of the Taylor-model form (one input only); 0: off
  Rational taylor_model_rel_tol = Rational(1) / Rational(4000000);  // refinement goal of P's range
  Rational taylor_model_abs_tol = Rational(0);
  bool linear_relaxation = true;        // the linear-relaxation form, for programs of 2+ inputs
  bool linear_on_smooth_boxes = false;  // also where f is C^1 on the box (measured: slower there)
  // The relu-substitution form (relu_substitution.hpp), for programs of 2+ inputs, on boxes where f
  // has a kink and the other forms do not prune: each end of f bounded by the smooth forms of
  // programs whose undecided relus are replaced by lam z or by their two phases.
  bool relu_substitution = true;
  // The multivariate Taylor-model form (multi_taylor_form.hpp) of this order k >= 2, for programs of
  // 2+ inputs, on boxes where f is smooth and the other forms do not prune; 0: off.
  std::size_t multi_taylor_order = 0;
  // The monotonicity test (monotonicity.hpp) against this domain; absent: off. Only for the sup
  // norm of |f|, f the program's output 0 (an L^p integral needs every point).
  std::optional<Box> monotonicity_domain{};
  // Relative mode (a relative_error_program of one input): certified removable zeros of the target,
  // bounded by the divided Taylor-model form near them (quotient_taylor_model.hpp).
  std::vector<RemovableZero> removable_zeros{};
  // TEST ONLY, deliberately UNSOUND: the centred form's range loses 1/16 of its width at each end.
  // Exists so that a test can show `approxcert verify` rejects what a broken bounder certifies.
  // (Halving the range instead is caught by the engine itself: its witness points then exceed its
  // upper bound.)
  bool test_only_shrink_centred_form = false;
  // TEST ONLY, deliberately UNSOUND: the Taylor-model form's range (an advanced form the cover
  // checker does not have) loses 1/16 of its width at each end; for the same test.
  bool test_only_shrink_taylor_model_form = false;
};

// An exact point and the rigorous enclosure of f there: |f(point)| >= abs_lower.
struct WitnessCandidate {
  std::vector<Rational> point;
  Range value;  // contains f(point)
  Rational abs_lower;
};

// A coordinate in which f is strictly monotone on the box by the monotonicity test: the Jet
// gradient enclosure over monotonicity_box(box, domain) has the sign `sign` (+1 or -1) in `dim`.
struct MonotoneCoordinate {
  std::size_t dim = 0;
  int sign = 0;
};

struct BoxBounds {
  // Each present range encloses f(x) for every x of the box; absent: not applicable or not finite.
  std::optional<Range> natural, centred, taylor, taylor_model, linear, relu_substitution, multi_taylor;
  std::optional<Range> combined;         // the intersection of the present ranges
  std::optional<Rational> abs_upper;     // |f| <= abs_upper on the box (absent: no finite bound)
  std::optional<WitnessCandidate> best;  // the point of the box with the largest abs_lower seen
  std::vector<Range> gradient;           // gradient[i] encloses df/dx_i (Clarke) on the box; empty: f may
                                         // jump there or the enclosure is not finite
  std::vector<double> dirty_gradient;    // max |df/dx_i| on the box, for splitting (empty: unknown)
  double dirty_rounding = 0;             // radius of f at a point: the size of rounding errors
  // Present: the monotonicity test holds on the box in this coordinate (no maximiser of |f| lies
  // in the box off its faces on the domain's boundary there); the box was bounded by the natural
  // form only. Among several coordinates, one with the fewest such faces, then the lowest.
  std::optional<MonotoneCoordinate> monotone;
};

// The arithmetic the bounders run on. Ball (Arb) is fastest, above all for transcendental
// functions; Interval (MPFI) keeps exact endpoints exact, so a kink lying exactly on a box edge
// (relu(x - 1/4) on [1/4, 1/2]) is seen as not crossed, where a ball's radius, rounded up,
// crosses it. Auto: Interval for programs made only of rational and piecewise-linear operations,
// Ball otherwise.
// The arithmetic `a`, or when it is absent (auto) the one the program's operations call for.
Arithmetic resolve_arithmetic(const Program& prog, std::optional<Arithmetic> a);

// Bounds f over boxes at one working precision. Not thread-safe (one per thread).
class Bounder {
 public:
  virtual ~Bounder() = default;
  // Encloses f over `box` (lo <= hi in every coordinate, box.dim() == program inputs). Stops after
  // the first form that shows |f| <= prune_at on the box, unless opts.all_forms. A caller passing
  // prune_at > 0 holds a witness with |f| >= prune_at, so a candidate with |f| <= prune_at is never
  // its witness: its enclosure may then stay the fast path's doubles (make_bounder).
  virtual BoxBounds bound(const Box& box, const Rational& prune_at) = 0;
  // bound(*boxes[k], prune_at) for every k, in order: the same results, which a bounder may compute
  // together (the fast path runs its evaluations of several boxes in one batched pass).
  virtual std::vector<BoxBounds> bound_all(std::span<const Box* const> boxes, const Rational& prune_at) {
    std::vector<BoxBounds> out;
    out.reserve(boxes.size());
    for (const Box* b : boxes) out.push_back(bound(*b, prune_at));
    return out;
  }
  // Rigorous enclosure of f at an exact point (absent: not finite there).
  virtual std::optional<Range> value_at(std::span<const Rational> point) = 0;
};

// With opts.fast_path and p.bits <= 64, a bounder that tries FastInterval first per box (see
// BounderOptions::fast_path); its results are those of one of the two bounders, so they hold.
std::unique_ptr<Bounder> make_bounder(const Program& prog, Prec p, std::optional<Arithmetic> a,
                                      BounderOptions opts = {});

}  // namespace approxcert
