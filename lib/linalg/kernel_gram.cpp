#include "linalg/kernel_gram.hpp"

#include <stdexcept>

namespace approxcert {

void exp_bilinear_gram(BallMatrix& K, const ExactMatrix& X, const ExactMatrix& A, const ExactMatrix& Y,
                       const Ball& scale, Prec p) {
  if (X.cols() != A.rows() || Y.cols() != A.cols())
    throw std::invalid_argument("exp_bilinear_gram: points " + linalg_detail::shape(X.rows(), X.cols()) + " and " +
                                linalg_detail::shape(Y.rows(), Y.cols()) + " do not fit the form " +
                                linalg_detail::shape(A.rows(), A.cols()));
  const ExactMatrix forms = mul(mul(X, A), transpose(Y));  // exact x_i^T A y_j
  BallMatrix r(forms.rows(), forms.cols());
  Ball v;
  for (long i = 0; i < forms.rows(); ++i)
    for (long j = 0; j < forms.cols(); ++j) {
      set(v, forms.at(i, j), p);
      mul(v, v, scale, p);
      exp(v, v, p);
      r.set(i, j, v);
    }
  K = std::move(r);
}

void symmetric_part(BallMatrix& r, const BallMatrix& K, Prec p) {
  linalg_detail::require_square("symmetric_part", "K", K.rows(), K.cols());
  BallMatrix t, s;
  transpose(t, K);
  add(s, K, t, p);
  Ball half;
  set(half, Rational(1) / Rational(2), p);
  scale(r, s, half, p);
}

}  // namespace approxcert
