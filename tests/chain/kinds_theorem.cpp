#include "kinds_theorem.hpp"

#include <cmath>

#include "chain/encloses_zero.hpp"
#include "chain/log_magnitude.hpp"
#include "chain/polynomial_identity.hpp"
#include "chain/search_then_certify.hpp"

namespace approxcert::chain::test {

namespace {

StepSpec spec(std::string id, std::string claim, Relation r) {
  StepSpec s;
  s.coq_lemma = "kinds_" + id;
  s.id = std::move(id);
  s.claim = s.symbols = std::move(claim);
  s.relation = r;
  s.reference = "test";
  s.status = "P";
  return s;
}

template <class S>
S exp_of(long k, Prec p) {
  S x, e;
  set(x, Rational(k), p);
  exp(e, x, p);
  return e;
}

// (x + y)^2 and x^2 + 2xy + y^2 as programs.
Program square_of_sum() {
  Program p(2);
  p.add_output(p.pow_int(p.binary(Op::Add, p.input(0), p.input(1)), 2));
  return p;
}
Program expanded_square() {
  Program p(2);
  const NodeId x = p.input(0), y = p.input(1);
  const NodeId xy = p.binary(Op::Mul, x, y);
  const NodeId terms[] = {p.pow_int(x, 2), xy, p.pow_int(y, 2)};
  const Rational weights[] = {1, 2, 1};
  p.add_output(p.affine(terms, weights, Rational(0)));
  return p;
}

Chain build(const Parameters& params) {
  const Rational tau = params.rational("tau");
  if (tau.sign() < 0) params.fail("tau", "must be >= 0");
  Chain c;
  c.add(spec("K1", "exp(-52751) <= 10^-22909", Relation::LessEqual), generic([]<class S>(const Attempt& a) {
          return Outcome(Side::enclosure(exp_of<S>(-52751, a.prec), "exp(-52751)"), Side::exact(pow10(-22909)));
        }));
  c.add(spec("K2", "exp(-62518) < 10^-27151 (enclosed)", Relation::Less), generic([]<class S>(const Attempt& a) {
          S bound;
          set(bound, pow10(-27151), a.prec);  // not a dyadic: an enclosure with ~90,000-bit endpoints
          return Outcome(Side::enclosure(exp_of<S>(-62518, a.prec), "exp(-62518)"),
                         Side::enclosure(bound, "10^-27151"));
        }));
  c.add(spec("K3", "log10 exp(-52751) <= -22909", Relation::LessEqual), generic([]<class S>(const Attempt& a) {
          return Outcome(log10_abs(exp_of<S>(-52751, a.prec), a.prec), Side::exact(-22909));
        }));
  c.add(spec("K4", "|sin(pi)| <= tau (sin(pi) encloses zero within tau)", Relation::LessEqual),
        generic([tau]<class S>(const Attempt& a) {
          S pi, s;
          set_pi(pi, a.prec);
          sin(s, pi, a.prec);
          return encloses_zero_within(s, tau, a.prec);
        }));
  c.add(spec("K5", "the searched cube root c of 2 has |c^3 - 2| <= 10^-12", Relation::LessEqual),
        search_then_certify(
            [](const Attempt&) {
              double c = 1;  // dirty Newton iteration in doubles
              for (int i = 0; i < 50; ++i) c -= (c * c * c - 2) / (3 * c * c);
              return Point{}.add("c1", dirty_candidate_value(c));
            },
            generic([]<class S>(const Attempt& a) {
              const Rational c = candidate_values(a, {{"c", 1}}).at(0);
              return Outcome(Side::exact(abs(pow_int(c, 3) - Rational(2)), "|c^3 - 2|"), Side::exact(pow10(-12)));
            })));
  c.add(spec("K6", "(x + y)^2 = x^2 + 2xy + y^2", Relation::Equal),
        exact([] { return polynomial_identity(square_of_sum(), expanded_square()); }));
  return c;
}

}  // namespace

void register_kinds_theorem(TheoremRegistry& registry) {
  registry.add({.name = "test/chain-kinds",
                .paper = "test",
                .title = "Test: the step kinds of issue #10",
                .statement = "Extreme magnitudes, a log-space comparison, encloses zero within tau, search then "
                             "certify, and a polynomial identity."},
               build);
}

const TheoremRegistry& kinds_registry() {
  static const TheoremRegistry r = [] {
    TheoremRegistry reg;
    register_kinds_theorem(reg);
    return reg;
  }();
  return r;
}

}  // namespace approxcert::chain::test
