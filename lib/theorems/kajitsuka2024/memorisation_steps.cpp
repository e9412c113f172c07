#include "theorems/kajitsuka2024/memorisation_steps.hpp"

#include <memory>

#include "chain/encloses_zero.hpp"
#include "net/constant.hpp"
#include "scalar/binomial.hpp"
#include "theorems/kajitsuka2024/context.hpp"
#include "theorems/kajitsuka2024/contextual_steps.hpp"
#include "theorems/kajitsuka2024/coq_glue.hpp"
#include "theorems/kajitsuka2024/memoriser.hpp"

namespace approxcert::theorems::kajitsuka2024 {

using chain::Attempt;
using chain::ForAll;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

namespace {

// Attempts below this precision cannot decide K-12 or K-14 and are skipped (verdict unknown, the
// precision ladder goes on): the memoriser's slopes are about 1 / (same-token separation), K-9's
// certified lower end (2^-21750 on K-A at the paper's lambda), so at fewer bits the rounding of the
// context ids alone exceeds the labels. A cost heuristic only: it never decides anything.
long dirty_hopeless_below_bits(const Attempt& a) {
  for (const chain::StepResult& r : *a.earlier)
    if (r.spec.id == "K-9" && r.outcome.lhs.value.bounded() && r.outcome.lhs.value.lower().sign() > 0) {
      const Rational& s = r.outcome.lhs.value.lower();
      return static_cast<long>(mpz_sizeinbase(s.den().get_mpz_t(), 2)) -
             static_cast<long>(mpz_sizeinbase(s.num().get_mpz_t(), 2));
    }
  return 0;
}

chain::Outcome skipped_attempt() { return chain::Outcome(Side{}, Side::exact(pow10(-20), "tau")); }

}  // namespace

chain::Chain build_corollary_1(const chain::Parameters& p) {
  auto ip = std::make_shared<const Instance>(read_instance(p));
  if (ip->sets.size() * ip->n > 200)
    p.fail("n", "gives more than 200 context ids (the memoriser is one hidden unit per id)");
  auto cache =
      std::make_shared<NetworkPerProjection>([ip](const Projection& pr) { return memoriser_network(*ip, pr); });
  chain::Chain result;
  CoqChain c{result};
  add_contextual_steps(result, ip, false);

  c.add({.id = "K-13",
         .claim = "labels agree on identical contexts (same token, same token set): the precondition of Corollary 1",
         .symbols = "y_k^(i) = y_l^(j) whenever v_k^(i) = v_l^(j) and V^(i) = V^(j)",
         .relation = Relation::Equal,
         .lhs_name = "y_k^(i)",
         .rhs_name = "y_l^(j)",
         .reference = "Corollary 1",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "kajitsuka_K_13"},
        chain::exact([ip] {
          const LabelledData data = memorisation_data(*ip);
          ForAll fa(Relation::Equal);
          for (std::size_t i = 0; i < data.sequences.size(); ++i)
            for (std::size_t j = i; j < data.sequences.size(); ++j)
              for (std::size_t k = 0; k < ip->n; ++k)
                for (std::size_t l = 0; l < ip->n; ++l) {
                  if (data.set_of[i] != data.set_of[j] || data.sequences[i][k] != data.sequences[j][l]) continue;
                  for (std::size_t r = 0; r < ip->d; ++r)
                    fa.add(Point{}
                               .add("i", Rational(static_cast<long>(i + 1)))
                               .add("k", Rational(static_cast<long>(k + 1)))
                               .add("j", Rational(static_cast<long>(j + 1)))
                               .add("l", Rational(static_cast<long>(l + 1)))
                               .add("row", Rational(static_cast<long>(r + 1))),
                           Side::exact(data.labels[i][k][r]), Side::exact(data.labels[j][l][r]));
                }
          return fa.outcome();
        }));

  c.add({.id = "K-12",
         .claim = "exact memorization: F_2^FF o F_S^SA maps every sequence of the data set to its labels "
                  "(encloses zero within tau = 1e-20 at every entry)",
         .symbols = "|F(X^(i))_{r,k} - y_{r,k}^(i)| <= 1e-20",
         .relation = Relation::LessEqual,
         .lhs_name = "|F(X) - y|",
         .rhs_name = "tau",
         .reference = "Corollary 1, §2.8",
         .status = "P/R",
         .mode = "NET",
         .coq_lemma = "kajitsuka_K_12"},
        chain::generic([ip, cache]<class S>(const Attempt& a) {
          if (a.prec.bits < dirty_hopeless_below_bits(a)) return skipped_attempt();
          const Instance& I = *ip;
          const Projection pr = projection_of(I, a);
          const Program prog = lower(cache->get(pr));
          Evaluator<S> ev(prog, a.prec);
          const LabelledData data = memorisation_data(I);
          ForAll fa = a.for_all();
          for (std::size_t i = 0; i < data.sequences.size(); ++i) {
            std::vector<S> x;
            for (std::size_t v : data.sequences[i])
              for (const Rational& e : I.vocabulary[v]) x.push_back(exact_value<S>(e, a.prec));
            ev.run(x);
            const std::vector<S> out = ev.outputs();
            for (std::size_t k = 0; k < I.n; ++k)
              for (std::size_t r = 0; r < I.d; ++r) {
                S diff;
                sub(diff, out[k * I.d + r], exact_value<S>(data.labels[i][k][r], a.prec), a.prec);
                abs(diff, diff, a.prec);
                fa.add(Point{}
                           .add("i", Rational(static_cast<long>(i + 1)))
                           .add("k", Rational(static_cast<long>(k + 1)))
                           .add("row", Rational(static_cast<long>(r + 1))),
                       Side::enclosure(diff, "generic evaluator on the memoriser network"),
                       Side::exact(pow10(-20), "tau"));
              }
          }
          return fa.outcome();
        }));

  c.add({.id = "K-14",
         .claim = "bounded extrapolation: the memoriser's interpolant is flat beyond its last knot (the output "
                  "weights of each row sum to sigma_M = 0, encloses zero within 1e-20), so sup_z |F_2^FF(z) - z| "
                  "= max_i |rho_i| (continuous piecewise linear, 0 left of t_(1) - theta)",
         .symbols = "|sum_m W2[r, m]| <= 1e-20 for every row r",
         .relation = Relation::LessEqual,
         .lhs_name = "|sum_m W2[r,m]|",
         .rhs_name = "tau",
         .reference = "§2.8 step 4, §6 step 4",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "kajitsuka_K_14"},
        chain::ball([ip, cache](const Attempt& a) {
          if (a.prec.bits < dirty_hopeless_below_bits(a)) return skipped_attempt();
          const Projection pr = projection_of(*ip, a);
          const Network& net = cache->get(pr);
          return output_row_sums_within_tau(net, a);
        }));

  c.add({.id = "C1",
         .claim = "parameter count of the memorising one-layer Transformer, counted on the constructed network, "
                  "equals 4d + (M+1)(2d+1) + d with M context ids",
         .symbols = "#params = 4d + (M+1)(2d+1) + d",
         .relation = Relation::Equal,
         .lhs_name = "#params (network)",
         .rhs_name = "4d + (M+1)(2d+1) + d",
         .reference = "Corollary 1, §2.10",
         .status = "R",
         .mode = "count",
         .coq_lemma = "kajitsuka_C1"},
        chain::ball([ip, cache](const Attempt& a) {
          const Instance& I = *ip;
          const Projection pr = projection_of(I, a);
          const Rational M(static_cast<long>(I.sets.size() * I.n)), d(static_cast<long>(I.d));
          Outcome o(Side::exact(Rational(static_cast<long>(parameter_count(cache->get(pr))))),
                    Side::exact(Rational(4) * d + (M + 1) * (Rational(2) * d + 1) + d));
          o.report("M (context ids)", Side::exact(M));
          o.report("n N", Side::exact(Rational(static_cast<long>(I.n * memorisation_data(I).sequences.size()))));
          o.report("n binom(|V|, n)",
                   Side::exact(Rational(static_cast<long>(I.n)) * binomial(I.vocabulary_size(), I.n)));
          return o;
        }));
  c.add({.id = "C1b",
         .claim = "the number of context ids is within the rebuttal's bounds",
         .symbols = "M <= min(n N, n binom(|V|, n))",
         .relation = Relation::LessEqual,
         .lhs_name = "M",
         .rhs_name = "min(n N, n binom(|V|, n))",
         .reference = "rebuttal, §2.10",
         .status = "P",
         .mode = "count",
         .coq_lemma = "kajitsuka_C1b"},
        chain::exact([ip] {
          const Instance& I = *ip;
          const Rational M(static_cast<long>(I.sets.size() * I.n));
          const Rational nN(static_cast<long>(I.n * memorisation_data(I).sequences.size()));
          return Outcome(Side::exact(M),
                         Side::exact(min(nN, Rational(static_cast<long>(I.n)) * binomial(I.vocabulary_size(), I.n))));
        }));
  return result;
}

}  // namespace approxcert::theorems::kajitsuka2024
