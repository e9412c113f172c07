// The binary representer theorem with a product loss (spec §2.4, §2.5, §4.8): W-C15. A
// non-rigorous alternating least squares (ALS) search proposes a stationary point (v, u) of
//   sum_ij (z_ij - f(t_i) g(s_j))^2 + lambda_T |v|^2 + lambda_S |u|^2,  f = <Phi_Q(.), v>, g = <u, Phi_K(.)>,
// on truncated EDP features, as coefficients v = sum_i xi_i Phi_Q(t_i), u = sum_j zeta_j Phi_K(s_j);
// the certification checks, in balls and in explicit feature coordinates, the representer
// identities (W15) with xi'_i = lambda_T^{-1} sum_j r_ij g(s_j) (the stationarity conditions) and the
// balance (W19) within tau. Nothing claims global optimality: the problem is non-convex.
#include "chain/encloses_zero.hpp"
#include "chain/search_then_certify.hpp"
#include "linalg/ball_matrix.hpp"
#include "theorems/wright2021/feature_map.hpp"
#include "theorems/wright2021/kernel.hpp"
#include "theorems/wright2021/theorems.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

using chain::Outcome;
using chain::Relation;
using chain::Side;

struct Binary {
  EdpKernel k;
  ExactMatrix T, S;
  Rational lambda_t, lambda_s, z_scale;
  std::uint64_t N = 0, sweeps = 0;

  std::vector<std::vector<Ball>> features(const ExactMatrix& W, const ExactMatrix& X, Prec p) const {
    std::vector<std::vector<Ball>> r;
    for (long i = 0; i < X.rows(); ++i) r.push_back(feature_vector<Ball>(project(W, X, i), N, k.d(), p));
    return r;
  }
  BallMatrix z(Prec p) const {  // z_ij = kappa(t_i, s_j) * z_scale (the untruncated kernel)
    BallMatrix Z = k.gram(T, S, p);
    Ball s, v;
    set(s, z_scale, p);
    for (long i = 0; i < Z.rows(); ++i)
      for (long j = 0; j < Z.cols(); ++j) {
        mul(v, Z.at(i, j), s, p);
        Z.set(i, j, v);
      }
    return Z;
  }
};

// v (or u) = sum_i c_i phi_i, coordinate-wise.
std::vector<Ball> combine(const std::vector<std::vector<Ball>>& phi, const std::vector<Ball>& c, Prec p) {
  std::vector<Ball> v(phi[0].size());
  for (std::size_t i = 0; i < phi.size(); ++i)
    for (std::size_t a = 0; a < v.size(); ++a) addmul(v[a], c[i], phi[i][a], p);
  return v;
}

std::vector<Ball> values(const std::vector<std::vector<Ball>>& phi, const std::vector<Ball>& v, Prec p) {
  std::vector<Ball> f;
  for (const auto& ph : phi) f.push_back(inner<Ball>(ph, v, p));
  return f;
}

// The coefficients of the one-sided update: with the other side's values h fixed, the stationary
// coefficients c solve (lambda I + |h|^2 G) c = Z h (Z or Z^T), G the Gram of this side's features.
std::vector<Ball> dirty_update(const std::vector<std::vector<Ball>>& phi, const BallMatrix& Zh,
                               const std::vector<Ball>& h, const Rational& lambda, Prec p) {
  const long n = static_cast<long>(phi.size());
  Ball h2, v;
  for (const Ball& x : h) addmul(h2, x, x, p);
  BallMatrix A(n, n), y(n, 1), c;
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      mul(v, inner<Ball>(phi[i], phi[j], p), h2, p);
      if (i == j) {
        Ball l;
        set(l, lambda, p);
        add(v, v, l, p);
      }
      A.set(i, j, v);
    }
    Ball s;
    for (std::size_t j = 0; j < h.size(); ++j) addmul(s, Zh.at(i, static_cast<long>(j)), h[j], p);
    y.set(i, 0, s);
  }
  if (solve(c, A, y, p) != Truth::True) throw std::domain_error("W-C15: the ALS update is singular at this precision");
  std::vector<Ball> out;
  for (long i = 0; i < n; ++i) {
    Ball m;
    set(m, mid(c.at(i, 0)), p);  // keep midpoints only: a non-rigorous search
    out.push_back(m);
  }
  return out;
}

// ALS from v = u = (0.1, ..., 0.1), updating v then u: returns the coefficients (xi, zeta).
chain::Point dirty_als(const Binary& b) {
  const Prec p(256);
  const auto phiQ = b.features(b.k.wq, b.T, p), phiK = b.features(b.k.wk, b.S, p);
  const BallMatrix Z = b.z(p);
  BallMatrix Zt;
  transpose(Zt, Z);
  std::vector<Ball> u0(phiK[0].size());
  for (Ball& x : u0) set(x, Rational(1) / Rational(10), p);
  std::vector<Ball> g = values(phiK, u0, p), xi, zeta;
  for (std::uint64_t sweep = 0; sweep < b.sweeps; ++sweep) {
    xi = dirty_update(phiQ, Z, g, b.lambda_t, p);
    const std::vector<Ball> f = values(phiQ, combine(phiQ, xi, p), p);
    zeta = dirty_update(phiK, Zt, f, b.lambda_s, p);
    g = values(phiK, combine(phiK, zeta, p), p);
  }
  chain::Point pt;
  for (std::size_t i = 0; i < xi.size(); ++i) pt.add("xi" + std::to_string(i + 1), mid(xi[i]));
  for (std::size_t j = 0; j < zeta.size(); ++j) pt.add("zeta" + std::to_string(j + 1), mid(zeta[j]));
  return pt;
}

// What every certification needs at the candidate: v, u, f(t_i), g(s_j), and the representer
// coefficients xi'_i = lambda_T^{-1} sum_j r_ij g_j, zeta'_j = lambda_S^{-1} sum_i r_ij f_i.
struct AtCandidate {
  std::vector<std::vector<Ball>> phiQ, phiK;
  std::vector<Ball> v, u, f, g, xi_rep, zeta_rep;
};

AtCandidate evaluate_candidate(const Binary& b, const chain::Point& cand, Prec p) {
  const auto nT = static_cast<std::size_t>(b.T.rows()), nS = static_cast<std::size_t>(b.S.rows());
  const std::vector<Rational> coordinates = chain::candidate_values(cand, {{"xi", nT}, {"zeta", nS}});
  AtCandidate c;
  c.phiQ = b.features(b.k.wq, b.T, p);
  c.phiK = b.features(b.k.wk, b.S, p);
  std::vector<Ball> xi(nT), zeta(nS);
  for (std::size_t i = 0; i < nT; ++i) set(xi[i], coordinates[i], p);
  for (std::size_t j = 0; j < nS; ++j) set(zeta[j], coordinates[nT + j], p);
  c.v = combine(c.phiQ, xi, p);
  c.u = combine(c.phiK, zeta, p);
  c.f = values(c.phiQ, c.v, p);
  c.g = values(c.phiK, c.u, p);
  const BallMatrix Z = b.z(p);
  Ball lt, ls, r, t;
  set(lt, b.lambda_t, p);
  set(ls, b.lambda_s, p);
  c.xi_rep.assign(nT, Ball{});
  c.zeta_rep.assign(nS, Ball{});
  for (std::size_t i = 0; i < nT; ++i)
    for (std::size_t j = 0; j < nS; ++j) {
      mul(t, c.f[i], c.g[j], p);
      sub(r, Z.at(static_cast<long>(i), static_cast<long>(j)), t, p);
      addmul(c.xi_rep[i], r, c.g[j], p);
      addmul(c.zeta_rep[j], r, c.f[i], p);
    }
  for (Ball& x : c.xi_rep) div(x, x, lt, p);
  for (Ball& x : c.zeta_rep) div(x, x, ls, p);
  return c;
}

Ball weighted_norm2(const Rational& lambda, const std::vector<Ball>& v, Prec p) {
  Ball n2 = inner<Ball>(v, v, p), l;
  set(l, lambda, p);
  mul(n2, n2, l, p);
  return n2;
}

}  // namespace

chain::Chain build_binary_representer(const chain::Parameters& p) {
  Binary b{read_kernel(p), ExactMatrix(), ExactMatrix(), Rational(0), Rational(0), Rational(0), 0, 0};
  if (b.k.wq.cols() != b.k.wk.cols()) p.fail("wk", "W_Q and W_K must act on the same input space here");
  b.T = read_points(p, "queries", b.k.wq.cols(), 1);
  b.S = read_points(p, "sources", b.k.wk.cols(), 1);
  b.lambda_t = p.rational("lambda_t");
  b.lambda_s = p.rational("lambda_s");
  if (b.lambda_t.sign() <= 0) p.fail("lambda_t", "must be > 0");
  if (b.lambda_s.sign() <= 0) p.fail("lambda_s", "must be > 0");
  b.z_scale = p.rational("z_scale");
  b.N = p.count("truncation");
  if (b.N > 8) p.fail("truncation", "must be at most 8");
  b.sweeps = p.count("sweeps");
  if (b.sweeps < 1 || b.sweeps > 5000) p.fail("sweeps", "must lie in 1..5000");
  const Rational tau = p.rational("tau");
  if (tau.sign() <= 0) p.fail("tau", "must be > 0");
  const SpecNumber spec_balance = read_spec1(p, "spec_balance");
  const auto spec_f = read_spec(p, "spec_f", static_cast<std::size_t>(b.T.rows()));
  const auto spec_g = read_spec(p, "spec_g", static_cast<std::size_t>(b.S.rows()));
  auto search = [b](const chain::Attempt&) { return dirty_als(b); };

  chain::Chain c;
  c.add(
      {.id = "W-C15.T",
       .claim =
           "binary representer, query side: at the ALS candidate, v = sum_i xi'_i Phi_Q(t_i) with xi'_i = lambda_T^{-1} sum_j r_ij g(s_j), within tau (stationarity in v)",
       .symbols = "||v - sum_i xi'_i Phi_Q(t_i)||_inf <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "||v - representer||_inf",
       .rhs_name = "tau",
       .reference = "(W15)",
       .status = "P4/R",
       .mode = "OPT + CF",
       .coq_lemma = "wright_binary_T",
       .coq_note = kNoCoqLemma},
      chain::search_then_certify(search, chain::ball([b, tau](const chain::Attempt& a) {
                                   const AtCandidate x = evaluate_candidate(b, *a.candidate, a.prec);
                                   return chain::encloses_zero_within(
                                       max_abs_difference(x.v, combine(x.phiQ, x.xi_rep, a.prec), a.prec), tau, a.prec);
                                 })));
  c.add(
      {.id = "W-C15.S",
       .claim =
           "binary representer, source side: u = sum_j zeta'_j Phi_K(s_j) with zeta'_j = lambda_S^{-1} sum_i r_ij f(t_i), within tau",
       .symbols = "||u - sum_j zeta'_j Phi_K(s_j)||_inf <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "||u - representer||_inf",
       .rhs_name = "tau",
       .reference = "(W15)",
       .status = "P4/R",
       .mode = "OPT + CF",
       .coq_lemma = "wright_binary_S",
       .coq_note = kNoCoqLemma},
      chain::search_then_certify(search, chain::ball([b, tau](const chain::Attempt& a) {
                                   const AtCandidate x = evaluate_candidate(b, *a.candidate, a.prec);
                                   return chain::encloses_zero_within(
                                       max_abs_difference(x.u, combine(x.phiK, x.zeta_rep, a.prec), a.prec), tau,
                                       a.prec);
                                 })));
  c.add({.id = "W-C15.W19",
         .claim = "balance at the stationary candidate: lambda_T |v|^2 = lambda_S |u|^2 within tau",
         .symbols = "|lambda_T ||v||^2 - lambda_S ||u||^2| <= tau",
         .relation = Relation::LessEqual,
         .lhs_name = "|difference|",
         .rhs_name = "tau",
         .reference = "(W19)",
         .status = "R",
         .mode = "OPT + CF",
         .coq_lemma = "wright_binary_W19",
         .coq_note = kNoCoqLemma},
        chain::search_then_certify(
            search, chain::ball([b, tau](const chain::Attempt& a) {
              const AtCandidate x = evaluate_candidate(b, *a.candidate, a.prec);
              Ball d;
              sub(d, weighted_norm2(b.lambda_t, x.v, a.prec), weighted_norm2(b.lambda_s, x.u, a.prec), a.prec);
              return chain::encloses_zero_within(d, tau, a.prec)
                  .report("lambda_T |v|^2", Side::enclosure(weighted_norm2(b.lambda_t, x.v, a.prec)))
                  .report("lambda_S |u|^2", Side::enclosure(weighted_norm2(b.lambda_s, x.u, a.prec)));
            })));
  c.add(
      {.id = "W-C15.C",
       .claim =
           "the balance value and f(t_i), g(s_j) at the candidate reproduce the spec's printed values (same start point and sweeps)",
       .symbols = "lambda_T |v|^2, f(t_i), g(s_j) in spec +- 1 ulp",
       .relation = Relation::InClosed,
       .lhs_name = "certified value",
       .rhs_name = "[spec - ulp, spec + ulp]",
       .reference = "§4.8",
       .status = "C",
       .mode = "OPT + CF",
       .coq_lemma = "wright_binary_C",
       .coq_note = kNoCoqLemma},
      chain::search_then_certify(
          search, chain::ball([b, spec_balance, spec_f, spec_g](const chain::Attempt& a) {
            const AtCandidate x = evaluate_candidate(b, *a.candidate, a.prec);
            chain::ForAll fa = a.for_all();
            add_within_spec(fa, chain::Point{}.add("balance", Rational(1)), weighted_norm2(b.lambda_t, x.v, a.prec),
                            spec_balance);
            for (std::size_t i = 0; i < spec_f.size(); ++i)
              add_within_spec(fa, chain::Point{}.add("f(t_i)", count_q(i + 1)), x.f[i], spec_f[i]);
            for (std::size_t j = 0; j < spec_g.size(); ++j)
              add_within_spec(fa, chain::Point{}.add("g(s_j)", count_q(j + 1)), x.g[j], spec_g[j]);
            return fa.outcome();
          })));
  return c;
}

}  // namespace approxcert::theorems::wright2021
