// Feature truncation, tails and norms of the EDP kernel (spec §2.1, §4.4): W-C7 and W-C8.
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

constexpr std::uint64_t kMaxTruncation = 40;

std::vector<Rational> apply(const ExactMatrix& W, const ExactMatrix& x) {  // W x for a 1 x m point x
  std::vector<Rational> r;
  for (long i = 0; i < W.rows(); ++i) {
    Rational s(0);
    for (long j = 0; j < W.cols(); ++j) s += W.at(i, j) * x.at(0, j);
    r.push_back(s);
  }
  return r;
}

Rational dot(const std::vector<Rational>& a, const std::vector<Rational>& b) {
  Rational s(0);
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// Encloses u / sqrt(d).
template <class S>
S over_sqrt_d(const Rational& u, long d, Prec p) {
  S r, s;
  set(s, Rational(d), p);
  sqrt(s, s, p);
  set(r, u, p);
  div(r, r, s, p);
  return r;
}

std::vector<std::uint64_t> read_orders(const chain::Parameters& p, const std::string& name) {
  std::vector<std::uint64_t> r;
  for (const Rational& n : p.rationals(name)) {
    if (!n.is_integer() || n.sign() < 0 || n > Rational(static_cast<long>(kMaxTruncation)))
      p.fail(name, "truncation orders must be integers in 0.." + std::to_string(kMaxTruncation));
    r.push_back(static_cast<std::uint64_t>(n.num().get_ui()));
  }
  if (r.empty()) p.fail(name, "must list at least one truncation order");
  return r;
}

chain::Point order_point(std::uint64_t N) { return chain::Point{}.add("N", count_q(N)); }

}  // namespace

chain::Chain build_truncation(const chain::Parameters& p) {
  const EdpKernel k = read_kernel(p);
  const ExactMatrix t = read_points(p, "t", k.wq.cols(), 1);
  const ExactMatrix s = read_points(p, "s", k.wk.cols(), 1);
  if (t.rows() != 1) p.fail("t", "must be one point");
  if (s.rows() != 1) p.fail("s", "must be one point");
  const std::vector<std::uint64_t> Ns = read_orders(p, "orders");
  const SpecNumber spec_kappa = read_spec1(p, "spec_kappa");
  const auto spec_sum = read_spec(p, "spec_truncated", Ns.size());
  const auto spec_err = read_spec(p, "spec_error", Ns.size());
  const auto spec_bnd = read_spec(p, "spec_bound", Ns.size());
  const ExactMatrix tn = read_points(p, "t_norm", k.wq.cols(), 1);
  if (tn.rows() != 1) p.fail("t_norm", "must be one point");
  const std::vector<std::uint64_t> norm_Ns = read_orders(p, "norm_orders");
  const auto spec_norm_trunc = read_spec(p, "spec_norm_truncated", norm_Ns.size());
  const auto spec_norms = read_spec(p, "spec_norms", 3);  // ||Phi_Q(t)||^2, ||Phi_K(s)||^2, CS bound

  const std::vector<Rational> q = apply(k.wq, t), kk = apply(k.wk, s), qn = apply(k.wq, tn);
  const Rational qk = dot(q, kk), qq = dot(q, q), kk2 = dot(kk, kk), qnqn = dot(qn, qn);
  const long d = k.d();
  std::uint64_t Nmax = 0;
  for (auto N : Ns) Nmax = std::max(Nmax, N);
  for (auto N : norm_Ns) Nmax = std::max(Nmax, N);

  chain::Chain c;
  c.add(
      {.id = "W-C7.EX",
       .claim =
           "degree by degree, the feature products sum to the Taylor term: sum_{|alpha|=n} n!/alpha! q^alpha k^alpha = (q.k)^n, so the truncated feature inner product is the Taylor partial sum",
       .symbols =
           "sum_{|alpha|<=N} Phi_Q(t)_alpha Phi_K(s)_alpha = sum_{n<=N} z^n/n!, z = q.k/sqrt d (checked per degree n <= max N)",
       .relation = Relation::Equal,
       .lhs_name = "sum_{|alpha|=n} n!/alpha! q^alpha k^alpha",
       .rhs_name = "(q.k)^n",
       .reference = "(W5), (W6)",
       .status = "P2/R",
       .mode = "EX",
       .coq_lemma = "wright_trunc_C7_EX",
       .coq_note = kNoCoqLemma},
      chain::exact([q, kk, qk, Nmax] {
        chain::ForAll fa(Relation::Equal);
        for (std::uint64_t n = 0; n <= Nmax; ++n)
          fa.add(chain::Point{}.add("n", count_q(n)),
                 Side::exact(degree_block(q, kk, n), "enumerated feature products"),
                 Side::exact(pow_int(qk, static_cast<long>(n))));
        return fa.outcome();
      }));
  c.add({.id = "W-C7.dim",
         .claim = "the truncated feature dimension is binom(d + N, N)",
         .symbols = "#{alpha in N^d : |alpha| <= N} = binom(d+N, N)",
         .relation = Relation::Equal,
         .lhs_name = "enumerated count",
         .rhs_name = "binom(d+N, N)",
         .reference = "(W6)",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "wright_trunc_C7_dim",
         .coq_note = kNoCoqLemma},
        chain::exact([Ns, d] {
          chain::ForAll fa(Relation::Equal);
          for (std::uint64_t N : Ns) {
            std::uint64_t count = 0;
            for (std::uint64_t n = 0; n <= N; ++n) count += multi_indices(static_cast<std::size_t>(d), n).size();
            fa.add(order_point(N), Side::exact(count_q(count)),
                   Side::exact(binomial(static_cast<std::uint64_t>(d) + N, N)));
          }
          return fa.outcome();
        }));
  c.add({.id = "W-C7",
         .claim = "the tail bound (W7) holds for each truncation order N = 0 .. max(orders)",
         .symbols = "|kappa - sum_{n<=N} z^n/n!| <= |z|^{N+1}/(N+1)! e^{|z|}",
         .relation = Relation::LessEqual,
         .lhs_name = "|kappa - S_N|",
         .rhs_name = "|z|^{N+1}/(N+1)! e^{|z|}",
         .reference = "(W7)",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_trunc_C7",
         .coq_proof = "WrightGlue.wright_exp_tail",
         .coq_note = "proved in Coq for every N (Taylor-Lagrange)"},
        chain::generic([Ns, qk, d]<class S>(const chain::Attempt& a) {
          const S z = over_sqrt_d<S>(qk, d, a.prec);
          S kappa, sum, err, bound;
          exp(kappa, z, a.prec);
          chain::ForAll fa = a.for_all();
          std::uint64_t top = 0;
          for (std::uint64_t N : Ns) top = std::max(top, N);
          for (std::uint64_t N = 0; N <= top; ++N) {  // every order up to the largest listed one
            exp_partial_sum(sum, z, static_cast<long>(N), a.prec);
            sub(err, kappa, sum, a.prec);
            abs(err, err, a.prec);
            exp_tail_bound(bound, z, static_cast<long>(N), a.prec);
            fa.add(order_point(N), Side::enclosure(err), Side::enclosure(bound));
          }
          return fa.outcome().report("z", Side::enclosure(z)).report("kappa", Side::enclosure(kappa));
        }));
  c.add({.id = "W-C7.C",
         .claim = "kappa and the truncation table (sum, error, bound per N) reproduce the spec's printed values",
         .symbols = "kappa, S_N, |kappa - S_N|, bound_N in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.4 table",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_trunc_C7_C",
         .coq_note = kNoCoqLemma},
        chain::generic([Ns, qk, d, spec_kappa, spec_sum, spec_err, spec_bnd]<class S>(const chain::Attempt& a) {
          const S z = over_sqrt_d<S>(qk, d, a.prec);
          S kappa, sum, err, bound;
          exp(kappa, z, a.prec);
          chain::ForAll fa = a.for_all();
          add_within_spec(fa, chain::Point{}.add("column", Rational(0)), kappa, spec_kappa);
          for (std::size_t i = 0; i < Ns.size(); ++i) {
            exp_partial_sum(sum, z, static_cast<long>(Ns[i]), a.prec);
            sub(err, kappa, sum, a.prec);
            abs(err, err, a.prec);
            exp_tail_bound(bound, z, static_cast<long>(Ns[i]), a.prec);
            add_within_spec(fa, order_point(Ns[i]).add("column", Rational(1)), sum, spec_sum[i]);
            add_within_spec(fa, order_point(Ns[i]).add("column", Rational(2)), err, spec_err[i]);
            add_within_spec(fa, order_point(Ns[i]).add("column", Rational(3)), bound, spec_bnd[i]);
          }
          return fa.outcome();
        }));
  c.add(
      {.id = "W-C8.EX",
       .claim =
           "norm identity per degree: sum_{|alpha|=n} n!/alpha! q^{2 alpha} = |q|^{2n}, so ||Phi_Q(t)||_2^2 = e^{|q|^2/sqrt d} (likewise for k)",
       .symbols =
           "sum_{|alpha|=n} n!/alpha! q^alpha q^alpha = (q.q)^n, n <= max N, for q = W_Q t, W_Q t_norm and k = W_K s",
       .relation = Relation::Equal,
       .lhs_name = "enumerated",
       .rhs_name = "(q.q)^n",
       .reference = "(W8)",
       .status = "R",
       .mode = "EX",
       .coq_lemma = "wright_trunc_C8_EX",
       .coq_note = kNoCoqLemma},
      chain::exact([q, kk, qn, Nmax] {
        chain::ForAll fa(Relation::Equal);
        const std::vector<const std::vector<Rational>*> vs = {&q, &kk, &qn};
        for (std::size_t v = 0; v < vs.size(); ++v)
          for (std::uint64_t n = 0; n <= Nmax; ++n)
            fa.add(chain::Point{}.add("vector", count_q(v)).add("n", count_q(n)),
                   Side::exact(degree_block(*vs[v], *vs[v], n)),
                   Side::exact(pow_int(dot(*vs[v], *vs[v]), static_cast<long>(n))));
        return fa.outcome();
      }));
  c.add({.id = "W-C8",
         .claim = "Cauchy-Schwarz: kappa(t, s) <= ||Phi_Q(t)||_2 ||Phi_K(s)||_2 = exp((|q|^2 + |k|^2)/(2 sqrt d))",
         .symbols = "kappa(t,s) <= exp((|q|^2 + |k|^2)/(2 sqrt d))",
         .relation = Relation::LessEqual,
         .lhs_name = "kappa(t,s)",
         .rhs_name = "||Phi_Q(t)|| ||Phi_K(s)||",
         .reference = "(W9)",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_trunc_C8",
         .coq_proof = "WrightGlue.wright_cauchy_schwarz",
         .coq_note = "closed form proved in Coq"},
        chain::generic([qk, qq, kk2, d]<class S>(const chain::Attempt& a) {
          S kappa, cs, nq, nk;
          exp(kappa, over_sqrt_d<S>(qk, d, a.prec), a.prec);
          exp(cs, over_sqrt_d<S>((qq + kk2) / Rational(2), d, a.prec), a.prec);
          exp(nq, over_sqrt_d<S>(qq, d, a.prec), a.prec);
          exp(nk, over_sqrt_d<S>(kk2, d, a.prec), a.prec);
          return Outcome(Side::enclosure(kappa), Side::enclosure(cs))
              .report("||Phi_Q(t)||^2", Side::enclosure(nq))
              .report("||Phi_K(s)||^2", Side::enclosure(nk));
        }));
  c.add({.id = "W-C8.trunc",
         .claim = "truncations of ||Phi_Q(t_norm)||^2 increase to the closed form e^{|q|^2/sqrt d}",
         .symbols = "S_N(|q|^2/sqrt d) <= S_N'(|q|^2/sqrt d) <= e^{|q|^2/sqrt d} for the listed N < N'",
         .relation = Relation::LessEqual,
         .lhs_name = "S_N",
         .rhs_name = "next S_N', then the closed form",
         .reference = "(W8)",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_trunc_C8_trunc",
         .coq_note = kNoCoqLemma},
        chain::generic([norm_Ns, qnqn, d]<class S>(const chain::Attempt& a) {
          const S w = over_sqrt_d<S>(qnqn, d, a.prec);
          S closed, cur, next;
          exp(closed, w, a.prec);
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < norm_Ns.size(); ++i) {
            exp_partial_sum(cur, w, static_cast<long>(norm_Ns[i]), a.prec);
            if (i + 1 < norm_Ns.size()) {
              // S_N' - S_N is a sum of nonnegative terms: compare the difference with 0 to avoid cancellation.
              S diff, term, nn;
              set(diff, Rational(0), a.prec);
              for (std::uint64_t n = norm_Ns[i] + 1; n <= norm_Ns[i + 1]; ++n) {
                pow_int(term, w, static_cast<long>(n), a.prec);
                for (std::uint64_t m = 2; m <= n; ++m) {
                  set(nn, count_q(m), a.prec);
                  div(term, term, nn, a.prec);
                }
                add(diff, diff, term, a.prec);
              }
              neg(diff, diff);
              fa.add(order_point(norm_Ns[i]).add("against", Rational(1)), Side::enclosure(diff, "S_N - S_N'"),
                     Side::exact(Rational(0)));
            }
            S gap;
            sub(gap, cur, closed, a.prec);
            fa.add(order_point(norm_Ns[i]).add("against", Rational(2)), Side::enclosure(gap, "S_N - e^w"),
                   Side::exact(Rational(0)));
          }
          return fa.outcome().report("closed form e^{|q|^2/sqrt d}", Side::enclosure(closed));
        }));
  c.add({.id = "W-C8.C",
         .claim = "the norms, the CS bound and the norm truncations reproduce the spec's printed values",
         .symbols = "||Phi_Q(t)||^2, ||Phi_K(s)||^2, CS bound, S_N(|q_norm|^2/sqrt d) in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.4 norms",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_trunc_C8_C",
         .coq_note = kNoCoqLemma},
        chain::generic([qq, kk2, qnqn, d, norm_Ns, spec_norms, spec_norm_trunc]<class S>(const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          S v;
          exp(v, over_sqrt_d<S>(qq, d, a.prec), a.prec);
          add_within_spec(fa, chain::Point{}.add("quantity", Rational(1)), v, spec_norms[0]);
          exp(v, over_sqrt_d<S>(kk2, d, a.prec), a.prec);
          add_within_spec(fa, chain::Point{}.add("quantity", Rational(2)), v, spec_norms[1]);
          exp(v, over_sqrt_d<S>((qq + kk2) / Rational(2), d, a.prec), a.prec);
          add_within_spec(fa, chain::Point{}.add("quantity", Rational(3)), v, spec_norms[2]);
          const S w = over_sqrt_d<S>(qnqn, d, a.prec);
          for (std::size_t i = 0; i < norm_Ns.size(); ++i) {
            exp_partial_sum(v, w, static_cast<long>(norm_Ns[i]), a.prec);
            add_within_spec(fa, order_point(norm_Ns[i]).add("quantity", Rational(4)), v, spec_norm_trunc[i]);
          }
          return fa.outcome();
        }));
  return c;
}

}  // namespace approxcert::theorems::wright2021
