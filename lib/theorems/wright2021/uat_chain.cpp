// The constructive UAT chain C1-C5 (spec §2.7, §4.10): W-C18. A separable kernel F = sum_l a_l b_l
// is approximated by one-hidden-layer ReLU interpolants (reusing the Altabaa Theorem 2.1/4.1
// construction, `relu_interpolant`), and every step's sup is certified by the sup-norm engine
// (two-sided: witness + cover), replacing the spec's grid maxima.
#include <nlohmann/json.hpp>
#include "chain/encloses_zero.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "problem/error_program.hpp"
#include "theorems/altabaa2024/certify.hpp"
#include "theorems/altabaa2024/relation_model.hpp"
#include "theorems/altabaa2024/relu_interpolant.hpp"
#include "theorems/wright2021/kernel.hpp"
#include "theorems/wright2021/theorems.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

using altabaa2024::Interpolant;
using altabaa2024::SupBudget;
using chain::Outcome;
using chain::Relation;
using chain::Side;

struct UatDesign {
  std::string F;                  // the kernel, in x0 (= t) and x1 (= s)
  std::vector<std::string> a, b;  // factors a_l(x0), b_l(x0)
  std::vector<Rational> Ma, Mb;   // bounds on |a_l''|, |b_l''|
  std::vector<Rational> A, B;     // claimed bounds on sup |a_l|, sup |b_l| (certified by W-C18.norms)
  std::uint64_t m = 0;            // knot intervals on [0, 1]
  Rational delta_a, delta_b;      // max_l M/(8 m^2)
  Interpolant ahat, bhat;
  Network model;  // (t, s) -> <ahat(t), bhat(s)>
};

std::vector<std::string> read_texts(const chain::Parameters& p, const std::string& name) {
  const ExactJson& v = p.raw(name);
  if (!v.is_array() || v.empty() || v.size() > 8) p.fail(name, "must be a list of 1..8 expressions in x0");
  std::vector<std::string> r;
  for (const auto& e : v) {
    if (!e.is_string()) p.fail(name, "must be a list of expression strings");
    r.push_back(e.get<std::string>());
    try {
      (void)expression_error_program(r.back(), "0", 1);  // compiles the expression in x0
    } catch (const std::exception& ex) {
      p.fail(name, std::string("bad expression: ") + ex.what());
    }
  }
  return r;
}

UatDesign design(const chain::Parameters& p) {
  UatDesign d;
  d.F = p.text("kernel");
  try {
    (void)expression_error_program(d.F, "0", 2);
  } catch (const std::exception& ex) {
    p.fail("kernel", std::string("bad expression in x0, x1: ") + ex.what());
  }
  d.a = read_texts(p, "a");
  d.b = read_texts(p, "b");
  if (d.a.size() != d.b.size()) p.fail("b", "needs as many factors as a");
  d.Ma = p.rationals("a_second_derivative_bounds");
  d.Mb = p.rationals("b_second_derivative_bounds");
  if (d.Ma.size() != d.a.size()) p.fail("a_second_derivative_bounds", "needs one bound per factor");
  if (d.Mb.size() != d.b.size()) p.fail("b_second_derivative_bounds", "needs one bound per factor");
  for (const auto& [key, bounds] :
       {std::pair{"a_second_derivative_bounds", &d.Ma}, std::pair{"b_second_derivative_bounds", &d.Mb}})
    for (const Rational& M : *bounds)
      if (M < Rational(0L)) p.fail(key, "a bound on |f''| must be >= 0");
  d.A = p.rationals("a_sup_bounds");
  d.B = p.rationals("b_sup_bounds");
  if (d.A.size() != d.a.size()) p.fail("a_sup_bounds", "needs one bound per factor");
  if (d.B.size() != d.b.size()) p.fail("b_sup_bounds", "needs one bound per factor");
  d.m = p.count("m");
  if (d.m < 1 || d.m > 256) p.fail("m", "must lie in 1..256");
  const Rational eight_m2 = Rational(8) * count_q(d.m) * count_q(d.m);
  for (const Rational& M : d.Ma) d.delta_a = max(d.delta_a, M / eight_m2);
  for (const Rational& M : d.Mb) d.delta_b = max(d.delta_b, M / eight_m2);
  d.ahat = altabaa2024::relu_interpolant(d.a, Rational(0), Rational(1), d.m);
  d.bhat = altabaa2024::relu_interpolant(d.b, Rational(0), Rational(1), d.m);
  d.model = altabaa2024::inner_product_network(2, 1, d.ahat.net.layers, d.bhat.net.layers);
  return d;
}

const Box kUnit{{Rational(0)}, {Rational(1)}};
const Box kSquare{{Rational(0), Rational(0)}, {Rational(1), Rational(1)}};

std::string separable_sum(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::string s;
  for (std::size_t l = 0; l < a.size(); ++l) {
    std::string bl = b[l];
    for (std::size_t pos = bl.find("x0"); pos != std::string::npos; pos = bl.find("x0", pos + 2))
      bl.replace(pos, 2, "x1");
    s += (l ? " + " : "") + std::string("(") + a[l] + ")*(" + bl + ")";
  }
  return s;
}

// exp(F) - exp(model): the model's program with an Exp node, and exp(F) compiled over its inputs.
Program exponential_error_program(const UatDesign& d) {
  Program prog = lower(d.model);
  const NodeId approx = prog.unary(Op::Exp, prog.outputs()[0]);
  std::vector<NodeId> vars = {prog.input(0), prog.input(1)};
  const NodeId target = compile_expression("exp(" + d.F + ")", prog, vars);
  return with_error_output(std::move(prog), target, approx);
}

}  // namespace

chain::Chain build_uat_chain(const chain::Parameters& p) {
  const UatDesign d = design(p);
  const Rational tau = p.rational("tau");
  if (tau.sign() <= 0) p.fail("tau", "must be > 0");
  const auto spec = read_spec(p, "spec_bounds", 2);       // C3 bound, exponential-level bound
  const auto grid = read_spec(p, "spec_grid_maxima", 3);  // max|a - ahat|, max|b - bhat|, kernel error
  const std::size_t L = d.a.size();
  const SupBudget tight{Rational(1) / Rational(10000), 20000, Rational(0)};

  chain::Chain c;
  c.add(
      {.id = "W-C18.C1",
       .claim =
           "C1: the kernel factors exactly, F = sum_l a_l(t) b_l(s) (eps_1 = 0 in exact arithmetic); numerically the certified sup of the difference is at most tau, and the chain carries eps_1 := tau",
       .symbols = "sup_{[0,1]^2} |F - sum_l a_l b_l| <= tau =: eps_1",
       .relation = Relation::LessEqual,
       .lhs_name = "sup |F - F_L|",
       .rhs_name = "tau",
       .reference = "§2.7 C1",
       .status = "R",
       .mode = "CF",
       .coq_lemma = "wright_uat_C1",
       .coq_proof = "WrightGlue.wright_uat_chain",
       .coq_note = "C1 (certified sup) as a hypothesis"},
      chain::ball([d, tau](const chain::Attempt& a) {
        const Side s = altabaa2024::sup_norm_side(expression_error_program(separable_sum(d.a, d.b), d.F, 2), kSquare, a,
                                                  {"t", "s"}, "sup |F - F_L| (sup-norm engine)",
                                                  {Rational(1) / Rational(10), 20000, tau / Rational(2)});
        return Outcome(s, Side::exact(tau, "tau"));
      }));
  c.add({.id = "W-C18.C2",
         .claim = "C2: each ReLU interpolant (m intervals, m - 1 hidden ReLUs) is within M/(8 m^2) of its factor",
         .symbols = "sup |a_l - ahat_l| <= delta_a, sup |b_l - bhat_l| <= delta_b",
         .relation = Relation::LessEqual,
         .lhs_name = "certified sup",
         .rhs_name = "delta",
         .reference = "§2.7 C2",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "wright_uat_C2",
         .coq_note = kNoCoqLemma},
        chain::ball([d, L, tight](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          std::vector<std::pair<std::string, Side>> each;
          for (std::size_t l = 0; l < L; ++l) {
            const Side ea = altabaa2024::component_error(d.ahat.net, l, d.a[l], kUnit, a, tight);
            const Side eb = altabaa2024::component_error(d.bhat.net, l, d.b[l], kUnit, a, tight);
            each.emplace_back("sup |a_" + std::to_string(l + 1) + " - ahat|", ea);
            each.emplace_back("sup |b_" + std::to_string(l + 1) + " - bhat|", eb);
            fa.add(chain::Point{}.add("factor", Rational(1)).add("l", count_q(l + 1)), ea, Side::exact(d.delta_a));
            fa.add(chain::Point{}.add("factor", Rational(2)).add("l", count_q(l + 1)), eb, Side::exact(d.delta_b));
          }
          Outcome o = fa.outcome();
          for (auto& [n, s] : each) o.report(n, s);
          return o.report("delta_a", Side::exact(d.delta_a)).report("delta_b", Side::exact(d.delta_b));
        }));
  c.add({.id = "W-C18.norms",
         .claim = "the factor bounds used in eps_2 hold: sup |a_l| <= A_l and sup |b_l| <= B_l on [0, 1]",
         .symbols = "sup |a_l| <= A_l, sup |b_l| <= B_l",
         .relation = Relation::LessEqual,
         .lhs_name = "certified sup",
         .rhs_name = "A_l, B_l",
         .reference = "§2.7 C3",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "wright_uat_norms",
         .coq_note = kNoCoqLemma},
        chain::ball([d, L](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          const SupBudget norms{Rational(1) / Rational(100000), 20000, Rational(0)};
          for (std::size_t l = 0; l < L; ++l) {
            fa.add(chain::Point{}.add("factor", Rational(1)).add("l", count_q(l + 1)),
                   altabaa2024::expression_sup(d.a[l], kUnit, a, norms), Side::exact(d.A[l]));
            fa.add(chain::Point{}.add("factor", Rational(2)).add("l", count_q(l + 1)),
                   altabaa2024::expression_sup(d.b[l], kUnit, a, norms), Side::exact(d.B[l]));
          }
          return fa.outcome();
        }));
  c.add({.id = "W-C18.C3",
         .claim =
             "C3: the kernel error of the ReLU model is within eps_2 = sum_l (delta_a B_l + (A_l + delta_a) delta_b)",
         .symbols = "sup |F_L - sum_l ahat_l bhat_l| <= eps_2",
         .relation = Relation::LessEqual,
         .lhs_name = "certified sup",
         .rhs_name = "eps_2",
         .reference = "§2.7 C3",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "wright_uat_C3",
         .coq_proof = "WrightGlue.wright_uat_chain",
         .coq_note = "C3 (certified sup) as a hypothesis"},
        chain::ball([d, L](const chain::Attempt& a) {
          Rational eps2(0);
          for (std::size_t l = 0; l < L; ++l) eps2 += d.delta_a * d.B[l] + (d.A[l] + d.delta_a) * d.delta_b;
          // Against F_L (not F): C1 and C3 then combine by the triangle inequality (proofs/WrightGlue.v).
          const Side err = altabaa2024::sup_norm_side(
              net_error_program(lower(d.model), 0, separable_sum(d.a, d.b)), kSquare, a, {"t", "s"},
              "sup |F_L - <ahat(t), bhat(s)>| (sup-norm engine)", {Rational(1) / Rational(20), 40000, Rational(0)});
          return Outcome(err, Side::exact(eps2, "from delta_a, delta_b, A_l, B_l (W-C18.C2, W-C18.norms)"));
        }));
  c.add(
      {.id = "W-C18.C4",
       .claim =
           "C4: with d = L, phi_Q = d^{1/4} ahat, phi_K = d^{1/4} bhat, the attention logit <phi_Q, phi_K>/sqrt d is the ReLU model: (d^{1/4})^2 / sqrt d - 1 encloses zero within tau",
       .symbols = "|d^{1/4} d^{1/4} / sqrt d - 1| <= tau",
       .relation = Relation::LessEqual,
       .lhs_name = "|d^{1/2}/sqrt d - 1|",
       .rhs_name = "tau",
       .reference = "§2.7 C4",
       .status = "R",
       .mode = "CF",
       .coq_lemma = "wright_uat_C4",
       .coq_proof = "WrightGlue.wright_c4_logit",
       .coq_note = "proved exactly in Coq"},
      chain::generic([L, tau]<class S>(const chain::Attempt& a) {
        S dd, q4, sq, r, one;
        set(dd, count_q(L), a.prec);
        sqrt(sq, dd, a.prec);
        sqrt(q4, sq, a.prec);
        mul(r, q4, q4, a.prec);
        div(r, r, sq, a.prec);
        set(one, Rational(1), a.prec);
        sub(r, r, one, a.prec);
        return chain::encloses_zero_within(r, tau, a.prec).report("d", Side::exact(count_q(L)));
      }));
  c.add({.id = "W-C18.C5",
         .claim = "C5: at the exponential level the certified error is within e^{sup F} (e^{eps_1 + eps_2} - 1)",
         .symbols = "sup |e^F - exp(<phi_Q, phi_K>/sqrt d)| <= e^{sup F}(e^{tau + eps_2} - 1)",
         .relation = Relation::LessEqual,
         .lhs_name = "certified sup",
         .rhs_name = "e^{sup F}(e^{eps_1+eps_2} - 1)",
         .reference = "(W21), §2.7 C5",
         .status = "P5/R",
         .mode = "NET",
         .coq_lemma = "wright_uat_C5",
         .coq_proof = "WrightGlue.wright_uat_chain",
         .coq_note = "the level e^S (e^{tau + eps_2} - 1), sup |F| <= S a hypothesis"},
        chain::ball([d, tau](const chain::Attempt& a) {
          const chain::Enclosure eps2 = a.result("W-C18.C3").outcome.rhs.value;
          const Side supF = altabaa2024::sup_norm_side(expression_error_program("0", d.F, 2), kSquare, a, {"t", "s"},
                                                       "sup |F| (sup-norm engine)",
                                                       {Rational(1) / Rational(100000), 20000, Rational(0)});
          if (!eps2.bounded() || !supF.value.bounded())
            return Outcome(Side::derived(chain::Enclosure::whole_line()),
                           Side::derived(chain::Enclosure::whole_line()));
          Ball e1, e2, one, bound;
          set(e1, supF.value.upper(), a.prec);
          exp(e1, e1, a.prec);
          set(e2, eps2.upper() + tau, a.prec);  // eps_1 + eps_2 with eps_1 = tau (W-C18.C1)
          exp(e2, e2, a.prec);
          set(one, Rational(1), a.prec);
          sub(e2, e2, one, a.prec);
          mul(bound, e1, e2, a.prec);
          const Side err = altabaa2024::sup_norm_side(exponential_error_program(d), kSquare, a, {"t", "s"},
                                                      "sup |e^F - exp(model)| (sup-norm engine)",
                                                      {Rational(1) / Rational(20), 40000, Rational(0)});
          return Outcome(err, Side::enclosure(bound, "e^{upper sup|F|} (e^{tau + eps_2} - 1)")).report("sup |F|", supF);
        }));
  c.add({.id = "W-C18.C",
         .claim = "the spec's C3 bound reproduces within its digits, and its grid maxima lie below the certified sups",
         .symbols = "eps_2 in spec +- 1 ulp; spec grid maxima <= certified sup upper ends",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.10 table",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_uat_C18_C",
         .coq_note = kNoCoqLemma},
        chain::ball([L, spec, grid](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          const chain::Enclosure eps2 = a.result("W-C18.C3").outcome.rhs.value;
          fa.add(chain::Point{}.add("quantity", Rational(1)), Side::derived(eps2), Side::exact(spec[0].low()),
                 Side::exact(spec[0].high()));
          // Grid maxima (lower bounds of the true sups, max over l) must not exceed the certified
          // upper ends: stated as "grid max in [-1000, certified upper]".
          std::vector<chain::Enclosure> cert(3, chain::Enclosure::whole_line());
          for (int g = 0; g < 2; ++g) {
            std::optional<Rational> hi;
            for (std::size_t l = 0; l < L; ++l) {
              const chain::Enclosure& e =
                  a.reported("W-C18.C2", std::string(g == 0 ? "sup |a_" : "sup |b_") + std::to_string(l + 1) +
                                             (g == 0 ? " - ahat|" : " - bhat|"))
                      .value;
              if (!e.bounded()) hi.reset(), l = L;
              else hi = hi ? max(*hi, e.upper()) : e.upper();
            }
            if (hi) cert[static_cast<std::size_t>(g)] = chain::Enclosure::exact(*hi);
          }
          const chain::Enclosure k = a.result("W-C18.C3").outcome.lhs.value;
          if (k.bounded()) cert[2] = chain::Enclosure::exact(k.upper());
          for (std::size_t g = 0; g < 3; ++g)
            fa.add(chain::Point{}.add("grid maximum", count_q(g + 1)), Side::exact(grid[g].value),
                   Side::exact(Rational(-1000)), Side::derived(cert[g], "upper end of the certified sup"));
          return fa.outcome();
        }));
  c.add({.id = "W-C18.C5.C",
         .claim =
             "the spec's exponential-level bound e (e^{eps_2} - 1) (sup F = 1, eps_1 = 0) reproduces within its digits",
         .symbols = "e (e^{eps_2} - 1) in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "e (e^{eps_2} - 1)",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.10 table",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_uat_C5_C",
         .coq_note = kNoCoqLemma},
        chain::ball([spec](const chain::Attempt& a) {
          const chain::Enclosure eps2 = a.result("W-C18.C3").outcome.rhs.value;
          if (!eps2.is_exact())
            return Outcome(Side::derived(chain::Enclosure::whole_line()), Side::exact(spec[1].low()));
          Ball e1, e2, one;
          set(e1, Rational(1), a.prec);
          exp(e1, e1, a.prec);
          set(e2, eps2.upper(), a.prec);
          exp(e2, e2, a.prec);
          set(one, Rational(1), a.prec);
          sub(e2, e2, one, a.prec);
          mul(e1, e1, e2, a.prec);
          return matches_spec(e1, spec[1], "e (e^{eps_2} - 1) with the exact eps_2 of W-C18.C3");
        }));
  return c;
}

}  // namespace approxcert::theorems::wright2021
