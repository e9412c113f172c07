// lipschitz_upper_bound: exact values on hand-computed networks (the bound is attained by a single
// dense layer), and soundness on random exact networks against the layer-by-layer reference
// interpreter: |f(x) - f(y)| <= L max|x_i - y_i| at random exact pairs, no slack.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "net/lipschitz.hpp"
#include "net/network_json.hpp"
#include "reference/random_networks.hpp"
#include "reference/reference_interpreter.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

Rational q(long n, long d = 1) { return Rational(mpz_class(n), mpz_class(d)); }
Rational abs_q(const Rational& x) { return x < Rational(0) ? -x : x; }

bool has_unsupported(const LayerList& layers) {
  for (const Layer& l : layers) {
    if (std::holds_alternative<StepLayer>(l.kind) || std::holds_alternative<InnerProductLayer>(l.kind) ||
        std::holds_alternative<LayerNormLayer>(l.kind))
      return true;
    if (const auto* r = std::get_if<ResidualLayer>(&l.kind); r && has_unsupported(r->body)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("lipschitz: hand-computed bounds, attained by one dense layer") {
  // Max row sum of |W|: rows 1 + 2 = 3 and 3 + 1/2 = 7/2.
  const Network dense = parse_network(R"({"format": "approxcert-net/1", "input": {"dim": 2},
    "layers": [{"type": "dense", "weight": [[1, -2], [3, "1/2"]], "bias": [5, 6]}]})",
                                      "<test>");
  CHECK(lipschitz_upper_bound(dense, "<test>") == q(7, 2));
  // Attained: output 1 moves by exactly 7/2 between x = (0, 0) and y = (1, 1).
  const auto fx = test::reference_outputs(dense, {q(0), q(0)});
  const auto fy = test::reference_outputs(dense, {q(1), q(1)});
  CHECK(abs_q(fy[1].value() - fx[1].value()) == q(7, 2));

  // relu 1, sigmoid 1/4, tanh 1, piecewise slope max |(3-0)/(1-0)|, |(4-3)/(3-1)| = 3,
  // residual x + body(x) with body 1/2 x: 3/2.
  const Network deep = parse_network(R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [
    {"type": "dense", "weight": [[2]], "bias": [0]}, {"type": "relu"}, {"type": "sigmoid"}, {"type": "tanh"},
    {"type": "piecewise_linear", "breakpoints": [0, 1, 3], "values": [0, 3, 4]},
    {"type": "residual", "body": [{"type": "dense", "weight": [["-1/2"]], "bias": [1]}]}]})",
                                     "<test>");
  CHECK(lipschitz_upper_bound(deep, "<test>") == q(2) * q(1, 4) * q(3) * q(3, 2));
}

TEST_CASE("lipschitz: unsupported layers and constant weights are input errors naming the layer") {
  const Network step = parse_network(R"({"format": "approxcert-net/1", "input": {"dim": 1},
    "layers": [{"type": "dense", "weight": [[1]], "bias": [0]}, {"type": "step"}]})",
                                     "<test>");
  CHECK_THROWS_WITH_AS(lipschitz_upper_bound(step, "net.json"), doctest::Contains("net.json: /layers/1"), InputError);
  const Network expr = parse_network(R"J({"format": "approxcert-net/1", "input": {"dim": 1},
    "layers": [{"type": "dense", "weight": [["sqrt(2)"]], "bias": [0]}]})J",
                                     "<test>");
  CHECK_THROWS_WITH_AS(lipschitz_upper_bound(expr, "net.json"), doctest::Contains("constant expression"), InputError);
}

TEST_CASE("lipschitz: sound on random exact networks (reference interpreter, exact differences)") {
  test::RandomNetworks gen(20261124, test::kFractionsUpTo20);
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<long> num(-40, 40);
  int checked = 0;
  for (int trial = 0; trial < 400 && checked < 120; ++trial) {
    const Network net = gen.vector_network(/*exact=*/true);
    if (has_unsupported(net.layers)) {
      CHECK_THROWS_AS(lipschitz_upper_bound(net, "<random>"), InputError);
      continue;
    }
    const Rational L = lipschitz_upper_bound(net, "<random>");
    for (int pair = 0; pair < 5; ++pair) {
      std::vector<Rational> x, y;
      Rational dist(0);
      for (std::size_t i = 0; i < net.input.dim; ++i) {
        x.push_back(q(num(rng), 8));
        y.push_back(q(num(rng), 8));
        dist = std::max(dist, abs_q(x.back() - y.back()));
      }
      const auto fx = test::reference_outputs(net, x);
      const auto fy = test::reference_outputs(net, y);
      for (std::size_t k = 0; k < fx.size(); ++k) {
        REQUIRE(fx[k].is_exact());
        CHECK(abs_q(fx[k].value() - fy[k].value()) <= L * dist);
      }
    }
    ++checked;
  }
  CHECK(checked >= 50);
}
