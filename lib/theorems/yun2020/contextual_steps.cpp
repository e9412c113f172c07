#include "theorems/yun2020/contextual_steps.hpp"

#include <algorithm>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "theorems/yun2020/contextual_claims.hpp"
#include "theorems/yun2020/step_spec.hpp"

namespace approxcert::theorems::yun2020 {

using chain::ForAll;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;
using chain::StepSpec;

namespace {

const Prec kPrec(64);  // exact rationals ignore it

// The columns u could see in column position j: {0, .., 1 - delta}^d (with -J entries if
// out_of_range) plus E_{:,j}; one column each.
std::vector<std::vector<Rational>> grid_columns(const Shape& s, const Rational& J, bool out_of_range, std::size_t j) {
  const Grid cols(Shape{s.d, 1, s.N}, J, out_of_range);
  std::vector<std::vector<Rational>> out;
  std::vector<unsigned> lv;
  for (std::uint64_t i = 0; i < cols.size(); ++i) {
    cols.levels(i, lv);
    if (out_of_range && !cols.any_out_of_range(lv)) continue;
    std::vector<Rational> col = cols.point(lv);
    for (std::size_t r = 0; r < s.d; ++r)
      if (!cols.out_of_range(lv[r])) col[r] += s.offset(j);
    out.push_back(col);
  }
  return out;
}

Program program_of(const Config& c, LayerList layers) { return lower(sequence_network(c.shape, std::move(layers))); }

LayerList concat(LayerList a, const LayerList& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

LayerList contextual_prefix(const Config& c) {
  LayerList l = concat(concat(positional_layers(c), quantizer_layers(c, std::nullopt)), window_layers(c, std::nullopt));
  l.push_back(global_layer(c, std::nullopt));
  return l;
}

Rational id_of_column(const Shape& s, const std::vector<Rational>& X, std::size_t j) {
  const std::vector<Rational> u = column_id_weights(s);
  Rational id(0);
  for (std::size_t r = 0; r < s.d; ++r) id += u[r] * X[j * s.d + r];
  return id;
}

}  // namespace

Point grid_point(const Shape& s, const std::vector<Rational>& L, std::optional<std::size_t> column) {
  Point p;
  for (std::size_t j = 0; j < s.n; ++j)
    for (std::size_t r = 0; r < s.d; ++r)
      p.add("L[" + std::to_string(r + 1) + "," + std::to_string(j + 1) + "]", L[j * s.d + r]);
  if (column) p.add("j", static_cast<long>(*column + 1));
  return p;
}

void add_finite_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx,
                      const std::optional<std::vector<Rational>>& e1_witness) {
  const Config& c = ctx->config;
  const Shape s = c.shape;
  const std::size_t d = s.d, n = s.n, dn = d * n;
  // Steps whose closed forms or symmetry belong to Theorem 2's grid: not added with positional encoding.
  auto theorem_2_only = [&chain, &s](StepSpec sp, auto&& step) {
    if (!s.positional) chain.add(std::move(sp), std::forward<decltype(step)>(step));
  };

  const std::string range = s.positional ? "[0,n)" : "[0,1)";
  chain.add(
      spec(
          "Y-1",
          "the hardmax quantizer g_q maps every entry t to k delta on [k delta, (k+1) delta) and to -J outside " +
              range,
          s.positional
              ? "g_q(t) = g_q^ent(t) at t = k delta, k delta + delta/2 (k < n/delta) and t in {-1, -delta/2, n, n + 1/2}"
              : "g_q(t) = g_q^ent(t) at t = k delta, k delta + delta/2 (k < 1/delta) and t in {-1, -delta/2, 1, 3/2}",
          Relation::Equal, "g_q(t)", "g_q^ent(t)", "Lemma 5", "P", "EX+NET", "yun_thm2_Y1"),
      chain::exact([ctx, s, dn] {
        const Program prog = program_of(ctx->config, quantizer_layers(ctx->config, std::nullopt));
        Evaluator<Rational> ev(prog, kPrec);
        std::vector<std::pair<Rational, Rational>> cases;  // (t, expected)
        const Rational delta = s.delta(), h = delta / Rational(2);
        for (std::uint64_t k = 0; k < s.levels_per_row(); ++k) {
          const Rational kd = Rational(static_cast<long>(k)) * delta;
          cases.push_back({kd, kd});
          cases.push_back({kd + h, kd});
        }
        for (const Rational& t : {Rational(-1), -h, s.upper(), s.upper() + Rational(1) / Rational(2)})
          cases.push_back({t, -ctx->config.J});
        ForAll fa(Relation::Equal);
        for (const auto& [t, want] : cases) {
          ev.run(std::vector<Rational>(dn, t));
          const std::vector<Rational> out = ev.outputs();
          for (std::size_t e = 0; e < dn; ++e)
            fa.add(Point{}.add("t", t).add("entry", static_cast<long>(e)), Side::exact(out[e]), Side::exact(want));
        }
        return fa.outcome();
      }));

  chain.add(
      spec(
          "Y-2",
          s.positional
              ? "the column id c -> u^T c is injective on the columns of all n positions, {0, ..., 1 - delta}^d + (j-1) 1_d (n delta^-d distinct ids, the column-id offsets (j-1) ||u||_1 keep the positions apart)"
              : "the column id c -> u^T c is injective on {0, ..., 1 - delta}^d (delta^-d distinct ids)",
          "u^T c pairwise distinct over the grid columns", Relation::Distinct, "", "", "Sec. 3 (bijection); Sec. 2.6",
          "P", "CF/EX", "yun_thm2_Y2"),
      chain::exact([s] {
        std::vector<Side> ids;
        const Shape one{s.d, 1, s.N};
        for (std::size_t j = 0; j < (s.positional ? s.n : 1); ++j)
          for (const std::vector<Rational>& col : grid_columns(s, Rational(1), false, j))
            ids.push_back(Side::exact(Grid(one, Rational(1), false).column_ids(col)[0]));
        return chain::distinct(ids).report("ids", Side::exact(Rational(static_cast<long>(ids.size()))));
      }));

  chain.add(spec("Y-3", "a column with an out-of-range entry -J has id below -delta/2, so no window shifts it",
                 "u^T c <= -J + delta^(-d+1) - delta < -delta/2 for c in {-J, 0, .., 1-delta}^d with a -J entry",
                 Relation::Less, "u^T c", "-delta/2", "Sec. 3 (out-of-range ids)", "R", "CF", "yun_thm2_Y3"),
            chain::exact([s, J = c.J] {
              const Shape one{s.d, 1, s.N};
              const Grid cols(one, J, true);
              ForAll fa(Relation::Less);
              for (std::size_t j = 0; j < (s.positional ? s.n : 1); ++j)
                for (const std::vector<Rational>& col : grid_columns(s, J, true, j))
                  fa.add(grid_point(one, col).add("position", static_cast<long>(j + 1)),
                         Side::exact(cols.column_ids(col)[0]), Side::exact(-s.delta() / Rational(2)));
              return fa.outcome();
            }));

  chain.add(
      spec(
          "Y-4",
          "each window layer adds delta^-d (max - min of the ids) to row 1 of exactly the columns with |id - l| < delta/2, and nothing else",
          "layer l: Z'_{1j} - Z_{1j} = delta^-d (max_k id_k - min_k id_k) [|id_j - l| < delta/2], other rows unchanged, at every L in G+",
          Relation::Equal, "update", "selective shift", "Sec. 3 (selective shift), Lemma 6 proof", "P", "NET",
          "yun_thm2_Y4"),
      chain::exact([ctx, s, d, n] {
        const Config& c = ctx->config;
        std::vector<Program> layers;
        std::vector<Rational> ls;
        for (const Rational& l : window_positions(s)) {
          ls.push_back(l);
          layers.push_back(program_of(c, {window_layer(c, l, std::nullopt)}));
        }
        const Rational h = s.delta() / Rational(2), w = window_scale(s);
        return chain::for_all_indices(Relation::Equal, ctx->plus.size(), ctx->threads,
                                      [&](ForAll& fa, std::uint64_t begin, std::uint64_t end) {
                                        std::vector<Evaluator<Rational>> evs;
                                        for (const Program& p : layers) evs.emplace_back(p, kPrec);
                                        std::vector<unsigned> lv;
                                        for (std::uint64_t i = begin; i < end; ++i) {
                                          ctx->plus.levels(i, lv);
                                          const std::vector<Rational> L = ctx->plus.point(lv);
                                          std::vector<Rational> X = L;
                                          for (std::size_t t = 0; t < evs.size(); ++t) {
                                            std::vector<Rational> ids;
                                            for (std::size_t j = 0; j < n; ++j) ids.push_back(id_of_column(s, X, j));
                                            const Rational spread = *std::max_element(ids.begin(), ids.end()) -
                                                                    *std::min_element(ids.begin(), ids.end());
                                            evs[t].run(X);
                                            const std::vector<Rational> Y = evs[t].outputs();
                                            for (std::size_t j = 0; j < n; ++j)
                                              for (std::size_t r = 0; r < d; ++r) {
                                                const bool fires = r == 0 && abs(ids[j] - ls[t]) < h;
                                                fa.add(
                                                    [&] {
                                                      return grid_point(s, L, j)
                                                          .add("layer l", ls[t])
                                                          .add("row", static_cast<long>(r + 1));
                                                    },
                                                    Side::exact(Y[j * d + r] - X[j * d + r]),
                                                    Side::exact(fires ? w * spread : Rational(0)));
                                              }
                                            X = Y;
                                          }
                                        }
                                      })
            .outcome();
      }));

  // Lemma 10 and the contextual-mapping properties, from one exhaustive evaluation of g_c over G+.
  auto over_distinct = [ctx](Relation rel, auto add) {
    return [ctx, rel, add] {
      const ContextualValues<Rational>& v = ctx->values();
      return for_all_points(ctx->plus, rel, true, ctx->threads,
                            [&](ForAll& fa, std::uint64_t i, const std::vector<unsigned>& lv) {
                              add(fa, ctx->plus.point(lv), v, i);
                            })
          .outcome();
    };
  };

  // Lemma 10's closed forms are those of Theorem 2's grid (no positional encoding).
  theorem_2_only(
      spec("Y-5", "Lemma 10: the last shifted id lies in [delta^(-(n-1)d+1)(delta^-d - 1), n delta^(-(n+1)d)]",
           "tilde l_n in [delta^(-(n-1)d+1)(delta^-d - 1), n delta^(-(n+1)d)] for all L in G~", Relation::InClosed,
           "tilde l_n", "[Lemma 10 bounds]", "Lemma 10", "P", "EX+CF", "yun_thm2_Y5"),
      chain::exact([ctx, s] {
        return last_id_claim(ctx->plus, ctx->values(), lemma10_lower(s), lemma10_upper(s), ctx->threads);
      }));
  theorem_2_only(spec("Y-5t", "tight version of Lemma 10: the last shifted id lies in [tilde l_n^min, tilde l_n^max]",
                      "tilde l_n in [delta sum c_i, delta sum_{i<n-1} c_i + (delta^(-d+1) - (n-1) delta) c_{n-1}]",
                      Relation::InClosed, "tilde l_n", "[tilde l_n^min, tilde l_n^max]", "Sec. 2.3 (tight thresholds)",
                      "R", "EX+CF", "yun_thm2_Y5t"),
                 chain::exact([ctx, s] {
                   return last_id_claim(ctx->plus, ctx->values(), tilde_min(s), tilde_max(s), ctx->threads);
                 }));

  chain.add(
      spec(
          "Y-5i",
          "Lemma 10: the map from a permutation class to tilde l_n is injective (as many distinct values as classes, binom(delta^-d, n))",
          "#{tilde l_n(L) : L a class of G~} = #classes = binom(delta^-d, n)", Relation::Equal, "distinct tilde l_n",
          "binom(delta^-d, n)", "Lemma 10", "P", "EX", "yun_thm2_Y5i"),
      chain::exact([ctx, s] {
        const std::vector<Side> v = representative_sides(ctx->plus, ctx->values(), true, ctx->threads);
        std::vector<Rational> values;
        for (const Side& x : v) values.push_back(x.value.lower());
        std::sort(values.begin(), values.end());
        const long distinct = std::unique(values.begin(), values.end()) - values.begin();
        return Outcome(Side::exact(Rational(distinct), "distinct values over the class representatives"),
                       Side::exact(class_count(s)))
            .report("classes", Side::exact(Rational(static_cast<long>(v.size()))));
      }));

  chain.add(
      spec("Y-6", "Lemma 6 property 1: the entries of q(L) are distinct for every L with distinct in-range columns",
           "q(L)_j != q(L)_k for all j < k, L in G~", Relation::NotEqual, "q(L)_j", "q(L)_k", "Lemma 6 (1)", "P", "EX",
           "yun_thm2_Y6"),
      chain::exact([ctx] { return distinct_entries_claim(ctx->plus, ctx->values(), ctx->threads); }));

  chain.add(
      spec(
          "Y-7",
          "Lemma 6 property 2: the q-values of different permutation classes are all different (n binom(delta^-d, n) distinct values)",
          "q(L)_j != q(L')_k for classes L != L'", Relation::Distinct, "", "", "Lemma 6 (2)", "P", "EX", "yun_thm2_Y7"),
      chain::exact([ctx] { return class_distinct_claim(ctx->plus, ctx->values(), ctx->threads); }));

  // Permutation equivariance: Theorem 2 only (positional encoding breaks it on purpose).
  theorem_2_only(
      spec("Y-7P", "q is permutation equivariant on G~: q(LP) is q(L) permuted, so values coincide only within a class",
           "q(L)_j = q(L_sorted)_{pi(j)} for all L in G~", Relation::Equal, "q(L)_j", "q(L_sorted)_pi(j)",
           "Lemma 6 (2), Sec. 1.4", "P", "EX", "yun_thm2_Y7P"),
      chain::exact(over_distinct(Relation::Equal, [ctx, s, n](ForAll& fa, const std::vector<Rational>& L,
                                                              const ContextualValues<Rational>& v, std::uint64_t i) {
        const auto [rep, pos] = ctx->representative_of(L);
        for (std::size_t j = 0; j < n; ++j)
          fa.add([&] { return grid_point(s, L, j); }, Side::exact(v.q[i * n + j]),
                 Side::exact(ctx->assembly.entries[rep * n + pos[j]].q));
      })));

  const std::string th = "[" + c.t_l.to_string() + ", " + c.t_r.to_string() + "]";
  chain.add(
      spec("Y-8",
           "Lemma 6 property 3: every q-value of a distinct-column point lies in [t_l, t_r] (" + c.threshold_source +
               ")",
           "t_l <= q(L)_j <= t_r for all L in G~, j", Relation::InClosed, "q(L)_j", th, "Lemma 6 (3)", "P", "EX",
           "yun_thm2_Y8"),
      chain::exact([ctx, c] { return thresholds_claim(ctx->plus, ctx->values(), c.t_l, c.t_r, true, ctx->threads); }));

  // Theorem 2's tight formulas (with positional encoding t_l*, t_r* ARE the exhaustive extremes, positional.hpp).
  // Exact extremes of q over G~, compared with the tight threshold formulas.
  auto extreme = [ctx, n](bool largest) {
    const ContextualValues<Rational>& v = ctx->values();
    std::optional<Rational> e;
    std::vector<unsigned> lv;
    for (std::uint64_t i = 0; i < ctx->plus.size(); ++i) {
      ctx->plus.levels(i, lv);
      if (!ctx->plus.distinct_in_range(lv)) continue;
      for (std::size_t j = 0; j < n; ++j) {
        const Rational& q = v.q[i * n + j];
        if (!e || (largest ? q > *e : q < *e)) e = q;
      }
    }
    return *e;
  };
  theorem_2_only(spec("Y-8min", "the smallest q-value over G~ equals the tight threshold t_l*",
                      "min_{L in G~} min_j q(L)_j = t_l* = K tilde l_n^min + (n-1) delta^(-d+1)", Relation::Equal,
                      "min q", "t_l*", "Sec. 2.3 (tight thresholds)", "R", "EX", "yun_thm2_Y8min"),
                 chain::exact([extreme, s, K = c.K] {
                   return Outcome(Side::exact(extreme(false)), Side::exact(tight_t_l(s, K)));
                 }));
  theorem_2_only(spec("Y-8max", "the largest q-value over G~ equals the tight threshold t_r*",
                      "max_{L in G~} max_j q(L)_j = t_r* = (K + 1) tilde l_n^max", Relation::Equal, "max q", "t_r*",
                      "Sec. 2.3 (tight thresholds)", "R", "EX", "yun_thm2_Y8max"),
                 chain::exact([extreme, s, K = c.K] {
                   return Outcome(Side::exact(extreme(true)), Side::exact(tight_t_r(s, K)));
                 }));

  chain.add(
      spec(
          "Y-9",
          "Lemma 6 property 4: no q-value of a point of G+ \\ G~ (an out-of-range column or duplicate columns) lies in [t_l, t_r] (" +
              c.j_source + "; " + c.threshold_source + ")",
          "q(L)_j not in [t_l, t_r] for all L in G+ \\ G~, j", Relation::NotInClosed, "q(L)_j", th,
          "Lemma 6 (4); spec E1", "P", "EX", "yun_thm2_Y9"),
      chain::exact([ctx, c] { return thresholds_claim(ctx->plus, ctx->values(), c.t_l, c.t_r, false, ctx->threads); }));

  // E1's closed-form rule q+_min is derived for Theorem 2's grid; Y-9 decides property 4 in both variants.
  theorem_2_only(
      spec(
          "Y-9c",
          "E1 exact criterion: property 4 holds only if the smallest final id of an in-range column next to an out-of-range column, q+_min = (1+K) delta^-d (J - delta^(-d+1) + 1), exceeds t_r",
          "q+_min > t_r", Relation::Greater, "q+_min", "t_r", "spec 5 E1 (decision rule)", "R", "CF", "yun_thm2_Y9c"),
      chain::exact([s, c] {
        return Outcome(Side::exact(q_plus_min(s, c.J, c.K), "(1+K) delta^-d (J - delta^(-d+1) + 1)"),
                       Side::exact(c.t_r))
            .report("J", Side::exact(c.J))
            .report("K", Side::exact(c.K))
            .report("t_r", Side::exact(c.t_r));
      }));

  theorem_2_only(
      spec(
          "Y-9m",
          "the E1 formula for q+_min is the exact minimum over G+ of the final ids of in-range columns of points with an out-of-range column",
          "min { q(L)_j : L has a -J entry, column j has none } = (1+K) delta^-d (J - delta^(-d+1) + 1)",
          Relation::Equal, "observed min", "q+_min", "spec 5 E1 (decision rule)", "R", "EX", "yun_thm2_Y9m"),
      chain::exact([ctx, s, d, n, c] {
        const ContextualValues<Rational>& v = ctx->values();
        std::optional<Rational> best;
        Point at;
        std::vector<unsigned> lv;
        for (std::uint64_t i = 0; i < ctx->plus.size(); ++i) {
          ctx->plus.levels(i, lv);
          if (!ctx->plus.any_out_of_range(lv)) continue;
          for (std::size_t j = 0; j < n; ++j) {
            bool in_range = true;
            for (std::size_t r = 0; r < d; ++r) in_range = in_range && !ctx->plus.out_of_range(lv[j * d + r]);
            if (!in_range) continue;
            if (!best || v.q[i * n + j] < *best) {
              best = v.q[i * n + j];
              at = grid_point(s, ctx->plus.point(lv), j);
            }
          }
        }
        return Outcome(Side::exact(*best), Side::exact(q_plus_min(s, c.J, c.K))).where(at);
      }));

  if (e1_witness) {
    chain.add(
        spec(
            "Y-9w",
            "property 4 at the point given in the instance (the spec's E1 counterexample): its q-values are outside [t_l, t_r]",
            "q(L)_j not in [t_l, t_r] at the given L", Relation::NotInClosed, "q(L)_j", th,
            "spec 5 E1 (counterexample)", "R", "EX", "yun_thm2_Y9w"),
        chain::exact([ctx, s, n, c, L = *e1_witness] {
          // g_c at exactly this point, with the same programs as the exhaustive steps.
          Evaluator<Rational> windows(ctx->programs.windows, kPrec), global(ctx->programs.global, kPrec);
          windows.run(L);
          const std::size_t dn2 = s.d * s.n;
          std::vector<Rational> z = windows.outputs();
          z.resize(dn2);
          global.run(z);
          const std::vector<Rational> out = global.outputs();
          ForAll fa(Relation::NotInClosed);
          for (std::size_t j = 0; j < n; ++j)
            fa.add(grid_point(s, L, j).add("q_j", out[dn2 + j]), Side::exact(out[dn2 + j]), Side::exact(c.t_l),
                   Side::exact(c.t_r));
          return fa.outcome();
        }));
  }

  chain.add(spec("Y-10", "M bounds every entry of g_c(L) over G+ (" + ctx->assembly.M.to_string() + ")",
                 "max_{i,j} g_c(L)_{ij} <= M for all L in G+", Relation::LessEqual, "max entry", "M", "Lemma 7 proof",
                 "R", "EX", "yun_thm2_Y10"),
            chain::exact([ctx, s] {
              const ContextualValues<Rational>& v = ctx->values();
              const Side M = Side::exact(ctx->assembly.M);
              return chain::for_all_indices(Relation::LessEqual, ctx->plus.size(), ctx->threads,
                                            [&](ForAll& fa, std::uint64_t begin, std::uint64_t end) {
                                              std::vector<unsigned> lv;
                                              for (std::uint64_t i = begin; i < end; ++i)
                                                fa.add(
                                                    [&] {
                                                      ctx->plus.levels(i, lv);
                                                      return grid_point(s, ctx->plus.point(lv));
                                                    },
                                                    Side::exact(v.max_entry[i]), M);
                                            })
                  .outcome();
            }));

  chain.add(
      spec(
          "Y-10z",
          "after V_0 and V_1..V_d, a column whose q is outside the acceptance interval " + c.acceptance_source +
              " is exactly 0, and the others are unchanged",
          "(V_d o .. o V_0)(g_c(g_q(X)))_{:,j} = 0 if q_j not in [tau_l, tau_r], = g_c(L)_{:,j} otherwise, X interior to the cell of L in G+",
          Relation::Equal, "entry", "0 or g_c(L) entry", "Lemma 7 proof", "R", "EX+NET", "yun_thm2_Y10z"),
      chain::exact([ctx, s, d, n] {
        const Config& c = ctx->config;
        const Program prog =
            program_of(c, concat(contextual_prefix(c), value_map_layers(c, ctx->assembly.M, {}, std::nullopt)));
        const Program gc = program_of(c, contextual_prefix(c));
        return chain::for_all_indices(
                   Relation::Equal, ctx->plus.size(), ctx->threads,
                   [&](ForAll& fa, std::uint64_t begin, std::uint64_t end) {
                     Evaluator<Rational> ev(prog, kPrec), ref(gc, kPrec);
                     std::vector<unsigned> lv;
                     for (std::uint64_t i = begin; i < end; ++i) {
                       ctx->plus.levels(i, lv);
                       const std::vector<Rational> x = ctx->plus.interior(lv);
                       ev.run(x);
                       ref.run(x);
                       const std::vector<Rational> out = ev.outputs(), z = ref.outputs();
                       for (std::size_t j = 0; j < n; ++j) {
                         const Rational q = id_of_column(s, z, j);
                         const bool valid = c.tau_l <= q && q <= c.tau_r;
                         for (std::size_t r = 0; r < d; ++r)
                           fa.add(
                               [&] {
                                 return grid_point(s, ctx->plus.point(lv), j).add("row", static_cast<long>(r + 1));
                               },
                               Side::exact(out[j * d + r]), Side::exact(valid ? z[j * d + r] : Rational(0)));
                       }
                     }
                   })
            .outcome();
      }));

  chain.add(
      spec(
          "Y-11",
          "value map collision-free: a column already mapped to f(L)_{:,j} is at least delta/2 away from every window q(L')_k",
          "|u^T f(L)_{:,j} - q(L')_k| >= delta/2 for all classes L, L' and columns j, k", Relation::GreaterEqual,
          "min_k |u^T f(L)_j - q_k|", "delta/2", "Lemma 7 proof; spec E4", "R", "EX/CF", "yun_thm2_Y11"),
      chain::exact([ctx, s, d, n] {
        const auto& entries = ctx->assembly.entries;
        const std::vector<Rational> u = column_id_weights(s);
        ForAll fa(Relation::GreaterEqual);
        for (std::size_t e = 0; e < entries.size(); ++e) {
          Rational id(0);
          for (std::size_t r = 0; r < d; ++r) id += u[r] * entries[e].target[r];
          Rational best = abs(id - entries[0].q);
          for (const ValueEntry& other : entries) best = min(best, abs(id - other.q));
          fa.add(grid_point(s, ctx->assembly.representatives[e / n], e % n), Side::exact(best),
                 Side::exact(s.delta() / Rational(2)));
        }
        return fa.outcome();
      }));

  // Proposition 4 at an interior point of every cell of G+ whose point passes `keep` (by its
  // out-of-range flag): Theorem 2 checks all of G+ in Y-12; with positional encoding Y-12 is the
  // domain [0,1)^(dn) (Theorem 3's integral) and Y-12o the out-of-range cells outside it.
  auto proposition_4 = [ctx, s, dn](int keep) {  // 0: all, 1: in range only, 2: out of range only
    return [ctx, s, dn, keep] {
      const Network net = ctx->assembly.network();
      const Program prog = lower(net);
      const ForAll fa = chain::for_all_indices(
          Relation::Equal, ctx->plus.size(), ctx->threads, [&](ForAll& part, std::uint64_t begin, std::uint64_t end) {
            Evaluator<Rational> ev(prog, kPrec);
            std::vector<unsigned> lv;
            for (std::uint64_t i = begin; i < end; ++i) {
              ctx->plus.levels(i, lv);
              if (keep != 0 && ctx->plus.any_out_of_range(lv) != (keep == 2)) continue;
              const std::vector<Rational> L = ctx->plus.point(lv);
              ev.run(ctx->plus.interior(lv));
              const std::vector<Rational> out = ev.outputs();
              const bool good = ctx->plus.distinct_in_range(lv);
              const std::vector<Rational> want =
                  good ? eval_target(ctx->target, ctx->plus.corner(lv)) : std::vector<Rational>(dn, Rational(0));
              for (std::size_t e = 0; e < dn; ++e)
                part.add([&] { return grid_point(s, L).add("entry", static_cast<long>(e)); }, Side::exact(out[e]),
                         Side::exact(want[e]));
            }
          });
      std::size_t layers = net.layers.size();
      return fa.outcome()
          .report("sub-layers", Side::exact(Rational(static_cast<long>(layers))))
          .report("value-map windows", Side::exact(Rational(static_cast<long>(ctx->assembly.entries.size()))));
    };
  };
  if (!s.positional) {
    chain.add(
        spec(
            "Y-12",
            "Proposition 4: the hardmax network reproduces f(L) on every cell of G~ and is 0 on every other cell of G+",
            "bar g(X) = f(L) (L in G~), bar g(X) = 0 (L in G+ \\ G~), X interior to the cell of L", Relation::Equal,
            "bar g(X) entry", "f(L) entry or 0", "Proposition 4", "P", "NET", "yun_thm2_Y12"),
        chain::exact(proposition_4(0)));
  } else {
    chain.add(
        spec(
            "Y-12",
            "Proposition 4 on Theorem 3's domain: the hardmax network (E added first) reproduces f(L) on every cell of G_delta, i.e. on [0,1)^(dn)",
            "bar g(X) = f(L) for L in G_delta, X interior to the cell of L", Relation::Equal, "bar g(X) entry",
            "f(L) entry", "Proposition 4; Sec. 2.6", "P", "NET", "yun_thm2_Y12"),
        chain::exact(proposition_4(1)));
    chain.add(
        spec(
            "Y-12o",
            "outside Theorem 3's domain: the hardmax network is 0 on every out-of-range cell of G+ (X + E outside [0,n) in some entry; not needed for d_p on [0,1]^(dn))",
            "bar g(X) = 0 for L in G+ \\ G_delta, X interior to the cell of L", Relation::Equal, "bar g(X) entry", "0",
            "Proposition 4; spec E1", "P", "NET", "yun_thm2_Y12o"),
        chain::exact(proposition_4(2)));
  }
}

}  // namespace approxcert::theorems::yun2020
