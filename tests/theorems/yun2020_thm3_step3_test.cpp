// Yun et al. 2020, Theorem 3 Step 3 (positional encoding, spec 2.5 + 2.6): the ReLU range layer on
// [0, n), the flat pieces of the positional entry quantizer, the stage split of the positional
// softmax network, the reconstructed size formulas, and the instances end to end. References: the
// residual t + phi_out(t) written by hand (-J outside [0, n), t inside), the quantizer's grid values
// k delta, and layer counts worked out by hand from spec 2.6 below (not from the size code).
#include <doctest/doctest.h>

#include <string>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/ball.hpp"
#include "theorems/yun2020/assembly.hpp"
#include "theorems/yun2020/phi_layer.hpp"
#include "theorems/yun2020/stages.hpp"
#include "yun2020_runs.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;
using namespace approxcert::theorems::yun2020::testing;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

Config positional_ya() {  // Y-A sizes: d = 1, n = 2, delta = 1/4, J = 98
  Config c;
  c.shape = Shape{1, 2, 4, true};
  c.J = j_restatement(c.shape);
  c.K = global_scale_default(c.shape);
  return c;
}

Rational run_layers(const std::vector<Program>& layers, Rational t) {
  for (const Program& p : layers) {
    Evaluator<Rational> ev(p, Prec(64));
    ev.run(std::vector<Rational>{t});
    t = ev.value(p.outputs()[0]);
  }
  return t;
}

}  // namespace

TEST_CASE(
    "yun2020 Theorem 3 Step 3: the ReLU range layer with range n is phi_out outside its ramps (-eta, 0), (n - eta, n)") {
  const Rational J(98), eta = q(1, 64), n(2);
  const Activation relu = range_activation_relu(J, eta, n);
  for (long i = -400; i <= 600; ++i) {
    const Rational t = q(i, 128);
    const bool ramp = (-eta < t && t < Rational(0)) || (n - eta < t && t < n);
    if (ramp) continue;
    // by hand: the residual t + phi_out(t) is -J out of range and t on [0, n)
    const Rational want = (t < Rational(0) || t >= n) ? -J : t;
    CHECK_MESSAGE(t + relu(t) == want, "t = ", t.to_string());
  }
  CHECK(-eta / Rational(2) + relu(-eta / Rational(2)) != -J);  // inside the ramps it differs
  CHECK(n - eta / Rational(2) + relu(n - eta / Rational(2)) != n - eta / Rational(2));
  // upper = 1 is Theorem 2's form, unit by unit
  const Activation one = range_activation_relu(J, eta), one_explicit = range_activation_relu(J, eta, Rational(1));
  REQUIRE(one.relus.size() == one_explicit.relus.size());
  for (std::size_t k = 0; k < one.relus.size(); ++k) {
    CHECK(one.relus[k].coeff == one_explicit.relus[k].coeff);
    CHECK(one.relus[k].offset == one_explicit.relus[k].offset);
  }
}

TEST_CASE(
    "yun2020 Theorem 3 Step 3: the positional entry quantizer is k delta on every flat piece up to n, -J outside") {
  const Config c = positional_ya();
  const Smoothing s{Rational(2000), q(1, 128)};
  const std::vector<FlatPiece> pieces = flat_pieces(c, s.eta, Rational(0));
  REQUIRE(pieces.size() == 8);  // n / delta = 8 levels on [0, 2)
  const auto soft = entry_quantizer_programs(c, s), hard = entry_quantizer_programs(c, std::nullopt);
  CHECK(soft.size() == 9);  // R_1, Q_{1,0..7}
  for (long k = 0; k < 8; ++k) {
    const FlatPiece& p = pieces[static_cast<std::size_t>(k)];
    CHECK(p.lo == q(k, 4));
    CHECK(p.hi == q(k + 1, 4) - s.eta);
    CHECK(p.value == q(k, 4));
    for (const Rational& t : {p.lo, (p.lo + p.hi) / Rational(2), p.hi}) {
      CHECK(run_layers(soft, t) == q(k, 4));
      CHECK(run_layers(hard, t) == q(k, 4));
    }
  }
  for (const Rational& t : {q(-1), -s.eta, q(2), q(7, 2)}) {
    CHECK(run_layers(soft, t) == -c.J);
    CHECK(run_layers(hard, t) == -c.J);
  }
  // with a > 0 the outer pieces are added ([-a, -eta], [n, n + a], value -J)
  const std::vector<FlatPiece> wide = flat_pieces(c, s.eta, q(1, 2));
  REQUIRE(wide.size() == 10);
  CHECK(wide.front().lo == q(-1, 2));
  CHECK(wide.back().lo == q(2));
  CHECK(wide.back().value == -c.J);
}

TEST_CASE("yun2020 Theorem 3 Step 3: the stages of the positional softmax network compute the whole network") {
  Config c = positional_ya();
  c.t_l = q(7173, 2), c.t_r = q(46683, 4), c.tau_l = c.t_l - q(1, 8), c.tau_r = c.t_r + q(1, 8);
  TargetMap f;
  f.program = Program(2);
  f.program.set_outputs({f.program.input(0), f.program.input(1)});
  const Assembly a = assemble(c, f, std::nullopt, 1);
  const Smoothing s{Rational(2000), q(1, 1024)};
  const Network g = a.network(s);
  const std::vector<Stage> st = network_stages(c, g, s);
  REQUIRE(st.size() == g.layers.size());
  CHECK(st[0].name == "E");
  CHECK(st[1].name == "R_1");
  CHECK(st[1].ramps.back() == std::pair{Rational(2) - s.eta, Rational(2)});  // the range ramp at n
  CHECK(st[9].name == "Q_{1,7}");
  // windows at (j-1) ||u||_1 + k delta = 0, 1/4, ..., 7/4 (spec 2.6), then the global layer
  for (long k = 0; k < 8; ++k)
    CHECK(st[static_cast<std::size_t>(10 + k)].query_biases ==
          std::vector<Rational>{q(k, 4) - q(1, 8), q(k, 4) + q(1, 8)});
  CHECK(st[18].name == "global");
  CHECK(st[19].name == "V_0");
  // Running the stages in order on an interior point gives the whole network's value (Ball, 512 bits).
  const Prec p(512);
  std::vector<Ball> x(2), whole_in(2);
  set(x[0], q(5, 8), p), set(x[1], q(1, 8), p);
  whole_in = x;
  for (const Stage& stage : st) {
    Evaluator<Ball> ev(stage.prog, p);
    ev.run(x);
    for (std::size_t e = 0; e < 2; ++e) x[e] = ev.value(stage.prog.outputs()[e]);
  }
  const Program whole = lower(g);
  Evaluator<Ball> ev(whole, p);
  ev.run(whole_in);
  for (std::size_t e = 0; e < 2; ++e) {
    Ball d;
    sub(d, x[e], ev.value(whole.outputs()[e]), p);
    abs(d, d, p);
    CHECK(upper(d) < q(1, 100000000) * q(1, 1000000000000L));
  }
}

TEST_CASE(
    "yun2020 Theorem 3 Step 3: a box larger than the domain and the E3 witness are refused with positional encoding") {
  auto message = [](const std::string& extra) {
    return refusal("yun2020/theorem-3",
                   R"({"d": 1, "n": 2, "delta": "1/4", "J": "restatement", "thresholds": "tight", "p": 1,
        "eps": "1", "lipschitz": "5/4", "target": ["x0", "x1"], "lambda": "2000", "eta": "1/128", "eps_grid": "1e-3", )" +
                       extra + "}",
                   "pe.json");
  };
  CHECK(message(R"("a": "1/2", "S_B": "1")").find("pe.json: /parameters/a: must be 0 with positional encoding") == 0);
  CHECK(
      message(R"("e3_x1": "2")") ==
      "pe.json: /parameters/e3_x1: is Theorem 2's unbounded domain R^(d x n) (spec E3); Theorem 3's domain is compact");
}
