#include "supnorm/second_order_form.hpp"

#include <cmath>
#include <stdexcept>

#include "forms/dyadic.hpp"
#include "linalg/definiteness.hpp"
#include "linalg/exact_matrix.hpp"
#include "supnorm/bounder.hpp"

namespace approxcert {

namespace {

const Rational kHalf(mpz_class(1), mpz_class(2));

void check_sizes(const SecondOrderTerms& t, std::span<const Range> offsets) {
  const std::size_t d = offsets.size();
  bool ok = t.gradient.size() == d && t.hessian.size() == d;
  for (const auto& row : t.hessian) ok = ok && row.size() == d;
  if (!ok) throw std::invalid_argument("second_order_range: the gradient, Hessian and offsets differ in size");
}

// The symmetrised Hessian enclosure entry S_ij = (H_ij + H_ji) / 2.
Range symmetric_entry(const SecondOrderTerms& t, std::size_t i, std::size_t j) {
  const Range s = t.hessian[i][j] + t.hessian[j][i];
  return {s.lo * kHalf, s.hi * kHalf};
}

// dirty: an exact point of r near its midpoint with at most 53 significant bits (cheap to solve
// with); any point works, the distance to r's ends is accounted for exactly.
Rational dirty_short_midpoint(const Range& r) {
  const Rational mid = (r.lo + r.hi) * kHalf;
  const double m = mid.dirty_to_double();
  if (!std::isfinite(m)) return mid;
  const Rational q = dirty_dyadic(m);
  return r.contains(q) ? q : mid;
}

// max |x - c| over x in r (exact).
Rational distance_to_ends(const Range& r, const Rational& c) { return max(c - r.lo, r.hi - c); }

// sup of g.h + h^T A h / 2 over all h when -A is positive definite: g^T (-A)^{-1} g / 2.
std::optional<Rational> concave_quadratic_sup(const ExactMatrix& minus_a, const std::vector<Rational>& g) {
  std::vector<Rational> pivots;
  if (positive_definite(pivots, minus_a) != Truth::True) return std::nullopt;
  ExactMatrix rhs(static_cast<long>(g.size()), 1);
  for (std::size_t i = 0; i < g.size(); ++i) rhs.set(static_cast<long>(i), 0, g[i]);
  const std::optional<ExactMatrix> y = solve(minus_a, rhs);
  if (!y) return std::nullopt;  // cannot happen for a definite matrix
  Rational s(0);
  for (std::size_t i = 0; i < g.size(); ++i) s += g[i] * y->at(static_cast<long>(i), 0);
  return s * kHalf;
}

}  // namespace

Rational max_quadratic(const Rational& a, const Rational& b, const Rational& r) {
  if (r.sign() <= 0) return Rational(0);
  const Rational at_end = a * r + b * r * r;
  if (b.sign() >= 0) return max(Rational(0), at_end);  // convex: an end is the maximum
  if (a.sign() <= 0) return Rational(0);               // concave, decreasing from u = 0
  const Rational vertex = a / (Rational(-2) * b);
  if (vertex >= r) return at_end;
  return a * a / (Rational(-4) * b);
}

Range second_order_per_coordinate(const SecondOrderTerms& t, std::span<const Range> offsets) {
  check_sizes(t, offsets);
  const std::size_t d = offsets.size();
  Range total = t.value;
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = i + 1; j < d; ++j) {
      total = total + symmetric_entry(t, i, j) * offsets[i] * offsets[j];  // S_ij h_i h_j, both halves
    }
  Rational up(0), down(0);
  for (std::size_t i = 0; i < d; ++i) {
    const Range c = symmetric_entry(t, i, i);
    const Range& g = t.gradient[i];
    const Rational c_hi = c.hi * kHalf, c_lo = c.lo * kHalf;  // the coefficient of h_i^2
    const Rational a = offsets[i].lo, b = offsets[i].hi;      // a <= 0 <= b
    up += max(max_quadratic(g.hi, c_hi, b), max_quadratic(-g.lo, c_hi, -a));
    down += max(max_quadratic(-g.lo, -c_lo, b), max_quadratic(g.hi, -c_lo, -a));
  }
  return Range{total.lo - down, total.hi + up};
}

DefiniteQuadraticBound second_order_definite(const SecondOrderTerms& t, std::span<const Range> offsets) {
  check_sizes(t, offsets);
  const long d = static_cast<long>(offsets.size());
  std::vector<Rational> r(offsets.size()), g(offsets.size());
  Rational rem(0);
  for (long i = 0; i < d; ++i) {
    r[i] = max(-offsets[i].lo, offsets[i].hi);
    g[i] = dirty_short_midpoint(t.gradient[i]);
    rem += distance_to_ends(t.gradient[i], g[i]) * r[i];
  }
  ExactMatrix a(d, d), minus_a(d, d);
  Rational quad_rem(0);
  for (long i = 0; i < d; ++i)
    for (long j = i; j < d; ++j) {
      const Range s = symmetric_entry(t, i, j);
      const Rational aij = dirty_short_midpoint(s), e = distance_to_ends(s, aij) * r[i] * r[j];
      quad_rem += i == j ? e : e + e;  // E_ij r_i r_j and its mirror E_ji r_j r_i
      a.set(i, j, aij);
      a.set(j, i, aij);
      minus_a.set(i, j, -aij);
      minus_a.set(j, i, -aij);
    }
  rem += quad_rem * kHalf;

  DefiniteQuadraticBound out;
  if (const std::optional<Rational> sup = concave_quadratic_sup(minus_a, g)) out.upper = t.value.hi + *sup + rem;
  std::vector<Rational> minus_g(g.size());
  for (std::size_t i = 0; i < g.size(); ++i) minus_g[i] = -g[i];
  // inf of g.h + h^T A h / 2 is -(sup of (-g).h + h^T (-A) h / 2).
  if (const std::optional<Rational> sup = concave_quadratic_sup(a, minus_g)) out.lower = t.value.lo - *sup - rem;
  return out;
}

Range second_order_range(const SecondOrderTerms& t, std::span<const Range> offsets) {
  Range r = second_order_per_coordinate(t, offsets);
  const DefiniteQuadraticBound q = second_order_definite(t, offsets);
  if (q.upper && *q.upper < r.hi) r.hi = *q.upper;
  if (q.lower && r.lo < *q.lower) r.lo = *q.lower;
  return r;
}

}  // namespace approxcert
