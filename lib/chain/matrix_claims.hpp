#pragma once
// Step outcomes for matrix claims, built from lib/linalg's certificates and decided by the
// existing relations (relation.hpp). Each helper names the relation its step must state
// (StepSpec::relation); the engine decides the verdict from the enclosures as for any step.
//
// A claim about a BallMatrix K is a claim about every matrix (every symmetric matrix, for
// definiteness) contained in K, so a module computes K from exact inputs at the attempt's
// precision and wraps the helper in chain::ball(...); the ExactMatrix overloads suit chain::exact.
#include <vector>

#include "chain/step.hpp"
#include "linalg/ball_matrix.hpp"
#include "linalg/exact_matrix.hpp"

namespace approxcert::chain {

// "K is positive definite": lhs = the smallest pivot d_k of K = L D L^T, rhs = 0, relation ">".
// Every pivot is reported ("pivot 1" .. "pivot n"). Proved iff every pivot is certainly > 0;
// refuted iff some pivot is certainly <= 0. Pivots that cannot be enclosed (a leading minor
// may be 0) make the side the whole line (unknown). Exact: pivots after a zero pivot are undefined
// and omitted.
inline constexpr Relation positive_definite_relation = Relation::Greater;
Outcome positive_definite_claim(const BallMatrix& K, Prec p);
Outcome positive_definite_claim(const ExactMatrix& K);

// "K is indefinite", witnessed by nonzero exact vectors c_neg, c_pos: lhs = max(c_neg^T K c_neg,
// -c_pos^T K c_pos), rhs = 0, relation "<" (so proved iff c_neg^T K c_neg < 0 < c_pos^T K c_pos).
// Both forms are reported. Refuted only when K (or -K) is certified positive definite, so that no
// symmetric matrix in K is indefinite; witnesses that fail on an indefinite-or-undecided K give
// unknown (whole-line side), never refuted.
inline constexpr Relation indefinite_relation = Relation::Less;
Outcome indefinite_claim(const BallMatrix& K, const std::vector<Rational>& c_neg, const std::vector<Rational>& c_pos,
                         Prec p);
Outcome indefinite_claim(const ExactMatrix& K, const std::vector<Rational>& c_neg, const std::vector<Rational>& c_pos);

// "det(K) has sign s": lhs = det(K), rhs = 0, with the relation determinant_sign_relation(s):
// ">" for s > 0, "<" for s < 0, "=" for s = 0.
Relation determinant_sign_relation(int s);
Outcome determinant_claim(const BallMatrix& K, Prec p);
Outcome determinant_claim(const ExactMatrix& K);

// "rank(K) >= r": lhs = an enclosure [certified lower bound, min(rows, cols)] of the rank, rhs = r,
// relation ">=". The lower bound is the size of a minor certified nonzero (rank.hpp); its rows
// and columns are the outcome's point ("row 1".., "col 1"..) and its determinant is reported as
// "minor determinant". Exact: the rank itself (exact Gaussian elimination).
inline constexpr Relation rank_at_least_relation = Relation::GreaterEqual;
Outcome rank_at_least_claim(const BallMatrix& K, long r, Prec p);
Outcome rank_at_least_claim(const ExactMatrix& K, long r);

}  // namespace approxcert::chain
