#include "theorems/kajitsuka2024/theorem_1.hpp"

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/boltzmann.hpp"
#include "theorems/kajitsuka2024/coq_glue.hpp"

namespace approxcert::theorems::kajitsuka2024 {

using chain::ForAll;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

namespace {

const std::vector<Rational> kX1 = {1, 2, 5, 6}, kX2 = {1, 3, 4, 6};

Rational mean(const std::vector<Rational>& x) {
  Rational s(0);
  for (const Rational& q : x) s += q;
  return s / Rational(static_cast<long>(x.size()));
}

}  // namespace

Network hardmax_witness_network(const Rational& kappa, const Rational& bq, Normalizer normalizer) {
  AttentionHead h;
  h.wk = {{Number(Rational(1))}};
  h.wq = {{Number(kappa)}};
  h.wv = {{Number(Rational(1))}};
  h.wo = {{Number(Rational(1))}};
  h.bq = NumberVector{Number(bq)};
  AttentionLayer att;
  att.heads = {h};
  att.normalizer = normalizer;
  att.scale = Number(Rational(1));
  Network net;
  net.input = {1, 4};
  net.layers = {Layer{att}};
  return net;
}

chain::Chain build_theorem_1(const chain::Parameters& p) {
  const std::vector<Rational> lambdas = p.rationals("softmax_lambdas");
  if (lambdas.empty() || lambdas.size() > 16) p.fail("softmax_lambdas", "must list 1 to 16 temperatures");
  for (const Rational& l : lambdas)
    if (l.sign() <= 0 || l > Rational(1000)) p.fail("softmax_lambdas", "every temperature must be in (0, 1000]");
  chain::Chain result;
  CoqChain c{result};
  c.add(
      {.id = "T1-a",
       .claim = "the two witness sequences share maximum, minimum and mean",
       .symbols = "max, min, mean of (1,2,5,6) = those of (1,3,4,6)",
       .relation = Relation::Equal,
       .lhs_name = "statistic of X1",
       .rhs_name = "statistic of X2",
       .reference = "Theorem 1, §2.7 witness",
       .status = "R",
       .mode = "EX",
       .coq_lemma = "kajitsuka_T1_a"},
      chain::exact([] {
        ForAll fa(Relation::Equal);
        fa.add(Point{}.add("statistic (1 max, 2 min, 3 mean)", Rational(1)), Side::exact(kX1[3]), Side::exact(kX2[3]));
        fa.add(Point{}.add("statistic (1 max, 2 min, 3 mean)", Rational(2)), Side::exact(kX1[0]), Side::exact(kX2[0]));
        fa.add(Point{}.add("statistic (1 max, 2 min, 3 mean)", Rational(3)), Side::exact(mean(kX1)),
               Side::exact(mean(kX2)));
        return fa.outcome();
      }));
  c.add(
      {.id = "T1-b",
       .claim = "a hardmax attention layer returns the same value at the token t = 1 on both sequences, "
                "for kappa in {1, -1, 0, 7/3}, query bias in {0, 1/2, -5}, and each tie rule (split, first, last)",
       .symbols = "F_H^SA(X1)_{:,1} = F_H^SA(X2)_{:,1}",
       .relation = Relation::Equal,
       .lhs_name = "F_H(X1)_1",
       .rhs_name = "F_H(X2)_1",
       .reference = "Theorem 1, §2.7 steps 1-3",
       .status = "P/R",
       .mode = "NET",
       .coq_lemma = "kajitsuka_T1_b"},
      chain::exact([] {
        ForAll fa(Relation::Equal);
        const std::vector<Rational> kappas = {1, -1, 0, Rational(7) / Rational(3)},
                                    biases = {0, Rational(1) / Rational(2), -5};
        const std::vector<Normalizer> rules = {Normalizer::Hardmax, Normalizer::HardmaxFirst, Normalizer::HardmaxLast};
        for (std::size_t r = 0; r < rules.size(); ++r)
          for (const Rational& kappa : kappas)
            for (const Rational& bq : biases) {
              const Program prog = lower(hardmax_witness_network(kappa, bq, rules[r]));
              Evaluator<Rational> ev(prog, Prec(64));
              ev.run(kX1);
              const Rational y1 = ev.outputs().at(0);
              ev.run(kX2);
              const Rational y2 = ev.outputs().at(0);
              fa.add(Point{}
                         .add("tie rule (1 split, 2 first, 3 last)", Rational(static_cast<long>(r + 1)))
                         .add("kappa", kappa)
                         .add("b_q", bq),
                     Side::exact(y1, "network evaluated exactly (rationals)"),
                     Side::exact(y2, "network evaluated exactly"));
            }
        return fa.outcome();
      }));
  c.add({.id = "T1-c",
         .claim = "softmax attention separates the two sequences at the token t = 1: the sequence ids differ",
         .symbols = "boltz(lambda X1) / lambda != boltz(lambda X2) / lambda",
         .relation = Relation::NotEqual,
         .lhs_name = "s(1; X1)",
         .rhs_name = "s(1; X2)",
         .reference = "§2.7",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "kajitsuka_T1_c"},
        chain::generic([lambdas]<class S>(const chain::Attempt& a) {
          ForAll fa = a.for_all();
          for (const Rational& l : lambdas) {
            S lam, d, s1, s2;
            set(lam, l, a.prec);
            boltzmann_difference(d, lam, std::span<const Rational>(kX1), std::span<const Rational>(kX2), a.prec);
            auto id = [&](const std::vector<Rational>& x, S& out) {
              std::vector<S> b(x.size());
              for (std::size_t k = 0; k < x.size(); ++k) set(b[k], l * x[k], a.prec);
              boltzmann(out, std::span<const S>(b), a.prec);
              div(out, out, lam, a.prec);
            };
            id(kX1, s1);
            div(d, d, lam, a.prec);
            // s2 = s1 - (s1 - s2), the difference computed without cancellation
            sub(s2, s1, d, a.prec);
            fa.add(Point{}.add("lambda", l), Side::enclosure(s1, "boltz(lambda X1) / lambda"),
                   Side::enclosure(s2, "s(1; X1) minus the cancellation-free difference"));
          }
          return fa.outcome();
        }));
  return result;
}

}  // namespace approxcert::theorems::kajitsuka2024
