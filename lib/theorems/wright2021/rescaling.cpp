// Per-query rescaling (spec (W13), §4.6): W-C12. kappa'(t, s) = c(t) kappa(t, s) with c > 0 gives the
// same row-normalised attention, yet the symmetrised Gram of kappa' can be indefinite while that of
// kappa is positive definite: "non-Mercer" is not a property of the attention map (weak point W1).
#include "chain/encloses_zero.hpp"
#include "chain/matrix_claims.hpp"
#include "chain/search_then_certify.hpp"
#include "linalg/definiteness.hpp"
#include "linalg/eigen.hpp"
#include "linalg/kernel_gram.hpp"
#include "theorems/wright2021/kernel.hpp"
#include "theorems/wright2021/theorems.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

using chain::Outcome;
using chain::Relation;
using chain::Side;

// c_i = exp(-|W_Q x_i|^2 / (2 sqrt d)): the per-query factor of (W12), which turns EDP into RBF rows.
std::vector<Ball> query_factors(const EdpKernel& k, const ExactMatrix& X, Prec p) {
  const ExactMatrix Q = mul(X, transpose(k.wq));
  const Ball s = k.scale(p);
  std::vector<Ball> c;
  for (long i = 0; i < Q.rows(); ++i) {
    Rational n2(0);
    for (long j = 0; j < Q.cols(); ++j) n2 += Q.at(i, j) * Q.at(i, j);
    Ball v;
    set(v, -n2 / Rational(2), p);
    mul(v, v, s, p);
    exp(v, v, p);
    c.push_back(v);
  }
  return c;
}

BallMatrix rescaled(const BallMatrix& K, const std::vector<Ball>& c, Prec p) {
  BallMatrix R = K;
  Ball v;
  for (long i = 0; i < K.rows(); ++i)
    for (long j = 0; j < K.cols(); ++j) {
      mul(v, K.at(i, j), c[static_cast<std::size_t>(i)], p);
      R.set(i, j, v);
    }
  return R;
}

BallMatrix row_normalised(const BallMatrix& K, Prec p) {
  BallMatrix R = K;
  for (long i = 0; i < K.rows(); ++i) {
    Ball Z, v;
    for (long j = 0; j < K.cols(); ++j) add(Z, Z, K.at(i, j), p);
    for (long j = 0; j < K.cols(); ++j) {
      div(v, K.at(i, j), Z, p);
      R.set(i, j, v);
    }
  }
  return R;
}

BallMatrix rescaled_symmetric(const EdpKernel& k, const ExactMatrix& X, Prec p) {
  BallMatrix S;
  symmetric_part(S, rescaled(k.gram(X, X, p), query_factors(k, X, p), p), p);
  return S;
}

// Non-rigorous search for c with c^T S c < 0: integer vectors in [-R, R]^n, the smallest Rayleigh
// quotient on the double midpoints. Only a proposal: W-C12.b certifies it.
chain::Point dirty_negative_direction(const BallMatrix& S) {
  const long n = S.rows();
  const long R = n <= 4 ? 4 : 1;
  std::vector<double> M(static_cast<std::size_t>(n * n));
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) M[static_cast<std::size_t>(i * n + j)] = dirty_mid(S.at(i, j));
  std::vector<long> c(static_cast<std::size_t>(n), -R), best;
  double best_q = 0;
  for (;;) {
    double num = 0, den = 0;
    for (long i = 0; i < n; ++i) {
      den += static_cast<double>(c[i] * c[i]);
      for (long j = 0; j < n; ++j) num += static_cast<double>(c[i] * c[j]) * M[static_cast<std::size_t>(i * n + j)];
    }
    if (den > 0 && num / den < best_q) best_q = num / den, best = c;
    long i = 0;
    while (i < n && c[i] == R) c[i++] = -R;
    if (i == n) break;
    ++c[i];
  }
  chain::Point pt;
  for (long i = 0; i < n; ++i) pt.add("c" + std::to_string(i + 1), Rational(best.empty() ? (i == 0 ? 1 : 0) : best[i]));
  return pt;
}

}  // namespace

chain::Chain build_per_query_rescaling(const chain::Parameters& p) {
  const EdpKernel k = read_kernel(p, "wq", "wq");  // W_Q = W_K: a Mercer kernel
  const ExactMatrix X = read_points(p, "points", k.wq.cols(), 2);
  const Rational tau = p.rational("tau");
  if (tau.sign() <= 0) p.fail("tau", "must be > 0");
  const auto n = static_cast<std::size_t>(X.rows());
  const auto spec_c = read_spec(p, "spec_factors", n);
  const auto spec_eig = read_spec(p, "spec_eigenvalues", n);

  chain::Chain c;
  c.add({.id = "W-C12.pd",
         .claim = "the original Gram (W_Q = W_K) is positive definite (certified LDL^T pivots)",
         .symbols = "K = [kappa(x_i, x_j)] > 0",
         .relation = chain::positive_definite_relation,
         .lhs_name = "smallest pivot",
         .rhs_name = "0",
         .reference = "§4.6",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_rescale_pd",
         .coq_note = kNoCoqLemma},
        chain::ball(
            [k, X](const chain::Attempt& a) { return chain::positive_definite_claim(k.gram(X, X, a.prec), a.prec); }));
  c.add(
      {.id = "W-C12",
       .claim =
           "the rescaled kernel c(t) kappa(t, s) gives the same row-normalised attention (every entry encloses zero within tau)",
       .symbols = "max_ij |c_i K_ij / sum_l c_i K_il - K_ij / sum_l K_il| <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "max |attention difference|",
       .rhs_name = "tau",
       .reference = "(W13)",
       .status = "R",
       .mode = "CF",
       .coq_lemma = "wright_rescale_C12",
       .coq_proof = "WrightGlue.wright_rescaling_invariance",
       .coq_note = "the identity proved exactly in Coq"},
      chain::ball([k, X, tau](const chain::Attempt& a) {
        const BallMatrix K = k.gram(X, X, a.prec);
        const BallMatrix A1 = row_normalised(K, a.prec),
                         A2 = row_normalised(rescaled(K, query_factors(k, X, a.prec), a.prec), a.prec);
        Ball worst, d;
        for (long i = 0; i < K.rows(); ++i)
          for (long j = 0; j < K.cols(); ++j) {
            sub(d, A1.at(i, j), A2.at(i, j), a.prec);
            abs(d, d, a.prec);
            max(worst, worst, d, a.prec);
          }
        return chain::encloses_zero_within(worst, tau, a.prec);
      }));
  c.add(
      {.id = "W-C12.b",
       .claim =
           "yet the symmetrised rescaled Gram is indefinite: a searched rational c has c^T S c < 0 < e_1^T S e_1 (certified)",
       .symbols = "max(c^T S' c, -e_1^T S' e_1) < 0, S' = (C K + K^T C)/2",
       .relation = chain::indefinite_relation,
       .lhs_name = "max(c' S' c, -e1' S' e1)",
       .rhs_name = "0",
       .reference = "§4.6, W1",
       .status = "R",
       .mode = "CF",
       .coq_lemma = "wright_rescale_C12b",
       .coq_proof = "WrightGlue.wright_not_psd_of_witness",
       .coq_note = "c^T K c re-evaluated by interval"},
      chain::search_then_certify(
          [k, X](const chain::Attempt& a) { return dirty_negative_direction(rescaled_symmetric(k, X, a.prec)); },
          chain::ball([k, X](const chain::Attempt& a) {
            std::vector<Rational> c_pos(static_cast<std::size_t>(X.rows()), Rational(0));
            const std::vector<Rational> c_neg = chain::candidate_values(a, {{"c", c_pos.size()}});
            c_pos[0] = Rational(1);
            return chain::indefinite_claim(rescaled_symmetric(k, X, a.prec), c_neg, c_pos, a.prec);
          })));
  c.add(
      {.id = "W-C12.C",
       .claim =
           "the factors c_i and the certified eigenvalues of the symmetrised rescaled Gram reproduce the spec's printed values",
       .symbols = "c_i, lambda_i(S') in spec +- 1 ulp",
       .relation = Relation::InClosed,
       .lhs_name = "certified value",
       .rhs_name = "[spec - ulp, spec + ulp]",
       .reference = "§4.6",
       .status = "C",
       .mode = "CF",
       .coq_lemma = "wright_rescale_C12_C",
       .coq_note = kNoCoqLemma},
      chain::ball([k, X, spec_c, spec_eig](const chain::Attempt& a) {
        const std::vector<Ball> cs = query_factors(k, X, a.prec);
        std::vector<Ball> lambda;
        if (!symmetric_eigenvalues(lambda, rescaled_symmetric(k, X, a.prec), a.prec))
          lambda.assign(spec_eig.size(), indeterminate(a.prec));
        chain::ForAll fa = a.for_all();
        for (std::size_t i = 0; i < spec_c.size(); ++i)
          fa.add(chain::Point{}.add("c_i", count_q(i + 1)), Side::enclosure(cs[i]), Side::exact(spec_c[i].low()),
                 Side::exact(spec_c[i].high()));
        for (std::size_t i = 0; i < spec_eig.size(); ++i)
          fa.add(chain::Point{}.add("lambda_i", count_q(i + 1)),
                 Side::enclosure(lambda[i], "Arb certified eigenvalue enclosure"), Side::exact(spec_eig[i].low()),
                 Side::exact(spec_eig[i].high()));
        return fa.outcome();
      }));
  return c;
}

}  // namespace approxcert::theorems::wright2021
