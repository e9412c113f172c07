// Tests of the softmax/ReLU part of the Yun 2020 chain (Y-15 .. Y-20, Y-E2E): the clamp form used
// by Y-18 computes exactly the network's function, the stage split computes exactly the whole
// network, and the closed forms of Y-19 agree with an independent computation.
#include <doctest/doctest.h>

#include <string>

#include "chain/instance.hpp"
#include "net/clamp_form.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/mean_value_image.hpp"
#include "scalar/interval.hpp"
#include "theorems/yun2020/assembly.hpp"
#include "theorems/yun2020/grid.hpp"
#include "theorems/yun2020/register.hpp"
#include "theorems/yun2020/stages.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

// The permutation-equivariant linear map (x0, x1) -> (3x0/4 + x1/4, x0/4 + 3x1/4).
TargetMap averaging_target() {
  TargetMap f;
  f.program = Program(2);
  const NodeId x0 = f.program.input(0), x1 = f.program.input(1);
  const std::vector<NodeId> xs{x0, x1};
  const std::vector<Rational> w0{q(3, 4), q(1, 4)}, w1{q(1, 4), q(3, 4)};
  f.program.set_outputs({f.program.affine(xs, w0, q(0)), f.program.affine(xs, w1, q(0))});
  return f;
}

Config ya_config() {
  Config c;
  c.shape = Shape{1, 2, 4};
  c.J = j_restatement(c.shape);
  c.K = global_scale_default(c.shape);
  c.t_l = loose_t_l(c.shape, c.K);
  c.t_r = loose_t_r(c.shape, c.K);
  c.tau_l = tight_t_l(c.shape, c.K) - q(1, 8);
  c.tau_r = tight_t_r(c.shape, c.K) + q(1, 8);
  return c;
}

// Every Phi layer of the softmax network (quantizer and value map, no attention), with a made-up
// value-map entry so that the window activation is present.
Network phi_only(const Config& c, const Smoothing& s) {
  LayerList layers = quantizer_layers(c, s);
  const std::vector<ValueEntry> entries{{q(1665), {q(1665)}, {q(3, 8)}}, {q(6669, 4), {q(6669, 4)}, {q(5, 8)}}};
  for (Layer& l : value_map_layers(c, q(40000), entries, s)) layers.push_back(std::move(l));
  return sequence_network(c.shape, std::move(layers));
}

bool has_piecewise_linear(const LayerList& layers) {
  for (const Layer& l : layers) {
    if (std::holds_alternative<PiecewiseLinearLayer>(l.kind)) return true;
    if (const auto* r = std::get_if<ResidualLayer>(&l.kind); r && has_piecewise_linear(r->body)) return true;
    if (const auto* t = std::get_if<TokenwiseLayer>(&l.kind); t && has_piecewise_linear(t->layers)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("yun2020 softmax: the clamp form computes exactly the ReLU network (ramps, kinks, far out)") {
  const Config c = ya_config();
  const Smoothing s{q(2000), q(1, 100)};
  const Network net = phi_only(c, s);
  const Network clamped = clamp_form(net);
  CHECK(!has_piecewise_linear(net.layers));
  CHECK(has_piecewise_linear(clamped.layers));
  const Program a = lower(net), b = lower(clamped);
  // Points on both sides of and inside every ramp of R, Q_k (and far outside [0, 1]).
  std::vector<Rational> ts = {q(-7),
                              q(-1, 100),
                              q(-1, 200),
                              q(0),
                              q(1, 8),
                              q(1, 4) - q(1, 200),
                              q(1, 4),
                              q(1, 2) - q(1, 300),
                              q(3, 4) - q(1, 150),
                              q(99, 100),
                              q(199, 200),
                              q(1),
                              q(5, 4),
                              q(1665),
                              q(-98)};
  long compared = 0;
  for (const Rational& x0 : ts)
    for (const Rational& x1 : ts) {
      const std::vector<Rational> x{x0, x1};
      CHECK(evaluate<Rational>(a, x, Prec(64)) == evaluate<Rational>(b, x, Prec(64)));
      ++compared;
    }
  CHECK(compared == 225);
}

TEST_CASE("yun2020 softmax: the clamp form keeps the enclosure of a wide box bounded as eta shrinks") {
  const Config c = ya_config();
  auto width = [&](const Rational& eta, bool clamped) {
    const Network net = phi_only(c, {q(2000), eta});
    const Program prog = lower(clamped ? clamp_form(net) : net);
    std::vector<Interval> x(2);  // MPFI, as Y-18 (a ball's 30-bit radius moves the ends of a wide box)
    set_interval(x[0], q(-1, 2), q(3, 2), Prec(256));
    set_interval(x[1], q(-1, 2), q(3, 2), Prec(256));
    const std::vector<Interval> out = evaluate<Interval>(prog, x, Prec(256));
    return upper(out[0]) - lower(out[0]);
  };
  const Rational w6 = width(q(1, 1000000), true), w20 = width(pow10(-20), true);
  CHECK(w20 <= w6 * q(1001, 1000));  // independent of eta (up to rounding)
  CHECK(w20 < q(1000000));
  CHECK(width(pow10(-20), false) > pow10(20));  // the ReLU sums lose the cancellation
}

TEST_CASE("yun2020 softmax: running the stages in order is exactly the whole network (hardmax, all of G+ for Y-A)") {
  chain::TheoremRegistry r;
  register_theorems(r);
  const Config c = ya_config();
  // The hardmax network in exact rationals: the stage split and the whole program agree everywhere.
  const TargetMap f = averaging_target();
  const Assembly a = assemble(c, f, std::nullopt, 1);
  const std::vector<Stage> stages = network_stages(c, a.network(), std::nullopt);
  CHECK(stages.size() == a.network().layers.size());
  const Program whole = lower(a.network());
  const Grid g(c.shape, c.J, true);
  std::vector<unsigned> lv;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    g.levels(i, lv);
    std::vector<Rational> x;
    for (unsigned l : lv) x.push_back(g.out_of_range(l) ? q(-1, 2) : g.value(l) + q(1, 8));
    const std::vector<Rational> want = evaluate<Rational>(whole, x, Prec(64));
    std::vector<Rational> state = x;
    for (const Stage& st : stages) {
      const std::vector<Rational> out = evaluate<Rational>(st.prog, state, Prec(64));
      CHECK(out.size() == 2 + 2);  // d x n state, then one probe per column
      state.assign(out.begin(), out.begin() + 2);
    }
    CHECK(state == want);
  }
}

TEST_CASE("yun2020 softmax: Y-A end to end: Y-15 .. Y-E2E proved, Y-19 volume matches inclusion-exclusion") {
  chain::TheoremRegistry r;
  register_theorems(r);
  const std::string dir = std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/";
  const chain::CheckRun run = chain::run_check(r, chain::read_check_file(dir + "ya-restatement-j.json"));
  CHECK(run.mismatches.empty());
  const Rational a = q(1, 2), eta = Rational(1) / pow_int(Rational(2), 64), side = Rational(1) + Rational(2) * a;
  const Rational m = eta * Rational(5);  // |Omega_1 cap [-a, 1+a]| = (1/delta + 1) eta for a >= eta
  long seen = 0;
  for (const chain::StepResult& s : run.run.result.steps) {
    if (s.spec.id.rfind("Y-1", 0) == 0 || s.spec.id.rfind("Y-2", 0) == 0 || s.spec.id == "Y-E2E")
      CHECK(s.verdict == chain::Verdict::Proved);
    if (s.spec.id == "Y-19") {
      ++seen;
      // dn = 2: vol = 2 m side - m^2 (two strips minus their overlap).
      CHECK(s.outcome.lhs.value == chain::Enclosure::exact(Rational(2) * m * side - m * m));
    }
    if (s.spec.id == "Y-15" || s.spec.id == "Y-16" || s.spec.id == "Y-18" || s.spec.id == "Y-E2E" ||
        s.spec.id == "Y-1r")
      ++seen;
  }
  CHECK(seen == 6);
}

TEST_CASE("yun2020 softmax: the entry quantizer's mean-value image is the grid value on flat pieces only (Y-1r)") {
  const Config c = ya_config();
  const Rational eta = Rational(1) / pow_int(Rational(2), 64);
  const std::vector<Program> layers = entry_quantizer_programs(c, Smoothing{q(2000), eta});
  auto image = [&](const Rational& lo, const Rational& hi) { return mean_value_image(layers, lo, hi, Prec(256)); };
  for (long k = 0; k < 4; ++k) {  // flat pieces [k/4, (k+1)/4 - eta] -> exactly k/4
    const std::optional<Interval> img = image(q(k, 4), q(k + 1, 4) - eta);
    REQUIRE(img.has_value());
    CHECK(chain::Enclosure::of(*img) == chain::Enclosure::exact(q(k, 4)));
  }
  const std::optional<Interval> out = image(q(-1, 2), -eta);
  REQUIRE(out.has_value());
  CHECK(chain::Enclosure::of(*out) == chain::Enclosure::exact(-c.J));
  // A piece reaching into a ramp is not constant: its image must contain both ends' exact values.
  const Rational lo = q(1, 4), hi = q(1, 2) - eta / Rational(2);
  const std::optional<Interval> ramp = image(lo, hi);
  REQUIRE(ramp.has_value());
  const chain::Enclosure e = chain::Enclosure::of(*ramp);
  for (const Rational& t : {lo, hi, (lo + hi) / Rational(2)}) {
    Rational v = t;
    for (const Program& p : layers) v = evaluate<Rational>(p, std::vector<Rational>{v}, Prec(64))[0];
    CHECK(e.contains(v));
  }
  CHECK(!e.is_exact());
}

TEST_CASE("yun2020 softmax: Y-18's bound dominates ||g(X) - bar f(X)||_1 at points of B, ramps included") {
  chain::TheoremRegistry r;
  register_theorems(r);
  const std::string dir = std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/";
  const chain::CheckRun run = chain::run_check(r, chain::read_check_file(dir + "ya-restatement-j.json"));
  std::optional<Rational> bound;
  for (const chain::StepResult& s : run.run.result.steps)
    if (s.spec.id == "Y-18") bound = s.outcome.lhs.value.upper();
  REQUIRE(bound.has_value());
  // The ReLU network itself (not the clamp form), at 512 bits, against bar f (corner values, 0 outside).
  const Config c = [&] {
    Config k = ya_config();
    k.tau_l = k.t_l, k.tau_r = k.t_r;  // the instance uses acceptance "thresholds"
    return k;
  }();
  const TargetMap f = averaging_target();
  const Assembly a = assemble(c, f, std::nullopt, 1);
  const Rational eta = Rational(1) / pow_int(Rational(2), 64);
  const Program g = lower(a.network(Smoothing{q(2000), eta}));
  const std::vector<Rational> ts = {q(-1, 2),
                                    -eta / Rational(2),
                                    q(1, 8),
                                    q(1, 4) - eta / Rational(3),
                                    q(1, 2) - eta / Rational(2),
                                    q(5, 8),
                                    Rational(1) - eta / Rational(2),
                                    q(5, 4)};
  auto fbar = [&](const Rational& x0, const Rational& x1) {
    auto cell = [](const Rational& x) { return floor_div(x * Rational(4)) / Rational(4); };
    if (x0.sign() < 0 || x1.sign() < 0 || x0 >= Rational(1) || x1 >= Rational(1))
      return std::vector<Rational>{q(0), q(0)};
    return evaluate<Rational>(f.program, std::vector<Rational>{cell(x0), cell(x1)}, Prec(64));
  };
  long checked = 0;
  Rational largest(0);
  for (const Rational& x0 : ts)
    for (const Rational& x1 : ts) {
      std::vector<Ball> x(2);
      set(x[0], x0, Prec(512));
      set(x[1], x1, Prec(512));
      const std::vector<Ball> out = evaluate<Ball>(g, x, Prec(512));
      const std::vector<Rational> want = fbar(x0, x1);
      Rational low(0);  // a lower bound of ||g(X) - bar f(X)||_1
      for (std::size_t e = 0; e < 2; ++e) {
        const Rational lo = lower(out[e]) - want[e], hi = upper(out[e]) - want[e];
        if (lo.sign() > 0) low += lo;
        else if (hi.sign() < 0) low -= hi;
      }
      CHECK(low <= *bound);
      largest = max(largest, low);
      ++checked;
    }
  CHECK(checked == 64);
  CHECK(largest >= q(1));  // the sample reaches points where g and bar f differ (1.5 at the time of writing)
}
