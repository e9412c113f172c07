#pragma once
// The L^p engine's second-order leaf form (lpnorm.hpp): an enclosure of the integral of |f|^p over
// one box whose width shrinks like vol(B) w^2 where f is C^2, against vol(B) w for the zeroth-order
// [vol m^p, vol M^p].
//
// Given F enclosing f over the box B with 0 not in F (so f has one sign s on B), G_i enclosing the
// (Clarke) partial derivatives of f over B (f Lipschitz on B: no jump), and V enclosing f(c) at an
// exact point c of B: phi = |f|^p = (s f)^p has (Clarke) gradient in Phi_i = p (sF)^(p-1) s G_i (the
// chain rule with the C^1 outer function y -> (s y)^p). By Lebourg's mean-value theorem, for every
// x in B, phi(x) - phi(c) = sum_i psi_i h_i with h = x - c and psi_i in Phi_i =
// [gamma_i - rho_i, gamma_i + rho_i], hence phi(x) in phi(c) + sum_i (gamma_i h_i +- rho_i |h_i|).
// Integrated over B, with mu_i = mean(h_i) = mid_i - c_i and nu_i = mean(|h_i|) =
// ((hi_i - c_i)^2 + (c_i - lo_i)^2) / (2 (hi_i - lo_i)):
//     integral_B phi  in  vol(B) (phi(c) + sum_i [gamma_i mu_i - rho_i nu_i, gamma_i mu_i + rho_i nu_i]),
// intersected with [vol m^p, vol M^p] (m = min |F|, M = max |F|). Exact rational arithmetic
// throughout, so the result holds exactly for the enclosures given.
#include <optional>
#include <span>
#include <vector>

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

// Contains the integral over `box` of |f|^p (p >= 1) for every f with f(box) in F, its Clarke
// gradient over the box in G (one Range per coordinate) and f(centre) in V; absent when F contains 0
// (the sign of f is not certified), when the sizes disagree or the centre is outside the box.
std::optional<Range> mean_value_leaf_integral(const Box& box, unsigned long p, const Range& F, std::span<const Range> G,
                                              std::span<const Rational> centre, const Range& V);

}  // namespace approxcert
