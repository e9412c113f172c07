#include "theorems/kajitsuka2024/proposition_1.hpp"

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <utility>

#include "net/constant.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "scalar/input_error.hpp"
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

struct Setup {
  Instance inst;
  Program target;  // d*n inputs (column by column) -> d*n outputs
  Rational p, eps, lipschitz, F_inf, eta;
};

Program read_target(const chain::Parameters& p, std::size_t dn) {
  const ExactJson& v = p.raw("target");
  const JsonAt at = p.at("target");
  json_array(v, at);
  if (v.size() != dn)
    p.fail("target", "must list d*n = " + std::to_string(dn) + " expressions (entry (r, j) at j*d + r)");
  Program prog(dn);
  std::vector<NodeId> vars, outs;
  for (std::size_t k = 0; k < dn; ++k) vars.push_back(prog.input(k));
  for (std::size_t k = 0; k < dn; ++k) {
    try {
      outs.push_back(compile_expression(json_string(v[k], at.index(k)), prog, vars));
    } catch (const InputError& e) {
      at.index(k).fail(e.what());
    }
  }
  prog.set_outputs(outs);
  return prog;
}

// f at an exact point (NotExactError -> the step is unknown with the message).
std::vector<Rational> eval_f(const Program& f, const std::vector<Rational>& x) {
  return evaluate<Rational>(f, x, Prec(64));
}

// visit(idx) for every tuple idx of `length` indices in 0 .. base-1, the first index fastest.
template <class F>
void for_each_tuple(std::size_t length, std::size_t base, F&& visit) {
  std::vector<std::size_t> idx(length, 0);
  while (true) {
    visit(idx);
    std::size_t k = 0;
    while (k < length && ++idx[k] == base) idx[k++] = 0;
    if (k == length) return;
  }
}

// Every tuple of n vocabulary indices (with repetitions), as flattened inputs.
template <class F>
void for_each_cell(const Instance& I, F&& visit) {
  for_each_tuple(I.n, I.vocabulary_size(), std::forward<F>(visit));
}

std::vector<Rational> flatten(const Instance& I, const std::vector<std::size_t>& idx) {
  std::vector<Rational> x;
  for (std::size_t v : idx) x.insert(x.end(), I.vocabulary[v].begin(), I.vocabulary[v].end());
  return x;
}

Point cell_point(const std::vector<std::size_t>& idx) {
  Point p;
  for (std::size_t k = 0; k < idx.size(); ++k)
    p.add("token " + std::to_string(k + 1), Rational(static_cast<long>(idx[k] + 1)));
  return p;
}

bool distinct_columns(const std::vector<std::size_t>& idx) {
  std::vector<std::size_t> s = idx;
  std::sort(s.begin(), s.end());
  return std::adjacent_find(s.begin(), s.end()) == s.end();
}

}  // namespace

Layer quantiser_layer(const Instance& I, const Rational& eta) {
  const Rational delta = I.grid;
  const long K = (Rational(1) / delta).num().get_si();
  const std::size_t d = I.d, per = static_cast<std::size_t>(2 * K - 1);
  DenseLayer hidden, out;
  for (std::size_t i = 0; i < d; ++i) {
    auto row = [&](const Rational& bias) {
      RationalVector w(d, Rational(0));
      w[i] = Rational(1);
      hidden.weight.push_back(numbers(w));
      hidden.bias.push_back(bias);
    };
    row(Rational(0));
    for (long k = 1; k < K; ++k) {
      row(eta - Rational(k) * delta);
      row(-Rational(k) * delta);
    }
  }
  for (std::size_t i = 0; i < d; ++i) {
    RationalVector w(d * per, Rational(0));
    w[i * per] = Rational(-1);
    for (long k = 1; k < K; ++k) {
      w[i * per + static_cast<std::size_t>(2 * k - 1)] = delta / eta;
      w[i * per + static_cast<std::size_t>(2 * k)] = -delta / eta;
    }
    out.weight.push_back(numbers(w));
    out.bias.push_back(delta / Rational(2));
  }
  ResidualLayer res;
  res.body = {Layer{std::move(hidden)}, Layer{ReluLayer{}}, Layer{std::move(out)}};
  TokenwiseLayer tok;
  tok.layers = {Layer{std::move(res)}};
  return Layer{std::move(tok)};
}

chain::Chain build_proposition_1(const chain::Parameters& p) {
  auto setup = std::make_shared<Setup>();
  setup->inst = read_instance(p);
  const Instance& I = setup->inst;
  if (I.sets.size() * I.n > 200)
    p.fail("n", "gives more than 200 context ids (the memoriser is one hidden unit per id)");
  setup->target = read_target(p, I.d * I.n);
  setup->p = p.rational("p");
  if (!setup->p.is_integer() || setup->p < Rational(1) || setup->p > Rational(16))
    p.fail("p", "must be an integer between 1 and 16");
  setup->eps = p.rational("eps");
  if (setup->eps.sign() <= 0) p.fail("eps", "must be > 0");
  setup->lipschitz = p.rational("lipschitz");
  if (setup->lipschitz.sign() < 0) p.fail("lipschitz", "must be >= 0");
  setup->F_inf = p.rational("F_inf");
  if (setup->F_inf.sign() < 0) p.fail("F_inf", "must be >= 0");
  setup->eta = p.rational("eta");
  if (setup->eta.sign() <= 0 || setup->eta >= I.grid / Rational(2)) p.fail("eta", "must be in (0, grid/2)");
  std::size_t cells = 1;
  for (std::size_t k = 0; k < I.n; ++k) cells *= I.vocabulary_size();
  if (cells > 20000) p.fail("n", "gives more than 20000 grid cells");

  auto inst = std::make_shared<const Instance>(I);
  // The whole pipeline F_2^FF o F_S^SA o F_1^FF, the memoriser's labels f at the grid contexts.
  auto cache = std::make_shared<NetworkPerProjection>([setup](const Projection& pr) {
    const Setup& S = *setup;
    const ContextLabel label = [&S](std::size_t v, std::size_t set) {
      const std::vector<Rational> y = eval_f(S.target, S.inst.sequence_input(set));
      const std::size_t col = column_of(S.inst, set, v);
      return RationalVector(y.begin() + static_cast<std::ptrdiff_t>(col * S.inst.d),
                            y.begin() + static_cast<std::ptrdiff_t>((col + 1) * S.inst.d));
    };
    Network net = memoriser_network(S.inst, pr, label);
    net.layers.insert(net.layers.begin(), quantiser_layer(S.inst, S.eta));
    return net;
  });
  chain::Chain result;
  CoqChain c{result};
  add_contextual_steps(result, inst, false);
  const long n = static_cast<long>(I.n);

  c.add({.id = "E2",
         .claim =
             "the target is permutation equivariant on the grid (the architecture has no positional encoding, "
             "so Proposition 1 holds only for such targets; the submitted abstract claimed all continuous functions)",
         .symbols = "f(X P) = f(X) P at every grid point X and column permutation P",
         .relation = Relation::Equal,
         .lhs_name = "f(XP)",
         .rhs_name = "f(X)P",
         .reference = "Proposition 1; §5 E2",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "kajitsuka_E2"},
        chain::exact([setup] {
          const Instance& I = setup->inst;
          ForAll fa(Relation::Equal);
          for_each_cell(I, [&](const std::vector<std::size_t>& idx) {
            const std::vector<Rational> fx = eval_f(setup->target, flatten(I, idx));
            std::vector<std::size_t> perm(I.n);
            for (std::size_t k = 0; k < I.n; ++k) perm[k] = k;
            while (std::next_permutation(perm.begin(), perm.end())) {
              std::vector<std::size_t> permuted(I.n);
              for (std::size_t k = 0; k < I.n; ++k) permuted[k] = idx[perm[k]];
              const std::vector<Rational> fxp = eval_f(setup->target, flatten(I, permuted));
              for (std::size_t k = 0; k < I.n; ++k)
                for (std::size_t r = 0; r < I.d; ++r) {
                  Point at = cell_point(idx);
                  for (std::size_t j = 0; j < I.n; ++j)
                    at.add("P(" + std::to_string(j + 1) + ")", Rational(static_cast<long>(perm[j] + 1)));
                  at.add("column", Rational(static_cast<long>(k + 1))).add("row", Rational(static_cast<long>(r + 1)));
                  fa.add(at, Side::exact(fxp[k * I.d + r], "f(XP)"), Side::exact(fx[perm[k] * I.d + r], "(f(X)P)"));
                }
            }
          });
          return fa.outcome();
        }));

  c.add({.id = "K-15",
         .claim =
             "the quantiser F_1^FF maps every entry to its cell centre off the ramps: exact at every vertex "
             "of the pieces [k delta, (k+1) delta - eta] (and [1 - delta, 1]), on which it is affine (no kink inside)",
         .symbols = "F_1^FF(x) = Q(x) for x outside Omega_1",
         .relation = Relation::Equal,
         .lhs_name = "F_1^FF(x)",
         .rhs_name = "Q(x)",
         .reference = "§2.9",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "kajitsuka_K_15"},
        chain::exact([setup] {
          const Instance& I = setup->inst;
          const Rational delta = I.grid;
          const long K = (Rational(1) / delta).num().get_si();
          std::vector<std::pair<Rational, Rational>> pts;  // (x, Q(x))
          for (long k = 0; k < K; ++k) {
            const Rational centre = (Rational(k) + Rational(1) / Rational(2)) * delta;
            pts.push_back({Rational(k) * delta, centre});
            pts.push_back({k + 1 == K ? Rational(1) : Rational(k + 1) * delta - setup->eta, centre});
          }
          Network net;
          net.input = {I.d, std::nullopt};
          net.layers = std::get<TokenwiseLayer>(quantiser_layer(I, setup->eta).kind).layers;
          const Program prog = lower(net);
          Evaluator<Rational> ev(prog, Prec(64));
          ForAll fa(Relation::Equal);
          for_each_tuple(I.d, pts.size(), [&](const std::vector<std::size_t>& idx) {
            std::vector<Rational> x;
            for (std::size_t r = 0; r < I.d; ++r) x.push_back(pts[idx[r]].first);
            ev.run(x);
            const std::vector<Rational> y = ev.outputs();
            for (std::size_t r = 0; r < I.d; ++r) {
              Point at;
              for (std::size_t s = 0; s < I.d; ++s) at.add("x" + std::to_string(s), pts[idx[s]].first);
              at.add("row", Rational(static_cast<long>(r + 1)));
              fa.add(at, Side::exact(y[r], "network evaluated exactly"),
                     Side::exact(pts[idx[r]].second, "cell centre"));
            }
          });
          return fa.outcome();
        }));

  c.add({.id = "K-12",
         .claim = "the pipeline F = F_2^FF o F_S^SA o F_1^FF equals f at the centre of every good cell (n distinct "
                  "column cells), encloses zero within tau = 1e-20 at every entry",
         .symbols = "|F(c_L)_{r,k} - f(c_L)_{r,k}| <= 1e-20 for every good cell L",
         .relation = Relation::LessEqual,
         .lhs_name = "|F(c_L) - f(c_L)|",
         .rhs_name = "tau",
         .reference = "§6 step 2",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "kajitsuka_P1_K12"},
        chain::generic([setup, cache]<class S>(const Attempt& a) {
          const Instance& I = setup->inst;
          const Projection pr = projection_of(I, a);
          const Program prog = lower(cache->get(pr));
          Evaluator<S> ev(prog, a.prec);
          ForAll fa = a.for_all();
          for_each_cell(I, [&](const std::vector<std::size_t>& idx) {
            if (!distinct_columns(idx)) return;
            const std::vector<Rational> x = flatten(I, idx), fx = eval_f(setup->target, x);
            std::vector<S> in;
            for (const Rational& e : x) in.push_back(exact_value<S>(e, a.prec));
            ev.run(in);
            const std::vector<S> out = ev.outputs();
            for (std::size_t e = 0; e < out.size(); ++e) {
              S diff;
              sub(diff, out[e], exact_value<S>(fx[e], a.prec), a.prec);
              abs(diff, diff, a.prec);
              fa.add([&] { return cell_point(idx).add("entry", Rational(static_cast<long>(e + 1))); },
                     Side::enclosure(diff), Side::exact(pow10(-20), "tau"));
            }
          });
          return fa.outcome();
        }));

  c.add({.id = "K-14",
         .claim =
             "bounded extrapolation: the memoriser's interpolant is flat beyond its last knot (each row of "
             "output weights sums to 0, encloses zero within 1e-20), so |F_2^FF(z) - z| <= max_i |rho_i| for every z, "
             "duplicate-cell inputs included (E7)",
         .symbols = "|sum_m W2[r, m]| <= 1e-20 for every row r",
         .relation = Relation::LessEqual,
         .lhs_name = "|sum_m W2[r,m]|",
         .rhs_name = "tau",
         .reference = "§2.8 step 4, §5 E7",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "kajitsuka_P1_K14"},
        chain::ball([setup, cache](const Attempt& a) {
          const Projection pr = projection_of(setup->inst, a);
          const Network& net = cache->get(pr);
          return output_row_sums_within_tau(net, a);
        }));

  c.add(
      {.id = "K-16",
       .claim =
           "Proposition 1 assembly: d_p(f, F) <= omega(delta/2) + (tau_p^p + (mu_dup + dn(K-1) eta) S^p)^(1/p) "
           "<= eps, with omega(t) = Lip t, tau_p = dn 1e-20 if K-12 is proved (else dn times the sup bound), S = (dn)^(1/p) (2 (r_max + eps_g/4) + 2 F_inf)",
       .symbols = "omega(delta/2) + (tau_p^p + (mu_dup + dn(K-1)eta) S^p)^(1/p) <= eps",
       .relation = Relation::LessEqual,
       .lhs_name = "bound on d_p(f, F)",
       .rhs_name = "eps",
       .reference = "Proposition 1, §6",
       .status = "R",
       .mode = "CF",
       .coq_lemma = "kajitsuka_K_16"},
      chain::ball([setup, inst, n](const Attempt& a) {
        const Instance& I = setup->inst;
        const Prec pr(a.prec);
        const Projection proj = projection_of(I, a);
        const Constants<Ball> k = constants<Ball>(I, proj, pr);
        const long K = (Rational(1) / I.grid).num().get_si();
        const Rational dn(static_cast<long>(I.d * I.n));
        // mu_dup = 1 - V!/((V-n)! V^n), V = K^d cells per column
        const long V = static_cast<long>(I.vocabulary_size());
        Rational good(1);
        for (long j = 0; j < n; ++j) good *= Rational(V - j) / Rational(V);
        const Rational mu = Rational(1) - good + dn * Rational(K - 1) * setup->eta;
        const long pp = setup->p.num().get_si();
        // S = (dn)^(1/p) (2 (r_max + eps_g/4) + 2 F_inf); bracket^p = dn * (...)^p
        Ball base, t, Sp, bound, root;
        mul(base, k.eps, exact_value<Ball>(Rational(1) / Rational(4), pr), pr);
        add(base, base, k.rmax, pr);
        add(base, base, exact_value<Ball>(setup->F_inf, pr), pr);
        mul(base, base, exact_value<Ball>(Rational(2), pr), pr);
        pow_int(Sp, base, pp, pr);
        mul(Sp, Sp, exact_value<Ball>(dn, pr), pr);
        mul(t, Sp, exact_value<Ball>(mu, pr), pr);
        // Entry error at the good cells: tau = 1e-20 if K-12 is proved; otherwise only the sup bound
        // 2 (r_max + eps_g/4) + 2 F_inf of step 4, which holds for every input. ||.||_p <= dn max entry.
        Ball tau_p;
        if (a.result("K-12").verdict == chain::Verdict::Proved) tau_p = exact_value<Ball>(dn * pow10(-20), pr);
        else mul(tau_p, base, exact_value<Ball>(dn, pr), pr);
        Ball tau_pp;
        pow_int(tau_pp, tau_p, pp, pr);
        add(t, t, tau_pp, pr);
        // t^(1/p) = exp(log(t) / p)
        log(root, t, pr);
        div(root, root, exact_value<Ball>(setup->p, pr), pr);
        exp(root, root, pr);
        add(bound, root, exact_value<Ball>(setup->lipschitz * I.grid / Rational(2), pr), pr);
        Outcome o(Side::enclosure(bound, "omega(delta/2) + (tau_p^p + mu S^p)^(1/p)"), Side::exact(setup->eps, "eps"));
        o.report("mu_dup + dn(K-1) eta", Side::exact(mu)).report("S^p", Side::enclosure(Sp));
        return o;
      }));
  return result;
}

}  // namespace approxcert::theorems::kajitsuka2024
