// Yun et al. 2020: the Phi activations and their network layers, the constants against the spec's
// exact numbers, g_c against an independent implementation of the spec's reference algorithm, the
// Ball sweep against the exact one, and the E1 instances end to end.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "theorems/yun2020/phi_layer.hpp"
#include "theorems/yun2020/register.hpp"
#include "theorems/yun2020/sweep.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

Config config(std::uint64_t d, std::uint64_t n, std::uint64_t N, const Rational& J) {
  Config c;
  c.shape = Shape{d, n, N};
  c.J = J;
  c.K = global_scale_default(c.shape);
  c.t_l = loose_t_l(c.shape, c.K);
  c.t_r = loose_t_r(c.shape, c.K);
  return c;
}

// The spec's reference algorithm (section "Reference algorithm"), written independently of the
// network builders: exact rationals, hardmax with ties averaged.
std::vector<Rational> reference_q(const std::vector<Rational>& L, std::uint64_t d, std::uint64_t n, std::uint64_t N) {
  const Rational delta = q(1, static_cast<long>(N)), Nr(static_cast<long>(N));
  std::vector<std::vector<Rational>> Z(n);
  for (std::size_t j = 0; j < n; ++j)
    Z[j].assign(L.begin() + static_cast<long>(j * d), L.begin() + static_cast<long>((j + 1) * d));
  auto ut = [&] {
    std::vector<Rational> t;
    for (const auto& c : Z) {
      Rational s(0);
      for (std::size_t i = 0; i < d; ++i) s += pow_int(Nr, static_cast<long>(i)) * c[i];
      t.push_back(s);
    }
    return t;
  };
  auto psi = [&](const Rational& b) {
    const std::vector<Rational> t = ut();
    std::vector<Rational> out;
    for (std::size_t j = 0; j < n; ++j) {
      std::vector<Rational> s;
      for (const Rational& tk : t) s.push_back(tk * (t[j] - b));
      const Rational m = *std::max_element(s.begin(), s.end());
      Rational sum(0);
      long count = 0;
      for (std::size_t k = 0; k < n; ++k)
        if (s[k] == m) sum += t[k], ++count;
      out.push_back(sum / Rational(count));
    }
    return out;
  };
  const long windows = static_cast<long>(std::pow(N, d));
  for (long k = 0; k < windows; ++k) {
    const Rational l = Rational(k) * delta;
    const std::vector<Rational> a = psi(l - delta / Rational(2)), b = psi(l + delta / Rational(2));
    for (std::size_t j = 0; j < n; ++j) Z[j][0] += pow_int(Nr, static_cast<long>(d)) * (a[j] - b[j]);
  }
  const std::vector<Rational> c = psi(Rational(0));
  for (std::size_t j = 0; j < n; ++j)
    Z[j][0] += Rational(static_cast<long>(n)) * pow_int(Nr, static_cast<long>((n + 1) * d + 1)) * c[j];
  return ut();
}

Rational apply_layer(const Layer& layer, const std::vector<Rational>& x, std::size_t r) {
  Network net;
  net.input.dim = x.size();
  net.input.tokens = 1;
  net.layers = {layer};
  return evaluate<Rational>(lower(net), x, Prec(64))[r];
}

}  // namespace

TEST_CASE("yun2020: Phi activations match their piecewise definitions exactly") {
  const Rational J = 16, delta = q(1, 4), tl = 100, tr = 200;
  for (long k = -40; k <= 40; ++k) {
    const Rational t = q(k, 16);  // includes every breakpoint 0, 1, +-1/8, 1/4
    CHECK(range_activation(J)(t) == ((t.sign() < 0 || t >= Rational(1)) ? -t - J : Rational(0)));
    CHECK(quantize_activation(delta)(t) == ((t.sign() >= 0 && t < delta) ? -t : Rational(0)));
    CHECK(negative_part_activation()(t) == (t.sign() < 0 ? -t : Rational(0)));
    CHECK(window_activation(delta)(t) == ((t >= -delta / 2 && t < delta / 2) ? Rational(1) : Rational(0)));
    const Rational big = Rational(150) + t * Rational(100);
    CHECK(reject_activation(tl, tr)(big) == ((big >= tl && big <= tr) ? Rational(0) : Rational(1)));
  }
}

TEST_CASE("yun2020: ReLU forms equal the Phi forms outside their ramp zones") {
  const Rational J = 16, delta = q(1, 4), eta = q(1, 100), tl = 100, tr = 200;
  for (long k = -400; k <= 400; ++k) {
    const Rational t = q(k, 160);
    const bool range_ramp = (t > -eta && t < Rational(0)) || (t > Rational(1) - eta && t < Rational(1));
    if (!range_ramp) CHECK(range_activation_relu(J, eta)(t) == range_activation(J)(t));
    if (!(t >= delta - eta && t < delta))
      CHECK(quantize_activation_relu(delta, eta)(t) == quantize_activation(delta)(t));
    const Rational h = delta / 2;
    if (!((t >= -h - eta && t < -h) || (t >= h - eta && t < h)))
      CHECK(window_activation_relu(delta, eta)(t) == window_activation(delta)(t));
    const Rational big = Rational(150) + t * Rational(100);
    if (!((big > tl - eta && big < tl) || (big > tr && big < tr + eta)))
      CHECK(reject_activation_relu(tl, tr, eta)(big) == reject_activation(tl, tr)(big));
  }
}

TEST_CASE("yun2020: a Phi feed-forward layer computes x + w2 phi(w1 x + b1) through the generic evaluator") {
  const RationalVector w1{q(1), q(4)}, w2{q(-3), q(1, 2)};
  const Rational b1 = q(-1, 8);
  const Activation phi = range_activation(Rational(5));
  const Layer layer = phi_feed_forward(w1, b1, w2, phi);
  for (long a = -6; a <= 6; ++a)
    for (long b = -3; b <= 3; ++b) {
      const std::vector<Rational> x{q(a, 4), q(b, 8)};
      const Rational t = w1[0] * x[0] + w1[1] * x[1] + b1;
      for (std::size_t r = 0; r < 2; ++r) CHECK(apply_layer(layer, x, r) == x[r] + w2[r] * phi(t));
    }
}

TEST_CASE("yun2020: constants reproduce the spec's exact numbers (Y-A, Y-B, Y-C, E1 table)") {
  const Shape ya{1, 2, 4}, yb{2, 3, 2}, yc{1, 2, 2};
  CHECK(global_scale_default(ya) == Rational(512));
  CHECK(global_scale_default(yb) == Rational(1536));
  CHECK(loose_t_l(ya, 512) == Rational(1536));
  CHECK(loose_t_r(ya, 512) == Rational(65664));
  CHECK(tight_t_l(ya, 512) == Rational(1665));
  CHECK(tight_t_r(ya, 512) == q(20007, 4));
  CHECK(loose_t_l(yb, 1536) == Rational(36864));
  CHECK(loose_t_r(yb, 1536) == Rational(1180416));
  CHECK(tight_t_l(yb, 1536) == Rational(84484));
  CHECK(tight_t_r(yb, 1536) == q(262827, 2));
  CHECK(restatement_printed_t_l(ya) == Rational(24576));
  CHECK(j_restatement(ya) == Rational(98));
  CHECK(j_restatement(yb) == Rational(579));
  CHECK(q_plus_min(ya, j_recalled(ya), 512) == Rational(32832));
  CHECK(q_plus_min(yb, j_recalled(yb), 1536) == Rational(387324));
  CHECK(q_plus_min(yc, j_recalled(yc), global_scale_default(yc)) == Rational(264));
  CHECK(q_plus_min(ya, j_restatement(ya), 512) == Rational(201096));
  CHECK(q_plus_min(yb, j_restatement(yb), 1536) == Rational(3553544));
  CHECK(class_count(ya) == Rational(6));
  CHECK(class_count(yb) == Rational(4));
}

TEST_CASE("yun2020: g_c as a network agrees with the spec's reference algorithm on all of G+ (Y-B and (1,3,1/4))") {
  for (const auto& [d, n, N] :
       {std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>{2, 3, 2}, {1, 3, 4}, {1, 2, 4}}) {
    const Config c = config(d, n, N, j_recalled(Shape{d, n, N}));
    const Grid g(c.shape, c.J, true);
    const ContextualValues<Rational> v = sweep_contextual<Rational>(g, contextual_programs(c), Prec(64), 2);
    std::vector<unsigned> lv;
    std::uint64_t mismatches = 0;
    for (std::uint64_t i = 0; i < g.size(); ++i) {
      g.levels(i, lv);
      const std::vector<Rational> want = reference_q(g.point(lv), d, n, N);
      for (std::size_t j = 0; j < n; ++j) mismatches += v.q[i * n + j] == want[j] ? 0 : 1;
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("yun2020: the Ball sweep (64 bits, dyadic delta) is exact and equals the Rational sweep") {
  const Config c = config(2, 2, 4, j_recalled(Shape{2, 2, 4}));
  const Grid g(c.shape, c.J, true);
  const ContextualPrograms p = contextual_programs(c);
  const ContextualValues<Rational> exact = sweep_contextual<Rational>(g, p, Prec(64), 2);
  const ContextualValues<Ball> balls = sweep_contextual<Ball>(g, p, Prec(64), 2);
  std::uint64_t bad = 0;
  for (std::size_t k = 0; k < exact.q.size(); ++k)
    bad += (lower(balls.q[k]) == exact.q[k] && upper(balls.q[k]) == exact.q[k]) ? 0 : 1;
  CHECK(bad == 0);
}

TEST_CASE("yun2020: E1 instances: recalled J with loose t_r refuted at the spec's point, restatement J proved") {
  chain::TheoremRegistry r;
  register_theorems(r);
  const std::string dir = std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/";
  const chain::CheckRun bad = chain::run_check(r, chain::read_check_file(dir + "ya-e1-recalled-j.json"));
  CHECK(bad.mismatches.empty());
  CHECK(bad.run.result.overall == chain::Verdict::Refuted);
  bool seen_witness = false;
  for (const chain::StepResult& s : bad.run.result.steps) {
    if (s.spec.id == "Y-9") CHECK(s.verdict == chain::Verdict::Refuted);
    if (s.spec.id == "Y-9w") {
      seen_witness = true;
      CHECK(s.verdict == chain::Verdict::Refuted);
      CHECK(s.outcome.lhs.value == chain::Enclosure::exact(Rational(32832)));
    }
  }
  CHECK(seen_witness);
  const chain::CheckRun good = chain::run_check(r, chain::read_check_file(dir + "ya-restatement-j.json"));
  CHECK(good.mismatches.empty());
  CHECK(good.run.result.overall == chain::Verdict::Proved);
}

TEST_CASE("yun2020: bad parameters are one clear InputError") {
  chain::TheoremRegistry r;
  register_theorems(r);
  ExactJson params = parse_exact_json(R"({"d": 1, "n": 2, "delta": "1/3.5", "J": "recalled", "thresholds": "loose",
      "target": ["x0", "x1"], "p": 1, "eps": 1, "lipschitz": 1})",
                                      "<test>");
  CHECK_THROWS_AS(chain::run_instance(r, "yun2020/theorem-2", params, JsonAt("<test>"), "t", {}), InputError);
  params = parse_exact_json(R"({"d": 1, "n": 2, "delta": "1/4", "J": "recalled", "thresholds": "loose",
      "target": ["x0"], "p": 1, "eps": 1, "lipschitz": 1})",
                            "<test>");
  CHECK_THROWS_AS(chain::run_instance(r, "yun2020/theorem-2", params, JsonAt("<test>"), "t", {}), InputError);
}
