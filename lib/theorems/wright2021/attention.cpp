// Attention as a kernel smoother (spec §1.2, §2.3, §2.6, §4.5, §4.9): W-C1, W-C11, W-C17, W-C19.
// Network values come from the one generic evaluator; closed forms from the scalar layer.
#include "chain/encloses_zero.hpp"
#include "linalg/ball_matrix.hpp"
#include "theorems/wright2021/attention_head.hpp"
#include "theorems/wright2021/feature_map.hpp"
#include "theorems/wright2021/theorems.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

using chain::Outcome;
using chain::Relation;
using chain::Side;

ExactMatrix row(const ExactMatrix& X, long i) {
  return submatrix(X, {i}, [&] {
    std::vector<long> c;
    for (long j = 0; j < X.cols(); ++j) c.push_back(j);
    return c;
  }());
}

// Checks a list of enclosures against spec numbers, as "in" points of a ForAll.
template <class S>
void add_spec_points(chain::ForAll& fa, const std::string& what, const std::vector<S>& v,
                     const std::vector<SpecNumber>& spec) {
  for (std::size_t i = 0; i < spec.size(); ++i)
    fa.add(chain::Point{}.add(what, count_q(i + 1)), Side::enclosure(v[i]), Side::exact(spec[i].low()),
           Side::exact(spec[i].high()));
}

}  // namespace

chain::Chain build_attention_smoother(const chain::Parameters& p) {
  const EdpKernel k = read_kernel(p);
  const ExactMatrix wv = ExactMatrix::from_rows(p.rational_matrix("wv"));
  if (wv.rows() < 1 || wv.rows() > 16 || wv.cols() != k.wk.cols())
    p.fail("wv", "must be d_v x d_s with 1 <= d_v <= 16");
  const ExactMatrix sources = read_points(p, "sources", k.wk.cols(), 1);
  const AttentionHeadInstance h{k, wv, sources};
  const ExactMatrix t = read_points(p, "query", k.wq.cols(), 1);
  if (t.rows() != 1) p.fail("query", "must be one point");
  const ExactMatrix fit = read_points(p, "fit_queries", k.wq.cols(), 1);
  if (fit.rows() != sources.rows()) p.fail("fit_queries", "needs as many queries as sources (a square fit)");
  const ExactMatrix fresh = read_points(p, "fresh_query", k.wq.cols(), 1);
  if (fresh.rows() != 1) p.fail("fresh_query", "must be one point");
  const Rational tau = p.rational("tau");
  if (tau.sign() <= 0) p.fail("tau", "must be > 0");
  const std::vector<Rational> lin_q =
      read_vector(p, "linear_query", static_cast<long>(p.rationals("linear_query").size()));
  const ExactMatrix lin_keys = read_points(p, "linear_keys", static_cast<long>(lin_q.size()), 1);
  const auto n = static_cast<std::size_t>(sources.rows());
  const auto spec_kappa = read_spec(p, "spec_kappa", n);
  const SpecNumber spec_Z = read_spec1(p, "spec_Z");
  const auto spec_w = read_spec(p, "spec_weights", n);
  const auto spec_out = read_spec(p, "spec_output", static_cast<std::size_t>(wv.rows()));
  const auto spec_rbf = read_spec(p, "spec_rbf_weights", n);
  const auto spec_fresh_attn = read_spec(p, "spec_fresh_attention", static_cast<std::size_t>(wv.rows()));
  const auto spec_fresh_fit = read_spec(p, "spec_fresh_fitted", static_cast<std::size_t>(wv.rows()));
  const Program edp = lower(h.network(false));
  const Program rbf = lower(h.network(true));

  chain::Chain c;
  c.add(
      {.id = "W-C1",
       .claim =
           "softmax attention (the network) equals the kernel smoother (W3) at the query: outputs and weights encloses zero within tau",
       .symbols = "max |Attn(t; S) - sum_j kappa(t,s_j) v_j / sum_j kappa(t,s_j)| (and weights) <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "max |network - closed form|",
       .rhs_name = "tau",
       .reference = "(W1)-(W3)",
       .status = "P1/R",
       .mode = "NET vs CF",
       .coq_lemma = "wright_attn_C1",
       .coq_note = kNoCoqLemma},
      chain::generic([h, edp, t, tau]<class S>(const chain::Attempt& a) {
        const auto net = network_attention<S>(h, edp, t, a.prec);
        const auto cf = smoother_closed_form<S>(h, t, false, a.prec);
        return chain::encloses_zero_within(max_abs_difference(net, cf, a.prec), tau, a.prec);
      }));
  c.add({.id = "W-C1.C",
         .claim = "kernel values, Z, EDP weights and output reproduce the spec's printed values",
         .symbols = "kappa(t,s_j), Z, weights, output in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.5",
         .status = "C",
         .mode = "NET",
         .coq_lemma = "wright_attn_C1_C",
         .coq_note = kNoCoqLemma},
        chain::generic([h, edp, t, spec_kappa, spec_Z, spec_w, spec_out]<class S>(const chain::Attempt& a) {
          std::vector<S> kappa;
          S Z;
          smoother_closed_form<S>(h, t, false, a.prec, &kappa, &Z);
          const auto net = network_attention<S>(h, edp, t, a.prec);
          chain::ForAll fa = a.for_all();
          add_spec_points(fa, "kappa_j", kappa, spec_kappa);
          add_spec_points(fa, "Z", std::vector<S>{Z}, {spec_Z});
          add_spec_points(fa, "weight_j (network)", std::vector<S>(net.begin() + h.dv(), net.end()), spec_w);
          add_spec_points(fa, "output_i (network)", std::vector<S>(net.begin(), net.begin() + h.dv()), spec_out);
          return fa.outcome();
        }));
  c.add(
      {.id = "W-C11",
       .claim =
           "RBF attention equals EDP attention with the key logit bias -|k_j|^2/(2 sqrt d): the network with that bias matches the closed-form RBF smoother",
       .symbols = "max |Attn_{EDP + key bias}(t) - Attn_{RBF}(t)| (outputs and weights) <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "max |network - RBF closed form|",
       .rhs_name = "tau",
       .reference = "(W12)",
       .status = "R",
       .mode = "NET vs CF",
       .coq_lemma = "wright_attn_C11",
       .coq_note = kNoCoqLemma},
      chain::generic([h, rbf, t, tau]<class S>(const chain::Attempt& a) {
        const auto net = network_attention<S>(h, rbf, t, a.prec);
        const auto cf = smoother_closed_form<S>(h, t, true, a.prec);
        return chain::encloses_zero_within(max_abs_difference(net, cf, a.prec), tau, a.prec);
      }));
  c.add({.id = "W-C11.C",
         .claim = "the RBF weights reproduce the spec's printed values",
         .symbols = "RBF weights in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "RBF weight",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.5",
         .status = "C",
         .mode = "NET",
         .coq_lemma = "wright_attn_C11_C",
         .coq_note = kNoCoqLemma},
        chain::generic([h, rbf, t, spec_rbf]<class S>(const chain::Attempt& a) {
          const auto net = network_attention<S>(h, rbf, t, a.prec);
          chain::ForAll fa = a.for_all();
          add_spec_points(fa, "rbf weight_j (network)", std::vector<S>(net.begin() + h.dv(), net.end()), spec_rbf);
          return fa.outcome();
        }));
  // W-C17: beta fitted from the queries (kappa(fit_a, s_j) beta_j = Attn(fit_a)), then a fresh query.
  c.add(
      {.id = "W-C17",
       .claim =
           "attention is not a fixed-coefficient kernel expansion: coefficients fitted at n queries miss at a fresh query (certified gap)",
       .symbols = "max_i |Attn(t*)_i - sum_j kappa(t*, s_j) beta_{j,i}| > 0",
       .relation = Relation::Greater,
       .lhs_name = "gap at t*",
       .rhs_name = "0",
       .reference = "§2.6, §4.9",
       .status = "R",
       .mode = "NET",
       .coq_lemma = "wright_attn_C17",
       .coq_note = kNoCoqLemma},
      chain::ball([h, edp, fit, fresh, spec_fresh_attn, spec_fresh_fit](const chain::Attempt& a) {
        const long n = h.n(), dv = h.dv();
        const BallMatrix Kfit = h.kernel.gram(fit, h.sources, a.prec);
        BallMatrix Y(n, dv);
        for (long r = 0; r < n; ++r) {
          const auto net = network_attention<Ball>(h, edp, row(fit, r), a.prec);
          for (long i = 0; i < dv; ++i) Y.set(r, i, net[i]);
        }
        BallMatrix beta;
        const Truth solved = solve(beta, Kfit, Y, a.prec);
        const auto attn = network_attention<Ball>(h, edp, fresh, a.prec);
        const BallMatrix kf = h.kernel.gram(fresh, h.sources, a.prec);
        BallMatrix fitted;
        mul(fitted, kf, beta, a.prec);
        std::vector<Ball> fitted_v, attn_v(attn.begin(), attn.begin() + dv);
        for (long i = 0; i < dv; ++i)
          fitted_v.push_back(solved == Truth::True ? fitted.at(0, i) : indeterminate(a.prec));
        Outcome o(Side::enclosure(max_abs_difference(attn_v, fitted_v, a.prec)), Side::exact(Rational(0)));
        for (long i = 0; i < dv; ++i) {
          o.report("Attn(t*)_" + std::to_string(i + 1), Side::enclosure(attn_v[i]));
          o.report("fitted(t*)_" + std::to_string(i + 1), Side::enclosure(fitted_v[i]));
        }
        return o;
      }));
  c.add({.id = "W-C17.C",
         .claim = "the attention and the fitted expansion at the fresh query reproduce the spec's printed values",
         .symbols = "Attn(t*), fitted(t*) in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.9",
         .status = "C",
         .mode = "NET",
         .coq_lemma = "wright_attn_C17_C",
         .coq_note = kNoCoqLemma},
        chain::ball([spec_fresh_attn, spec_fresh_fit](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < spec_fresh_attn.size(); ++i) {
            const auto& att = a.reported("W-C17", "Attn(t*)_" + std::to_string(i + 1));
            const auto& fit = a.reported("W-C17", "fitted(t*)_" + std::to_string(i + 1));
            fa.add(chain::Point{}.add("attention_i", count_q(i + 1)), att, Side::exact(spec_fresh_attn[i].low()),
                   Side::exact(spec_fresh_attn[i].high()));
            fa.add(chain::Point{}.add("fitted_i", count_q(i + 1)), fit, Side::exact(spec_fresh_fit[i].low()),
                   Side::exact(spec_fresh_fit[i].high()));
          }
          return fa.outcome();
        }));
  c.add({.id = "W-C19",
         .claim = "row sums of the exponential kernel are certified positive at every query used",
         .symbols = "Z(t) = sum_j kappa(t, s_j) > 0",
         .relation = Relation::Greater,
         .lhs_name = "Z(t)",
         .rhs_name = "0",
         .reference = "§2.3",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_attn_C19",
         .coq_note = kNoCoqLemma},
        chain::generic([h, t, fit, fresh]<class S>(const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          std::vector<ExactMatrix> queries = {t};
          for (long r = 0; r < fit.rows(); ++r) queries.push_back(row(fit, r));
          queries.push_back(fresh);
          for (std::size_t i = 0; i < queries.size(); ++i) {
            S Z;
            smoother_closed_form<S>(h, queries[i], false, a.prec, nullptr, &Z);
            fa.add(chain::Point{}.add("query", count_q(i + 1)), Side::enclosure(Z), Side::exact(Rational(0)));
          }
          return fa.outcome();
        }));
  c.add({.id = "W-C19.linear",
         .claim = "the linear kernel <q, k>/sqrt d has an explicit zero row sum: normalisation divides by 0",
         .symbols = "sum_j <q, k_j> = 0 (hence sum_j <q, k_j>/sqrt d = 0)",
         .relation = Relation::Equal,
         .lhs_name = "sum_j <q, k_j>",
         .rhs_name = "0",
         .reference = "§2.3, W9",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "wright_attn_C19_linear",
         .coq_note = kNoCoqLemma},
        chain::exact([lin_q, lin_keys] {
          Rational sum(0);  // sum_j <q, k_j>, exact
          for (long j = 0; j < lin_keys.rows(); ++j)
            for (long i = 0; i < lin_keys.cols(); ++i) sum += lin_q[i] * lin_keys.at(j, i);
          return Outcome(Side::exact(sum), Side::exact(Rational(0)));
        }));
  return c;
}

}  // namespace approxcert::theorems::wright2021
