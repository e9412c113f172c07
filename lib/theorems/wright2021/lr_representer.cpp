// The unary l^r representer with r = 3 (spec (W16), (W17), §4.8): W-C14. A non-rigorous Newton
// search proposes the minimiser v* of sum_i (z_i - <Phi_Q(t_i), v>)^2 + lambda ||v||_3^2 on the
// truncated features; the certification checks in balls that the gradient vanishes within tau,
// i.e. J_3(v*) = sgn(v*)|v*|^2 / ||v*||_3^2 lies in span Phi_Q(t_i) within tau (the representer
// statement is about this dual element), and that v* itself is certified NOT in that span
// (distance > 0): for r != 2 the solution is not a kernel expansion (weak point W4).
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

struct L3Problem {
  ExactMatrix wq;  // only the query map enters: the problem is over the query features Phi_Q
  ExactMatrix T;
  std::vector<Rational> z;
  Rational lambda;
  std::uint64_t N = 0;
  std::vector<std::vector<Ball>> phi(Prec p) const {
    std::vector<std::vector<Ball>> r;
    for (long i = 0; i < T.rows(); ++i) r.push_back(feature_vector<Ball>(project(wq, T, i), N, wq.rows(), p));
    return r;
  }
};

// Newton's method on (xi, rho): u = sum xi_i Phi_i, v = rho sgn(u)|u|^{1/2}, F = (lambda rho xi_i - r_i,
// sum |u|^{3/2} - 1) with r_i = z_i - <Phi_i, v>. Arb midpoints at 256 bits, finite-difference
// Jacobian: a non-rigorous search whose answer is only a proposal.
std::vector<Ball> dirty_v(const std::vector<std::vector<Ball>>& phi, const std::vector<Ball>& x, Prec p) {
  const std::size_t n = phi.size(), m = phi[0].size();
  std::vector<Ball> v(m);
  Ball u, a;
  for (std::size_t al = 0; al < m; ++al) {
    set(u, Rational(0), p);
    for (std::size_t i = 0; i < n; ++i) addmul(u, x[i], phi[i][al], p);
    abs(a, u, p);
    set(a, mid(a), p);
    sqrt(a, a, p);
    mul(a, a, x[n], p);
    v[al] = a;
    if (mid(u).sign() < 0) neg(v[al], a);
  }
  return v;
}

std::vector<Rational> dirty_residual(const L3Problem& P, const std::vector<std::vector<Ball>>& phi,
                                     const std::vector<Ball>& x, Prec p) {
  const std::size_t n = phi.size();
  const std::vector<Ball> v = dirty_v(phi, x, p);
  std::vector<Rational> F;
  Ball t, lam;
  set(lam, P.lambda, p);
  for (std::size_t i = 0; i < n; ++i) {
    mul(t, lam, x[n], p);
    mul(t, t, x[i], p);
    Ball zi;
    set(zi, P.z[i], p);
    sub(t, t, zi, p);
    add(t, t, inner<Ball>(phi[i], v, p), p);  // lambda rho xi_i - (z_i - <Phi_i, v>)
    F.push_back(mid(t));
  }
  std::vector<Ball> u(phi[0].size());
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t al = 0; al < u.size(); ++al) addmul(u[al], x[i], phi[i][al], p);
  F.push_back(mid(lr_norm(u, Rational(3) / Rational(2), p)) - Rational(1));
  return F;
}

chain::Point dirty_newton(const L3Problem& P) {
  const Prec p(256);
  const auto phi = P.phi(p);
  const std::size_t n = phi.size();
  std::vector<Ball> x(n + 1);
  for (std::size_t i = 0; i < n; ++i) set(x[i], Rational(0), p);
  set(x[0], Rational(1) / Rational(2), p);
  set(x[n], Rational(1), p);
  const Rational h = pow2(-90);
  for (int it = 0; it < 60; ++it) {
    const std::vector<Rational> F = dirty_residual(P, phi, x, p);
    BallMatrix J(static_cast<long>(n + 1), static_cast<long>(n + 1)), rhs(static_cast<long>(n + 1), 1), dx;
    for (std::size_t c = 0; c <= n; ++c) {
      std::vector<Ball> xh = x;
      Ball hb;
      set(hb, h, p);
      add(xh[c], xh[c], hb, p);
      const std::vector<Rational> Fh = dirty_residual(P, phi, xh, p);
      for (std::size_t r = 0; r <= n; ++r) {
        Ball e;
        set(e, (Fh[r] - F[r]) / h, p);
        J.set(static_cast<long>(r), static_cast<long>(c), e);
      }
    }
    for (std::size_t r = 0; r <= n; ++r) {
      Ball e;
      set(e, -F[r], p);
      rhs.set(static_cast<long>(r), 0, e);
    }
    if (solve(dx, J, rhs, p) != Truth::True) break;
    for (std::size_t c = 0; c <= n; ++c) {
      add(x[c], x[c], dx.at(static_cast<long>(c), 0), p);
      set(x[c], mid(x[c]), p);
    }
  }
  const std::vector<Ball> v = dirty_v(phi, x, p);
  chain::Point pt;
  for (std::size_t al = 0; al < v.size(); ++al) pt.add("v" + std::to_string(al + 1), mid(v[al]));
  return pt;
}

struct AtV {
  std::vector<std::vector<Ball>> phi;
  std::vector<Ball> v, J, xi, span_part;  // J = v|v|/rho^2, xi_i = r_i/(lambda rho), span_part = sum xi_i Phi_i
  Ball rho;
};

AtV at_candidate(const L3Problem& P, const chain::Point& cand, Prec p) {
  AtV a;
  a.phi = P.phi(p);
  for (const Rational& value : chain::candidate_values(cand, {{"v", a.phi[0].size()}})) {
    Ball b;
    set(b, value, p);
    a.v.push_back(b);
  }
  a.rho = lr_norm(a.v, Rational(3), p);
  Ball rho2, t, lam;
  mul(rho2, a.rho, a.rho, p);
  for (const Ball& x : a.v) {
    abs(t, x, p);
    mul(t, t, x, p);
    div(t, t, rho2, p);
    a.J.push_back(t);
  }
  set(lam, P.lambda, p);
  mul(lam, lam, a.rho, p);
  for (std::size_t i = 0; i < a.phi.size(); ++i) {
    Ball zi, r;
    set(zi, P.z[i], p);
    sub(r, zi, inner<Ball>(a.phi[i], a.v, p), p);
    div(r, r, lam, p);
    a.xi.push_back(r);
  }
  a.span_part.assign(a.v.size(), Ball{});
  for (std::size_t i = 0; i < a.phi.size(); ++i)
    for (std::size_t al = 0; al < a.v.size(); ++al) addmul(a.span_part[al], a.xi[i], a.phi[i][al], p);
  return a;
}

// dist(v, span phi_i)^2 = |v|^2 - b^T G^{-1} b, b_i = <phi_i, v>.
Ball distance_to_span(const std::vector<std::vector<Ball>>& phi, const std::vector<Ball>& v, Prec p) {
  const long n = static_cast<long>(phi.size());
  BallMatrix G(n, n), b(n, 1), y;
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) G.set(i, j, inner<Ball>(phi[i], phi[j], p));
    b.set(i, 0, inner<Ball>(phi[i], v, p));
  }
  if (solve(y, G, b, p) != Truth::True) return indeterminate(p);
  Ball d2 = inner<Ball>(v, v, p), t;
  for (long i = 0; i < n; ++i) {
    mul(t, b.at(i, 0), y.at(i, 0), p);
    sub(d2, d2, t, p);
  }
  sqrt(d2, d2, p);
  return d2;
}

// Contains sgn(u)|u|^{1/2} for every u in the ball (r' - 1 = 1/2 for r = 3): when u may be 0, the
// hull of +-sqrt(max |u|).
Ball signed_square_root(const Ball& u, Prec p) {
  Ball zero, r, t;
  if (less(zero, u) == Truth::True) {
    sqrt(r, u, p);
  } else if (less(u, zero) == Truth::True) {
    neg(t, u);
    sqrt(r, t, p);
    neg(r, r);
  } else {
    abs(t, u, p);
    set_interval(t, Rational(0), upper(t), p);
    sqrt(t, t, p);
    neg(r, t);
    hull(r, r, t, p);
  }
  return r;
}

}  // namespace

chain::Chain build_lr_representer(const chain::Parameters& p) {
  L3Problem P{read_query_map(p), ExactMatrix(), {}, Rational(0), 0};
  P.T = read_points(p, "queries", P.wq.cols(), 1);
  P.z = p.rationals("responses");
  if (static_cast<long>(P.z.size()) != P.T.rows()) p.fail("responses", "needs one response per query");
  P.lambda = p.rational("lambda");
  if (P.lambda.sign() <= 0) p.fail("lambda", "must be > 0");
  P.N = p.count("truncation");
  if (P.N > 8) p.fail("truncation", "must be at most 8");
  const Rational tau = p.rational("tau");
  if (tau.sign() <= 0) p.fail("tau", "must be > 0");
  const auto spec_xi = read_spec(p, "spec_xi", static_cast<std::size_t>(P.T.rows()));
  const SpecNumber spec_rho = read_spec1(p, "spec_rho");
  const SpecNumber spec_dist = read_spec1(p, "spec_distance");
  auto search = [P](const chain::Attempt&) { return dirty_newton(P); };

  chain::Chain c;
  c.add(
      {.id = "W-C14",
       .claim =
           "l^3 representer: at the searched minimiser v*, J_3(v*) = sgn(v*)|v*|^2/||v*||_3^2 equals sum_i xi_i Phi_Q(t_i) with xi_i = r_i/(lambda ||v*||_3) within tau (the stationarity condition: the dual element lies in the span)",
       .symbols = "||J_3(v*) - sum_i xi_i Phi_Q(t_i)||_inf <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "||J_3(v*) - span element||_inf",
       .rhs_name = "tau",
       .reference = "(W16), (W17)",
       .status = "P4/R",
       .mode = "OPT + CF",
       .coq_lemma = "wright_l3_C14",
       .coq_note = kNoCoqLemma},
      chain::search_then_certify(search, chain::ball([P, tau](const chain::Attempt& a) {
                                   const AtV x = at_candidate(P, *a.candidate, a.prec);
                                   Outcome o = chain::encloses_zero_within(max_abs_difference(x.J, x.span_part, a.prec),
                                                                           tau, a.prec);
                                   o.report("||sum_i xi_i Phi_Q(t_i)||_{3/2}",
                                            Side::enclosure(lr_norm(x.span_part, Rational(3) / Rational(2), a.prec)));
                                   return o.report("rho = ||v*||_3", Side::enclosure(x.rho));
                                 })));
  c.add(
      {.id = "W-C14.inv",
       .claim =
           "the inversion (W17): with u = sum_i xi_i Phi_Q(t_i) and rho = ||v*||_3, v* = rho sgn(u)|u|^{r'-1} (r' - 1 = 1/2) within tau",
       .symbols = "max_alpha |v*_alpha - rho sgn(u_alpha)|u_alpha|^{1/2}| <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "max |v* - rho sgn(u)|u|^{1/2}|",
       .rhs_name = "tau",
       .reference = "(W17)",
       .status = "P4/R",
       .mode = "OPT + CF",
       .coq_lemma = "wright_l3_C14_inv",
       .coq_note = kNoCoqLemma},
      chain::search_then_certify(search, chain::ball([P, tau](const chain::Attempt& a) {
                                   const AtV x = at_candidate(P, *a.candidate, a.prec);
                                   std::vector<Ball> inverted;
                                   for (const Ball& u : x.span_part) {
                                     Ball w = signed_square_root(u, a.prec);
                                     mul(w, w, x.rho, a.prec);
                                     inverted.push_back(w);
                                   }
                                   return chain::encloses_zero_within(max_abs_difference(x.v, inverted, a.prec), tau,
                                                                      a.prec);
                                 })));
  c.add({.id = "W-C14.dist",
         .claim = "v* itself is not a kernel expansion: its distance to span Phi_Q(t_i) is certified positive",
         .symbols = "dist(v*, span Phi_Q(t_i)) > 0",
         .relation = Relation::Greater,
         .lhs_name = "dist(v*, span)",
         .rhs_name = "0",
         .reference = "(W17), W4",
         .status = "R",
         .mode = "OPT + CF",
         .coq_lemma = "wright_l3_C14_dist",
         .coq_note = kNoCoqLemma},
        chain::search_then_certify(search, chain::ball([P](const chain::Attempt& a) {
                                     const AtV x = at_candidate(P, *a.candidate, a.prec);
                                     return Outcome(Side::enclosure(distance_to_span(x.phi, x.v, a.prec)),
                                                    Side::exact(Rational(0)));
                                   })));
  c.add({.id = "W-C14.C",
         .claim = "xi, rho = ||v*||_3 and dist(v*, span) reproduce the spec's printed values",
         .symbols = "xi_i, rho, dist in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.8",
         .status = "C",
         .mode = "OPT + CF",
         .coq_lemma = "wright_l3_C14_C",
         .coq_note = kNoCoqLemma},
        chain::search_then_certify(search, chain::ball([P, spec_xi, spec_rho, spec_dist](const chain::Attempt& a) {
                                     const AtV x = at_candidate(P, *a.candidate, a.prec);
                                     chain::ForAll fa = a.for_all();
                                     for (std::size_t i = 0; i < spec_xi.size(); ++i)
                                       add_within_spec(fa, chain::Point{}.add("xi_i", count_q(i + 1)), x.xi[i],
                                                       spec_xi[i]);
                                     add_within_spec(fa, chain::Point{}.add("rho", Rational(1)), x.rho, spec_rho);
                                     add_within_spec(fa, chain::Point{}.add("dist", Rational(1)),
                                                     distance_to_span(x.phi, x.v, a.prec), spec_dist);
                                     return fa.outcome();
                                   })));
  return c;
}

}  // namespace approxcert::theorems::wright2021
