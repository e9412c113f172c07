// The unary l^2 representer problem on truncated EDP features (spec §2.2, §2.5, §4.8): W-C13, W-C16,
// plus the Hölder bound of the RKBS pair (W-C10) and the finite-vocabulary rank (W-C20). Everything
// is computed in the explicit feature coordinates Phi_Q(t)_alpha (feature_vector), so the kernel
// formulas (partial sums of exp) serve as an independent second path.
#include "chain/encloses_zero.hpp"
#include "chain/matrix_claims.hpp"
#include "linalg/ball_matrix.hpp"
#include "scalar/binomial.hpp"
#include "scalar/exp_series.hpp"
#include "theorems/wright2021/feature_map.hpp"
#include "theorems/wright2021/kernel.hpp"
#include "theorems/wright2021/theorems.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

using chain::Outcome;
using chain::Relation;
using chain::Side;

// The ridge problem min_v sum_i (z_i - <Phi_Q(t_i), v>)^2 + lambda |v|_2^2 on the truncated features.
struct Ridge {
  EdpKernel k;
  ExactMatrix T;
  std::vector<Rational> z;
  Rational lambda;
  std::uint64_t N = 0;

  std::vector<Ball> phi_q(const ExactMatrix& X, long row, Prec p) const {
    return feature_vector<Ball>(project(k.wq, X, row), N, k.d(), p);
  }
  std::vector<Ball> phi_k(const ExactMatrix& X, long row, Prec p) const {
    return feature_vector<Ball>(project(k.wk, X, row), N, k.d(), p);
  }
  // G_ij = <Phi_Q(t_i), Phi_Q(t_j)> from the explicit features.
  BallMatrix gram(Prec p) const {
    const long n = T.rows();
    BallMatrix G(n, n);
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < n; ++j) G.set(i, j, inner<Ball>(phi_q(T, i, p), phi_q(T, j, p), p));
    return G;
  }
  // xi = (G + lambda I)^{-1} z (certified solve; indeterminate entries if it fails).
  std::vector<Ball> xi(Prec p) const {
    const long n = T.rows();
    BallMatrix A = gram(p), Z(n, 1), X;
    Ball v;
    for (long i = 0; i < n; ++i) {
      set(v, lambda, p);
      add(v, v, A.at(i, i), p);
      A.set(i, i, v);
      set(v, z[static_cast<std::size_t>(i)], p);
      Z.set(i, 0, v);
    }
    std::vector<Ball> r;
    const Truth ok = solve(X, A, Z, p);
    for (long i = 0; i < n; ++i) r.push_back(ok == Truth::True ? X.at(i, 0) : indeterminate(p));
    return r;
  }
  // v* = sum_i xi_i Phi_Q(t_i).
  std::vector<Ball> v_star(const std::vector<Ball>& x, Prec p) const {
    std::vector<Ball> v;
    for (long i = 0; i < T.rows(); ++i) {
      const std::vector<Ball> phi = phi_q(T, i, p);
      if (v.empty()) v.assign(phi.size(), Ball{});
      for (std::size_t a = 0; a < phi.size(); ++a) addmul(v[a], x[static_cast<std::size_t>(i)], phi[a], p);
    }
    return v;
  }
};

}  // namespace

chain::Chain build_representer(const chain::Parameters& p) {
  Ridge R{read_kernel(p), ExactMatrix(), {}, Rational(0), 0};
  if (R.k.wq.cols() != R.k.wk.cols()) p.fail("wk", "W_Q and W_K must act on the same input space here");
  R.T = read_points(p, "queries", R.k.wq.cols(), 1);
  R.z = p.rationals("responses");
  if (static_cast<long>(R.z.size()) != R.T.rows()) p.fail("responses", "needs one response per query");
  R.lambda = p.rational("lambda");
  if (R.lambda.sign() <= 0) p.fail("lambda", "must be > 0");
  R.N = p.count("truncation");
  if (R.N > 12) p.fail("truncation", "must be at most 12");
  const ExactMatrix t0 = read_points(p, "test_query", R.k.wq.cols(), 1);
  if (t0.rows() != 1) p.fail("test_query", "must be one point");
  const Rational tau = p.rational("tau");
  if (tau.sign() <= 0) p.fail("tau", "must be > 0");
  const auto spec_xi = read_spec(p, "spec_xi", static_cast<std::size_t>(R.T.rows()));
  const auto spec_g12 = read_spec(p, "spec_gram12", 2);  // truncated, untruncated
  const long dim = static_cast<long>(binomial(static_cast<std::uint64_t>(R.k.d()) + R.N, R.N).num().get_si());

  chain::Chain c;
  c.add(
      {.id = "W-C13",
       .claim =
           "l^2 representer: with xi = (G + lambda I)^{-1} z, the objective's gradient at v* = sum_i xi_i Phi_Q(t_i), computed in feature coordinates, encloses zero within tau",
       .symbols = "|| 2 sum_i Phi_Q(t_i)(<Phi_Q(t_i), v*> - z_i) + 2 lambda v* ||_inf <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "||grad||_inf at v*",
       .rhs_name = "tau",
       .reference = "(W18)",
       .status = "P4/R",
       .mode = "CF",
       .coq_lemma = "wright_repr_C13",
       .coq_note = kNoCoqLemma},
      chain::ball([R, tau, dim](const chain::Attempt& a) {
        const std::vector<Ball> x = R.xi(a.prec), v = R.v_star(x, a.prec);
        std::vector<Ball> g(v.size());
        Ball two, lam, r, zi;
        set(two, Rational(2), a.prec);
        set(lam, R.lambda, a.prec);
        for (std::size_t al = 0; al < v.size(); ++al) mul(g[al], lam, v[al], a.prec);
        for (long i = 0; i < R.T.rows(); ++i) {
          const std::vector<Ball> phi = R.phi_q(R.T, i, a.prec);
          set(zi, R.z[static_cast<std::size_t>(i)], a.prec);
          sub(r, inner<Ball>(phi, v, a.prec), zi, a.prec);
          for (std::size_t al = 0; al < v.size(); ++al) addmul(g[al], r, phi[al], a.prec);
        }
        Ball worst, d;
        for (Ball& gi : g) {
          mul(gi, gi, two, a.prec);
          abs(d, gi, a.prec);
          max(worst, worst, d, a.prec);
        }
        Outcome o = chain::encloses_zero_within(worst, tau, a.prec);
        for (std::size_t i = 0; i < x.size(); ++i) o.report("xi_" + std::to_string(i + 1), Side::enclosure(x[i]));
        return o.report("feature dimension m", Side::exact(Rational(dim)));
      }));
  c.add({.id = "W-C13.C",
         .claim = "xi and G_12 (truncated and untruncated kappa_QQ) reproduce the spec's printed values",
         .symbols = "xi_i, G_12, kappa_QQ(t_1, t_2) in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.8",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_repr_C13_C",
         .coq_note = kNoCoqLemma},
        chain::ball([R, spec_xi, spec_g12](const chain::Attempt& a) {
          const std::vector<Ball> x = R.xi(a.prec);
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < spec_xi.size(); ++i)
            add_within_spec(fa, chain::Point{}.add("xi_i", count_q(i + 1)), x[i], spec_xi[i]);
          const Ball g12 = R.gram(a.prec).at(0, 1);
          const EdpKernel kqq{R.k.wq, R.k.wq};
          const Ball full = kqq.gram(R.T, R.T, a.prec).at(0, 1);
          add_within_spec(fa, chain::Point{}.add("G_12 truncated", Rational(1)), g12, spec_g12[0]);
          add_within_spec(fa, chain::Point{}.add("kappa_QQ(t_1, t_2)", Rational(1)), full, spec_g12[1]);
          return fa.outcome();
        }));
  c.add(
      {.id = "W-C16",
       .claim =
           "typing: the learned f* is not the ill-typed expansion sum_i xi_i kappa(t_i, .) (a function on the source space): they differ at the test query",
       .symbols = "|f*(t0) - sum_i xi_i <Phi_Q(t_i), Phi_K(t0)>| > 0",
       .relation = Relation::Greater,
       .lhs_name = "|f*(t0) - ill-typed expansion|",
       .rhs_name = "0",
       .reference = "(W15), W4",
       .status = "R",
       .mode = "meta + CF",
       .coq_lemma = "wright_repr_C16",
       .coq_note = kNoCoqLemma},
      chain::ball([R, t0](const chain::Attempt& a) {
        const std::vector<Ball> x = R.xi(a.prec), v = R.v_star(x, a.prec);
        const Ball f = inner<Ball>(R.phi_q(t0, 0, a.prec), v, a.prec);
        const std::vector<Ball> phik = R.phi_k(t0, 0, a.prec);
        Ball wrong, d;
        for (long i = 0; i < R.T.rows(); ++i)
          addmul(wrong, x[static_cast<std::size_t>(i)], inner<Ball>(R.phi_q(R.T, i, a.prec), phik, a.prec), a.prec);
        sub(d, f, wrong, a.prec);
        abs(d, d, a.prec);
        return Outcome(Side::enclosure(d), Side::exact(Rational(0)))
            .report("f*(t0) = <Phi_Q(t0), v*>", Side::enclosure(f))
            .report("sum_i xi_i kappa_N(t_i, t0)", Side::enclosure(wrong));
      }));
  c.add(
      {.id = "W-C16.QQ",
       .claim =
           "for r = 2, f* is the expansion in the symmetric kernel kappa_QQ (truncated): |f*(t0) - sum_i xi_i S_N(<q0, q_i>/sqrt d)| encloses zero within tau",
       .symbols = "|<Phi_Q(t0), v*> - sum_i xi_i sum_{n<=N} (<q0,q_i>/sqrt d)^n/n!| <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "|f*(t0) - kappa_QQ expansion|",
       .rhs_name = "tau",
       .reference = "(W18)",
       .status = "R",
       .mode = "CF",
       .coq_lemma = "wright_repr_C16_QQ",
       .coq_note = kNoCoqLemma},
      chain::ball([R, t0, tau](const chain::Attempt& a) {
        const std::vector<Ball> x = R.xi(a.prec), v = R.v_star(x, a.prec);
        const Ball f = inner<Ball>(R.phi_q(t0, 0, a.prec), v, a.prec);
        const std::vector<Rational> q0 = project(R.k.wq, t0, 0);
        const Ball s = R.k.scale(a.prec);
        Ball expansion, w, term, d;
        for (long i = 0; i < R.T.rows(); ++i) {
          const std::vector<Rational> qi = project(R.k.wq, R.T, i);
          Rational dotq(0);
          for (std::size_t j = 0; j < qi.size(); ++j) dotq += q0[j] * qi[j];
          set(w, dotq, a.prec);
          mul(w, w, s, a.prec);
          exp_partial_sum(term, w, static_cast<long>(R.N), a.prec);
          addmul(expansion, x[static_cast<std::size_t>(i)], term, a.prec);
        }
        sub(d, f, expansion, a.prec);
        abs(d, d, a.prec);
        return chain::encloses_zero_within(d, tau, a.prec);
      }));
  c.add(
      {.id = "W-C10",
       .claim =
           "Hölder bound of the RKBS pair (r = 3, r' = 3/2) on the truncation: |f_v(t0)| <= ||Phi_Q(t0)||_{3/2} ||v||_3 for v = v*",
       .symbols = "|<Phi_Q(t0), v>| <= ||Phi_Q(t0)||_{r'} ||v||_r",
       .relation = Relation::LessEqual,
       .lhs_name = "|f_v(t0)|",
       .rhs_name = "||Phi_Q(t0)||_{3/2} ||v||_3",
       .reference = "(W11)",
       .status = "P1/R",
       .mode = "CF",
       .coq_lemma = "wright_repr_C10",
       .coq_note = kNoCoqLemma},
      chain::ball([R, t0](const chain::Attempt& a) {
        const std::vector<Ball> v = R.v_star(R.xi(a.prec), a.prec), phi = R.phi_q(t0, 0, a.prec);
        Ball f, bound;
        abs(f, inner<Ball>(phi, v, a.prec), a.prec);
        mul(bound, lr_norm(phi, Rational(3) / Rational(2), a.prec), lr_norm(v, Rational(3), a.prec), a.prec);
        return Outcome(Side::enclosure(f), Side::enclosure(bound));
      }));
  c.add(
      {.id = "W-C20",
       .claim =
           "finite vocabulary: on the V queries the Gram [kappa_QQ(t, t')] is positive definite, so dim span Phi_Q(T) = rank = V",
       .symbols = "[kappa_QQ(t_i, t_j)]_{V x V} > 0 (certified LDL^T pivots)",
       .relation = chain::positive_definite_relation,
       .lhs_name = "smallest pivot",
       .rhs_name = "0",
       .reference = "§2.2, W8",
       .status = "R",
       .mode = "CF",
       .coq_lemma = "wright_repr_C20",
       .coq_note = kNoCoqLemma},
      chain::ball([R](const chain::Attempt& a) {
        const EdpKernel kqq{R.k.wq, R.k.wq};
        return chain::positive_definite_claim(kqq.gram(R.T, R.T, a.prec), a.prec)
            .report("V", Side::exact(Rational(R.T.rows())));
      }));
  return c;
}

}  // namespace approxcert::theorems::wright2021
