// layer_norm: JSON fields and errors, the exact-evaluation refusal, and Ball, Jet and Series
// enclosures against closed forms worked out by hand (square roots compared through squares of
// exact rational endpoints, so no reference goes through the evaluator).
#include <doctest/doctest.h>

#include "net/jet.hpp"
#include "net/series.hpp"
#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

std::vector<Ball> balls(const std::vector<Rational>& x) {
  std::vector<Ball> out(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(out[i], x[i], Prec(128));
  return out;
}

// a ball contains -sqrt(v) (v > 0 rational): lower <= -sqrt(v) <= upper <=> lower^2 >= v >= upper^2 for upper < 0
void check_contains_minus_sqrt(const Ball& b, const Rational& v) {
  REQUIRE(upper(b).sign() < 0);
  CHECK(lower(b) * lower(b) >= v);
  CHECK(upper(b) * upper(b) <= v);
}
void check_contains_sqrt(const Ball& b, const Rational& v) {
  REQUIRE(lower(b).sign() > 0);
  CHECK(lower(b) * lower(b) <= v);
  CHECK(upper(b) * upper(b) >= v);
}
void check_contains(const Ball& b, const Rational& v) {
  CHECK(lower(b) <= v);
  CHECK(v <= upper(b));
}

}  // namespace

TEST_CASE("layer_norm: JSON fields, defaults, round trip and errors") {
  const Network net = net_from(doc(R"({"dim": 3})", R"([{"type": "layer_norm", "eps": "1e-5"},
      {"type": "layer_norm", "eps": "1/2", "gamma": ["1", "2", "3"], "beta": ["0", "-1", "1/3"]}])"));
  const auto& plain = std::get<LayerNormLayer>(net.layers[0].kind);
  CHECK(plain.eps == q("1/100000"));
  CHECK(!plain.gamma);
  CHECK(!plain.beta);
  CHECK(std::get<LayerNormLayer>(net.layers[1].kind).beta == qs({"0", "-1", "1/3"}));
  CHECK(output_dim(net) == 3);
  const std::string text = save_network(net);
  CHECK(parse_network(text, "saved.json") == net);
  CHECK(text.find("gamma") != std::string::npos);
  // inside tokenwise, per token column
  const Network seq = net_from(
      doc(R"({"dim": 2, "tokens": 3})", R"([{"type": "tokenwise", "layers": [{"type": "layer_norm", "eps": "1"}]}])"));
  CHECK(output_dim(seq) == 6);

  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "0"}])")) ==
        "net.json: /layers/0/eps: must be greater than 0, got 0");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "-1/2"}])")) ==
        "net.json: /layers/0/eps: must be greater than 0, got -1/2");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "layer_norm"}])")) ==
        "net.json: /layers/0: missing required key \"eps\" in a layer_norm layer");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "1", "gamma": ["1", "2", "3"]}])")) ==
        "net.json: /layers/0/gamma: has 3 entries, expected 2 (one per input coordinate)");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "relu"}, {"type": "residual", "body": [
        {"type": "layer_norm", "eps": "1", "beta": ["1"]}]}])")) ==
        "net.json: /layers/1/body/0/beta: has 1 entries, expected 2 (one per input coordinate)");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "nan"}])")).find("/layers/0/eps") !=
        std::string::npos);
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "1", "mean": "0"}])"))
            .find("/layers/0/mean: unknown key \"mean\" in a layer_norm layer") != std::string::npos);
  CHECK(load_error(doc(R"({"dim": 2, "tokens": 2})", R"([{"type": "layer_norm", "eps": "1"}])"))
            .find("/layers/0/type: \"layer_norm\" is a vector layer") != std::string::npos);
}

TEST_CASE("layer_norm: exact evaluation refuses the square root") {
  const Network net = net_from(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "3"}])"));
  CHECK_THROWS_AS(eval_exact(net, qs({"1", "3"})), NotExactError);
}

TEST_CASE("layer_norm: Ball values against closed forms") {
  // x = (1, 3), eps = 1: mean 2, var 1, y = (-1, 1)/sqrt(2)
  const Program plain = lower(net_from(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "1"}])")));
  const auto y = evaluate<Ball>(plain, std::span<const Ball>(balls(qs({"1", "3"}))), Prec(128));
  check_contains_minus_sqrt(y[0], q("1/2"));
  check_contains_sqrt(y[1], q("1/2"));
  // gamma (2, 3), beta (1, -1), eps 3: var + eps = 4, y = (0, 1/2)
  const Program affine = lower(net_from(
      doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "3", "gamma": ["2", "3"], "beta": ["1", "-1"]}])")));
  const auto z = evaluate<Ball>(affine, std::span<const Ball>(balls(qs({"1", "3"}))), Prec(128));
  check_contains(z[0], q("0"));
  check_contains(z[1], q("1/2"));
  // three coordinates (0, 0, 3), eps = 1/1000: mean 1, var 2, y = (-1, -1, 2)/sqrt(2001/1000)
  const Program three = lower(net_from(doc(R"({"dim": 3})", R"([{"type": "layer_norm", "eps": "1/1000"}])")));
  const auto w = evaluate<Ball>(three, std::span<const Ball>(balls(qs({"0", "0", "3"}))), Prec(128));
  check_contains_minus_sqrt(w[0], q("1000/2001"));
  check_contains_sqrt(w[2], q("4000/2001"));
  // one coordinate: the output is beta exactly (x - mean = 0)
  // (5/4 is a dyadic number, so the ball is exactly it)
  const Program one =
      lower(net_from(doc(R"({"dim": 1})", R"([{"type": "layer_norm", "eps": "1/7", "beta": ["5/4"]}])")));
  const auto u = evaluate<Ball>(one, std::span<const Ball>(balls(qs({"-9"}))), Prec(128));
  CHECK(lower(u[0]) == q("5/4"));
  CHECK(upper(u[0]) == q("5/4"));
  // a wide box: the enclosure stays finite (the variance is enclosed >= 0, so sqrt(var + eps) > 0)
  std::vector<Ball> wide(2);
  set_interval(wide[0], q("-5"), q("5"), Prec(128));
  set_interval(wide[1], q("-5"), q("5"), Prec(128));
  const auto v = evaluate<Ball>(plain, std::span<const Ball>(wide), Prec(128));
  CHECK(is_finite(v[0]));
  CHECK(is_finite(v[1]));
}

TEST_CASE("layer_norm: Jet gradient and Series coefficients against closed forms") {
  // dy_r/dx_k = (delta_rk - 1/d - c_r c_k / (d sigma^2)) / sigma. At x = (1, 3), eps = 1:
  // sigma^2 = 2, c = (-1, 1): dy_0/dx_0 = 1/(4 sqrt 2), dy_0/dx_1 = -1/(4 sqrt 2).
  const Program plain = lower(net_from(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "1"}])")));
  const auto x = balls(qs({"1", "3"}));
  std::vector<Jet<Ball>> in;
  for (std::size_t i = 0; i < 2; ++i) in.push_back(jet_variable(x[i], i, 2, Prec(128)));
  const auto y = evaluate<Jet<Ball>>(plain, std::span<const Jet<Ball>>(in), Prec(128));
  check_contains_sqrt(y[0].g[0], q("1/32"));
  check_contains_minus_sqrt(y[0].g[1], q("1/32"));
  CHECK(!y[0].discontinuous);
  CHECK(!y[0].kinked);

  // one input t -> (t, 2t + 1) -> layer_norm(eps 3/4) -> y_0 = -u / sqrt(u^2 + 3/4), u = (t + 1)/2.
  // At t = 0: u = 1/2, u^2 + eps = 1: y_0 = -1/2, dy_0/dt = -eps / (u^2 + eps)^(3/2) * du/dt = -3/8.
  const Program series_prog = lower(net_from(doc(R"({"dim": 1})", R"([
      {"type": "dense", "weight": [["1"], ["2"]], "bias": ["0", "1"]}, {"type": "layer_norm", "eps": "3/4"}])")));
  Ball t0;
  set(t0, q("0"), Prec(128));
  const std::vector<Series> sin{series_variable(t0, 3)};
  const auto s = evaluate<Series>(series_prog, std::span<const Series>(sin), Prec(128));
  REQUIRE(is_finite(s[0]));
  check_contains(s[0].coefficient(0), q("-1/2"));
  check_contains(s[0].coefficient(1), q("-3/8"));
}
