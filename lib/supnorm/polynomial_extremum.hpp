#pragma once
// The end of a multivariate polynomial's range near a definite extremum, without the O(w^3) loss
// of bounding its cubic terms by interval products. P is a MultiSeries of order k (coefficients
// enclosing those of polynomials p), h ranges over the box prod offsets[i], and s is a point.
// Re-expanded at s (a Taylor shift), p(s + u) = q_0 + g.u + u^T H u / 2 + sum_{j >= 3} q_j(u)
// with q_j homogeneous of degree j. With rho = |u|_2 <= rho_max on the box:
//   g.u <= |g|_2 rho;   u^T H u / 2 <= -(mu/2) rho^2 where -H - mu I is certified positive
//   definite for every H in its enclosure (Arb LDL^T on the ball matrix);
//   |q_j(u)| <= C_j rho^j <= C_j rho_max^(j-2) rho^2, C_j = sum_{|alpha| = j} |q_alpha|
//   (|u^alpha| <= rho^|alpha|);
// so p <= q_0 + G rho - mu' rho^2 <= q_0 + G^2 / (4 mu') with G = |g|_2 and
// mu' = mu/2 - sum_j C_j rho_max^(j-2) > 0. Near a non-degenerate maximum, with s near the
// stationary point, G is small and the bound is within O(G^2) of p(s); the cubic terms cost nothing.
// The lower end is the mirror image (p >= q_0 - G^2 / (4 mu') where H - mu I is definite).
#include <optional>
#include <span>
#include <vector>

#include "forms/range.hpp"
#include "net/multi_series.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

// An upper (or lower) end of p over the box as above; absent where the certificate fails (mu' <= 0,
// or the definiteness is not certified). s must have P's variable count. mu is chosen in doubles
// (dirty: 0.95 of the smallest eigenvalue of -H's midpoint); any mu is valid once certified.
std::optional<Rational> polynomial_end_near_extremum(const MultiSeries& P, std::span<const Range> offsets,
                                                     std::span<const Rational> s, bool upper_end);

}  // namespace approxcert
