#include "supnorm/polynomial_extremum.hpp"

#include <cmath>
#include <stdexcept>

#include "linalg/ball_matrix.hpp"
#include "linalg/definiteness.hpp"
#include "scalar/ball.hpp"

namespace approxcert {

namespace {

const Prec kPrec(64);

// dirty: the smallest eigenvalue of the symmetric matrix m (cyclic Jacobi rotations, in doubles).
double dirty_smallest_eigenvalue(std::vector<std::vector<double>> m) {
  const std::size_t n = m.size();
  for (int sweep = 0; sweep < 30; ++sweep) {
    double off = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) off += m[i][j] * m[i][j];
    if (!(off > 1e-30)) break;
    for (std::size_t p = 0; p < n; ++p)
      for (std::size_t q = p + 1; q < n; ++q) {
        if (m[p][q] == 0) continue;
        const double theta = (m[q][q] - m[p][p]) / (2 * m[p][q]);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (std::size_t k = 0; k < n; ++k) {  // columns p, q
          const double a = m[k][p], b = m[k][q];
          m[k][p] = c * a - s * b;
          m[k][q] = s * a + c * b;
        }
        for (std::size_t k = 0; k < n; ++k) {  // rows p, q
          const double a = m[p][k], b = m[q][k];
          m[p][k] = c * a - s * b;
          m[q][k] = s * a + c * b;
        }
      }
  }
  double least = m[0][0];
  for (std::size_t i = 1; i < n; ++i) least = std::fmin(least, m[i][i]);
  return least;
}

// Q(u) = P(s + u): the Taylor shift, by evaluating P's monomials on the series s_i + t_i.
MultiSeries shifted(const MultiSeries& P, std::span<const Rational> s) {
  const MonomialTable& t = *P.table();
  const std::size_t d = t.d;
  std::vector<std::vector<MultiSeries>> power(d);  // power[i][e] = (s_i + t_i)^e
  for (std::size_t i = 0; i < d; ++i) {
    FastInterval si;
    set(si, s[i], kPrec);
    power[i].resize(t.order + 1);
    set(power[i][0], Rational(1), kPrec);
    power[i][1] = multi_series_variable(si, i, t);
    for (std::size_t e = 2; e <= t.order; ++e) mul(power[i][e], power[i][e - 1], power[i][1], kPrec);
  }
  MultiSeries q;
  q.set_table(&t);
  for (std::size_t k = 0; k < t.size(); ++k) {
    MultiSeries term;
    term.set_table(nullptr);
    term.mutable_coefficients()[0] = P.coefficient(k);
    for (std::size_t i = 0; i < d; ++i)
      if (t.exponents[k][i] > 0) mul(term, term, power[i][t.exponents[k][i]], kPrec);
    add(q, q, term, kPrec);
  }
  return q;
}

FastInterval fast_of(const Rational& r) {
  FastInterval f;
  set(f, r, kPrec);
  return f;
}

FastInterval abs_of(const FastInterval& a) {
  FastInterval r;
  abs(r, a, kPrec);
  return r;
}

}  // namespace

std::optional<Rational> polynomial_end_near_extremum(const MultiSeries& P, std::span<const Range> offsets,
                                                     std::span<const Rational> s, bool upper_end) {
  if (!P.table() || P.table()->d != offsets.size() || s.size() != offsets.size())
    throw std::invalid_argument("polynomial_end_near_extremum: sizes differ");
  MultiSeries Q = shifted(P, s);
  if (!upper_end) neg(Q, Q);  // the lower end of p is minus the upper end of -p
  if (!is_finite(Q)) return std::nullopt;
  const MonomialTable& t = *Q.table();
  const std::size_t d = t.d;

  // -H - mu I certified positive definite for every H in the enclosure.
  std::vector<std::vector<FastInterval>> minus_h(d, std::vector<FastInterval>(d));
  std::vector<std::vector<double>> mid(d, std::vector<double>(d));
  std::vector<unsigned> alpha(d, 0);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) {
      ++alpha[i];
      ++alpha[j];
      FastInterval h = Q.coefficient(t.index_of(alpha));  // H_ii = 2 q_(2 e_i), H_ij = q_(e_i + e_j)
      if (i == j) add(h, h, h, kPrec);
      neg(minus_h[i][j], h);
      mid[i][j] = dirty_mid(minus_h[i][j]);
      --alpha[i];
      --alpha[j];
    }
  const double lambda = dirty_smallest_eigenvalue(mid);
  if (!(lambda > 0) || !std::isfinite(lambda)) return std::nullopt;
  const FastInterval mu{0.95 * lambda, 0.95 * lambda};  // exact doubles: mu is this point
  BallMatrix K(static_cast<long>(d), static_cast<long>(d));
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) {
      FastInterval e = minus_h[i][j];
      if (i == j) sub(e, e, mu, kPrec);
      K.set(static_cast<long>(i), static_cast<long>(j), to_ball(e));
    }
  std::vector<Ball> pivots;
  if (positive_definite(pivots, K, kPrec) != Truth::True) return std::nullopt;

  // rho_max = max |u|_2 over the box; G^2 = |g|_2^2; C = sum_j C_j rho_max^(j-2).
  Rational rho2(0);
  for (std::size_t i = 0; i < d; ++i) {
    const Rational a = abs_max(Range{offsets[i].lo - s[i], offsets[i].hi - s[i]});
    rho2 += a * a;
  }
  FastInterval rho_max;
  sqrt(rho_max, fast_of(rho2), kPrec);
  FastInterval g2{}, higher{}, rho_power{1.0, 1.0};
  for (std::size_t i = 0; i < d; ++i) {
    FastInterval gi2;
    pow_int(gi2, Q.coefficient(t.variable(i)), 2, kPrec);
    add(g2, g2, gi2, kPrec);
  }
  for (std::size_t j = 3; j <= t.order; ++j) {
    FastInterval cj{};
    for (std::size_t k = t.first_of_degree[j]; k < t.first_of_degree[j + 1]; ++k)
      add(cj, cj, abs_of(Q.coefficient(k)), kPrec);
    mul(rho_power, rho_power, rho_max, kPrec);  // rho_max^(j-2)
    addmul(higher, cj, rho_power, kPrec);
  }
  FastInterval mu_prime;
  mul(mu_prime, mu, FastInterval{0.5, 0.5}, kPrec);
  sub(mu_prime, mu_prime, higher, kPrec);
  if (!(mu_prime.lo > 0) || !is_finite(g2)) return std::nullopt;
  // q_0 + G^2 / (4 mu'), with mu' at its lower end (the bound decreases in mu').
  FastInterval bound, denominator{4 * mu_prime.lo, 4 * mu_prime.lo};  // 4 mu'.lo is exact (a power of 2 times a double)
  div(bound, FastInterval{g2.hi, g2.hi}, denominator, kPrec);
  add(bound, bound, Q.value(), kPrec);
  if (!is_finite(bound)) return std::nullopt;
  const Rational end = upper(bound);
  return upper_end ? end : -end;
}

}  // namespace approxcert
