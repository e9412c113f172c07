#pragma once
// Certified condition numbers of nonempty square matrices (else std::invalid_argument).
#include <optional>

#include "linalg/ball_matrix.hpp"
#include "linalg/exact_matrix.hpp"
#include "scalar/ball.hpp"

namespace approxcert {

// Contains kappa_2(A) = sigma_max(A) / sigma_min(A) = sqrt(lambda_max / lambda_min of A^T A) for
// every A in a (square). Indeterminate when some A may be singular or the eigenvalues of A^T A
// cannot be enclosed at this precision.
void condition_number_2(Ball& r, const BallMatrix& a, Prec p);
// Contains kappa_inf(A) = ||A||_inf ||A^-1||_inf for every A in a (square); indeterminate when the
// inverse is not certified (arb_mat_inv).
void condition_number_inf(Ball& r, const BallMatrix& a, Prec p);
// Exactly ||A||_inf ||A^-1||_inf (square); nullopt iff a is singular.
std::optional<Rational> condition_number_inf(const ExactMatrix& a);

}  // namespace approxcert
