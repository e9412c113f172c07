#include "theorems/yun2020/good_set_steps.hpp"

#include "chain/sup_norm_side.hpp"
#include "net/clamp_form.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/mean_value_image.hpp"
#include "problem/error_program.hpp"
#include "theorems/yun2020/contextual_claims.hpp"
#include "theorems/yun2020/stages.hpp"
#include "theorems/yun2020/step_spec.hpp"

namespace approxcert::theorems::yun2020 {

using chain::Enclosure;
using chain::Outcome;
using chain::Relation;
using chain::Side;

void add_good_set_step(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const Smoothing& sm,
                       const Rational& eps_grid, const ErrorBudget& error) {
  const Shape s = ctx->config.shape;
  const std::size_t dn = s.d * s.n;
  auto g = std::make_shared<const Program>(lower(clamp_form(ctx->assembly.network(sm))));
  auto quantizer = std::make_shared<const std::vector<Program>>(entry_quantizer_programs(ctx->config, sm));
  const Rational bound = error.lipschitz * s.delta() + eps_grid;
  const std::string lam_eta = "lambda = " + sm.lambda.to_string() + ", eta = " + sm.eta.to_string();
  chain.add(
      spec(
          "Y-E9",
          "sup error on the good set (spec E9; " + lam_eta +
              "): G_good = the good cells S_L (L in G~) minus the ramps Omega_1, i.e. the boxes prod [L_ij, L_ij + delta - eta]. On each, the entry quantizer of g is the constant grid value (mean-value image, as Y-1r), so g = g(L°) there and sup |f_k - g_k| lies within |f_k(L) - g_k(L°)| of sup |f_k - f_k(L)|, which the sup-norm engine encloses; the largest over cells and entries is at most Lip delta + eps_grid (Lemma 8's modulus, Y-17). Also reported: sup |f - bar g| on G_good (bar g = f(L) on S_L, Y-12), and a lower bound on the sup of |f - g| over [0,1)^(d x n) from the duplicate cells, where g is about 0 and f is not",
          "sup_{X in G_good} max_k |f_k(X) - g_k(X)| <= Lip delta + eps_grid", Relation::LessEqual,
          "sup_{G_good} |f - g|", "Lip delta + eps_grid", "spec E9", "R", "NET", "yun_thm2_YE9"),
      chain::generic([ctx, g, quantizer, bound, dn, s, eta = sm.eta,
                      pieces = flat_pieces(ctx->config, sm.eta, Rational(0))]<class S>(const chain::Attempt& a) {
        // g is constant on every good box iff the entry quantizer is on every piece [k delta, (k+1) delta - eta]
        // (of X + E with positional encoding: k < n/delta).
        bool constant = true;
        for (const FlatPiece& piece : pieces) {
          const std::optional<Interval> img = mean_value_image(*quantizer, piece.lo, piece.hi, a.prec);
          constant = constant && img && is_exact(*img) && lower(*img) == piece.value;
        }
        const Grid grid(s, ctx->config.J, false);
        std::vector<std::string> names;
        for (std::size_t e = 0; e < dn; ++e) names.push_back("x" + std::to_string(e));
        chain::SupNormBudget budget;
        budget.max_boxes = 2000;
        chain::ForAll fa = a.for_all();
        std::optional<Rational> hard_lo = Rational(0), hard_hi = Rational(0);
        Evaluator<S> ev(*g, a.prec);
        std::vector<S> x(dn);
        S dup_worst, t, fs;
        set(dup_worst, Rational(0), a.prec);
        std::vector<unsigned> lv;
        for (std::uint64_t i = 0; i < grid.size(); ++i) {
          grid.levels(i, lv);
          const std::vector<Rational> L = grid.point(lv),
                                      corner = grid.corner(lv);  // L: X + E with positional encoding
          std::vector<Rational> mid(dn);
          for (std::size_t e = 0; e < dn; ++e) mid[e] = corner[e] + s.delta() / Rational(2), set(x[e], mid[e], a.prec);
          ev.run(x);
          if (!grid.distinct_in_range(lv)) {  // a duplicate cell: |f - g| at its interior point
            const std::vector<Rational> f = eval_target(ctx->target, mid);
            for (std::size_t k = 0; k < dn; ++k) {
              set(fs, f[k], a.prec);
              sub(t, fs, ev.value(g->outputs()[k]), a.prec);
              abs(t, t, a.prec);
              max(dup_worst, dup_worst, t, a.prec);
            }
            continue;
          }
          const std::vector<Rational> fL = eval_target(ctx->target, corner);
          Box box;
          for (std::size_t e = 0; e < dn; ++e)
            box.lo.push_back(corner[e]), box.hi.push_back(corner[e] + s.delta() - eta);
          for (std::size_t k = 0; k < dn; ++k) {
            const Side sf =
                chain::sup_norm_side(expression_error_program(fL[k].to_string(), ctx->target.expressions[k], dn), box,
                                     a, names, "sup |f_k - f_k(L)| on the good box (sup-norm engine)", budget);
            set(fs, fL[k], a.prec);
            sub(t, fs, ev.value(g->outputs()[k]), a.prec);
            abs(t, t, a.prec);
            const Enclosure e = Enclosure::of(t);
            Side lhs = Side::derived(Enclosure::whole_line(),
                                     "g not certainly constant on the good boxes, or no finite bound");
            if (constant && sf.value.bounded() && e.bounded()) {
              const Rational lo = max(Rational(0), sf.value.lower() - e.upper()), hi = sf.value.upper() + e.upper();
              lhs =
                  Side::derived(Enclosure::between(lo, hi),
                                "sup |f_k - f_k(L)| (sup-norm engine) -/+ |f_k(L) - g_k(L°)| (g constant on the box)");
            }
            if (hard_lo && sf.value.bounded())
              hard_lo = max(*hard_lo, sf.value.lower()), hard_hi = max(*hard_hi, sf.value.upper());
            else hard_lo.reset();
            fa.add(grid_point(s, L).add("k", Rational(static_cast<long>(k + 1))), lhs, Side::exact(bound));
          }
        }
        Outcome o = fa.outcome();
        o.report("sup_{G_good} max_k |f_k - bar g_k|",
                 hard_lo ? Side::derived(Enclosure::between(*hard_lo, *hard_hi),
                                         "bar g = f(L) on S_L (Y-12): the largest sup |f_k - f_k(L)| (sup-norm engine)")
                         : Side::derived(Enclosure::whole_line()));
        o.report("sup_{[0,1)^(dn)} max_k |f_k - g_k| >=",
                 Side::enclosure(dup_worst, "max over the duplicate cells' interior points"));
        return o;
      }));
  chain.recheck("Y-E9", "rhs", "x0*x1 + x2", {"parameter:lipschitz", "parameter:delta", "parameter:eps_grid"});
}

}  // namespace approxcert::theorems::yun2020
