#include "theorems/kajitsuka2024/contextual_steps.hpp"

#include "chain/encloses_zero.hpp"
#include "chain/log_magnitude.hpp"
#include "chain/search_then_certify.hpp"
#include "chain/step_spec.hpp"
#include "theorems/kajitsuka2024/context.hpp"
#include "theorems/kajitsuka2024/coq_glue.hpp"

namespace approxcert::theorems::kajitsuka2024 {

using chain::Attempt;
using chain::Enclosure;
using chain::ForAll;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;
using chain::StepSpec;

namespace {

StepSpec spec(std::string id, std::string claim, std::string symbols, Relation r, std::string lhs, std::string rhs,
              std::string reference, std::string status, std::string mode) {
  std::string coq = "kajitsuka_" + id;
  for (char& ch : coq)
    if (ch == '-' || ch == '\'') ch = '_';
  return chain::step_spec(std::move(id), std::move(claim), std::move(symbols), r, std::move(lhs), std::move(rhs),
                          std::move(reference), std::move(status), std::move(mode), std::move(coq));
}

Point index_point(std::string a, std::size_t i, std::string b, std::size_t j) {
  return Point{}
      .add(std::move(a), Rational(static_cast<long>(i + 1)))
      .add(std::move(b), Rational(static_cast<long>(j + 1)));
}

// |s(v;S) - s(v;S')| * gamma = gamma |Delta boltz| / (lambda |a(v)|): the same-token separation
// ||z(v;S) - z(v;S')|| (z - z' = gamma (s - s') u with |u| = 1).
template <class S>
S same_token_separation(const Constants<S>& k, const Projection& pr, const S& diff, std::size_t v, Prec p) {
  S r, t;
  abs(r, diff, p);
  mul(r, r, k.gamma, p);
  mul(t, k.lambda, exact_value<S>(abs(pr.a[v]), p), p);
  div(r, r, t, p);
  return r;
}

// The right-hand side of eq. (10): Theta = (ln n)^2 e^{-R*}, R* = 2 lambda r_max^2.
template <class S>
S eq10_threshold(const Constants<S>& k, Prec p) {
  S theta, t;
  pow_int(theta, k.log_n, 2, p);
  neg(t, k.R_star);
  exp(t, t, p);
  mul(theta, theta, t, p);
  return theta;
}

// visit(i, l, j, m) for every pair of context ids (set i, column l) before (set j, column m) whose
// tokens differ.
template <class Visit>
void for_each_different_token_pair(const Instance& I, Visit&& visit) {
  const std::size_t ids = I.sets.size() * I.n;
  for (std::size_t x = 0; x < ids; ++x)
    for (std::size_t y = x + 1; y < ids; ++y) {
      const std::size_t i = x / I.n, l = x % I.n, j = y / I.n, m = y % I.n;
      if (I.sets[i][l] != I.sets[j][m]) visit(i, l, j, m);
    }
}

Point context_pair_point(std::size_t i, std::size_t l, std::size_t j, std::size_t m) {
  return Point{}
      .add("set i", Rational(static_cast<long>(i + 1)))
      .add("column k", Rational(static_cast<long>(l + 1)))
      .add("set j", Rational(static_cast<long>(j + 1)))
      .add("column l", Rational(static_cast<long>(m + 1)));
}

const char* kBoltzNote = "cancellation-free Boltzmann difference (spec §2.5 reference algorithm, scalar/boltzmann.hpp)";

}  // namespace

void add_contextual_steps(chain::Chain& chain_out, const std::shared_ptr<const Instance>& ip, bool errata) {
  CoqChain c{chain_out};
  const Instance& I = *ip;
  const bool paper = I.paper_lambda;
  const bool has_pairs = !same_token_pairs(I).empty();

  c.add(spec("K-1",
             "the projection u (found by search, then certified) keeps every pair of V u {0} apart by the factor c",
             "min_{x != y in V u {0}} |u^T (x - y)| / ||x - y|| >= c = sqrt(8/(pi d)) / (|V|+1)^2",
             Relation::GreaterEqual, "|u^T (x - y)| / ||x - y||", "c", "Lemma 3 (Park et al. 2021, Lemma 13), §2.1",
             "P?/R", "NET+EX"),
        chain::search_then_certify([ip](const Attempt&) { return candidate_point(dirty_search_projection(*ip)); },
                                   chain::generic([ip]<class S>(const Attempt& a) {
                                     const Instance& I = *ip;
                                     const Projection pr = projection_from(I, *a.candidate);
                                     const Constants<S> k = constants<S>(I, pr, a.prec);
                                     std::vector<RationalVector> pts = I.vocabulary;
                                     pts.push_back(RationalVector(I.d, Rational(0)));
                                     ForAll fa = a.for_all();
                                     for (std::size_t i = 0; i < pts.size(); ++i)
                                       for (std::size_t j = i + 1; j < pts.size(); ++j) {
                                         Rational proj(0), len2(0);
                                         for (std::size_t r = 0; r < I.d; ++r) {
                                           const Rational diff = pts[i][r] - pts[j][r];
                                           proj += pr.u[r] * diff;
                                           len2 += diff * diff;
                                         }
                                         S len, ratio;
                                         sqrt(len, exact_value<S>(len2, a.prec), a.prec);
                                         div(ratio, exact_value<S>(abs(proj), a.prec), len, a.prec);
                                         fa.add(index_point("x", i, "y", j), Side::enclosure(ratio),
                                                Side::enclosure(k.c, "c"));
                                       }
                                     Outcome o = fa.outcome();
                                     o.report("c", Side::enclosure(k.c));
                                     return o;
                                   })));

  c.add(spec("K-1u", "the certified projection u is a unit vector (exact rational point of the sphere)", "||u||^2 = 1",
             Relation::Equal, "||u||^2", "1", "§2.1", "R", "EX"),
        chain::ball([ip](const Attempt& a) {
          const Projection pr = projection_of(*ip, a);
          Rational n2(0);
          for (const Rational& x : pr.u) n2 += x * x;
          return Outcome(Side::exact(n2), Side::exact(Rational(1)));
        }));

  c.add(spec("K-2", "token ids are bounded away from 0", "min_v |a(v)| >= c r_min", Relation::GreaterEqual,
             "min_v |u^T v|", "c r_min", "§2.2", "R", "CF"),
        chain::generic([ip]<class S>(const Attempt& a) {
          const Projection pr = projection_of(*ip, a);
          const Constants<S> k = constants<S>(*ip, pr, a.prec);
          S rhs;
          mul(rhs, k.c, k.rmin, a.prec);
          return Outcome(Side::exact(pr.a_min), Side::enclosure(rhs, "c r_min"));
        }));
  c.add(spec("K-2max", "token ids are at most r_max in absolute value", "max_v |a(v)|^2 <= r_max^2",
             Relation::LessEqual, "max_v (u^T v)^2", "r_max^2", "§2.2", "R", "CF"),
        chain::ball([ip](const Attempt& a) {
          const Projection pr = projection_of(*ip, a);
          return Outcome(Side::exact(pr.a_max * pr.a_max), Side::exact(ip->rmax2));
        }));
  c.add(spec("K-2gap", "distinct tokens have token ids at least c eps apart", "min_{v != v'} |a(v) - a(v')| >= c eps",
             Relation::GreaterEqual, "g_min", "c eps", "§2.2", "R", "CF"),
        chain::generic([ip]<class S>(const Attempt& a) {
          const Projection pr = projection_of(*ip, a);
          const Constants<S> k = constants<S>(*ip, pr, a.prec);
          S rhs;
          mul(rhs, k.c, k.eps, a.prec);
          return Outcome(Side::exact(pr.g_min), Side::enclosure(rhs, "c eps"));
        }));

  c.add(spec("K-3",
             std::string("the temperature makes every realized gap of the scores at least Delta = 2 ln n + 3 (") +
                 (paper ? "paper lambda" : "instance lambda") + ")",
             "Delta_real / Delta = lambda a_min g_min / (2 ln n + 3) >= 1", Relation::GreaterEqual,
             "lambda a_min g_min / (2 ln n + 3)", "1", "§2.3, §2.5 (application)", "R", "CF"),
        chain::generic([ip]<class S>(const Attempt& a) {
          const Projection pr = projection_of(*ip, a);
          const Constants<S> k = constants<S>(*ip, pr, a.prec);
          S real;
          mul(real, k.lambda, exact_value<S>(pr.a_min * pr.g_min, a.prec), a.prec);
          // instance lambda: lambda a_min g_min / Delta is exactly 1 by definition
          Side lhs = Side::exact(Rational(1), "lambda_inst = (2 ln n + 3) / (g_min a_min): exactly 1");
          if (ip->paper_lambda) {
            S ratio;
            mul(ratio, k.kappa, exact_value<S>(pr.a_min * pr.g_min, a.prec), a.prec);
            lhs = Side::enclosure(ratio, "kappa a_min g_min, lambda = (2 ln n + 3) kappa");
          }
          Outcome o(lhs, Side::exact(Rational(1)));
          o.report("lambda", Side::enclosure(k.lambda)).report("Delta", Side::enclosure(k.Delta));
          o.report("Delta_real", Side::enclosure(real)).report("gamma", Side::enclosure(k.gamma));
          return o;
        }));

  c.add(
      spec(
          "K-4",
          "the network's attention output equals the Boltzmann identity x_l + gamma u boltz(lambda a_l a) / (lambda a_l), "
          "encloses zero within tau = 1e-30 at every column of every sequence",
          "|F_S^SA(X)_{r,l} - (x_{r,l} + gamma u_r boltz(lambda a_l a)/(lambda a_l))| <= 1e-30", Relation::LessEqual,
          "|network - identity|", "tau", "§1.4 key identity", "R", "NET"),
      chain::generic([ip]<class S>(const Attempt& a) {
        const Instance& I = *ip;
        const Projection pr = projection_of(I, a);
        const Constants<S> k = constants<S>(I, pr, a.prec);
        const auto z = context_vectors<S>(I, pr, a.prec);
        const Rational tau = pow10(-30);
        ForAll fa = a.for_all();
        for (std::size_t i = 0; i < I.sets.size(); ++i)
          for (std::size_t l = 0; l < I.n; ++l) {
            const std::size_t v = I.sets[i][l];
            S s = boltz_value<S>(I, pr, k.lambda, v, i, a.prec), t;
            mul(t, k.lambda, exact_value<S>(pr.a[v], a.prec), a.prec);
            div(s, s, t, a.prec);
            for (std::size_t r = 0; r < I.d; ++r) {
              S expect, diff;
              mul(expect, s, k.gamma, a.prec);
              mul(expect, expect, exact_value<S>(pr.u[r], a.prec), a.prec);
              add(expect, expect, exact_value<S>(I.vocabulary[v][r], a.prec), a.prec);
              sub(diff, z[i][l * I.d + r], expect, a.prec);
              abs(diff, diff, a.prec);
              fa.add(Point{}
                         .add("set", Rational(static_cast<long>(i + 1)))
                         .add("column", Rational(static_cast<long>(l + 1)))
                         .add("row", Rational(static_cast<long>(r + 1))),
                     Side::enclosure(diff, "generic evaluator vs Boltzmann identity"), Side::exact(tau, "tau"));
            }
          }
        return fa.outcome();
      }));

  if (has_pairs) {
    c.add(spec("K-5",
               "Lemma B: every same-token pair of different token sets has Boltzmann values apart by at least "
               "kappa_B(Delta) Delta e^Delta e^{-R}",
               "|boltz(lambda a(v) a_S) - boltz(lambda a(v) a_S')| >= kappa_B(Delta) Delta e^Delta e^{-R_{v,S,S'}}",
               Relation::GreaterEqual, "|Delta boltz|", "kappa_B Delta e^Delta e^-R", "Lemma B (§2.5)", "R", "EX+CF"),
          chain::generic([ip]<class S>(const Attempt& a) {
            const Instance& I = *ip;
            const Projection pr = projection_of(I, a);
            const Constants<S> k = constants<S>(I, pr, a.prec);
            S base, t;
            exp(base, k.Delta, a.prec);
            mul(base, base, k.Delta, a.prec);
            mul(base, base, k.kappa_B, a.prec);
            ForAll fa = a.for_all();
            std::optional<Side> min_log;
            for (const SameTokenPair& q : same_token_pairs(I)) {
              S diff = boltz_difference<S>(I, pr, k.lambda, q.v, q.i, q.j, a.prec);
              abs(diff, diff, a.prec);
              // R = lambda |a(v)| * max(range of a_S, range of a_S')
              Rational range(0);
              for (std::size_t set : {q.i, q.j}) {
                const std::vector<Rational> ids = ids_of_set(I, pr, set);
                Rational lo = ids[0], hi = ids[0];
                for (const Rational& x : ids) lo = min(lo, x), hi = max(hi, x);
                range = max(range, hi - lo);
              }
              S R, rhs;
              mul(R, k.lambda, exact_value<S>(abs(pr.a[q.v]) * range, a.prec), a.prec);
              neg(R, R);
              exp(R, R, a.prec);
              mul(rhs, base, R, a.prec);
              fa.add(pair_point(q), Side::enclosure(diff, kBoltzNote),
                     Side::enclosure(rhs, "kappa_B Delta e^Delta e^-R"));
              Side l = chain::log10_abs(diff, a.prec, "log10 |Delta boltz| of the smallest pair");
              if (l.value.bounded() &&
                  (!min_log || !min_log->value.bounded() || l.value.upper() < min_log->value.lower()))
                min_log = l;
              else if (!l.value.bounded()) min_log = l;
            }
            Outcome o = fa.outcome();
            o.report("kappa_B(Delta)", Side::enclosure(k.kappa_B));
            if (min_log) o.report("log10 min |Delta boltz|", *min_log);
            return o;
          }));

    c.add(spec("K-6", "corrected eq. (10): two-sided, under V^(i) != V^(j), with the paper's right-hand side",
               "|boltz(lambda a_k^(i) a^(i)) - boltz(lambda a_l^(j) a^(j))| > (ln n)^2 e^{-2 lambda r_max^2}",
               Relation::Greater, "|Delta boltz|", "(ln n)^2 e^{-R*}", "eq. (10) corrected (authors' reply)", "P/R",
               "EX"),
          chain::generic([ip]<class S>(const Attempt& a) {
            const Instance& I = *ip;
            const Projection pr = projection_of(I, a);
            const Constants<S> k = constants<S>(I, pr, a.prec);
            const S theta = eq10_threshold(k, a.prec);
            ForAll fa = a.for_all();
            for (const SameTokenPair& q : same_token_pairs(I)) {
              S diff = boltz_difference<S>(I, pr, k.lambda, q.v, q.i, q.j, a.prec);
              abs(diff, diff, a.prec);
              fa.add(pair_point(q), Side::enclosure(diff, kBoltzNote),
                     Side::enclosure(theta, "(ln n)^2 e^{-2 lambda r_max^2}"));
            }
            return fa.outcome();
          }));
  }

  c.add(spec("K-7", "norm bound: every output column has norm at most r = r_max + eps/4",
             "max_{i,k} ||F_S^SA(X^(i))_{:,k}|| <= r_max + eps/4", Relation::LessEqual, "||z||", "r_max + eps/4",
             "Theorem 2, (r, delta)", "P?/R", "NET"),
        chain::generic([ip]<class S>(const Attempt& a) {
          const Instance& I = *ip;
          const Projection pr = projection_of(I, a);
          const Constants<S> k = constants<S>(I, pr, a.prec);
          const auto z = context_vectors<S>(I, pr, a.prec);
          S r, zero;
          mul(r, k.eps, exact_value<S>(Rational(1) / Rational(4), a.prec), a.prec);
          add(r, r, k.rmax, a.prec);
          ForAll fa = a.for_all();
          const std::vector<S> origin(I.d, exact_value<S>(Rational(0), a.prec));
          for (std::size_t i = 0; i < I.sets.size(); ++i)
            for (std::size_t l = 0; l < I.n; ++l)
              fa.add(index_point("set", i, "column", l),
                     Side::enclosure(distance(z[i], l * I.d, origin, 0, I.d, a.prec), "generic evaluator"),
                     Side::enclosure(r, "r_max + eps/4"));
          return fa.outcome();
        }));

  c.add(spec("K-8", "different tokens stay eps/2 apart after the layer (any token sets)",
             "||z(v;S) - z(v';S')|| >= eps/2 for v != v'", Relation::GreaterEqual, "||z - z'||", "eps/2", "§2.6", "R",
             "NET"),
        chain::generic([ip]<class S>(const Attempt& a) {
          const Instance& I = *ip;
          const Projection pr = projection_of(I, a);
          const auto z = context_vectors<S>(I, pr, a.prec);
          ForAll fa = a.for_all();
          for_each_different_token_pair(I, [&](std::size_t i, std::size_t l, std::size_t j, std::size_t m) {
            fa.add([&] { return context_pair_point(i, l, j, m); },
                   Side::enclosure(distance(z[i], l * I.d, z[j], m * I.d, I.d, a.prec), "generic evaluator"),
                   Side::exact(I.eps() / Rational(2), "eps/2"));
          });
          return fa.outcome();
        }));

  if (has_pairs) {
    c.add(spec("K-9", "same token, different token sets: the context vectors are at least delta_R apart",
               "||z(v;S) - z(v;S')|| = gamma |Delta boltz| / (lambda |a(v)|) >= delta_R", Relation::GreaterEqual,
               "||z - z'||", "delta_R", "§2.6", "R", "NET+CF"),
          chain::generic([ip]<class S>(const Attempt& a) {
            const Instance& I = *ip;
            const Projection pr = projection_of(I, a);
            const Constants<S> k = constants<S>(I, pr, a.prec);
            ForAll fa = a.for_all();
            for (const SameTokenPair& q : same_token_pairs(I)) {
              const S diff = boltz_difference<S>(I, pr, k.lambda, q.v, q.i, q.j, a.prec);
              fa.add(pair_point(q), Side::enclosure(same_token_separation(k, pr, diff, q.v, a.prec), kBoltzNote),
                     Side::enclosure(k.delta_R, "delta_R"));
            }
            Outcome o = fa.outcome();
            o.report("delta_R", Side::enclosure(k.delta_R))
                .report("delta_P (eq. (8) rewritten)", Side::enclosure(k.delta_P));
            return o;
          }));
    c.add(spec("K-9n",
               "same token, different token sets, evaluated on the network itself (generic evaluator, precision raised "
               "until decided): the context vectors are at least delta_R apart",
               "||F_S^SA(X^(i))_{:,k} - F_S^SA(X^(j))_{:,l}|| >= delta_R for v_k^(i) = v_l^(j), V^(i) != V^(j)",
               Relation::GreaterEqual, "||z - z'||", "delta_R", "§2.6", "R", "NET"),
          chain::generic([ip]<class S>(const Attempt& a) {
            const Instance& I = *ip;
            const Projection pr = projection_of(I, a);
            const Constants<S> k = constants<S>(I, pr, a.prec);
            const auto z = context_vectors<S>(I, pr, a.prec);
            ForAll fa = a.for_all();
            for (const SameTokenPair& q : same_token_pairs(I)) {
              const std::size_t l = column_of(I, q.i, q.v), m = column_of(I, q.j, q.v);
              fa.add(pair_point(q),
                     Side::enclosure(distance(z[q.i], l * I.d, z[q.j], m * I.d, I.d, a.prec), "generic evaluator"),
                     Side::enclosure(k.delta_R, "delta_R"));
            }
            return fa.outcome();
          }));
    if (paper) {
      c.add(spec("K-9P", "the reconstructed bound delta_R is at least the paper's delta_P of eq. (8)",
                 "delta_R >= delta_P", Relation::GreaterEqual, "delta_R", "delta_P", "eq. (8), §2.6", "P?/R", "CF"),
            chain::generic([ip]<class S>(const Attempt& a) {
              const Projection pr = projection_of(*ip, a);
              const Constants<S> k = constants<S>(*ip, pr, a.prec);
              return Outcome(Side::enclosure(k.delta_R), Side::enclosure(k.delta_P));
            }));
    }
  }
  if (paper) {
    c.add(
        spec(
            "K-9E8",
            "delta_P by both formulas: eq. (8) as printed equals eps (ln n)^2 e^{-2 lambda r_max^2} / (4 lambda r_max^2); "
            "their ratio minus 1 encloses zero within 1e-30",
            "|delta_P(rewritten) / delta_P(8) - 1| <= 1e-30", Relation::LessEqual, "|ratio - 1|", "tau",
            "eq. (8), §2.6", "P?/R", "CF"),
        chain::generic([ip]<class S>(const Attempt& a) {
          const Projection pr = projection_of(*ip, a);
          const Constants<S> k = constants<S>(*ip, pr, a.prec);
          S ratio;
          div(ratio, k.delta_P, k.delta_P8, a.prec);
          sub(ratio, ratio, exact_value<S>(Rational(1), a.prec), a.prec);
          Outcome o = chain::encloses_zero_within(ratio, pow10(-30), a.prec);
          o.report("delta_P (8)", Side::enclosure(k.delta_P8))
              .report("log10 delta_P (8)", chain::log10_abs(k.delta_P8, a.prec));
          return o;
        }));
  }

  c.add(
      spec("K-10",
           std::string("Theorem 2: the layer is an (r_max + eps/4, ") + (paper ? "delta_P" : "delta_R") +
               ")-contextual mapping; the smallest separation of K-8 and K-9 is at least delta (the norm bound is K-7)",
           std::string("min(K-8, K-9) >= ") + (paper ? "delta_P" : "delta_R"), Relation::GreaterEqual, "min separation",
           paper ? "delta_P" : "delta_R", "Theorem 2, Definition 1.6", "P?/R", "EX"),
      chain::generic([ip, has_pairs]<class S>(const Attempt& a) {
        const Projection pr = projection_of(*ip, a);
        const Constants<S> k = constants<S>(*ip, pr, a.prec);
        Enclosure sep = a.result("K-8").outcome.lhs.value;
        if (has_pairs) {
          const Enclosure& same = a.result("K-9").outcome.lhs.value;
          if (!sep.bounded() || !same.bounded()) sep = Enclosure::whole_line();
          else sep = Enclosure::between(min(sep.lower(), same.lower()), min(sep.upper(), same.upper()));
        }
        return Outcome(Side::derived(sep, "minimum of the decisive separations of K-8 and K-9"),
                       Side::enclosure(ip->paper_lambda ? k.delta_P : k.delta_R));
      }));

  c.add(
      spec("K-11", "the memoriser's projection w = u separates all context vectors (no collision along u, erratum E6)",
           "min_{(v,S) != (v',S')} |u^T (z(v;S) - z(v';S'))| > 0", Relation::Greater, "|u^T (z - z')|", "0",
           "§2.8 step 1, §5 E6", "R", "CF/EX"),
      chain::generic([ip]<class S>(const Attempt& a) {
        const Instance& I = *ip;
        const Projection pr = projection_of(I, a);
        const Constants<S> k = constants<S>(I, pr, a.prec);
        const auto z = context_vectors<S>(I, pr, a.prec);
        ForAll fa = a.for_all();
        // different tokens here; the same-token pairs below, without cancellation
        for_each_different_token_pair(I, [&](std::size_t i, std::size_t l, std::size_t j, std::size_t m) {
          S t, diff;
          set(t, Rational(0), a.prec);
          for (std::size_t r = 0; r < I.d; ++r) {
            sub(diff, z[i][l * I.d + r], z[j][m * I.d + r], a.prec);
            addmul(t, diff, exact_value<S>(pr.u[r], a.prec), a.prec);
          }
          abs(t, t, a.prec);
          fa.add([&] { return context_pair_point(i, l, j, m); }, Side::enclosure(t, "generic evaluator"),
                 Side::exact(Rational(0)));
        });
        // same token: u^T (z - z') = gamma (s - s') |u|^2 with |u| = 1
        for (const SameTokenPair& q : same_token_pairs(I)) {
          const S diff = boltz_difference<S>(I, pr, k.lambda, q.v, q.i, q.j, a.prec);
          fa.add(pair_point(q), Side::enclosure(same_token_separation(k, pr, diff, q.v, a.prec), kBoltzNote),
                 Side::exact(Rational(0)));
        }
        return fa.outcome();
      }));

  if (!errata) return;
  // Errata (spec §5).
  c.add(spec("E6",
             "the construction guarantees different tokens apart along u (what a memoriser reading u^T z needs): "
             "c eps - 2 gamma r_max > 0",
             "c eps - eps/2 > 0", Relation::Greater, "c eps - 2 gamma r_max", "0", "§5 E6", "R", "CF"),
        chain::generic([ip]<class S>(const Attempt& a) {
          const Projection pr = projection_of(*ip, a);
          const Constants<S> k = constants<S>(*ip, pr, a.prec);
          S t, g;
          mul(t, k.c, k.eps, a.prec);
          mul(g, k.gamma, k.rmax, a.prec);
          mul(g, g, exact_value<S>(Rational(2), a.prec), a.prec);
          sub(t, t, g, a.prec);
          return Outcome(Side::enclosure(t, "c eps - 2 gamma r_max = c eps - eps/2"), Side::exact(Rational(0)));
        }));

  c.add(
      spec("E1a", "eq. (10) as submitted (one-sided, no hypothesis V^(i) != V^(j)) at i = j, k = l: the left side is 0",
           "boltz(lambda a_k^(i) a^(i)) - boltz(lambda a_l^(j) a^(j)) > (ln n)^2 e^{-2 lambda r_max^2}",
           Relation::Greater, "Delta boltz", "Theta", "eq. (10) submitted; review 3", "P", "EX"),
      chain::generic([ip]<class S>(const Attempt& a) {
        const Instance& I = *ip;
        const Projection pr = projection_of(I, a);
        const Constants<S> k = constants<S>(I, pr, a.prec);
        const S diff = boltz_difference<S>(I, pr, k.lambda, I.sets[0][0], 0, 0, a.prec);
        const S theta = eq10_threshold(k, a.prec);
        return Outcome(Side::enclosure(diff, kBoltzNote), Side::enclosure(theta, "(ln n)^2 e^{-2 lambda r_max^2}"))
            .where(Point{}.add("i", Rational(1)).add("j", Rational(1)).add("k", Rational(1)).add("l", Rational(1)));
      }));
  if (has_pairs) {
    c.add(spec("E1b",
               "eq. (10) as submitted, nontrivial counterexample: same query token, two different token sets, "
               "the order in which the difference is negative (spec §4.6)",
               "boltz(lambda a(v) a_S) - boltz(lambda a(v) a_S') > (ln n)^2 e^{-2 lambda r_max^2}", Relation::Greater,
               "Delta boltz", "Theta", "eq. (10) submitted; review 3", "P", "EX"),
          chain::generic([ip]<class S>(const Attempt& a) {
            const Instance& I = *ip;
            const Projection pr = projection_of(I, a);
            const Constants<S> k = constants<S>(I, pr, a.prec);
            SameTokenPair q = same_token_pairs(I).front();
            S diff = boltz_difference<S>(I, pr, k.lambda, q.v, q.i, q.j, a.prec);
            S zero = exact_value<S>(Rational(0), a.prec);
            if (less(zero, diff) == Truth::True) {  // then the swapped order is the negative one
              std::swap(q.i, q.j);
              diff = boltz_difference<S>(I, pr, k.lambda, q.v, q.i, q.j, a.prec);
            }
            const S theta = eq10_threshold(k, a.prec);
            Outcome o(Side::enclosure(diff, kBoltzNote), Side::enclosure(theta, "(ln n)^2 e^{-2 lambda r_max^2}"));
            o.where(pair_point(q));
            S bi = boltz_value<S>(I, pr, k.lambda, q.v, q.i, a.prec),
              bj = boltz_value<S>(I, pr, k.lambda, q.v, q.j, a.prec);
            o.report("boltz (1)", Side::enclosure(bi)).report("boltz (2)", Side::enclosure(bj));
            S scale;
            mul(scale, k.lambda, exact_value<S>(pr.a[q.v], a.prec), a.prec);
            div(bi, bi, scale, a.prec);
            div(bj, bj, scale, a.prec);
            o.report("s (1)", Side::enclosure(bi)).report("s (2)", Side::enclosure(bj));
            return o;
          }));

    c.add(spec("E3",
               "the same-token separation is astronomically small: log10 of the smallest one lies between log10 delta "
               "and log10 (eps/2) (the guaranteed and the different-token scales)",
               std::string("log10 min ||z(v;S) - z(v;S')|| in [log10 ") + (paper ? "delta_P" : "delta_R") +
                   ", log10 (eps/2)]",
               Relation::InClosed, "log10 separation", "[log10 delta, log10 eps/2]", "§5 E3", "C", "CF"),
          chain::generic([ip]<class S>(const Attempt& a) {
            const Instance& I = *ip;
            const Projection pr = projection_of(I, a);
            const Constants<S> k = constants<S>(I, pr, a.prec);
            // smallest separation by dirty midpoint, then its certified enclosure (any choice gives a true statement
            // about that pair; the minimum pair is the one K-9 reports)
            std::optional<S> best;
            Point at;
            for (const SameTokenPair& q : same_token_pairs(I)) {
              const S sep = same_token_separation(k, pr, boltz_difference<S>(I, pr, k.lambda, q.v, q.i, q.j, a.prec),
                                                  q.v, a.prec);
              S ls;
              log(ls, sep, a.prec);
              if (!best || dirty_mid(ls) < dirty_mid(*best)) best = ls, at = pair_point(q);
            }
            S ten, l10;
            log(ten, exact_value<S>(Rational(10), a.prec), a.prec);
            div(l10, *best, ten, a.prec);
            Outcome o = Outcome::in_range(
                Side::enclosure(l10, "log10 of the smallest same-token separation"),
                chain::log10_abs(I.paper_lambda ? k.delta_P : k.delta_R, a.prec, "log10 delta"),
                chain::log10_abs(exact_value<S>(I.eps() / Rational(2), a.prec), a.prec, "log10 eps/2"));
            o.where(at);
            o.report("log10 delta_R", chain::log10_abs(k.delta_R, a.prec));
            if (I.paper_lambda) o.report("log10 delta_P", chain::log10_abs(k.delta_P, a.prec));
            return o;
          }));
  }
}

}  // namespace approxcert::theorems::kajitsuka2024
