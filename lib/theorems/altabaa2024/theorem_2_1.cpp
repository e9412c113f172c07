// Theorem 2.1 with Corollary 2.1 (spec §1-2, §7.1, §7.3): a Mercer kernel is eps-close to
// <psi(x), psi(y)> with psi the shallow-ReLU interpolants of the top N = N_K(eps/2) features
// g_i = sqrt(lambda_i) phi_i. Kernels: c min(x, y) on [0,1] (Brownian motion, Lebesgue measure)
// and c cos(x - y) on [0, 2 pi] (measure d theta / 2 pi), and the Gaussian kernel on the circle
// c exp(-z (1 - cos(x - y))) on [0, 2 pi] (measure d theta / 2 pi, spec §7.2).
#include "chain/trust_reasons.hpp"
#include "theorems/altabaa2024/certify.hpp"
#include "theorems/altabaa2024/gaussian_circle.hpp"
#include "theorems/altabaa2024/network_term.hpp"
#include "theorems/altabaa2024/relu_interpolant.hpp"
#include "theorems/altabaa2024/theorems.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

// Domain of the cosine kernel: [0, 710/113], which contains [0, 2 pi] (710/113 > 2 pi).
const Rational kCosineEnd = Rational(710) / Rational(113);

struct KernelDesign {
  std::string kernel;
  Rational eps, c;
  Rational z;  // Gaussian circle kernel only: z = 1 / sigma^2
  std::uint64_t N = 0;
  std::vector<std::string> g;  // features sqrt(lambda_i) phi_i, expressions in x0 (see delta)
  // sup_x |g_i - (expression g[i])| <= delta[i]: 0 when g[i] is exact; for the Gaussian circle the
  // coefficient sqrt(lambda_i) (Bessel) is replaced in g[i] by a dyadic within delta[i].
  std::vector<Rational> delta;
  Rational a, b;  // the domain [a, b]
  Rational C;     // rational upper bound of C = max_i ||g_i||
  Rational e;     // eps_NN
  Interpolant psi;
};

// c (1 - 8/pi^2 sum_{k <= N} 1/(2k-1)^2): the Brownian tail sup_x sum_{k > N} lambda_k phi_k(x)^2,
// attained at x = 1.
template <class S>
S brownian_tail(const Rational& c, std::uint64_t N, Prec p) {
  Rational sum(0);
  for (std::uint64_t k = 1; k <= N; ++k) sum += Rational(1) / pow_int(count_q(2 * k - 1), 2);
  S pi, t, one;
  set_pi(pi, p);
  pow_int(pi, pi, 2, p);
  set(t, Rational(8) * sum, p);
  div(t, t, pi, p);
  set(one, Rational(1), p);
  sub(t, one, t, p);
  S cs;
  set(cs, c, p);
  mul(t, t, cs, p);
  return t;
}

std::string sqrt_c(const Rational& c) { return "sqrt(" + c.to_string() + ")"; }

// Contains c x for every x in the ball (the kernel scale applied to circle eigenvalues and tails).
Ball scaled(Ball x, const Rational& c, Prec p) {
  Ball cs;
  set(cs, c, p);
  mul(x, x, cs, p);
  return x;
}

// The Gaussian circle features in the order 1, cos t, sin t, cos 2t, ... (N = 2M + 1): their exact
// sup-norms s_i (sqrt(c lambda_(0)), then sqrt(2 c lambda_(m)) twice), dyadic coefficients q_i
// within delta_i = upper |s_i - q_i| of s_i, and L = max_m m sqrt(2 c lambda_(m)) (Lipschitz in t).
void gaussian_circle_features(KernelDesign& d, std::uint64_t M, Prec prec, Ball& C, Ball& L) {
  for (std::uint64_t m = 0; m <= M; ++m) {
    Ball s = scaled(circle_eigenvalue(d.z, m, prec), m == 0 ? d.c : Rational(2) * d.c, prec);
    sqrt(s, s, prec);
    const Rational q = dyadic_near(s, 60);
    Ball err, qb;
    set(qb, q, prec);
    sub(err, s, qb, prec);
    abs(err, err, prec);
    const std::string coef = std::string("(") + q.to_string() + ")";
    if (m == 0) {
      d.g.push_back(coef);
      d.delta.push_back(upper(err));
      C = s;
      continue;
    }
    const std::string mt = std::string("(") + count_q(m).to_string() + "*x0)";
    for (const char* f : {"cos", "sin"}) {
      d.g.push_back(coef + "*" + f + mt);
      d.delta.push_back(upper(err));
    }
    max(C, C, s, prec);
    Ball lm;
    set(lm, count_q(m), prec);
    mul(lm, lm, s, prec);
    max(L, L, lm, prec);
  }
}

// sup |f| enclosed for the dyadic surrogate f~ of a feature, widened to sup |f| by |f - f~| <= delta.
chain::Side widened(chain::Side s, const Rational& delta) {
  if (delta.sign() == 0 || !s.value.bounded()) return s;
  Rational lo = s.value.lower() - delta;
  if (lo.sign() < 0) lo = Rational(0);
  return chain::Side::derived(chain::Enclosure::between(lo, s.value.upper() + delta),
                              s.evidence.note + " for the dyadic-coefficient surrogate, widened by its distance " +
                                  "to the Bessel coefficient");
}

KernelDesign design(const chain::Parameters& p) {
  KernelDesign d;
  d.kernel = p.text("kernel");
  d.eps = p.rational("eps");
  d.c = p.rational_or("c", Rational(1));
  if (d.eps.sign() <= 0) p.fail("eps", "must be > 0");
  if (d.c.sign() <= 0) p.fail("c", "must be > 0");
  const Prec prec(256);
  Ball C, L;
  if (d.kernel == "brownian") {
    while (upper(brownian_tail<Ball>(d.c, d.N, prec)) > d.eps / Rational(2)) {
      if (++d.N > 400) p.fail("eps", "needs more than 400 eigenpairs");
    }
    if (d.N == 0)
      p.fail("eps", "the kernel's tail is already below eps/2 with no eigenpair: the empty network suffices (N_K = 0)");
    for (std::uint64_t k = 1; k <= d.N; ++k) {
      const std::string omega = "(" + count_q(2 * k - 1).to_string() + "/2*pi)";
      d.g.push_back(sqrt_c(Rational(2) * d.c) + "*sin(" + omega + "*x0)/" + omega);
    }
    d.a = Rational(0);
    d.b = Rational(1);
    Ball pi;  // C = sqrt(2c) / omega_1 = 2 sqrt(2c) / pi,  L = sqrt(2c)
    set(L, Rational(2) * d.c, prec);
    sqrt(L, L, prec);
    set_pi(pi, prec);
    div(C, L, pi, prec);
    Ball two;
    set(two, Rational(2), prec);
    mul(C, C, two, prec);
  } else if (d.kernel == "cosine") {
    d.N = d.eps / Rational(2) < d.c ? 2 : 0;  // with one feature the tail is c sin^2, sup c
    if (d.N == 0) p.fail("eps", "eps/2 >= c: the empty network already suffices (N_K = 0)");
    d.g = {sqrt_c(d.c) + "*cos(x0)", sqrt_c(d.c) + "*sin(x0)"};
    d.a = Rational(0);
    d.b = kCosineEnd;
    set(C, d.c, prec);
    sqrt(C, C, prec);
    L = C;
  } else if (d.kernel == "gaussian-circle") {
    d.z = p.rational("z");
    if (d.z.sign() <= 0) p.fail("z", "must be > 0");
    if (d.z > Rational(1000)) p.fail("z", "must be <= 1000");
    // With N = 0 the tail is K(t, t) = c; keeping half of a mode pair never lowers the sup, so N = 2M + 1.
    if (d.eps / Rational(2) >= d.c) p.fail("eps", "eps/2 >= c: the empty network already suffices (N_K = 0)");
    std::uint64_t M = 0;
    while (upper(scaled(circle_tail(d.z, M, prec), d.c, prec)) > d.eps / Rational(2)) {
      if (++M > 200) p.fail("eps", "needs more than 200 circle modes");
    }
    d.N = 2 * M + 1;
    gaussian_circle_features(d, M, prec, C, L);
    d.a = Rational(0);
    d.b = kCosineEnd;
  } else {
    p.fail("kernel", "must be \"brownian\", \"cosine\" or \"gaussian-circle\"");
  }
  d.delta.resize(d.g.size(), Rational(0));
  d.C = dyadic_ceil(upper(C), 24) + pow2(-24);  // strictly above C: S3 is then decidable when C is attained
  d.e = eps_nn(d.C, d.eps / Rational(2), d.N);
  const auto J = knot_intervals(L, d.b - d.a, d.e);
  if (!J)
    p.fail("eps", "too small for this kernel: the ReLU interpolants would need more than " +
                      std::to_string(kMaxKnotIntervals) + " knot intervals each");
  d.psi = relu_interpolant(d.g, d.a, d.b, *J);
  return d;
}

std::string index_name(const char* what, std::size_t i) { return std::string(what) + "_" + std::to_string(i + 1); }

// S1 for the Gaussian circle (Ball only: Arb's Bessel I_m): T_1 = c 2 sum_{m>M} lambda_(m), N = 2M + 1.
chain::Outcome gaussian_circle_tail_outcome(const KernelDesign& d, Prec p) {
  const std::uint64_t M = (d.N - 1) / 2;
  chain::Outcome o(chain::Side::enclosure(scaled(circle_tail(d.z, M, p), d.c, p),
                                          "c (1 - lambda_(0) - 2 sum_{1<=m<=M} lambda_(m)), lambda_(m) = e^{-z} I_m(z) "
                                          "(Arb Bessel), constant in theta"),
                   chain::Side::exact(d.eps / Rational(2)));
  if (M > 0)
    o.report("tail at N - 1 = tail at N - 2",
             chain::Side::enclosure(scaled(circle_tail(d.z, M - 1, p), d.c, p),
                                    "dropping sin(M t) leaves 2 c lambda_(M) sin^2(M t), sup 2 c lambda_(M): "
                                    "same sup as dropping the whole pair"));
  for (std::uint64_t m = 0; m <= M + 3; ++m)
    o.report("lambda_(" + std::to_string(m) + ")",
             chain::Side::enclosure(scaled(circle_eigenvalue(d.z, m, p), d.c, p)));
  return o.report("N", chain::Side::exact(count_q(d.N)));
}

}  // namespace

Network construct_kernel_features(const chain::Parameters& p) { return design(p).psi.net; }

chain::Chain build_theorem_2_1(const chain::Parameters& p) {
  const KernelDesign d = design(p);
  const Rational budget = d.C * d.e * Rational(2) + d.e * d.e;  // 2 C eps_NN + eps_NN^2
  const Rational N = count_q(d.N);
  const Box box{{d.a}, {d.b}};
  chain::Chain c;
  c.add({.id = "S1",
         .claim = "the Mercer tail after N = N_K(eps/2) terms is at most eps/2",
         .symbols = "T_1 = sup_x sum_{i>N} lambda_i phi_i(x)^2 <= eps/2",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "T_1",
         .rhs_name = "eps/2",
         .reference = "(2.5)",
         .status = "P/R",
         .mode = "CF",
         .coq_lemma = "altabaa_thm21_S1",
         .coq_proof = "AltabaaKernel.altabaa_thm21_chain",
         .coq_note = "premise: the Mercer tail T1"},
        d.kernel == "gaussian-circle"
            ? chain::ball([d](const chain::Attempt& a) { return gaussian_circle_tail_outcome(d, a.prec); })
            : chain::generic([d]<class S>(const chain::Attempt& a) {
                chain::Outcome o;
                if (d.kernel == "brownian") {
                  o = chain::Outcome(chain::Side::enclosure(brownian_tail<S>(d.c, d.N, a.prec),
                                                            "c (1 - 8/pi^2 sum_{k<=N} 1/(2k-1)^2), attained at x = 1"),
                                     chain::Side::exact(d.eps / Rational(2)));
                  if (d.N > 0)
                    o.report("tail at N - 1", chain::Side::enclosure(brownian_tail<S>(d.c, d.N - 1, a.prec)));
                } else {
                  o = chain::Outcome(chain::Side::exact(Rational(0), "c cos(x - y) has rank 2: K_2 = K"),
                                     chain::Side::exact(d.eps / Rational(2)));
                  o.report("tail at N - 1", chain::Side::exact(d.c, "c sin^2, sup c"));
                }
                return o.report("N", chain::Side::exact(count_q(d.N)));
              }));
  c.add({.id = "S2",
         .claim = "each ReLU component approximates its feature to eps_NN",
         .symbols = "sup_x |psi_i(x) - g_i(x)| <= eps_NN, i <= N",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "sup |psi_i - g_i|",
         .rhs_name = "eps_NN",
         .reference = "(2.6)",
         .status = "P",
         .mode = "NET",
         .coq_lemma = "altabaa_thm21_S2",
         .coq_proof = "AltabaaKernel.lipschitz_interpolation_error",
         .coq_note = "premise |g_i - psi_i| <= eps_NN; d = 1 design bound"},
        chain::ball([d, box](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          std::vector<std::pair<std::string, chain::Side>> each;
          for (std::size_t i = 0; i < d.g.size(); ++i) {
            chain::Side s = widened(
                component_error(d.psi.net, i, d.g[i], box, a, {Rational(1) / Rational(100), 20000, d.e / Rational(20)}),
                d.delta[i]);
            each.emplace_back(index_name("E", i), s);
            fa.add(chain::Point{}.add("i", count_q(i + 1)), s, chain::Side::exact(d.e));
          }
          chain::Outcome o = fa.outcome();
          for (auto& [name, s] : each) o.report(name, s);
          return o.report("eps_NN", chain::Side::exact(d.e, "sqrt(C^2 + eps/(2N)) - C rounded down to 2^-30"))
              .report("J (knot intervals)", chain::Side::exact(count_q(d.psi.J)));
        }));
  c.add({.id = "S3",
         .claim = "every feature is bounded by C",
         .symbols = "|g_i(x)| <= C = max_i ||sqrt(lambda_i) phi_i||_inf, i <= N",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "sup |g_i|",
         .rhs_name = "C",
         .reference = "text after (2.7)",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "altabaa_thm21_S3",
         .coq_proof = "AltabaaKernel.altabaa_thm21_eps",
         .coq_note = "premise |g_i| <= C"},
        chain::ball([d, box](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < d.g.size(); ++i)
            fa.add(chain::Point{}.add("i", count_q(i + 1)),
                   widened(expression_sup(d.g[i], box, a, {Rational(1) / Rational(1000000000), 20000, pow2(-27)}),
                           d.delta[i]),
                   chain::Side::exact(d.C, "closed form rounded up to 2^-24, plus 2^-24"));
          return fa.outcome();
        }));
  c.add({.id = "W4",
         .claim = "weak point W4: the features are bounded by C_K = max_i ||phi_i||_inf (no sqrt(lambda_1) factor)",
         .symbols = "|g_i(x)| <= C_K = sqrt(2)",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "sup |g_i|",
         .rhs_name = "C_K",
         .reference = "spec §8 W4",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "altabaa_thm21_W4",
         .coq_note = "weak point W4 of the spec: a C++ check, no Coq lemma"},
        chain::ball([d, box](const chain::Attempt& a) {
          Ball ck;
          set(ck, Rational(2), a.prec);
          sqrt(ck, ck, a.prec);
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < d.g.size(); ++i)
            fa.add(chain::Point{}.add("i", count_q(i + 1)),
                   widened(expression_sup(d.g[i], box, a, {Rational(1) / Rational(1000000), 20000}), d.delta[i]),
                   chain::Side::enclosure(ck, "||sqrt(2) sin||_inf = ||sqrt(2) cos||_inf = sqrt(2)"));
          return fa.outcome();
        }));
  c.add(
      {.id = "S4",
       .claim = "every ReLU component is bounded by C + eps_NN",
       .symbols = "|psi_i(x)| <= C + eps_NN",
       .relation = chain::Relation::LessEqual,
       .lhs_name = "sup |psi_i|",
       .rhs_name = "C + eps_NN",
       .reference = "from S2, S3",
       .status = "R",
       .mode = "NET",
       .coq_lemma = "altabaa_thm21_S4",
       .coq_proof = "AltabaaKernel.altabaa_s4_network_bound"},
      chain::ball([d, box](const chain::Attempt& a) {
        chain::ForAll fa = a.for_all();
        std::vector<std::pair<std::string, chain::Side>> each;
        for (std::size_t i = 0; i < d.g.size(); ++i) {
          chain::Side s = output_sup(d.psi.net, i, box, a, {Rational(1) / Rational(100000), 20000, d.e / Rational(20)});
          each.emplace_back(index_name("P", i), s);
          fa.add(chain::Point{}.add("i", count_q(i + 1)), s, chain::Side::exact(d.C + d.e));
        }
        chain::Outcome o = fa.outcome();
        for (auto& [name, s] : each) o.report(name, s);
        return o;
      }));
  c.add({.id = "S5",
         .claim = "each product term is within 2 C eps_NN + eps_NN^2",
         .symbols =
             "|g_i(x) g_i(y) - psi_i(x) psi_i(y)| <= C |g_i - psi_i| + |psi_i| |g_i - psi_i| <= 2 C eps_NN + eps_NN^2",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "C E_i + P_i E_i",
         .rhs_name = "2 C eps_NN + eps_NN^2",
         .reference = "chain after (2.7)",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm21_S5",
         .coq_proof = "Splits.product_error_bound"},
        chain::ball([d, budget](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          Rational total(0);
          for (std::size_t i = 0; i < d.g.size(); ++i) {
            const chain::Enclosure& E = a.reported("S2", index_name("E", i)).value;
            const chain::Enclosure& P = a.reported("S4", index_name("P", i)).value;
            if (!E.bounded() || !P.bounded()) {
              fa.add(chain::Point{}.add("i", count_q(i + 1)), chain::Side::derived(chain::Enclosure::whole_line()),
                     chain::Side::exact(budget));
              continue;
            }
            const Rational bound = (d.C + P.upper()) * E.upper();
            total += bound;
            fa.add(chain::Point{}.add("i", count_q(i + 1)),
                   chain::Side::derived(chain::Enclosure::between(Rational(0), bound),
                                        "[0, C E_i + P_i E_i] with E_i, P_i the upper bounds of S2, S4"),
                   chain::Side::exact(budget));
          }
          return fa.outcome().report(
              "sum_i (C E_i + P_i E_i): certified bound on T_2",
              chain::Side::derived(chain::Enclosure::between(Rational(0), total), "T_2 lies in [0, this]"));
        }));
  c.add({.id = "S6",
         .claim = "the network term closes within eps/2",
         .symbols = "|K_N - <psi, psi>| <= N (2 C eps_NN + eps_NN^2) <= eps/2",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "N (2 C eps_NN + eps_NN^2)",
         .rhs_name = "eps/2",
         .reference = "chain after (2.7)",
         .status = "R",
         .mode = "NET+CF",
         .coq_lemma = "altabaa_thm21_S6",
         .coq_proof = "Splits.inner_product_error_bound"},
        chain::exact([d, budget, N] {
          return chain::Outcome(chain::Side::exact(N * budget), chain::Side::exact(d.eps / Rational(2)));
        }));
  c.add({.id = "S7",
         .claim = "the kernel is eps-close to the inner product of the ReLU features",
         .symbols = "|K - <psi, psi>| <= |K - K_N| + |K_N - <psi, psi>| <= T_1 + N (2 C eps_NN + eps_NN^2) <= eps",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "T_1 + N (2 C eps_NN + eps_NN^2)",
         .rhs_name = "eps",
         .reference = "(2.7)",
         .status = "P",
         .mode = "NET",
         .coq_lemma = "altabaa_thm21_S7",
         .coq_proof = "AltabaaKernel.altabaa_thm21_eps"},
        chain::ball([d, budget, N](const chain::Attempt& a) {
          const chain::Enclosure& t1 = a.result("S1").outcome.lhs.value;
          const chain::Enclosure& t2 = a.reported("S5", "sum_i (C E_i + P_i E_i): certified bound on T_2").value;
          const chain::Side eps = chain::Side::exact(d.eps);
          if (!t1.bounded()) return chain::Outcome(chain::Side::derived(chain::Enclosure::whole_line()), eps);
          // sup |K - <psi, psi>| lies in [0, upper(T_1) + N (2 C eps_NN + eps_NN^2)].
          chain::Outcome o(chain::Side::derived(chain::Enclosure::between(Rational(0), t1.upper() + N * budget),
                                                "[0, upper(T_1) + N (2 C eps_NN + eps_NN^2)]"),
                           eps);
          if (t2.bounded())
            o.report("T_1 + certified T_2 bound",
                     chain::Side::derived(chain::Enclosure::between(Rational(0), t1.upper() + t2.upper())));
          return o;
        }));
  c.add({.id = "S8",
         .claim = "neuron count: the construction uses at most N S_F(eps_NN) hidden units",
         .symbols = "#neurons(psi) <= N * S_F(eps_NN), S_F(eps_NN) <= J + [c != 0] (explicit 1-D interpolant)",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "#neurons (shared hidden layer)",
         .rhs_name = "N (J + [c != 0])",
         .reference = "statement",
         .status = "P/R",
         .mode = "count",
         .coq_lemma = "altabaa_thm21_S8",
         .coq_note = "neuron count: integer count in C++, not in Coq"},
        chain::exact([d, N] {
          const Rational shared = count_q(d.psi.hidden());
          return chain::Outcome(chain::Side::exact(shared, "hidden units of the built network"),
                                chain::Side::exact(N * shared))
              .report("neurons, paper style (separate subnetworks)", chain::Side::exact(N * shared))
              .report("neurons, shared hidden layer", chain::Side::exact(shared));
        }));
  // The direct T_2 costs 3-60 s (network_term.hpp): only on request (parameter direct_t2).
  if (p.flag_or("direct_t2", false))
    c.add(
        {.id = "T2",
         .claim = "the network term measured directly: one 2-D sup-norm of K_N - <psi, psi> over the domain, "
                  "within the bound N (2 C eps_NN + eps_NN^2) that S6 closes",
         .symbols = "T_2 = sup_{x,y} |K_N(x,y) - <psi(x), psi(y)>| <= N (2 C eps_NN + eps_NN^2)",
         .relation = chain::Relation::LessEqual,
         .lhs_name = "T_2",
         .rhs_name = "N (2 C eps_NN + eps_NN^2)",
         .reference = "spec §1.4 (T_2, slack ratio)",
         .status = "R",
         .mode = "NET",
         .coq_lemma = "altabaa_thm21_T2",
         .coq_note = "reported quantity (a direct 2-D sup-norm): the Coq conclusion uses S1-S3 and S6, not this step"},
        chain::ball([d, budget, N](const chain::Attempt& a) {
          const Box square{{d.a, d.a}, {d.b, d.b}};
          // Surrogate features (Gaussian circle): |g_i g_i - g~_i g~_i| <= delta_i (2 C + delta_i).
          Rational surrogate(0);
          for (const Rational& di : d.delta) surrogate += di * (Rational(2) * d.C + di);
          const chain::Side t2 = widened(
              truncated_kernel_error(d.psi.net, d.psi.net, d.g, d.g, square, a, network_term_budget(N * budget)),
              surrogate);
          const Rational bound = N * budget;
          chain::Outcome o(t2, chain::Side::exact(bound, "N (2 C eps_NN + eps_NN^2), S6's left side"));
          o.report("slack ratio N (2 C eps_NN + eps_NN^2) / T_2", slack_ratio(bound, t2.value, "S6's bound over T_2"));
          const chain::Enclosure& s5 = a.reported("S5", "sum_i (C E_i + P_i E_i): certified bound on T_2").value;
          if (s5.bounded())
            o.report("S5 bound / T_2", slack_ratio(s5.upper(), t2.value, "the per-component bound of S5 over T_2"));
          return o.report("T_1 + T_2", sum_of(a.result("S1").outcome.lhs.value, t2.value,
                                              "the kernel error bound with T_2 measured directly"));
        }));
  // The closed forms verify re-computes from the certificate: the eps budget, and the per-term
  // bounds from eps_NN (S2's rhs), C (S3's rhs) and N (reported by S1).
  c.recheck("S1", "rhs", "x0/2", {"parameter:eps"});
  c.recheck("S4", "rhs", "x0 + x1", {"step:S3:rhs", "step:S2:rhs"});
  c.recheck("S5", "rhs", "2*x0*x1 + x1*x1", {"step:S3:rhs", "step:S2:rhs"});
  c.recheck("S6", "lhs", "x0*x1", {"step:S1:reported:N", "step:S5:rhs"});
  c.recheck("S6", "rhs", "x0/2", {"parameter:eps"});
  c.recheck("S7", "rhs", "x0", {"parameter:eps"});
  c.recheck("S7", "lhs", "x0 + x1", {"step:S1:lhs", "step:S6:lhs"});
  if (p.flag_or("direct_t2", false)) {
    c.recheck("T2", "rhs", "x0", {"step:S6:lhs"});
    c.trust("T2", chain::kSupNormTrusted, "");  // the 2-D sup-norm: its witness is recorded, not its cover
  }
  mark_trusted(c, {{"S1", chain::kNumericalMethod, ""},
                   {"S2", chain::kNumericalMethod, chain::kConstructionData},
                   {"S3", chain::kNumericalMethod, chain::kConstructionData},
                   {"W4", chain::kNumericalMethod, chain::kNumericalMethod},
                   {"S5", chain::kOtherPoints, ""},  // E_i, P_i of S2, S4 at the decisive i
                   {"S8", chain::kNetworkCount, chain::kNetworkCount}});
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
