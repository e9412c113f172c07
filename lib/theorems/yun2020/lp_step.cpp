#include "theorems/yun2020/lp_step.hpp"

#include <string>
#include <vector>

#include "chain/trust_reasons.hpp"
#include "problem/error_program.hpp"
#include "scalar/rational_root.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/lpnorm.hpp"
#include "theorems/yun2020/grid.hpp"

namespace approxcert::theorems::yun2020 {

using chain::Outcome;
using chain::Relation;
using chain::Side;

namespace {

constexpr long kRootBits = 128;

struct Integral {
  Rational lower, upper;  // lower <= d_p(f, bar f)^p <= upper
  std::uint64_t boxes = 0;
};

// The sum over the cells and output entries of the certified integrals (one thread: the result
// does not depend on the machine).
Integral integrate(const Context& ctx, std::uint64_t p, const Rational& rel_tol) {
  const Shape& s = ctx.config.shape;
  const Grid g(s, ctx.config.J, false);
  const std::size_t dn = g.entries();
  LpNormOptions o;
  o.p = p;
  o.rel_tol = rel_tol;
  o.threads = 1;
  Integral total{Rational(0), Rational(0), 0};
  std::vector<unsigned> lv;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    g.levels(i, lv);
    const std::vector<Rational> corner = g.corner(lv);
    const std::vector<Rational> value = eval_target(ctx.target, corner);
    Box cell;
    for (const Rational& x : corner) cell.lo.push_back(x), cell.hi.push_back(x + s.delta());
    for (std::size_t k = 0; k < dn; ++k) {
      const Program prog = expression_error_program(exact_text(value[k]), ctx.target.expressions[k], dn);
      const LpNormResult r = lp_norm(prog, cell, o);
      if (!r.integral_upper)
        throw std::runtime_error("Y-14c: no finite bound on a cell (the target is not finite there)");
      total.lower += r.integral_lower;
      total.upper += *r.integral_upper;
      total.boxes += r.boxes;
    }
  }
  return total;
}

}  // namespace

void add_certified_lp_step(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const ErrorBudget& b,
                           const Rational& rel_tol) {
  const Rational third = b.eps / Rational(3);
  const Rational lip_delta = b.lipschitz * ctx->config.shape.delta();
  chain.add(
      {.id = "Y-14c",
       .claim =
           "Lemma 8 certified directly: the L^p distance of f from its corner-value piecewise-constant approximation bar f on [0,1)^(dn), enclosed by the certified L^p-norm engine (no Lipschitz constant), is at most eps/3",
       .symbols = "d_p(f, bar f) = (sum_{L in G} sum_k integral_{S_L} |f_k(X) - f_k(L)|^p dX)^(1/p) <= eps/3",
       .relation = Relation::LessEqual,
       .lhs_name = "d_p(f, bar f)",
       .rhs_name = "eps/3",
       .reference = "Lemma 8",
       .status = "P",
       .mode = "CF",
       .coq_lemma = "yun_thm2_Y14c",
       .coq_note = "certified L^p integral by the lpnorm engine (leaf sums over a cover of every cell), not in Coq"},
      chain::exact([ctx, p = b.p, rel_tol, third, lip_delta] {
        const Integral in = integrate(*ctx, p, rel_tol);
        const Rational lo = root_down(in.lower, p, kRootBits), hi = root_up(in.upper, p, kRootBits);
        return Outcome(Side::derived(chain::Enclosure::between(lo, hi),
                                     "certified L^p norm: leaf sums over covers of the " + std::to_string(in.boxes) +
                                         " boxes of all cells, the root rounded outward")
                           .trusted_because(chain::kNumericalMethod),
                       Side::exact(third).rechecked_by("x0/3", {"parameter:eps"}))
            .report(
                "d_p(f, bar f)^p",
                Side::derived(chain::Enclosure::between(in.lower, in.upper)).trusted_because(chain::kNumericalMethod))
            .report("Lip * delta (Y-14, stated Lipschitz constant)", Side::exact(lip_delta));
      }));
}

}  // namespace approxcert::theorems::yun2020
