// Altabaa & Lafferty 2024, the steps added for spec §1.4 / §5.3 (T2: the direct 2-D T_2), §8 W11 /
// W17 (sigmoid bands) and §6.3 A5' (the tighter softmax check), against independent references:
// MPFR at 300 bits through its own sin/exp with the networks evaluated in exact rationals,
// closed forms worked out by hand, and exact rationals.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <memory>
#include <string>
#include <vector>

#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/ball.hpp"
#include "theorems/altabaa2024/attention.hpp"
#include "theorems/altabaa2024/network_term.hpp"
#include "theorems/altabaa2024/register.hpp"
#include "theorems/altabaa2024/voronoi.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

struct Mpfr {
  mpfr_t v;
  Mpfr() { mpfr_init2(v, 300); }
  ~Mpfr() { mpfr_clear(v); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
};

Rational to_rational(const mpfr_t v) {
  mpq_class out;
  mpfr_get_q(out.get_mpq_t(), v);
  return Rational(out);
}

// Every reference below is a few hundred MPFR operations at 300 bits on numbers of size < 10:
// its error is far below this allowance, which is itself far below every compared margin.
const Rational kMpfrError = pow2(-200);

chain::CheckRun run_file(const std::string& name,
                         const std::vector<std::pair<std::string, std::string>>& changes = {}) {
  chain::TheoremRegistry r;
  register_theorems(r);
  chain::CheckFile f = chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/altabaa2024/" + name);
  for (const auto& [k, v] : changes) f.parameters[k] = v;
  return chain::run_check(r, f);
}

const chain::StepResult& step(const chain::CheckRun& run, const std::string& id) {
  for (const auto& s : run.run.result.steps)
    if (s.spec.id == id) return s;
  FAIL("no step " << id);
  throw;
}

const chain::Side& reported(const chain::StepResult& s, const std::string& name) {
  for (const auto& [n, v] : s.outcome.reported)
    if (n == name) return v;
  FAIL("no reported quantity " << name);
  throw;
}

}  // namespace

TEST_CASE("altabaa2024 T2: the error program is K_N - <left, right>, exactly (closed form)") {
  // left(x) = (relu(x), 2 relu(x)), right(y) = (relu(y), relu(-y)); f = (x, 3x), h = (y, y^2):
  // K_N - <left, right> = xy + 3xy^2 - (relu(x) relu(y) + 2 relu(x) relu(-y)).
  DenseLayer in{{{q(1)}}, {q(0)}}, out_l{{{q(1)}, {q(2)}}, {q(0), q(0)}};
  DenseLayer in_r{{{q(1)}, {q(-1)}}, {q(0), q(0)}}, out_r{{{q(1), q(0)}, {q(0), q(1)}}, {q(0), q(0)}};
  const Network left{{1, std::nullopt}, {Layer{in}, Layer{ReluLayer{}}, Layer{out_l}}};
  const Network right{{1, std::nullopt}, {Layer{in_r}, Layer{ReluLayer{}}, Layer{out_r}}};
  const Program prog = truncated_kernel_error_program(left, right, {"x0", "3*x0"}, {"x0", "x0^2"});
  for (long a = -3; a <= 3; ++a)
    for (long b = -3; b <= 3; ++b) {
      const Rational x = q(a, 2), y = q(b, 3);
      const Rational rx = max(x, q(0)), ry = max(y, q(0)), rmy = max(-y, q(0));
      const Rational expected = x * y + Rational(3) * x * y * y - (rx * ry + Rational(2) * rx * rmy);
      CHECK(evaluate<Rational>(prog, std::vector<Rational>{x, y}, Prec(64))[0] == expected);
    }
  CHECK_THROWS_AS(truncated_kernel_error_program(left, right, {"x0"}, {"x0", "x0"}), std::logic_error);
}

TEST_CASE("altabaa2024 T2: a 2-D sup-norm side against a closed form") {
  // left = right = relu on [0, 1]: K_N = 2 x y against <relu(x), relu(y)> = x y: T_2 = 1 at (1, 1).
  DenseLayer id{{{q(1)}}, {q(0)}};
  const Network psi{{1, std::nullopt}, {Layer{id}, Layer{ReluLayer{}}}};
  const chain::Attempt a{Prec(128), Arithmetic::Ball, 0, chain::Relation::LessEqual, nullptr};
  const chain::Side s = truncated_kernel_error(psi, psi, {"2*x0"}, {"x0"}, Box{{q(0), q(0)}, {q(1), q(1)}}, a,
                                               {q(1, 1000), 20000, pow10(-30)});
  REQUIRE(s.value.bounded());
  CHECK(s.value.lower() <= q(1));
  CHECK(q(1) <= s.value.upper());
  CHECK(s.value.upper() <= q(1001, 1000));
  CHECK(s.evidence.kind == "supnorm");
}

TEST_CASE("altabaa2024 slack_ratio and sum_of: exact closed forms") {
  const chain::Side r = slack_ratio(q(1, 20), chain::Enclosure::between(q(1, 10000), q(1, 100)), "");
  CHECK(r.value.lower() == q(5));
  CHECK(r.value.upper() == q(500));
  CHECK_FALSE(slack_ratio(q(1), chain::Enclosure::between(q(0), q(1)), "").value.bounded());
  const chain::Side t = sum_of(chain::Enclosure::exact(q(1, 3)), chain::Enclosure::between(q(1, 6), q(1, 2)), "");
  CHECK(t.value.lower() == q(1, 2));
  CHECK(t.value.upper() == q(5, 6));
}

TEST_CASE("altabaa2024 T2 on thm21-brownian-eps0.1: the certified enclosure against an MPFR grid (spec 7.1)") {
  const chain::CheckRun run = run_file("thm21-brownian-eps0.1.json");
  const chain::StepResult& t2 = step(run, "T2");
  REQUIRE(t2.verdict == chain::Verdict::Proved);
  const chain::Enclosure& T = t2.outcome.lhs.value;
  REQUIRE(T.bounded());
  REQUIRE(t2.outcome.lhs.evidence.supnorm);
  // The features psi (built again by name) evaluated exactly; K_N = sum_k 2 sin(w_k x) sin(w_k y) / w_k^2,
  // w_k = (k - 1/2) pi, by MPFR.
  ConstructionRegistry reg;
  register_constructions(reg);
  const Program psi = lower(
      build_construction(reg, "altabaa2024/shallow-relu-interpolant", {"kernel=brownian", "eps=0.1"}, "parameters"));
  const long G = 600, N = 5;  // the spec's 601 x 601 grid
  // g_k(x) = sqrt(2) sin(w_k x) / w_k by MPFR (K_N(x, y) = sum_k g_k(x) g_k(y)), psi(x) exactly.
  struct Column {
    std::vector<Rational> psi;
    std::vector<std::unique_ptr<Mpfr>> g;
  };
  auto column = [&](const Rational& x) {
    Column c;
    c.psi = evaluate<Rational>(psi, std::vector<Rational>{x}, Prec(64));
    Mpfr pi, w, r2;
    mpfr_const_pi(pi.v, MPFR_RNDN);
    mpfr_sqrt_ui(r2.v, 2, MPFR_RNDN);
    for (long k = 1; k <= N; ++k) {
      auto g = std::make_unique<Mpfr>();
      mpfr_mul_ui(w.v, pi.v, static_cast<unsigned long>(2 * k - 1), MPFR_RNDN);
      mpfr_div_ui(w.v, w.v, 2, MPFR_RNDN);
      mpfr_set_q(g->v, x.get_mpq_t(), MPFR_RNDN);
      mpfr_mul(g->v, g->v, w.v, MPFR_RNDN);
      mpfr_sin(g->v, g->v, MPFR_RNDN);
      mpfr_mul(g->v, g->v, r2.v, MPFR_RNDN);
      mpfr_div(g->v, g->v, w.v, MPFR_RNDN);
      c.g.push_back(std::move(g));
    }
    return c;
  };
  // |K_N(x, y) - <psi(x), psi(y)>| (the inner product of exact values is exact)
  auto error_at = [&](const Column& x, const Column& y) {
    Mpfr acc, t;
    mpfr_set_ui(acc.v, 0, MPFR_RNDN);
    Rational inner(0);
    for (long k = 0; k < N; ++k) {
      mpfr_mul(t.v, x.g[k]->v, y.g[k]->v, MPFR_RNDN);
      mpfr_add(acc.v, acc.v, t.v, MPFR_RNDN);
      inner += x.psi[k] * y.psi[k];
    }
    mpfr_sub_q(acc.v, acc.v, inner.get_mpq_t(), MPFR_RNDN);
    mpfr_abs(acc.v, acc.v, MPFR_RNDN);
    return to_rational(acc.v);
  };
  std::vector<Column> cols;
  for (long a = 0; a <= G; ++a) cols.push_back(column(q(a, G)));
  Rational grid_max(0);
  for (long a = 0; a <= G; ++a)
    for (long b = 0; b <= G; ++b) grid_max = max(grid_max, error_at(cols[a], cols[b]));
  CAPTURE(grid_max.to_string());
  CHECK(grid_max <= T.upper());        // every grid value is below the certified upper end
  CHECK(grid_max >= q(150, 1000000));  // and reproduces the spec's [C] T_2 = 1.51e-4
  // The witness: the MPFR value there is at least the certified lower end.
  const chain::Point& w = t2.outcome.lhs.evidence.supnorm->witness;
  REQUIRE(w.coordinates.size() == 2);
  const Rational wx = w.coordinates[0].second, wy = w.coordinates[1].second;
  const Rational ew = error_at(column(wx), column(wy));
  CHECK(T.lower() <= ew + kMpfrError);
  // Two certified bounds of the same T_2 are consistent: the S5 per-component bound is above lower(T_2).
  const chain::Enclosure& s5 = reported(step(run, "S5"), "sum_i (C E_i + P_i E_i): certified bound on T_2").value;
  CHECK(T.lower() <= s5.upper());
  // The slack ratio's lower end is the bound over the certified upper end of T_2.
  const chain::Enclosure& ratio = reported(t2, "slack ratio N (2 C eps_NN + eps_NN^2) / T_2").value;
  CHECK(ratio.lower() == t2.outcome.rhs.value.lower() / T.upper());
}

TEST_CASE(
    "altabaa2024 W11 / W17 on thm51-two-keys-sigmoid: hand-computed band measures (keys 0, 1, m = 32, k = 4096)") {
  // Cell boundaries i/32 (i = 1..31), band half-width 32/k = 1/128: measure 31/64. E_eta = (0, 1/4)
  // u (3/4, 1): 7 whole bands and half a band on each side, 2 (7/64 + 1/128) = 15/64, leaving 17/64.
  // Keys: the nearest boundary unit to y = 0 has |z| = (1/32)(1/32) = 1/1024 >= 1/4096.
  const chain::CheckRun run = run_file("thm51-two-keys-sigmoid.json");
  CHECK(run.mismatches.empty());
  const chain::StepResult& w11 = step(run, "W11");
  CHECK(w11.verdict == chain::Verdict::Proved);
  CHECK(w11.outcome.lhs.value.lower() == q(17, 64));
  CHECK(w11.outcome.lhs.value.upper() == q(17, 64));
  CHECK(w11.outcome.rhs.value.lower() == q(1, 4));
  CHECK(reported(w11, "band measure Leb(B_k)").value.lower() == q(31, 64));
  CHECK(reported(w11, "added failure probability Leb(B_k and E_eta)").value.lower() == q(15, 64));
  const chain::StepResult& w17 = step(run, "W17");
  CHECK(w17.verdict == chain::Verdict::Proved);
  CHECK(w17.outcome.lhs.value.lower() == q(1, 1024));
  CHECK(w17.outcome.rhs.value.lower() == q(1, 4096));
  // delta = 1/2 is used up by the margin event alone (P(E_eta) = 1/2): the band refutes W11.
  // k = 1024 puts the keys exactly on the edge of the open band (|z| = 1/k: not inside), k = 1000 inside.
  CHECK(step(run_file("thm51-two-keys-sigmoid.json", {{"delta", "1/2"}}), "W11").verdict == chain::Verdict::Refuted);
  CHECK(step(run_file("thm51-two-keys-sigmoid.json", {{"sigmoid_slope", "1024"}}), "W17").verdict ==
        chain::Verdict::Proved);
  CHECK(step(run_file("thm51-two-keys-sigmoid.json", {{"sigmoid_slope", "1000"}}), "W17").verdict ==
        chain::Verdict::Refuted);
}

TEST_CASE("altabaa2024 A5' on thm51-retrieval-two-keys: alpha_i* against MPFR's closed form") {
  // Keys 0, 1 fall in the cells of s_1 = 1/64 and s_32 = 63/64; at the decisive query the selected
  // weight is 1/(1 + exp(beta (s_j - s_i*))) with the exact scores -(s_q(x) - s_key)^2.
  const chain::CheckRun run = run_file("thm51-retrieval-two-keys.json");
  CHECK(run.mismatches.empty());
  const chain::StepResult& a5p = step(run, "A5'");
  REQUIRE(a5p.verdict == chain::Verdict::Proved);
  const Rational beta = reported(step(run, "A4"), "beta").value.lower();
  const Rational gamma = reported(step(run, "A4"), "eta - 2 eps_1").value.lower();
  const Rational x = a5p.outcome.at.coordinates.at(0).second;
  // the cell of x (smallest index on ties): sites (2i - 1)/64
  long cell = 0;
  for (long i = 1; i < 32; ++i)
    if (abs(x - q(2 * i + 1, 64)) < abs(x - q(2 * cell + 1, 64))) cell = i;
  const Rational sq = q(2 * cell + 1, 64);
  const Rational s0 = -(sq - q(1, 64)) * (sq - q(1, 64)), s1 = -(sq - q(63, 64)) * (sq - q(63, 64));
  const bool first = s0 > s1;
  const Rational gap = first ? s1 - s0 : s0 - s1;  // s_j - s_i* < 0
  Mpfr e, r;
  const Rational bg = beta * gap;
  mpfr_set_q(e.v, bg.get_mpq_t(), MPFR_RNDN);
  mpfr_exp(e.v, e.v, MPFR_RNDN);
  mpfr_add_ui(e.v, e.v, 1, MPFR_RNDN);
  mpfr_ui_div(e.v, 1, e.v, MPFR_RNDN);
  const Rational alpha = to_rational(e.v);
  CHECK(a5p.outcome.lhs.value.lower() <= alpha + kMpfrError);
  CHECK(alpha - kMpfrError <= a5p.outcome.lhs.value.upper());
  const Rational bgm = -(beta * gamma);
  mpfr_set_q(r.v, bgm.get_mpq_t(), MPFR_RNDN);
  mpfr_exp(r.v, r.v, MPFR_RNDN);
  mpfr_add_ui(r.v, r.v, 1, MPFR_RNDN);
  mpfr_ui_div(r.v, 1, r.v, MPFR_RNDN);
  const Rational bound = to_rational(r.v);
  CHECK(a5p.outcome.rhs.value.lower() <= bound + kMpfrError);
  CHECK(bound - kMpfrError <= a5p.outcome.rhs.value.upper());
  CHECK(bound < alpha);
}

TEST_CASE("altabaa2024 W18 on thm51-two-keys-value-map: phi_v(y) = 4y - 1 against MPFR closed forms") {
  // gamma = eta - 2 eps_1 = 1/4, n = 2, eps = 1/100. beta (A7) = 4 ln(400) rounded up to 2^-6, the paper's
  // beta_Y = 4 ln(100) likewise; W18's lhs is 4 exp(-beta_Y / 4) (about 4 eps). A6 at its decisive
  // query: the selected value phi_v(y_i*) against the softmax average, |Attn - Select| = 4 alpha_j.
  const chain::CheckRun run = run_file("thm51-two-keys-value-map.json");
  CHECK(run.mismatches.empty());
  const chain::StepResult& w18 = step(run, "W18");
  CHECK(w18.verdict == chain::Verdict::Refuted);
  const Rational beta = reported(step(run, "A7"), "beta").value.lower();
  const Rational beta_y = reported(w18, "beta with D_Y = diam Y").value.lower();
  CHECK(reported(step(run, "A7"), "D_Y").value.lower() == q(4));
  auto mpfr_value = [](auto&& f) {
    Mpfr r;
    f(r.v);
    return to_rational(r.v);
  };
  const Rational ln400 = mpfr_value([](mpfr_t r) {
    mpfr_set_ui(r, 400, MPFR_RNDN);
    mpfr_log(r, r, MPFR_RNDN);
  });
  const Rational ln100 = mpfr_value([](mpfr_t r) {
    mpfr_set_ui(r, 100, MPFR_RNDN);
    mpfr_log(r, r, MPFR_RNDN);
  });
  CHECK(Rational(4) * ln400 <= beta + kMpfrError);
  CHECK(beta - pow2(-6) < Rational(4) * ln400);
  CHECK(Rational(4) * ln100 <= beta_y + kMpfrError);
  CHECK(beta_y - pow2(-6) < Rational(4) * ln100);
  const Rational w18_ref = mpfr_value([&](mpfr_t r) {
    const Rational e = -beta_y / Rational(4);
    mpfr_set_q(r, e.get_mpq_t(), MPFR_RNDN);
    mpfr_exp(r, r, MPFR_RNDN);
    mpfr_mul_ui(r, r, 4, MPFR_RNDN);
  });
  CHECK(w18.outcome.lhs.value.lower() <= w18_ref + kMpfrError);
  CHECK(w18_ref - kMpfrError <= w18.outcome.lhs.value.upper());
  CHECK(w18_ref > q(1, 100));
  const chain::StepResult& a6 = step(run, "A6");
  REQUIRE(a6.verdict == chain::Verdict::Proved);
  const Rational x = a6.outcome.at.coordinates.at(0).second;
  long cell = 0;  // sites (2i + 1)/64, smallest index on ties
  for (long i = 1; i < 32; ++i)
    if (abs(x - q(2 * i + 1, 64)) < abs(x - q(2 * cell + 1, 64))) cell = i;
  const Rational sq = q(2 * cell + 1, 64);
  const Rational s0 = -(sq - q(1, 64)) * (sq - q(1, 64)), s1 = -(sq - q(63, 64)) * (sq - q(63, 64));
  const Rational gap = s0 > s1 ? s1 - s0 : s0 - s1;  // s_j - s_i* < 0
  const Rational err =
      mpfr_value([&](mpfr_t r) {  // |Attn - phi_v(y_i*)| = alpha_j |phi_v(y_j) - phi_v(y_i*)| = 4 alpha_j
        const Rational e = beta * gap;
        mpfr_set_q(r, e.get_mpq_t(), MPFR_RNDN);
        mpfr_exp(r, r, MPFR_RNDN);  // e^{beta (s_j - s_i*)}
        mpfr_ui_div(r, 1, r, MPFR_RNDN);
        mpfr_add_ui(r, r, 1, MPFR_RNDN);
        mpfr_ui_div(r, 4, r, MPFR_RNDN);  // 4 / (1 + e^{beta (s_i* - s_j)})
      });
  CHECK(a6.outcome.lhs.value.lower() <= err + kMpfrError);
  CHECK(err - kMpfrError <= a6.outcome.lhs.value.upper());
}

TEST_CASE("altabaa2024 W13 two quantisers and W18 value map: the attention network against a closed form") {
  // phi_q on X = [0, 1] with sites (1/4, 3/4); phi_k on Y = [0, 2] with sites (1/4, 3/4, 5/4, 7/4);
  // keys (0, 2) fall in the key cells of 1/4 and 7/4; x = 1/10 in the query cell of 1/4. Scores
  // -(1/4 - 1/4)^2 = 0 and -(1/4 - 7/4)^2 = -9/4, beta = 4/9, values phi_v(y) = 2y - 1 = (-1, 3):
  // Attn = (-1 + 3/e) / (1 + 1/e) = (3 - e) / (1 + e).
  const Network net =
      retrieval_attention_network(grid_sites(2), grid_sites(4, q(2)), 2, q(4, 9), ValueMap{q(2), q(-1)});
  const Prec p(128);
  std::vector<Ball> in(4);
  for (std::size_t k = 0; k < 4; ++k) set(in[k], std::vector<Rational>{q(1, 10), q(0), q(1, 10), q(2)}[k], p);
  const Ball attn = evaluate<Ball>(lower(net), in, p).at(kAttentionOutput);
  Mpfr e, num, den;
  mpfr_set_ui(e.v, 1, MPFR_RNDN);
  mpfr_exp(e.v, e.v, MPFR_RNDN);
  mpfr_ui_sub(num.v, 3, e.v, MPFR_RNDN);
  mpfr_add_ui(den.v, e.v, 1, MPFR_RNDN);
  mpfr_div(num.v, num.v, den.v, MPFR_RNDN);
  const Rational ref = to_rational(num.v);
  CHECK(lower(attn) <= ref + kMpfrError);
  CHECK(ref - kMpfrError <= upper(attn));
  CHECK(upper(attn) - lower(attn) < pow2(-100));
}

TEST_CASE("altabaa2024 W13 on thm51-two-domains: exact cell-pair suprema worked out by hand") {
  // A1: query cell [0, 1/64] (site 1/128) against key cell [2 - 1/64, 2] (site 2 - 1/128):
  // R = -(127/64)^2, sup |u - R| = 4 - (127/64)^2 = 255/4096 < eps_1 = 1/8. W13, one shared quantiser
  // on X: its last cell [1 - 1/64, 1] grows to [1 - 1/64, 2] with site 127/128: 4 - (63/64)^2 = 12415/4096.
  // A8: keys 1/4, 3/2 cross at 7/8, G = |35/16 - 5x/2| > 1/2 for x < 27/40 only: P(E_eta) = 27/40.
  const chain::CheckRun run = run_file("thm51-two-domains.json");
  CHECK(run.mismatches.empty());
  CHECK(step(run, "A1").outcome.lhs.value.lower() == q(255, 4096));
  CHECK(step(run, "A1").outcome.lhs.value.upper() == q(255, 4096));
  CHECK(step(run, "W13").verdict == chain::Verdict::Refuted);
  CHECK(step(run, "W13").outcome.lhs.value.lower() == q(12415, 4096));
  CHECK(step(run, "A8").outcome.lhs.value.lower() == q(27, 40));
  CHECK(reported(step(run, "A7"), "D_Y").value.lower() == q(2));
}

}  // namespace approxcert::theorems::altabaa2024
