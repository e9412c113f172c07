// Symmetry and definiteness of the EDP kernel (spec §1.3, §4.1-§4.3): asymmetry and
// indefiniteness by explicit certified witnesses, the Mercer control by a Cholesky factorisation
// with certified positive pivots, never by a floating-point eigensolver. Certified eigenvalue
// enclosures (Arb) are only reported, to reproduce the spec's [C] numbers.
#include "chain/matrix_claims.hpp"
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

// max_{i<j} |K_ij - K_ji| (a ball), and the pair where the midpoint difference is largest.
Ball max_asymmetry(const BallMatrix& K, Prec p) {
  Ball worst, d;
  for (long i = 0; i < K.rows(); ++i)
    for (long j = i + 1; j < K.cols(); ++j) {
      sub(d, K.at(i, j), K.at(j, i), p);
      abs(d, d, p);
      max(worst, worst, d, p);
    }
  return worst;
}

Rational exact_max_asymmetry(const ExactMatrix& A) {
  Rational worst(0);
  for (long i = 0; i < A.rows(); ++i)
    for (long j = 0; j < A.cols(); ++j) worst = max(worst, abs(A.at(i, j) - A.at(j, i)));
  return worst;
}

// Reports the certified eigenvalues of a symmetric ball matrix (nothing if Arb cannot separate them).
void report_eigenvalues(Outcome& o, const BallMatrix& S, Prec p, const std::string& what) {
  std::vector<Ball> lambda;
  if (!symmetric_eigenvalues(lambda, S, p)) return;
  for (std::size_t i = 0; i < lambda.size(); ++i)
    o.report(what + " eigenvalue " + std::to_string(i + 1), Side::enclosure(lambda[i], "Arb certified enclosure"));
}

// The i-th smallest eigenvalue's certified enclosure, or an indeterminate ball (unknown step).
Ball eigenvalue(const BallMatrix& S, std::size_t i, Prec p) {
  std::vector<Ball> lambda;
  if (!symmetric_eigenvalues(lambda, S, p) || i >= lambda.size()) return indeterminate(p);
  return lambda[i];
}

void require_square_A(const chain::Parameters& p, const EdpKernel& k) {
  if (k.wq.cols() != k.wk.cols())
    p.fail("wk", "self-attention needs W_Q and W_K on the same input space (equal column counts)");
}

// The step "A = W_Q^T W_K is not symmetric" (exact): the invariant behind W-C2.
void add_exact_asymmetry(chain::Chain& c, const EdpKernel& k, const std::string& coq) {
  const Rational asym = exact_max_asymmetry(k.A());
  c.add({.id = "W-C2.A",
         .claim = "the exponent matrix A = W_Q^T W_K is not symmetric (the iff-condition of (c))",
         .symbols = "max |A - A^T| > 0",
         .relation = Relation::Greater,
         .lhs_name = "max |A - A^T|",
         .rhs_name = "0",
         .reference = "§1.3 (c)",
         .status = "R",
         .mode = "EX",
         .coq_lemma = coq,
         .coq_note = kNoCoqLemma},
        chain::exact([asym] { return Outcome(Side::exact(asym), Side::exact(Rational(0))); }));
}

void add_asymmetry(chain::Chain& c, const EdpKernel& k, const ExactMatrix& X, const std::string& coq,
                   const std::vector<SpecNumber>& spec) {
  c.add({.id = "W-C2",
         .claim = "the kernel is asymmetric on the points: kappa(x_i, x_j) != kappa(x_j, x_i) for some pair",
         .symbols = "max_{i<j} |kappa(x_i,x_j) - kappa(x_j,x_i)| > 0",
         .relation = Relation::Greater,
         .lhs_name = "max |K - K^T|",
         .rhs_name = "0",
         .reference = "§1.3 (c)",
         .status = "P/R",
         .mode = "CF",
         .coq_lemma = coq,
         .coq_note = kNoCoqLemma},
        chain::ball([k, X](const chain::Attempt& a) {
          return Outcome(Side::enclosure(max_asymmetry(k.gram(X, X, a.prec), a.prec)), Side::exact(Rational(0)));
        }));
  if (!spec.empty())
    c.add({.id = "W-C2.C",
           .claim = "max |K - K^T| reproduces the spec's printed value",
           .symbols = "max |K - K^T| in spec +- 1 ulp",
           .relation = Relation::InClosed,
           .lhs_name = "max |K - K^T|",
           .rhs_name = "[spec - ulp, spec + ulp]",
           .reference = "§4.2 (a)",
           .status = "C",
           .mode = "CF",
           .coq_lemma = coq + "_C",
           .coq_note = kNoCoqLemma},
          chain::ball([k, X, s = spec[0]](const chain::Attempt& a) {
            return matches_spec(max_asymmetry(k.gram(X, X, a.prec), a.prec), s);
          }));
}

}  // namespace

// §4.1: A antisymmetric, so kappa(x, x) = 1 and kappa(y, x) = 1/kappa(x, y).
chain::Chain build_antisymmetric(const chain::Parameters& p) {
  const EdpKernel k = read_kernel(p);
  require_square_A(p, k);
  const ExactMatrix X = read_points(p, "points", k.wq.cols(), 2);
  const std::vector<Rational> c_neg = read_vector(p, "c", X.rows());
  const SpecNumber spec_q = read_spec1(p, "spec_cKc");
  const std::vector<SpecNumber> spec_eig = read_spec(p, "spec_eigenvalues", static_cast<std::size_t>(X.rows()));
  chain::Chain c;
  add_exact_asymmetry(c, k, "wright_antisym_A");
  add_asymmetry(c, k, X, "wright_antisym_C2", {});
  c.add({.id = "W-C3",
         .claim = "the kernel is indefinite: an explicit rational c has c^T K c < 0",
         .symbols = "c^T K c = c^T ((K + K^T)/2) c < 0",
         .relation = Relation::Less,
         .lhs_name = "c^T K c",
         .rhs_name = "0",
         .reference = "§1.3, §4.1",
         .status = "P/R",
         .mode = "CF",
         .coq_lemma = "wright_antisym_C3",
         .coq_proof = "WrightGlue.wright_not_psd_of_witness",
         .coq_note = "c^T K c re-evaluated by interval"},
        chain::ball([k, X, c_neg](const chain::Attempt& a) {
          const BallMatrix K = k.gram(X, X, a.prec);
          Ball q;
          quadratic_form(q, c_neg, K, a.prec);
          Outcome o(Side::enclosure(q, "c^T K c"), Side::exact(Rational(0)));
          BallMatrix S;
          symmetric_part(S, K, a.prec);
          report_eigenvalues(o, S, a.prec, "(K + K^T)/2");
          return o;
        }));
  c.add({.id = "W-C3.C",
         .claim = "c^T K c reproduces the spec's value 2 - 2 cosh(1/sqrt 2)",
         .symbols = "c^T K c in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "c^T K c",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.1",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_antisym_C3_C",
         .coq_note = kNoCoqLemma},
        chain::ball([k, X, c_neg, spec_q](const chain::Attempt& a) {
          Ball q;
          quadratic_form(q, c_neg, k.gram(X, X, a.prec), a.prec);
          return matches_spec(q, spec_q);
        }));
  c.add({.id = "W-C3.eig",
         .claim = "the certified eigenvalues of the symmetrised Gram reproduce the spec's values",
         .symbols = "lambda_i((K + K^T)/2) in spec +- 1 ulp, i = 1..n",
         .relation = Relation::InClosed,
         .lhs_name = "lambda_i",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.1",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_antisym_C3_eig",
         .coq_note = kNoCoqLemma},
        chain::ball([k, X, spec_eig](const chain::Attempt& a) {
          BallMatrix S;
          symmetric_part(S, k.gram(X, X, a.prec), a.prec);
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < spec_eig.size(); ++i) {
            const Outcome o = matches_spec(eigenvalue(S, i, a.prec), spec_eig[i], "Arb certified eigenvalue enclosure");
            fa.add(chain::Point{}.add("i", count_q(i + 1)), o.lhs, o.rhs, *o.rhs_high);
          }
          return fa.outcome();
        }));
  return c;
}

// §4.2: A asymmetric with a positive definite symmetric part: the symmetrised Gram is positive
// definite on small points (asymmetric does not imply indefinite) and indefinite on a far pair (W4).
chain::Chain build_asymmetric_pd_part(const chain::Parameters& p) {
  const EdpKernel k = read_kernel(p);
  require_square_A(p, k);
  const ExactMatrix X = read_points(p, "points", k.wq.cols(), 1);
  const ExactMatrix P = read_points(p, "pair", k.wq.cols(), 2);
  if (P.rows() != 2) p.fail("pair", "must hold exactly two points");
  const std::vector<SpecNumber> spec_asym = read_spec(p, "spec_max_asymmetry", 1);
  const SpecNumber spec_det = read_spec1(p, "spec_det");
  const ExactMatrix A = k.A();
  const ExactMatrix SA = scale(add(A, transpose(A)), Rational(1) / Rational(2));
  const ExactMatrix N = sub(A, transpose(A));
  chain::Chain c;
  add_exact_asymmetry(c, k, "wright_pdpart_A");
  c.add({.id = "W-C6.SA",
         .claim = "the symmetric part S_A = (A + A^T)/2 is positive definite (exact LDL^T pivots)",
         .symbols = "S_A > 0",
         .relation = chain::positive_definite_relation,
         .lhs_name = "smallest pivot of S_A",
         .rhs_name = "0",
         .reference = "§1.3 (d)",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "wright_pdpart_SA",
         .coq_note = kNoCoqLemma},
        chain::exact([SA] { return chain::positive_definite_claim(SA); }));
  add_asymmetry(c, k, X, "wright_pdpart_C2", spec_asym);
  c.add({.id = "W-C6.a",
         .claim = "on the small points the symmetrised Gram is positive definite: asymmetric does not imply indefinite",
         .symbols = "(K + K^T)/2 > 0 on X (certified LDL^T pivots)",
         .relation = chain::positive_definite_relation,
         .lhs_name = "smallest pivot",
         .rhs_name = "0",
         .reference = "§4.2 (a)",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_pdpart_C6a",
         .coq_note = kNoCoqLemma},
        chain::ball([k, X](const chain::Attempt& a) {
          BallMatrix S;
          symmetric_part(S, k.gram(X, X, a.prec), a.prec);
          Outcome o = chain::positive_definite_claim(S, a.prec);
          report_eigenvalues(o, S, a.prec, "(K + K^T)/2");
          return o;
        }));
  c.add({.id = "W-C6.W4",
         .claim = "the pair satisfies (W4): cosh(x1^T N x2 / (2 sqrt d)) > exp((x1 - x2)^T S_A (x1 - x2) / (2 sqrt d))",
         .symbols = "cosh(x1' N x2 / 2 sqrt d) > exp((x1-x2)' S_A (x1-x2) / 2 sqrt d)",
         .relation = Relation::Greater,
         .lhs_name = "cosh(...)",
         .rhs_name = "exp(...)",
         .reference = "(W4)",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_pdpart_W4",
         .coq_note = kNoCoqLemma},
        chain::generic([k, P, N, SA]<class S>(const chain::Attempt& a) {
          std::vector<Rational> x1, x2, diff;
          for (long j = 0; j < P.cols(); ++j) {
            x1.push_back(P.at(0, j));
            x2.push_back(P.at(1, j));
            diff.push_back(P.at(0, j) - P.at(1, j));
          }
          const Rational u = bilinear_form(x1, N, x2), w = bilinear_form(diff, SA, diff);
          S two_sqrt_d, t, e1, e2, lhs, rhs, half;
          set(two_sqrt_d, Rational(k.d()), a.prec);
          sqrt(two_sqrt_d, two_sqrt_d, a.prec);
          set(half, Rational(2), a.prec);
          mul(two_sqrt_d, two_sqrt_d, half, a.prec);
          set(t, u, a.prec);
          div(t, t, two_sqrt_d, a.prec);
          exp(e1, t, a.prec);
          neg(t, t);
          exp(e2, t, a.prec);
          add(lhs, e1, e2, a.prec);
          set(half, Rational(1) / Rational(2), a.prec);
          mul(lhs, lhs, half, a.prec);
          set(t, w, a.prec);
          div(t, t, two_sqrt_d, a.prec);
          exp(rhs, t, a.prec);
          const std::string two_sqrt = "(2*sqrt(" + std::to_string(k.d()) + "))";  // x0, x1: the reported forms below
          return Outcome(
                     Side::enclosure(lhs, "cosh")
                         .rechecked_by("(exp(x0/" + two_sqrt + ") + exp(-x0/" + two_sqrt + "))/2",
                                       {"step:W-C6.W4:reported:x1^T N x2"}),
                     Side::enclosure(rhs, "exp")
                         .rechecked_by("exp(x0/" + two_sqrt + ")", {"step:W-C6.W4:reported:(x1 - x2)^T S_A (x1 - x2)"}))
              .report("x1^T N x2", Side::exact(u))
              .report("(x1 - x2)^T S_A (x1 - x2)", Side::exact(w));
        }));
  c.add({.id = "W-C6.b",
         .claim = "on the pair the symmetrised 2x2 Gram has a negative determinant (indefinite)",
         .symbols = "det((K + K^T)/2) < 0 on {x1, x2}",
         .relation = chain::determinant_sign_relation(-1),
         .lhs_name = "det",
         .rhs_name = "0",
         .reference = "§4.2 (b)",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_pdpart_C6b",
         .coq_proof = "WrightGlue.wright_not_psd_of_det2_qform",
         .coq_note = "the determinant re-evaluated by interval"},
        chain::ball([k, P](const chain::Attempt& a) {
          BallMatrix S;
          symmetric_part(S, k.gram(P, P, a.prec), a.prec);
          Outcome o = chain::determinant_claim(S, a.prec);
          report_eigenvalues(o, S, a.prec, "(K + K^T)/2");
          return o;
        }));
  c.add({.id = "W-C6.C",
         .claim = "the determinant reproduces the spec's value",
         .symbols = "det in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "det",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.2 (b)",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_pdpart_C6_C",
         .coq_note = kNoCoqLemma},
        chain::ball([k, P, spec_det](const chain::Attempt& a) {
          BallMatrix S;
          symmetric_part(S, k.gram(P, P, a.prec), a.prec);
          Ball dt;
          det(dt, S, a.prec);
          return matches_spec(dt, spec_det);
        }));
  return c;
}

// §4.3: W_Q = W_K gives a Mercer Gram (certified Cholesky); A = A^T with a negative eigenvalue
// gives a symmetric indefinite kernel (two-point determinant).
chain::Chain build_mercer_controls(const chain::Parameters& p) {
  const EdpKernel mercer = read_kernel(p, "wq", "wq");
  const ExactMatrix X = read_points(p, "points", mercer.wq.cols(), 1);
  const std::vector<SpecNumber> spec_chol = read_spec(p, "spec_cholesky_diagonal", static_cast<std::size_t>(X.rows()));
  const EdpKernel sym = read_kernel(p, "wq_indefinite", "wk_indefinite");
  require_square_A(p, sym);
  const ExactMatrix Y = read_points(p, "points_indefinite", sym.wq.cols(), 2);
  if (Y.rows() != 2) p.fail("points_indefinite", "must hold exactly two points");
  const SpecNumber spec_det = read_spec1(p, "spec_det_indefinite");
  if (!is_symmetric(sym.A())) p.fail("wk_indefinite", "A = W_Q^T W_K must be symmetric for this control");
  chain::Chain c;
  c.add({.id = "W-C4",
         .claim = "with W_Q = W_K the Gram on distinct points is positive definite (certified positive LDL^T pivots)",
         .symbols = "K = [kappa(x_i, x_j)] > 0",
         .relation = chain::positive_definite_relation,
         .lhs_name = "smallest pivot",
         .rhs_name = "0",
         .reference = "§1.3 (a), §4.3",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_mercer_C4",
         .coq_note = kNoCoqLemma},
        chain::ball([mercer, X](const chain::Attempt& a) {
          const BallMatrix K = mercer.gram(X, X, a.prec);
          Outcome o = chain::positive_definite_claim(K, a.prec);
          report_eigenvalues(o, K, a.prec, "K");
          return o;
        }));
  c.add({.id = "W-C4.C",
         .claim = "the Cholesky diagonal sqrt(d_k) reproduces the spec's values",
         .symbols = "L_kk = sqrt(pivot k) in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "L_kk",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.3",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_mercer_C4_C",
         .coq_note = kNoCoqLemma},
        chain::ball([mercer, X, spec_chol](const chain::Attempt& a) {
          std::vector<Ball> pivots;
          positive_definite(pivots, mercer.gram(X, X, a.prec), a.prec);
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < spec_chol.size(); ++i) {
            Ball l;
            if (i < pivots.size()) sqrt(l, pivots[i], a.prec);
            else l = indeterminate(a.prec);
            const Outcome o = matches_spec(l, spec_chol[i], "sqrt of the certified pivot");
            fa.add(chain::Point{}.add("k", count_q(i + 1)), o.lhs, o.rhs, *o.rhs_high);
          }
          return fa.outcome();
        }));
  c.add({.id = "W-C5",
         .claim = "A = A^T with a negative eigenvalue: the two-point Gram on {0, a u} has a negative determinant",
         .symbols = "det [[1, 1], [1, e^{-lambda a^2/sqrt d}]] < 0",
         .relation = chain::determinant_sign_relation(-1),
         .lhs_name = "det",
         .rhs_name = "0",
         .reference = "§1.3 (b), §4.3",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_symind_C5",
         .coq_proof = "WrightGlue.wright_not_psd_of_det2_qform",
         .coq_note = "the determinant re-evaluated by interval"},
        chain::ball([sym, Y](const chain::Attempt& a) {
          const BallMatrix K = sym.gram(Y, Y, a.prec);
          Outcome o = chain::determinant_claim(K, a.prec);
          report_eigenvalues(o, K, a.prec, "K");
          return o;
        }));
  c.add({.id = "W-C5.C",
         .claim = "the determinant reproduces the spec's value e^{-1} - 1",
         .symbols = "det in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "det",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.3",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_symind_C5_C",
         .coq_note = kNoCoqLemma},
        chain::ball([sym, Y, spec_det](const chain::Attempt& a) {
          Ball dt;
          det(dt, sym.gram(Y, Y, a.prec), a.prec);
          return matches_spec(dt, spec_det);
        }));
  return c;
}

}  // namespace approxcert::theorems::wright2021
