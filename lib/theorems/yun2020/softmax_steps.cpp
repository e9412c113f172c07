#include "theorems/yun2020/softmax_steps.hpp"

#include "net/clamp_form.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/mean_value_image.hpp"
#include "theorems/yun2020/contextual_claims.hpp"
#include "theorems/yun2020/stages.hpp"
#include "theorems/yun2020/step_spec.hpp"

namespace approxcert::theorems::yun2020 {

using chain::Enclosure;
using chain::ForAll;
using chain::Outcome;
using chain::Relation;
using chain::Side;
using chain::StepSpec;

namespace {

const Prec kExact(64);  // exact rationals ignore it

// The interior point L° of the cell of a G+ point used by every softmax step (Grid::interior):
// outside Omega_1 since eta < delta/2.
template <class S>
void set_interior(const Grid& g, const std::vector<unsigned>& lv, std::vector<S>& x, Prec p) {
  const std::vector<Rational> in = g.interior(lv);
  x.resize(lv.size());
  for (std::size_t e = 0; e < lv.size(); ++e) set(x[e], in[e], p);
}

// Evaluators of a stage list; run(k, state) replaces state (d x n) by stage k's output.
template <class S>
struct StageRun {
  const std::vector<Stage>& stages;
  std::vector<Evaluator<S>> evs;
  std::size_t dn;
  StageRun(const std::vector<Stage>& st, std::size_t entries, Prec p) : stages(st), dn(entries) {
    for (const Stage& s : st) evs.emplace_back(s.prog, p);
  }
  void run(std::size_t k, std::vector<S>& state) {
    evs[k].run(state);
    const auto outs = stages[k].prog.outputs();
    for (std::size_t e = 0; e < dn; ++e) state[e] = evs[k].value(outs[e]);
  }
  // Probe j of the last run of stage k (pre-activation or column id of its input state).
  const S& probe(std::size_t k, std::size_t j) const { return evs[k].value(stages[k].prog.outputs()[dn + j]); }
};

// Which hardmax queries a robustness claim covers: those off their biases (Y-15 with Y-15z beside
// it), those exactly at a bias (Y-15z), or all (Y-15 alone: a query at its bias then refutes it).
enum class Queries { OffBias, AtBias, All };

// Y-15 and Y-15z: at every cell of G+ and every attention layer, the column id entering the softmax
// layer versus the hardmax one. Y-15: |dev| < min_h |id_hard - b_h|; Y-15z: id_soft = id_hard
// where that margin is 0 (a query exactly at its bias).
template <class S>
Outcome robustness(const Context& ctx, const std::vector<Stage>& soft, const std::vector<Stage>& hard,
                   const chain::Attempt& a, Queries which) {
  const bool ties = which == Queries::AtBias;
  const Grid& g = ctx.plus;
  const std::size_t dn = g.entries(), n = g.shape().n;
  StageRun<S> sr(soft, dn, a.prec);
  StageRun<Rational> hr(hard, dn, kExact);
  std::size_t last = 0;
  for (std::size_t k = 0; k < soft.size(); ++k)
    if (soft[k].attention()) last = k;
  ForAll fa = a.for_all();
  Rational worst(0);
  std::vector<unsigned> lv;
  std::vector<S> xs;
  std::vector<Rational> xh;
  S ds, dev;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    g.levels(i, lv);
    set_interior(g, lv, xs, a.prec);
    set_interior(g, lv, xh, kExact);
    const std::vector<Rational> L = g.point(lv);
    for (std::size_t k = 0; k <= last; ++k) {
      sr.run(k, xs);
      hr.run(k, xh);
      if (!soft[k].attention()) continue;
      for (std::size_t j = 0; j < n; ++j) {
        const Rational& id = hr.probe(k, j);
        Rational margin = abs(id - soft[k].query_biases[0]);
        for (const Rational& b : soft[k].query_biases) margin = min(margin, abs(id - b));
        if (which != Queries::All && (margin.sign() == 0) != ties) continue;
        const chain::Point at = grid_point(g.shape(), L, j).add("layer", Rational(static_cast<long>(k + 1)));
        if (ties) {  // all keys equal: every normalization of the scores gives the same output
          Rational lo = hr.probe(k, 0), hi = lo;
          for (std::size_t i2 = 1; i2 < n; ++i2) lo = min(lo, hr.probe(k, i2)), hi = max(hi, hr.probe(k, i2));
          fa.add(at, Side::exact(hi - lo, "max_k - min_k of the hardmax ids entering " + soft[k].name),
                 Side::exact(Rational(0)));
          continue;
        }
        set(ds, id, a.prec);
        sub(dev, sr.probe(k, j), ds, a.prec);
        abs(dev, dev, a.prec);
        const Enclosure e = Enclosure::of(dev);
        if (!e.bounded()) worst = Rational(-1);
        else if (worst.sign() >= 0) worst = max(worst, e.upper());
        fa.add(at, Side::enclosure(dev, "|u^T Z_j soft - hard| entering " + soft[k].name), Side::exact(margin));
      }
    }
  }
  Outcome o = fa.outcome();
  if (!ties && worst.sign() >= 0)
    o.report("rho = max deviation", Side::derived(Enclosure::between(Rational(0), worst),
                                                  "largest upper end over all cells, layers, columns"));
  return o;
}

// Y-16: at every cell of G+, every Phi layer with a ramp and every column, the margin
// min over ramp zones (lo, hi) of max(lo - t, t - hi) of the pre-activation t is >= 0.
template <class S>
Outcome ramp_margins(const Context& ctx, const std::vector<Stage>& soft, const chain::Attempt& a) {
  const Grid& g = ctx.plus;
  const std::size_t dn = g.entries(), n = g.shape().n;
  StageRun<S> sr(soft, dn, a.prec);
  ForAll fa = a.for_all();
  std::vector<unsigned> lv;
  std::vector<S> xs;
  S lo, hi, m1, m2, m, best;
  long layers_checked = 0;
  for (const Stage& st : soft)
    if (!st.ramps.empty()) ++layers_checked;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    g.levels(i, lv);
    set_interior(g, lv, xs, a.prec);
    const std::vector<Rational> L = g.point(lv);
    for (std::size_t k = 0; k < soft.size(); ++k) {
      sr.run(k, xs);
      if (soft[k].ramps.empty()) continue;
      for (std::size_t j = 0; j < n; ++j) {
        const S& t = sr.probe(k, j);
        for (std::size_t r = 0; r < soft[k].ramps.size(); ++r) {
          set(lo, soft[k].ramps[r].first, a.prec);
          set(hi, soft[k].ramps[r].second, a.prec);
          sub(m1, lo, t, a.prec);
          sub(m2, t, hi, a.prec);
          max(m, m1, m2, a.prec);
          if (r == 0) best = m;
          else min(best, best, m, a.prec);
        }
        fa.add(grid_point(g.shape(), L, j).add("layer", Rational(static_cast<long>(k + 1))),
               Side::enclosure(best, "distance of the pre-activation of " + soft[k].name + " outside its ramp zones"),
               Side::exact(Rational(0)));
      }
    }
  }
  return fa.outcome().report("Phi layers with ramps", Side::exact(Rational(layers_checked)));
}

// ||v||_p^p of the entries' enclosures r_e = (v_e - w_e): sum |r_e|^p.
template <class S>
void norm_p_pow(S& out, const std::vector<S>& v, const std::vector<Rational>& w, std::uint64_t p, Prec prec) {
  S t, ws;
  set(out, Rational(0), prec);
  for (std::size_t e = 0; e < v.size(); ++e) {
    set(ws, w[e], prec);
    sub(t, v[e], ws, prec);
    abs(t, t, prec);
    pow_int(t, t, static_cast<long>(p), prec);
    add(out, out, t, prec);
  }
}

// The 1-D pieces of [-a, 1+a] whose products cover B (Y-18).
std::vector<std::pair<Rational, Rational>> box_pieces(const Shape& s, const BoxBudget& box) {
  std::vector<std::pair<Rational, Rational>> pieces;
  if (!box.cell_cover) return {{-box.a, Rational(1) + box.a}};
  if (box.a.sign() > 0) pieces.push_back({-box.a, Rational(0)});
  for (std::uint64_t k = 0; k < s.N; ++k)
    pieces.push_back({Rational(static_cast<long>(k)) * s.delta(), Rational(static_cast<long>(k + 1)) * s.delta()});
  if (box.a.sign() > 0) pieces.push_back({Rational(1), Rational(1) + box.a});
  return pieces;
}

}  // namespace

void add_softmax_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const SoftmaxBudget& b,
                       const ErrorBudget& error) {
  const Shape s = ctx->config.shape;
  const std::size_t dn = s.d * s.n;
  const Rational cell = pow_int(s.delta(), s.dl() * s.nl());
  const std::string lam_eta = "lambda = " + b.smoothing.lambda.to_string() + ", eta = " + b.smoothing.eta.to_string();
  // g is evaluated in its clamp form (the same function, clamp_form.hpp): the ReLU sums with 1/eta
  // coefficients multiply every ball radius by ~4/eta per layer even far from the ramps (E8).
  const Network clamped = clamp_form(ctx->assembly.network(b.smoothing));
  auto soft = std::make_shared<const std::vector<Stage>>(network_stages(ctx->config, clamped, b.smoothing));
  auto hard =
      std::make_shared<const std::vector<Stage>>(network_stages(ctx->config, ctx->assembly.network(), std::nullopt));

  chain.add(
      spec(
          "Y-15",
          "softmax robustness (" + lam_eta +
              "): at an interior point of every cell of G+ and for every attention layer, the column id entering the softmax layer is within rho of the hardmax one, and rho is smaller than the distance of the hardmax query to every head's bias, so every query keeps its sign",
          s.positional
              ? "|u^T Z^(t)_soft,j - u^T Z^(t)_hard,j| < min_h |u^T Z^(t)_hard,j - b_h| for all L in G+, attention layers t, columns j (every hardmax query: with positional encoding no Y-15z, a query at its bias refutes this step)"
              : "|u^T Z^(t)_soft,j - u^T Z^(t)_hard,j| < min_h |u^T Z^(t)_hard,j - b_h| for all L in G+, attention layers t, columns j (nonzero hardmax queries)",
          Relation::Less, "rho_t (deviation)", "query margin", "Lemma 9 (proof), spec Y-15", "R", "NET",
          "yun_thm2_Y15"),
      chain::generic([ctx, soft, hard, which = s.positional ? Queries::All : Queries::OffBias]<class S>(
                         const chain::Attempt& a) { return robustness<S>(*ctx, *soft, *hard, a, which); }));
  // The ties of E5 (Theorem 2: the all-zero point, whose columns are all equal). With positional
  // encoding the columns of a grid point are distinct (Y-6d) and Y-15 covers every query instead.
  if (!s.positional) {
    chain.add(
        spec(
            "Y-15z",
            "hardmax ties (spec E5): where a hardmax query sits exactly at its bias (Y-15 cannot hold there: no rho >= 0 is < 0), all keys entering that layer are equal, so the layer's output does not depend on the normalized weights (hardmax average = softmax)",
            "max_k u^T Z^(t)_hard,k - min_k u^T Z^(t)_hard,k = 0 wherever u^T Z^(t)_hard,j = b_h", Relation::Equal,
            "key spread", "0", "spec Y-15, E5", "R", "EX", "yun_thm2_Y15z"),
        chain::generic([ctx, soft, hard]<class S>(const chain::Attempt& a) {
          return robustness<S>(*ctx, *soft, *hard, a, Queries::AtBias);
        }));
  }

  chain.add(
      spec(
          "Y-16",
          "ReLU exactness on grid inputs (" + lam_eta +
              "): at an interior point of every cell of G+, the pre-activation of every feed-forward layer with a ramp (R_i, Q_{i,k}, V_0, value-map windows) lies outside the open ramp zones of its ReLU form, where the ReLU form equals the Phi activation",
          "min_{(lo,hi) ramp} max(lo - t, t - hi) >= 0 for t = w1 . Z_j + b1, all L in G+, Phi layers, columns j",
          Relation::GreaterEqual, "distance outside the ramps", "0", "Lemma 9 (proof), spec Y-16, 2.5", "R", "NET",
          "yun_thm2_Y16"),
      chain::generic([ctx, soft]<class S>(const chain::Attempt& a) { return ramp_margins<S>(*ctx, *soft, a); }));

  auto prog = std::make_shared<Program>(lower(clamped));
  chain.add(
      spec(
          "Y-17",
          "good-cell error of the softmax/ReLU network g (" + lam_eta +
              "): at an interior point of every cell of G+ avoiding Omega_1, ||g - f(L)||_p <= eps_grid on G~ and ||g||_p <= eps_grid elsewhere",
          "||g(L°) - f(L) 1[L in G~]||_p^p <= eps_grid^p for all L in G+", Relation::LessEqual, "e_L^p", "eps_grid^p",
          "Lemma 9", "P/R", "NET", "yun_thm2_Y17"),
      chain::generic([ctx, prog, b, cell, dn]<class S>(const chain::Attempt& a) {
        const Grid& g = ctx->plus;
        Evaluator<S> ev(*prog, a.prec);
        ForAll fa = a.for_all();
        std::vector<unsigned> lv;
        std::vector<S> x, out(dn);
        const Rational bound = pow_int(b.eps_grid, static_cast<long>(b.p));
        S err, e_all, sum_g, max_out, cs;
        set(sum_g, Rational(0), a.prec);
        set(max_out, Rational(0), a.prec);
        set(cs, cell, a.prec);
        for (std::uint64_t i = 0; i < g.size(); ++i) {
          g.levels(i, lv);
          set_interior(g, lv, x, a.prec);
          ev.run(x);
          for (std::size_t e = 0; e < dn; ++e) out[e] = ev.value(prog->outputs()[e]);
          const std::vector<Rational> L = g.point(lv);
          const bool in_range = !g.any_out_of_range(lv);
          const std::vector<Rational> f =
              in_range ? eval_target(ctx->target, g.corner(lv)) : std::vector<Rational>(dn, Rational(0));
          const std::vector<Rational> want = g.distinct_in_range(lv) ? f : std::vector<Rational>(dn, Rational(0));
          norm_p_pow(err, out, want, b.p, a.prec);
          if (in_range) {  // Y-20's sum over G: e_L against f(L), duplicates included
            norm_p_pow(e_all, out, f, b.p, a.prec);
            addmul(sum_g, e_all, cs, a.prec);
          } else {
            max(max_out, max_out, err, a.prec);
          }
          fa.add(grid_point(g.shape(), L), Side::enclosure(err), Side::exact(bound));
        }
        return fa.outcome()
            .report("sum_{L in G} delta^(dn) e_L^p",
                    Side::enclosure(sum_g, "e_L = ||g(L°) - f(L)||_p, duplicate cells included (spec Y-20)"))
            .report("max_{L in G+ \\ G} ||g(L°)||_p^p", Side::enclosure(max_out, "cells with an out-of-range entry"));
      }));

  if (!b.box) return;
  const BoxBudget box = *b.box;
  const std::uint64_t p = b.p;
  const Rational one(1), side = one + Rational(2) * box.a;
  const long dnl = static_cast<long>(dn);
  // Per-entry measure of Omega_1 inside [-a, 1+a]: [-eta, 0) (cut at -a) and 1/delta ramps [m delta - eta, m delta).
  const Rational eta = b.smoothing.eta, ramp_measure = min(box.a, eta) + Rational(static_cast<long>(s.N)) * eta;
  const Rational vol_omega = pow_int(side, dnl) - pow_int(side - ramp_measure, dnl);
  const Rational vol_outside = pow_int(side, dnl) - one;
  const Rational sb_p = pow_int(box.S_B, static_cast<long>(p));

  // The range of bar f per output entry over B: f(L) over G, and 0 (outside [0,1)^(dn)).
  std::vector<Rational> f_lo(dn, Rational(0)), f_hi(dn, Rational(0));
  {
    const Grid g(s, ctx->config.J, false);
    std::vector<unsigned> lv;
    for (std::uint64_t i = 0; i < g.size(); ++i) {
      g.levels(i, lv);
      const std::vector<Rational> f = eval_target(ctx->target, g.corner(lv));
      for (std::size_t e = 0; e < dn; ++e) f_lo[e] = min(f_lo[e], f[e]), f_hi[e] = max(f_hi[e], f[e]);
    }
  }
  const auto pieces = box_pieces(s, box);
  std::uint64_t boxes = 1;
  for (std::size_t e = 0; e < dn; ++e) boxes *= pieces.size();
  auto clamp_prog = prog;
  // Y-1r: the quantizer of one entry, on the pieces of [-a, 1+a] outside Omega_1.
  auto qstages = std::make_shared<std::vector<Program>>(entry_quantizer_programs(ctx->config, b.smoothing));
  const std::vector<FlatPiece> flat =
      flat_pieces(ctx->config, eta, box.a);  // the pieces of [-a, upper + a] outside Omega_1
  const bool pe = s.positional;
  chain.add(
      spec(
          "Y-1r",
          pe ? "Lemma 5, ReLU version, positional encoding: on every piece [k delta, (k+1) delta - eta] (k < n/delta) of the range [0, n) of an entry of X + E outside Omega_1 the ReLU quantizer of one entry is constant and equals g_q^ent (so g is constant on each cell of G_delta minus the ramps, as Y-17 and Y-20 use on the domain [0,1]^(dn))"
             : "Lemma 5, ReLU version: on every piece of [-a, 1+a] outside Omega_1 the ReLU quantizer of one entry is constant and equals g_q^ent (so g is constant on each cell of G+ minus Omega_1^(dn), as Y-17 and Y-20 use)",
          pe ? "q_ReLU([lo, hi]) = {g_q^ent} for [lo, hi] = [k delta, (k+1) delta - eta], k < n/delta: layer by layer, X' = q_k(c) + q_k'(X) (X - c) with c = min X (exact) and the derivative enclosure of forward-mode jets"
             : "q_ReLU([lo, hi]) = {g_q^ent} for [lo, hi] = [-a, -eta], [k delta, (k+1) delta - eta], [1, 1+a]: layer by layer, X' = q_k(c) + q_k'(X) (X - c) with c = min X (exact) and the derivative enclosure of forward-mode jets",
          Relation::Equal, "q_ReLU on the piece", "g_q^ent", "Lemma 5; spec Y-1 (ReLU version), 2.5", "R", "EX+NET",
          "yun_thm2_Y1r"),
      chain::generic([qstages, flat]<class>(const chain::Attempt& a) {
        // MPFI for both engines: the pieces end exactly at the ramps, and an Arb ball's radius (a
        // 30-bit magnitude) would move those ends across them; MPFI keeps exact dyadic ends.
        ForAll fa = a.for_all();
        for (const auto& [lo, hi, want] : flat) {
          const std::optional<Interval> img = mean_value_image(*qstages, lo, hi, a.prec);
          const Side lhs = img ? Side::enclosure(*img, "layer-by-layer mean-value form on the piece")
                               : Side::derived(Enclosure::whole_line(), "unbounded, or a layer may jump");
          fa.add(chain::Point{}.add("lo", lo).add("hi", hi), lhs, Side::exact(want));
        }
        return fa.outcome();
      }));

  const std::string bname =
      pe ? "B = Theorem 3's domain [0, 1]^(" + std::to_string(s.d) + "x" + std::to_string(s.n) + ") (a = 0)"
         : "B = [-" + box.a.to_string() + ", " + (one + box.a).to_string() + "]^(" + std::to_string(s.d) + "x" +
               std::to_string(s.n) + ")";

  chain.add(
      spec(
          "Y-18",
          "global sup bound on the box " + bname +
              ": the interval propagation of a cover of B through g (each ReLU-ramp activation group in its equal clamp form) bounds ||g - bar f||_p^p by S_B^p",
          "sup_{X in B} ||g(X) - bar f(X)||_p^p <= S_B^p", Relation::LessEqual, "sup_B ||g - bar f||_p^p", "S_B^p",
          "spec Y-18", "R", "NET", "yun_thm2_Y18"),
      chain::generic([clamp_prog, pieces, boxes, dn, f_lo, f_hi, p, sb_p,
                      cover = box.cell_cover]<class>(const chain::Attempt& a) {
        // MPFI for both engines: the softmax of a wide box needs exp of huge ranges, whose Arb balls
        // lose the sign (1 + [-r, r] e^X contains 0), while MPFI keeps [0, +inf] and weights in [0, 1].
        Evaluator<Interval> ev(*clamp_prog, a.prec);
        std::vector<Interval> x(dn);
        std::optional<Rational> worst = Rational(0);
        std::vector<std::size_t> idx(dn, 0);
        for (std::uint64_t bi = 0; bi < boxes && worst; ++bi) {
          std::uint64_t rest = bi;
          for (std::size_t e = 0; e < dn; ++e) {
            idx[e] = static_cast<std::size_t>(rest % pieces.size());
            rest /= pieces.size();
            set_interval(x[e], pieces[idx[e]].first, pieces[idx[e]].second, a.prec);
          }
          ev.run(x);
          Rational total(0);
          for (std::size_t e = 0; e < dn && worst; ++e) {
            const Enclosure ge = Enclosure::of(ev.value(clamp_prog->outputs()[e]));
            if (!ge.bounded()) {
              worst.reset();
              break;
            }
            const Rational dev = max(abs(ge.upper() - f_lo[e]), abs(f_hi[e] - ge.lower()));
            total += pow_int(dev, static_cast<long>(p));
          }
          if (worst) worst = max(*worst, total);
        }
        const std::string note =
            std::to_string(boxes) + (cover ? " boxes (products of the cells' closed pieces)" : " box (B itself)") +
            " through the clamp form of g (MPFI); |g_e - bar f_e| <= max(|upper g_e - min bar f_e|, |max bar f_e - lower g_e|)";
        const Side lhs = worst ? Side::derived(Enclosure::between(Rational(0), *worst), note)
                               : Side::derived(Enclosure::whole_line(), note);
        return Outcome(lhs, Side::exact(sb_p)).report("boxes", Side::exact(Rational(static_cast<long>(boxes))));
      }));

  chain.add(
      spec(
          "Y-19",
          "ramp volume: the set Omega_B of points of B with some entry in Omega_1 has volume at most dn (1/delta + 1) eta (1 + 2a)^(dn-1)",
          "vol(Omega_B) = (1+2a)^(dn) - (1+2a - |Omega_1 cap [-a,1+a]|)^(dn) <= dn (1/delta + 1) eta (1 + 2a)^(dn-1)",
          Relation::LessEqual, "vol(Omega_B)", "dn (1/delta+1) eta (1+2a)^(dn-1)", "spec Y-19", "R", "CF",
          "yun_thm2_Y19"),
      chain::exact([=] {
        const Rational bound = Rational(dnl) * Rational(static_cast<long>(s.N + 1)) * eta * pow_int(side, dnl - 1);
        return Outcome(Side::exact(vol_omega, "exact: complement of the product of the non-ramp parts"),
                       Side::exact(bound))
            .report("|Omega_1 cap [-a, 1+a]|", Side::exact(ramp_measure))
            .report("vol(B \\ [0,1)^(dn))", Side::exact(vol_outside));
      }));

  // T_3 = sum_G delta^(dn) e_L^p + vol(B \ [0,1)^dn) max_{G+\G} ||g(L°)||_p^p + vol(Omega_B) S_B^p (upper end).
  auto t3 = [vol_outside, vol_omega, sb_p](const chain::Attempt& a) -> std::optional<Rational> {
    const Enclosure sum = a.reported("Y-17", "sum_{L in G} delta^(dn) e_L^p").value;
    const Enclosure out = a.reported("Y-17", "max_{L in G+ \\ G} ||g(L°)||_p^p").value;
    if (!sum.bounded() || !out.bounded()) return std::nullopt;
    return sum.upper() + vol_outside * out.upper() + vol_omega * sb_p;
  };
  const Rational budget = pow_int(Rational(2) * error.eps / Rational(3), static_cast<long>(p));
  std::string budget_text = "(2*x0/3)";  // (2 eps/3)^p as a product, which verify re-computes exactly
  for (std::uint64_t k = 1; k < p; ++k) budget_text += "*(2*x0/3)";
  chain.add(
      spec(
          "Y-20",
          "Step 3 on B: d_{p,B}(bar f, g)^p <= T_3 = sum_G delta^(dn) e_L^p + vol(B \\ [0,1)^(dn)) max_{G+ \\ G} ||g(L°)||_p^p + vol(Omega_B) S_B^p (from Y-17, Y-18, Y-19), within the Proposition 4 + Lemma 9 share (2 eps/3)^p",
          "T_3 <= (2 eps / 3)^p", Relation::LessEqual, "T_3", "(2 eps/3)^p", "Lemma 9, Proposition 4; spec Y-20", "R",
          "CF", "yun_thm2_Y20"),
      chain::generic([t3, budget, budget_text, vol_omega, sb_p]<class S>(const chain::Attempt& a) {
        const std::optional<Rational> t = t3(a);
        const Side lhs = t ? Side::derived(Enclosure::between(Rational(0), *t),
                                           "upper ends of the Y-17 sums, exact volumes, S_B of Y-18")
                           : Side::derived(Enclosure::whole_line());
        return Outcome(lhs, Side::exact(budget).rechecked_by(budget_text, {"parameter:eps"}))
            .report("vol(Omega_B) S_B^p", Side::exact(vol_omega * sb_p));
      }));

  const Rational omega = error.lipschitz * s.delta();
  chain.add(
      spec(
          "Y-E2E",
          "end-to-end (spec 6): d_{p,B}(f, g) <= omega_{f,p}(delta) + T_3^(1/p) <= eps, with omega_{f,p}(delta) <= Lip delta (Y-14) and T_3 from Y-20; f is the instance's target on [0,1]^(dn), 0 outside",
          "Lip delta + T_3^(1/p) <= eps", Relation::LessEqual, "Lip delta + T_3^(1/p)", "eps",
          pe ? "Theorem 3; spec 2.6, 6" : "Theorem 2; spec 6", "R", "CF", "yun_thm2_YE2E"),
      chain::generic([t3, omega, p, eps = error.eps]<class S>(const chain::Attempt& a) {
        const std::optional<Rational> t = t3(a);
        const Side bound = Side::exact(eps).rechecked_by("x0", {"parameter:eps"});
        if (!t) return Outcome(Side::derived(Enclosure::whole_line()), bound);
        S root, inv;
        set(root, *t, a.prec);
        if (p > 1 && t->sign() > 0) {  // T_3^(1/p) = exp(log(T_3) / p)
          log(root, root, a.prec);
          set(inv, Rational(1) / Rational(static_cast<long>(p)), a.prec);
          mul(root, root, inv, a.prec);
          exp(root, root, a.prec);
        }
        const Enclosure r = Enclosure::of(root);
        const Side lhs = r.bounded() ? Side::derived(Enclosure::between(omega, omega + r.upper()),
                                                     "Lip delta + (upper end of T_3)^(1/p)")
                                     : Side::derived(Enclosure::whole_line());
        return Outcome(lhs, bound)
            .report("Lip delta", Side::exact(omega))
            .report("T_3", Side::derived(Enclosure::between(Rational(0), *t)));
      }));
}

}  // namespace approxcert::theorems::yun2020
