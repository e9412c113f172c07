// Tests of the Yun 2020 steps Y-E3r, Y-E3 (spec E3: Lemma 9 over the unbounded domain) and Y-E9
// (spec E9: the sup error on the good set), on the instance ya-repair-j-e3 (Y-A, J = 48,
// lambda = 2000, eta = 1/128). References: the ReLU form of the range activation in exact
// rationals (phi_layer's Activation, not the network evaluator); a hand-written forward pass of
// the d = 1, n = 2 network in MPFI at 1024 bits (not the generic evaluator) with the spec's
// q-table of Y-A (4.1); sups of the linear target over boxes worked out by hand.
#include <doctest/doctest.h>

#include <string>

#include "chain/instance.hpp"
#include "net/clamp_form.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "scalar/interval.hpp"
#include "theorems/builtin.hpp"
#include "theorems/yun2020/assembly.hpp"
#include "theorems/yun2020/phi_layer.hpp"
#include "theorems/yun2020/register.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

const chain::CheckRun& e3_run() {
  static const chain::CheckRun run = [] {
    chain::TheoremRegistry r;
    register_theorems(r);
    return chain::run_check(
        r, chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/ya-repair-j-e3.json"));
  }();
  return run;
}

const chain::StepResult& step(const std::string& id) {
  for (const chain::StepResult& s : e3_run().run.result.steps)
    if (s.spec.id == id) return s;
  FAIL("no step " << id);
  throw std::logic_error("unreachable");
}

const chain::Side& reported(const chain::StepResult& s, const std::string& name) {
  for (const auto& [n, side] : s.outcome.reported)
    if (n == name) return side;
  FAIL("no reported " << name);
  throw std::logic_error("unreachable");
}

// Row-1 output of one selective-shift head on two tokens z (d = 1): sum_k softmax_k(lambda z_k (z_j - b)) z_k.
Interval head(const std::vector<Interval>& z, std::size_t j, const Rational& b, const Rational& lambda, Prec p) {
  Interval qj, bb, lam, s[2], d, e, one, w, out;
  set(bb, b, p);
  set(lam, lambda, p);
  set(one, Rational(1), p);
  sub(qj, z[j], bb, p);
  for (int k = 0; k < 2; ++k) mul(s[k], z[k], qj, p), mul(s[k], s[k], lam, p);
  set(out, Rational(0), p);
  for (int k = 0; k < 2; ++k) {  // w_k = 1 / (1 + exp(s_other - s_k))
    sub(d, s[1 - k], s[k], p);
    exp(e, d, p);
    add(e, e, one, p);
    div(w, one, e, p);
    addmul(out, w, z[k], p);
  }
  return out;
}

// The ids after the window layers and the global layer of Y-A (delta = 1/4, scale delta^-1 = 4,
// K = 512) for the quantized tokens z, softmax with lambda.
std::vector<Interval> contextual_map(std::vector<Interval> z, const Rational& lambda, Prec p) {
  Interval t, w;
  for (long l = 0; l < 4; ++l) {  // both heads read the same state
    const Rational c = q(l, 4);
    std::vector<Interval> next = z;
    for (std::size_t j = 0; j < 2; ++j) {
      set(w, Rational(4), p);
      t = head(z, j, c - q(1, 8), lambda, p);
      addmul(next[j], w, t, p);
      set(w, Rational(-4), p);
      t = head(z, j, c + q(1, 8), lambda, p);
      addmul(next[j], w, t, p);
    }
    z = next;
  }
  std::vector<Interval> next = z;
  for (std::size_t j = 0; j < 2; ++j) {
    set(w, Rational(512), p);
    t = head(z, j, Rational(0), lambda, p);
    addmul(next[j], w, t, p);
  }
  return next;
}

}  // namespace

TEST_CASE("yun2020 E3: the ReLU form of the range layer is exactly -J on both out-of-range rays, not in its ramps") {
  const Rational J(48), eta = q(1, 128);
  const Activation phi = range_activation_relu(J, eta);
  // The residual t + phi(t), in exact rationals: -J for t <= -eta and t >= 1 (spec 2.5: by hand,
  // relu(-t)(1 - J/eta) + (J/eta) relu(-t - eta) = -t - J for t <= -eta; -(t - 1) - (1 + J) for t >= 1).
  for (const Rational& t : {-eta, q(-1), q(-1000000000), q(1), q(3, 2), q(1000000000000L)}) CHECK(t + phi(t) == -J);
  for (const Rational& t : {-eta / Rational(2), q(1) - eta / Rational(2)}) CHECK(t + phi(t) != -J);  // the ramps
  CHECK(q(1, 2) + phi(q(1, 2)) == q(1, 2));  // in range: untouched
}

TEST_CASE(
    "yun2020 E3: Y-E3r proved, Y-E3 refuted with c > 0, and the enclosure over I contains a hand-computed forward pass") {
  CHECK(e3_run().mismatches.empty());
  const chain::StepResult& rays = step("Y-E3r");
  CHECK(rays.verdict == chain::Verdict::Proved);
  REQUIRE(rays.outcome.for_all.has_value());
  CHECK(rays.outcome.for_all->points == 4);  // g and bar g, both rays
  const chain::StepResult& w = step("Y-E3");
  REQUIRE(w.verdict == chain::Verdict::Refuted);
  REQUIRE(w.outcome.candidate.has_value());
  const Rational lo = w.outcome.candidate->coordinates.at(0).second, hi = w.outcome.candidate->coordinates.at(1).second;
  const Rational delta = q(1, 4), eta = q(1, 128);
  CHECK(delta - eta <= lo);  // I inside the quantizer ramp [delta - eta, delta)
  CHECK(lo < hi);
  CHECK(hi < delta);
  const chain::Enclosure e = w.outcome.lhs.value;
  REQUIRE(e.bounded());
  CHECK(e.lower().sign() > 0);
  CHECK(reported(w, "c: |g - f| >= c on W (infinite measure)").value.upper() <= e.lower());
  // The reference at three points of I: x_1 -> -J (the rays), x_2 -> the ramp value
  // delta (x_2 - delta + eta) / eta (exact), then the attention layers by hand in MPFI.
  const Prec p(1024);
  for (const Rational& x2 : {lo, (lo + hi) / Rational(2), hi}) {
    std::vector<Interval> z(2);
    set(z[0], Rational(-48), p);
    set(z[1], delta * (x2 - delta + eta) / eta, p);
    const std::vector<Interval> out = contextual_map(z, Rational(2000), p);
    // Column 2's id lies in the acceptance interval [1665 - 1/8, 20007/4 + 1/8] with margin eta (V_0
    // keeps it exactly) and is more than delta/2 + eta from every q of the spec's Y-A table (no
    // value window fires), so g's output is (0, id_2) exactly there; column 1 is killed (V_0, V_1).
    CHECK(less(out[1], [&] {
            Interval t;
            set(t, q(1665) - q(1, 8) + eta, p);
            return t;
          }()) == Truth::False);
    CHECK(less(
              [&] {
                Interval t;
                set(t, q(20007, 4) + q(1, 8) - eta, p);
                return t;
              }(),
              out[1]) == Truth::False);
    for (const Rational& qv : {q(1665), q(6669, 4), q(3330), q(6669, 2), q(4995), q(20007, 4), q(7173, 4), q(3591, 2),
                               q(13833, 4), q(13851, 4), q(3843, 2), q(7695, 4)}) {
      Interval d, m;
      set(m, qv, p);
      sub(d, out[1], m, p);
      abs(d, d, p);
      CHECK(lower(d) > delta / Rational(2) + eta);
    }
    CHECK(e.lower() <= lower(out[1]));
    CHECK(upper(out[1]) <= e.upper());
  }
}

TEST_CASE(
    "yun2020 E3: with the spec's eta = 1/100 the middle of its printed interval gives g = 0 (the witness band is narrower)") {
  // Spec E3 prints x_2 in [0.2450012, 0.2450024] for J = 48, lambda = 2000, eta = 1e-2. At its
  // midpoint 0.2450018 the id of column 2 is about 1346 < tau_l = 1664.875, so V_0 kills it.
  const Prec p(1024);
  const Rational delta = q(1, 4), eta = q(1, 100), x2 = q(2450018, 10000000);
  std::vector<Interval> z(2);
  set(z[0], Rational(-48), p);
  set(z[1], delta * (x2 - delta + eta) / eta, p);
  const std::vector<Interval> out = contextual_map(z, Rational(2000), p);
  CHECK(upper(out[1]) < q(1665) - q(1, 8) - eta);
  CHECK(lower(out[1]) > q(1345));
}

TEST_CASE("yun2020 E9: the sup error on the good set is delta - eta up to e_L, and bar g's is exactly delta - eta") {
  const chain::StepResult& s = step("Y-E9");
  CHECK(s.verdict == chain::Verdict::Proved);
  // f_k = 3 x_k / 4 + x_other / 4 on the box prod [L_i, L_i + delta - eta]: sup |f_k - f_k(L)| =
  // (delta - eta)(3/4 + 1/4) = 31/128 by hand; g is within e_L <= 1e-20 of f(L) there (Y-17).
  const Rational want = q(31, 128), slack = q(1, 100000000) * q(1, 1000000000000L);
  CHECK(s.outcome.lhs.value.lower() <= want + slack);
  CHECK(want - slack <= s.outcome.lhs.value.upper());
  CHECK(s.outcome.lhs.value.upper() - s.outcome.lhs.value.lower() < slack);
  CHECK(reported(s, "sup_{G_good} max_k |f_k - bar g_k|").value == chain::Enclosure::exact(want));
  // The duplicate cell L = (3/4, 3/4) at L° = (7/8, 7/8): f = (7/8, 7/8), g about 0: the sup over
  // [0,1)^2 is at least 7/8, 3.6 times the good-set sup.
  const chain::Enclosure dup = reported(s, "sup_{[0,1)^(dn)} max_k |f_k - g_k| >=").value;
  CHECK(dup.contains(q(7, 8)));
  CHECK(dup.upper() - dup.lower() < slack);
}
