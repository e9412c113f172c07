#pragma once
// Relu phase substitution: smooth programs that bound one end of a program's output over a box
// where relu nodes are undecided (their argument z straddles 0), so that the smooth forms (centred,
// second-order) apply at a kink. A maximum of |target - relu network| often lies on a kink ridge,
// where every kink-aware form (Clarke gradients, the triangle relaxation) is only O(width) tight.
//
// Guarantee: if relu_substituted_programs(prog, out, box, natural, upper) returns P_1..P_k, then
// for every x in the box, f(x) <= max_i P_i(x) (upper) or f(x) >= min_i P_i(x) (lower), f the
// program's node `out`.
//
// Why: choose undecided relus r_i = relu(z_i) whose arguments do not depend on one another, and let
// G(x, r) be the program with those nodes made free inputs. z_i(x) lies in the natural enclosure
// [l_i, u_i] (l_i < 0 < u_i), and relu(z_i), lam z_i (lam in [0, 1]), z_i and 0 all lie in [l_i, u_i].
// Where the Jet gradient of G over box x prod [l_i, u_i] certifies dG/dr_i <= 0 (G continuous, so
// Lebourg's mean-value theorem makes G nonincreasing in r_i there), relu(z) >= lam z gives
// G(.., relu(z_i), ..) <= G(.., lam z_i, ..); where it certifies dG/dr_i >= 0, relu(z) = max(z, 0)
// gives G(.., relu(z_i), ..) = max(G(.., z_i, ..), G(.., 0, ..)). Substituting one relu at a time
// keeps every intermediate point in that product set, which proves the upper end; the lower end is
// the mirror image. A relu whose sign of dG/dr_i is not certified stays a relu (the argument still
// holds for the others, as its value relu(z) lies in [l, u] too). The lam are chosen in doubles so
// that the substituted program's Newton point from the box's midpoint lies on the kinks (a
// heuristic: any lam in [0, 1] is valid); at a maximum on the ridge that lam is the kink's Lagrange
// multiplier, and the substituted program is smooth there, so the second-order form is
// O(width^3) tight.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "domain/domain.hpp"
#include "net/program.hpp"
#include "scalar/prec.hpp"
#include "scalar/scalar.hpp"

namespace approxcert {

struct ReluSubstitutionLimits {
  // The form is for boxes near a kink, where few relus are undecided: with more than this many
  // (on wide boxes) no programs are made (measured: each costs a smooth bound of its own).
  std::size_t max_undecided = 3;
  std::size_t max_branched = 2;  // relus split into both phases at most (2^2 programs)
};

// natural[i] must enclose node i of prog over the box (the program run on the box). Empty when no
// undecided relu could be substituted (none, none with a certified sign, or f not continuous).
template <RigorousScalar S>
std::vector<Program> relu_substituted_programs(const Program& prog, NodeId out, const Box& box,
                                               std::span<const S> natural, bool upper, Prec p,
                                               const ReluSubstitutionLimits& limits = {});

}  // namespace approxcert
