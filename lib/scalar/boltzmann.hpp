#pragma once
// The Boltzmann operator boltz(b) = sum_i b_i e^{b_i} / sum_j e^{b_j} = b^T softmax(b), and the
// cancellation-free difference boltz(s x) - boltz(s y) for a common nonzero scale s and exact
// vectors x, y. Both are enclosures for every Scalar that is one (Ball, Interval): every value is
// obtained by enclosure-preserving operations from an exact identity.
#include <algorithm>
#include <numeric>
#include <span>
#include <stdexcept>
#include <vector>

#include "scalar/prec.hpp"
#include "scalar/rational.hpp"
#include "scalar/truth.hpp"

namespace approxcert {

// r contains boltz(b) (b non-empty, else std::invalid_argument). Uses the exact identity
// boltz(b) = c + sum d_i e^{d_i} / sum e^{d_i}, d_i = b_i - c, for c = b_k with the largest
// midpoint (any c gives the same value; this one keeps every exponent <= ~0).
template <class S>
void boltzmann(S& r, std::span<const S> b, Prec p) {
  if (b.empty()) throw std::invalid_argument("boltzmann: empty vector");
  std::size_t k = 0;
  for (std::size_t i = 1; i < b.size(); ++i)
    if (dirty_mid(b[i]) > dirty_mid(b[k])) k = i;  // heuristic choice of the shift only
  S num, den, d, e;
  set(num, Rational(0), p);
  set(den, Rational(0), p);
  for (const S& bi : b) {
    sub(d, bi, b[k], p);
    exp(e, d, p);
    add(den, den, e, p);
    addmul(num, d, e, p);
  }
  div(r, num, den, p);
  add(r, r, b[k], p);
}

// r contains boltz(s x) - boltz(s y), where s is a scalar certainly nonzero (else
// std::domain_error) and x, y are non-empty exact vectors with pairwise distinct entries each
// (else std::domain_error: the sorted-prefix identity below needs distinct entries).
// Cancellation-free (the reference algorithm of the Boltzmann separation lemma): with entries
// sorted so that s x is decreasing, T = top, D_i = T - (s x)_i >= 0 computed as |s| |x_top - x_i|,
// N = sum D e^{-D}, Z = sum e^{-D}, boltz = T - N/Z. If the tops differ the result is
// s (x_top - y_top) - N/Z + N'/Z'. Otherwise, with m the first sorted index where the vectors
// differ, P the common prefix and t the tails,
//   boltz(s x) - boltz(s y) = (N_P (Z_t - Z'_t) + Z_P (N'_t - N_t) + (N'_t Z_t - N_t Z'_t)) / (Z Z'),
// so every term is computed directly and the relative accuracy is that of the working precision
// even when the difference is 10^-6000 (direct subtraction would need ~20000 more bits).
template <class S>
void boltzmann_difference(S& r, const S& s, std::span<const Rational> x, std::span<const Rational> y, Prec p) {
  if (x.empty() || y.empty()) throw std::domain_error("boltzmann_difference: empty vector");
  S zero;
  set(zero, Rational(0), p);
  const Truth positive = less(zero, s), negative = less(s, zero);
  if (positive != Truth::True && negative != Truth::True)
    throw std::domain_error("boltzmann_difference: the scale is not certainly nonzero");
  const bool pos = positive == Truth::True;
  // Sorted so that s * entry is decreasing.
  auto sorted = [pos](std::span<const Rational> v) {
    std::vector<Rational> out(v.begin(), v.end());
    std::sort(out.begin(), out.end(), [pos](const Rational& a, const Rational& b) { return pos ? a > b : a < b; });
    if (std::adjacent_find(out.begin(), out.end()) != out.end())
      throw std::domain_error("boltzmann_difference: repeated entries");
    return out;
  };
  const std::vector<Rational> xs = sorted(x), ys = sorted(y);
  S abs_s;
  abs(abs_s, s, p);
  // Accumulates N += D e^{-D}, Z += e^{-D} over v[from..), D = |s| |v_top - v_i|.
  auto sums = [&](const std::vector<Rational>& v, std::size_t from, S& N, S& Z) {
    set(N, Rational(0), p);
    set(Z, Rational(0), p);
    S D, e, q;
    for (std::size_t i = from; i < v.size(); ++i) {
      set(q, abs(v[0] - v[i]), p);
      mul(D, abs_s, q, p);
      neg(e, D);
      exp(e, e, p);
      add(Z, Z, e, p);
      addmul(N, D, e, p);
    }
  };
  if (xs[0] != ys[0]) {
    S N, Z, N2, Z2, t, q;
    sums(xs, 0, N, Z);
    sums(ys, 0, N2, Z2);
    set(q, xs[0] - ys[0], p);
    mul(r, s, q, p);
    div(t, N, Z, p);
    sub(r, r, t, p);
    div(t, N2, Z2, p);
    add(r, r, t, p);
    return;
  }
  std::size_t m = 0;
  while (m < xs.size() && m < ys.size() && xs[m] == ys[m]) ++m;
  if (m == xs.size() && m == ys.size()) {
    set(r, Rational(0), p);
    return;
  }
  // Common prefix (identical in both) and the two tails.
  S NP, ZP, NT, ZT, NT2, ZT2, tmp;
  {
    const std::vector<Rational> prefix(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(m));
    sums(prefix, 0, NP, ZP);
  }
  sums(xs, m, NT, ZT);
  sums(ys, m, NT2, ZT2);
  S num, Z, Z2;
  sub(tmp, ZT, ZT2, p);
  mul(num, NP, tmp, p);
  sub(tmp, NT2, NT, p);
  addmul(num, ZP, tmp, p);
  addmul(num, NT2, ZT, p);
  S prod;
  mul(prod, NT, ZT2, p);
  sub(num, num, prod, p);
  add(Z, ZP, ZT, p);
  add(Z2, ZP, ZT2, p);
  mul(prod, Z, Z2, p);
  div(r, num, prod, p);
}

}  // namespace approxcert
