#pragma once
// The monotonicity test of interval global optimisation (Hansen; Ratschek-Rokne), in the form both
// the sup-norm engine and the cover checker prove it. Guarantee: if the Jet gradient enclosure of f
// over monotonicity_box(L, D) excludes 0 in coordinate i (L of positive width there, f without
// jump on that box), then no maximiser of |f| over D lies in L, except on L's faces on D's
// boundary in coordinate i (boundary_faces): those replace L.
//
// Why (f continuous on the compact D = prod [a_j, b_j], x* maximising |f| with f(x*) != 0, so x*
// maximises f or -f over D): if x* is in L with a_i < x*_i < b_i, the segment x* + t e_i, |t| <= e
// (e > 0 small), lies in D and in W = monotonicity_box(L, D) (W is L widened by a positive margin in
// every coordinate of positive width, clipped to D). The mean-value form the Jet enclosure G of W
// gives (the same one the centred form uses) says f(x* + t e_i) - f(x*) lies in G_i t, of the sign
// of G_i t: f is strictly monotone along the segment, so x* is no extremum of f on it. L itself
// would not do: at a kink on L's face (relu(x) on [-1, 0]) the Jet over L encloses only the
// one-sided derivative of f restricted to L, and 1 - |x| on [-1, 0] and [0, 1] would lose its
// maximum at 0. Hence x*_i is a_i or b_i, and x* lies on a face of L on D's boundary.
#include <cstddef>
#include <vector>

#include "domain/domain.hpp"

namespace approxcert {

// The box the test's gradient enclosure is taken over: each coordinate of L of positive width w
// widened by w / 2^20 at both ends, clipped to the domain D (L inside D); zero-width coordinates
// (faces) are kept.
Box monotonicity_box(const Box& box, const Box& domain);

// L's faces on D's boundary in coordinate i: L with x_i = a_i if lo_i = a_i, then L with x_i = b_i
// if hi_i = b_i (at most two, lower first; none when L is strictly inside D in coordinate i).
std::vector<Box> boundary_faces(const Box& box, const Box& domain, std::size_t i);

}  // namespace approxcert
