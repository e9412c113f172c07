#include "theorems/yun2020/softmax_steps.hpp"

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "theorems/yun2020/contextual_claims.hpp"

namespace approxcert::theorems::yun2020 {

void add_softmax_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const SoftmaxBudget& b) {
  auto prog = std::make_shared<Program>(lower(ctx->assembly.network(b.smoothing)));
  chain.add({.id = "Y-17",
             .claim = "good-cell error of the softmax/ReLU network g (lambda = " + b.smoothing.lambda.to_string() + ", eta = " +
                      b.smoothing.eta.to_string() + "): at an interior point of every cell of G+ avoiding Omega_1, ||g - f(L)||_p <= eps_grid on G~ and ||g||_p <= eps_grid elsewhere",
             .symbols = "||g(L°) - f(L) 1[L in G~]||_p^p <= eps_grid^p for all L in G+", .relation = chain::Relation::LessEqual,
             .lhs_name = "e_L^p", .rhs_name = "eps_grid^p", .reference = "Lemma 9", .status = "P/R", .mode = "NET",
             .coq_lemma = "yun_thm2_Y17"},
            chain::generic([ctx, prog, b]<class S>(const chain::Attempt& a) {
              const Grid& g = ctx->plus;
              const std::size_t dn = g.entries();
              const Rational h = g.shape().delta() / Rational(2);
              Evaluator<S> ev(*prog, a.prec);
              chain::ForAll fa = a.for_all();
              std::vector<unsigned> lv;
              std::vector<S> x(dn);
              const Rational bound = pow_int(b.eps_grid, static_cast<long>(b.p));
              for (std::uint64_t i = 0; i < g.size(); ++i) {
                g.levels(i, lv);
                for (std::size_t e = 0; e < dn; ++e)  // interior, outside Omega_1 when eta < delta/2
                  set(x[e], g.out_of_range(lv[e]) ? Rational(-1) / Rational(2) : g.value(lv[e]) + h, a.prec);
                ev.run(x);
                const std::vector<Rational> L = g.point(lv);
                const std::vector<Rational> want = g.distinct_in_range(lv) ? eval_target(ctx->target, L) : std::vector<Rational>(dn, Rational(0));
                S err, t, w;
                set(err, Rational(0), a.prec);
                for (std::size_t e = 0; e < dn; ++e) {
                  set(w, want[e], a.prec);
                  sub(t, ev.value(prog->outputs()[e]), w, a.prec);
                  abs(t, t, a.prec);
                  pow_int(t, t, static_cast<long>(b.p), a.prec);
                  add(err, err, t, a.prec);
                }
                fa.add(grid_point(g.shape(), L), chain::Side::enclosure(err), chain::Side::exact(bound));
              }
              return fa.outcome();
            }));
}

}  // namespace approxcert::theorems::yun2020
