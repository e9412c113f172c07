#pragma once
// The explicit feature maps of the EDP kernel (spec (W5)): for a multi-index alpha in N^d,
// Phi_Q(t)_alpha = q^alpha / (sqrt(alpha!) d^{|alpha|/4}) with q = W_Q t (likewise Phi_K). Only the
// exact, rational part of the features is enumerated here: the degree-n block of the truncated
// inner product is  sum_{|alpha|=n} q^alpha k^alpha / alpha!  times  d^{-n/2}.
#include <cstdint>
#include <vector>

#include "scalar/rational.hpp"

namespace approxcert::theorems::wright2021 {

// Every alpha in N^d with |alpha| = n, enumerated explicitly (lexicographic order).
std::vector<std::vector<std::uint64_t>> multi_indices(std::size_t d, std::uint64_t n);

// sum over |alpha| = n of  n!/alpha! q^alpha k^alpha, by enumeration of the multi-indices (exact).
// By the multinomial theorem this is (q . k)^n; the chain checks that identity, it does not assume it.
Rational degree_block(const std::vector<Rational>& q, const std::vector<Rational>& k, std::uint64_t n);

}  // namespace approxcert::theorems::wright2021

#include "linalg/exact_matrix.hpp"
#include "scalar/scalar.hpp"

namespace approxcert::theorems::wright2021 {

// W x_row for the row `row` of X (exact): the projection q = W_Q t or k = W_K s.
std::vector<Rational> project(const ExactMatrix& W, const ExactMatrix& X, long row);

// Encloses (sum_i |x_i|^r)^{1/r}, the l^r norm (r > 0) of every vector in the enclosures.
Ball lr_norm(const std::vector<Ball>& v, const Rational& r, Prec p);

// Encloses sum_i a_i b_i.
template <RigorousScalar S>
S inner(const std::vector<S>& a, const std::vector<S>& b, Prec p) {
  S s;
  set(s, Rational(0), p);
  for (std::size_t i = 0; i < a.size(); ++i) addmul(s, a[i], b[i], p);
  return s;
}

// Encloses max_i |a_i - b_i| (0 for empty vectors).
template <RigorousScalar S>
S max_abs_difference(const std::vector<S>& a, const std::vector<S>& b, Prec p) {
  S worst, d;
  set(worst, Rational(0), p);
  for (std::size_t i = 0; i < a.size(); ++i) {
    sub(d, a[i], b[i], p);
    abs(d, d, p);
    max(worst, worst, d, p);
  }
  return worst;
}

// The truncated feature vector (Phi(x)_alpha)_{|alpha| <= N} = q^alpha / (sqrt(alpha!) d^{|alpha|/4}),
// alpha in the order of multi_indices() by degree, each entry an enclosure (q exact).
template <RigorousScalar S>
std::vector<S> feature_vector(const std::vector<Rational>& q, std::uint64_t N, long d, Prec p) {
  std::vector<S> phi;
  S v, root, dq;
  set(dq, Rational(d), p);
  sqrt(dq, dq, p);
  sqrt(dq, dq, p);  // d^{1/4}
  for (std::uint64_t n = 0; n <= N; ++n)
    for (const auto& alpha : multi_indices(q.size(), n)) {
      Rational mono(1), fact(1);
      for (std::size_t i = 0; i < alpha.size(); ++i) {
        mono *= pow_int(q[i], static_cast<long>(alpha[i]));
        for (std::uint64_t m = 2; m <= alpha[i]; ++m) fact *= Rational(static_cast<long>(m));
      }
      set(root, fact, p);
      sqrt(root, root, p);
      set(v, mono, p);
      div(v, v, root, p);
      pow_int(root, dq, static_cast<long>(n), p);
      div(v, v, root, p);
      phi.push_back(v);
    }
  return phi;
}

}  // namespace approxcert::theorems::wright2021
