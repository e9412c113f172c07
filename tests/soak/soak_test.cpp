// The soundness soak (short version; bench/soak runs >= 10^4 trials): random networks of every
// layer type and random sup-norm problems against the independent MPFR reference interpreter.
// The reference itself is first checked against closed forms computed by hand.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "net/network_json.hpp"
#include "reference/reference_interpreter.hpp"
#include "reference/soak.hpp"

namespace approxcert::soak {

namespace {

constexpr long kPrec = 512;

Rational exact(const Mp& v) {
  mpq_class q;
  mpfr_get_q(q.get_mpq_t(), v.get());
  return Rational(q);
}

Rational q(long a, long b = 1) { return Rational(mpz_class(a), mpz_class(b)); }

std::vector<Rational> outputs(std::string_view json, const std::vector<Rational>& x) {
  std::vector<Rational> out;
  for (const Mp& v : reference_outputs(parse_network(json, "ref.json"), x, kPrec)) out.push_back(exact(v));
  return out;
}

}  // namespace

TEST_CASE("soak reference: exact layers give the hand-computed values") {
  // relu(W x + b) with W = [[1, -1/2], [1/4, 3]], b = [0, 1] at (1, 4): (1 - 2, 1/4 + 12 + 1) -> (0, 53/4)
  const char* mlp = R"({"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [
      {"type": "dense", "weight": [["1", "-1/2"], ["1/4", "3"]], "bias": ["0", "1"]}, {"type": "relu"}]})";
  CHECK(outputs(mlp, {q(1), q(4)}) == std::vector<Rational>{q(0), q(53, 4)});
  // step at 0 is 1; piecewise (0, 0), (2, 4) at 1/2 is 1, outside constant
  const char* pw = R"({"format": "approxcert-net/1", "input": {"dim": 3}, "layers": [
      {"type": "piecewise_linear", "breakpoints": ["0", "2"], "values": ["0", "4"]}]})";
  CHECK(outputs(pw, {q(1, 2), q(-3), q(5)}) == std::vector<Rational>{q(1), q(0), q(4)});
  const char* st = R"({"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [{"type": "step"}]})";
  CHECK(outputs(st, {q(0), q(-1, 1000)}) == std::vector<Rational>{q(1), q(0)});
  // inner product <(x0, 2 x0), (x1 + 1, x1)> = x0 (x1 + 1) + 2 x0 x1 at (3, 5): 18 + 30 = 48
  const char* ip =
      R"({"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [{"type": "inner_product", "split": 1,
      "left": [{"type": "dense", "weight": [["1"], ["2"]], "bias": ["0", "0"]}],
      "right": [{"type": "dense", "weight": [["1"], ["1"]], "bias": ["1", "0"]}]}]})";
  CHECK(outputs(ip, {q(3), q(5)}) == std::vector<Rational>{q(48)});
  // residual x + relu(x - 1) at 3: 5
  const char* res = R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [{"type": "residual", "body": [
      {"type": "dense", "weight": [["1"]], "bias": ["-1"]}, {"type": "relu"}]}]})";
  CHECK(outputs(res, {q(3)}) == std::vector<Rational>{q(5)});
}

TEST_CASE("soak reference: hardmax attention splits ties evenly, positional encoding and tokenwise layers") {
  // D = 1, N = 2, X = (1, 1): scores K_i Q_j are all equal, so each column mixes V evenly:
  // out_j = x_j + W_O (V_0 + V_1) / 2 = 1 + 3 (1 + 1) / 2 = 4; then + E = (4 + 1/2, 4 - 1); then 2x.
  const char* att = R"({"format": "approxcert-net/1", "input": {"dim": 1, "tokens": 2}, "layers": [
      {"type": "attention", "normalizer": "hardmax", "scale": "1",
       "heads": [{"wq": [["1"]], "wk": [["1"]], "wv": [["1"]], "wo": [["3"]]}]},
      {"type": "positional_encoding", "matrix": [["1/2", "-1"]]},
      {"type": "tokenwise", "layers": [{"type": "dense", "weight": [["2"]], "bias": ["0"]}]}]})";
  CHECK(outputs(att, {q(1), q(1)}) == std::vector<Rational>{q(9), q(6)});
  // Distinct scores: X = (1, 2), scores for column j are (1 * 2j', ...) -> column 0 picks token 1.
  CHECK(outputs(att, {q(1), q(2)}) ==
        std::vector<Rational>{q(2) * (q(1) + q(6) + q(1, 2)), q(2) * (q(2) + q(6) - q(1))});
}

TEST_CASE("soak reference: sigmoid, tanh and softmax agree with closed forms at 512 bits") {
  const char* sg = R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [{"type": "sigmoid"}]})";
  CHECK(outputs(sg, {q(0)}) == std::vector<Rational>{q(1, 2)});
  const char* th = R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [{"type": "tanh"}]})";
  CHECK(outputs(th, {q(0)}) == std::vector<Rational>{q(0)});
  // softmax over equal scores is uniform: 1 + 3 (1 + 1) / 2 = 4 exactly (1/2 is exact in MPFR)
  const char* sm = R"({"format": "approxcert-net/1", "input": {"dim": 1, "tokens": 2}, "layers": [
      {"type": "attention", "normalizer": "softmax", "scale": "1",
       "heads": [{"wq": [["0"]], "wk": [["1"]], "wv": [["1"]], "wo": [["3"]]}]}]})";
  CHECK(outputs(sm, {q(1), q(1)}) == std::vector<Rational>{q(4), q(4)});
}

TEST_CASE("soak (short): random networks and sup-norm problems, every layer type, d = 1..4, 0 violations") {
  const SoakReport r = run_soak(20261124, 60);
  for (const std::string& v : r.violations) MESSAGE(v);
  CHECK(r.violations.empty());
  CHECK(r.trials == 60);
  CHECK(r.supnorm_problems == 60);
  CHECK(r.evaluations == 240);
  CHECK(r.sequence_networks > 0);
  for (int d = 1; d <= 4; ++d) CHECK(r.by_dim[d] > 0);
}

}  // namespace approxcert::soak
