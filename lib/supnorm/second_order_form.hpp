#pragma once
// The second-order form of f over a box around a point m of the box, assembled in exact rational
// arithmetic from enclosures. With h = x - m in [a_i, b_i] (a_i <= 0 <= b_i),
//     f(m + h) = f(m) + g.h + h^T M h / 2,   g = f'(m),   (M + M^T)/2 in S = (H + H^T)/2,
// where H encloses f's Hessian (generalised where f' is only Lipschitz) over the box: Taylor's
// formula with the mean-value theorem applied to each partial derivative (bounder.hpp, taylor).
// Two bounds of that set, each valid alone, are intersected:
//   per coordinate - the diagonal terms g_i h_i + S_ii h_i^2 / 2 maximised exactly over h_i, the
//                    cross terms by interval products (loses O(w^2) where S has large off-diagonal
//                    entries);
//   definite quadratic - with A and g~ exact points near the midpoints of S and of g's enclosure,
//                    f(m + h) in f(m) + q(h) + [-R, R],  q(h) = g~.h + h^T A h / 2,
//                    R = sum_i |g - g~|_i r_i + sum_ij |S - A|_ij r_i r_j / 2,  r_i = max(-a_i, b_i),
//                    and sup q = g~^T (-A)^{-1} g~ / 2 over all of R^d when -A is positive definite
//                    (inf q = -g~^T A^{-1} g~ / 2 when A is), certified exactly by an LDL^T with
//                    positive pivots (linalg/definiteness.hpp). Near a non-degenerate extremum R is
//                    O(w^3) (S's width is O(w) for a C^3 function), so boxes around a maximum are
//                    pruned at width w where the centred and per-coordinate forms need w^(3/2).
#include <optional>
#include <span>
#include <vector>

#include "forms/range.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

struct SecondOrderTerms {
  Range value;                              // encloses f(m)
  std::vector<Range> gradient;              // gradient[i] encloses df/dx_i at m
  std::vector<std::vector<Range>> hessian;  // hessian[i][j] encloses d2f/dx_i dx_j over the box
};

// Encloses f(m + h) for every h with offsets[i].lo <= h_i <= offsets[i].hi (offsets[i].lo <= 0 <=
// offsets[i].hi), given terms as above: the per-coordinate bound intersected with the definite-
// quadratic bound where it applies. Sizes must agree (else std::invalid_argument).
Range second_order_range(const SecondOrderTerms& t, std::span<const Range> offsets);

// The per-coordinate bound alone (exposed for tests).
Range second_order_per_coordinate(const SecondOrderTerms& t, std::span<const Range> offsets);

// The definite-quadratic bound alone (exposed for tests): its upper end when -A is certified
// positive definite, its lower end when A is (absent otherwise).
struct DefiniteQuadraticBound {
  std::optional<Rational> upper, lower;
};
DefiniteQuadraticBound second_order_definite(const SecondOrderTerms& t, std::span<const Range> offsets);

// max over u in [0, r] of a u + b u^2, exactly (r >= 0).
Rational max_quadratic(const Rational& a, const Rational& b, const Rational& r);

}  // namespace approxcert
