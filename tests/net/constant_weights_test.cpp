// Constant-expression numbers in network files ("sqrt(2)/2", "cos(pi/8)"): enclosures contain an
// independent MPFR reference at 1000 bits and shrink as the precision rises; files round-trip
// with the text verbatim; exact-rational evaluation refuses them; bad expressions are rejected
// at load with the file and JSON pointer.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <nlohmann/json.hpp>
#include <string>

#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// The MPFR value (exact dyadic) as a Rational.
Rational to_rational(const mpfr_t x) {
  mpz_class m;
  const long e = mpfr_get_z_2exp(m.get_mpz_t(), x);
  return Rational(m) * pow2(e);
}

// Reference for y = sqrt(2)/2 * x0 + x1/3 + cos(pi/8), computed with MPFR at 1000 bits directly
// (not through the evaluator or the expression parser): |error| < 2^-990.
Rational reference(const Rational& x0, const Rational& x1) {
  mpfr_t s, c, t;
  mpfr_inits2(1000, s, c, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_div_ui(s, s, 2, MPFR_RNDN);
  mpfr_const_pi(c, MPFR_RNDN);
  mpfr_div_ui(c, c, 8, MPFR_RNDN);
  mpfr_cos(c, c, MPFR_RNDN);
  const Rational r = to_rational(s) * x0 + x1 / Rational(3) + to_rational(c);
  mpfr_clears(s, c, t, static_cast<mpfr_ptr>(nullptr));
  return r;
}

const std::string kNet =
    doc(R"({"dim": 2})", R"J([{"type": "dense", "weight": [["sqrt(2)/2", "1/3"]], "bias": ["cos(pi/8)"]}])J");

Ball eval_ball(const Network& net, const std::vector<Rational>& x, long bits) {
  std::vector<Ball> in(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) set(in[k], x[k], Prec(bits));
  return evaluate<Ball>(lower(net), std::span<const Ball>(in), Prec(bits)).at(0);
}

}  // namespace

TEST_CASE("constant weights: enclosures contain the MPFR reference and shrink with precision") {
  const Network net = net_from(kNet);
  for (const auto& x : {qs({"1/3", "-2"}), qs({"0.1", "7/5"}), qs({"-3", "0"}), qs({"0", "0"})}) {
    const Rational ref = reference(x[0], x[1]);
    Rational previous_width;
    for (long bits : {32L, 64L, 128L, 256L, 512L}) {
      CAPTURE(bits);
      const Ball y = eval_ball(net, x, bits);
      REQUIRE(is_finite(y));
      CHECK(lower(y) <= ref);
      CHECK(ref <= upper(y));
      const Rational width = upper(y) - lower(y);
      if (bits > 32) CHECK(width < previous_width);
      previous_width = width;
      CHECK(width <= pow2(10 - bits));  // converges at the working precision
    }
  }
}

TEST_CASE("constant weights: MPFI (the second engine) contains the reference too") {
  const Network net = net_from(kNet);
  const std::vector<Rational> x = qs({"5/7", "-1/9"});
  std::vector<Interval> in(2);
  for (std::size_t k = 0; k < 2; ++k) set(in[k], x[k], Prec(200));
  const Interval y = evaluate<Interval>(lower(net), std::span<const Interval>(in), Prec(200)).at(0);
  const Rational ref = reference(x[0], x[1]);
  CHECK(lower(y) <= ref);
  CHECK(ref <= upper(y));
  CHECK(upper(y) - lower(y) < pow2(-190));
}

TEST_CASE("constant weights: identical texts share one set of nodes, exact networks lower as before") {
  const Network net = net_from(doc(R"({"dim": 2})", R"([
    {"type": "dense", "weight": [["sqrt(2)/2", "-sqrt(2)/2"], ["sqrt(2)/2", "sqrt(2)/2"]], "bias": ["0", "sqrt(2)/2"]}])"));
  const Program prog = lower(net);
  int sqrt_nodes = 0, affine_nodes = 0;
  for (const Node& n : prog.nodes()) {
    sqrt_nodes += n.op == Op::Sqrt;
    affine_nodes += n.op == Op::Affine;
  }
  CHECK(sqrt_nodes == 2);  // "sqrt(2)/2" and "-sqrt(2)/2" are two texts, each compiled once
  const Program exact = lower(
      net_from(doc(R"({"dim": 2})", R"([{"type": "dense", "weight": [["1", "2"], ["3", "4"]], "bias": ["0", "1"]}])")));
  CHECK(exact.nodes().size() == 4);  // two inputs and one Affine node per row, no extra nodes
  CHECK(affine_nodes >= 2);
}

TEST_CASE("constant weights: save writes the text verbatim and the round trip is exact") {
  const std::string text = doc(R"({"dim": 2, "tokens": 2})", R"J([
    {"type": "positional_encoding", "matrix": [["pi", "0"], ["0", "e"]]},
    {"type": "attention", "normalizer": "softmax", "scale": "1/sqrt(2)",
     "heads": [{"wq": [["cos(pi/8)", "0"]], "wk": [["0", "1"]], "wv": [["1", "log(3)"]], "wo": [["1"], ["-1"]], "bq": ["sin(1)"]}]},
    {"type": "tokenwise", "layers": [{"type": "sparse_dense", "rows": 1, "cols": 2, "entries": [[0, 1, "atan(1)*4"]], "bias": ["0.5"]}]}])J");
  const Network net = net_from(text);
  const std::string saved = save_network(net);
  for (const char* t :
       {"\"pi\"", "\"e\"", "\"1/sqrt(2)\"", "\"cos(pi/8)\"", "\"log(3)\"", "\"sin(1)\"", "\"atan(1)*4\"", "\"1/2\""})
    CHECK(saved.find(t) != std::string::npos);
  CHECK(parse_network(saved, "saved.json") == net);
  CHECK(save_network(parse_network(saved, "saved.json")) == saved);
  CHECK(!(net_from(text) ==
          net_from(doc(R"({"dim": 2, "tokens": 2})",
                       R"J([{"type": "positional_encoding", "matrix": [["pi", "0"], ["0", "exp(1)"]]}])J"))));

  // Every sequence layer with expressions evaluates finitely, and the output with atan(1)*4 = pi
  // as the last weight is pi * (value of X[1, i]) + 1/2; the MPFI engine agrees (overlap).
  std::vector<Ball> in(4);
  std::vector<Interval> iv(4);
  const std::vector<Rational> x = qs({"0.25", "-1", "1/3", "2"});
  for (std::size_t k = 0; k < 4; ++k) set(in[k], x[k], Prec(128)), set(iv[k], x[k], Prec(128));
  const auto yb = evaluate<Ball>(lower(net), std::span<const Ball>(in), Prec(128));
  const auto yi = evaluate<Interval>(lower(net), std::span<const Interval>(iv), Prec(128));
  REQUIRE(yb.size() == 2);
  for (std::size_t k = 0; k < 2; ++k) {
    REQUIRE(is_finite(yb[k]));
    CHECK(upper(yb[k]) - lower(yb[k]) < pow2(-100));
    CHECK(lower(yb[k]) <= upper(yi[k]));
    CHECK(lower(yi[k]) <= upper(yb[k]));
  }
}

TEST_CASE("constant weights: exact-rational evaluation refuses a transcendental weight") {
  const Network net = net_from(kNet);
  const std::vector<Rational> x = qs({"1", "1"});
  CHECK_THROWS_WITH_AS(eval_exact(net, x), doctest::Contains("no exact rational result"), NotExactError);
  const auto& dense = std::get<DenseLayer>(net.layers[0].kind);
  CHECK_THROWS_WITH_AS(dense.weight[0][0].rational(), doctest::Contains("'sqrt(2)/2' is not an exact rational"),
                       NotExactError);
  CHECK(dense.weight[0][1].rational() == q("1/3"));
  // A rational-valued expression is evaluated exactly by the same program.
  const Network rational =
      net_from(doc(R"({"dim": 1})", R"([{"type": "dense", "weight": [["1/2 + 1/3"]], "bias": ["(2^10)/4"]}])"));
  CHECK(eval_exact(rational, qs({"6"})) == qs({"261"}));
}

TEST_CASE("constant weights: bad expressions are rejected at load with the file and JSON pointer") {
  auto err = [](std::string_view weight) {
    return load_error(
        doc(R"({"dim": 1})", R"([{"type": "dense", "weight": [[)" + std::string(weight) + R"(]], "bias": ["0"]}])"));
  };
  const std::string at = "net.json: /layers/0/weight/0/0: ";
  CHECK(
      err(R"J("x0 + 1")J") ==
      at +
          "expected a number or a constant expression, got 'x0 + 1': expression: column 1: a constant expression has no variables, got 'x0'");
  CHECK(err(R"J("sin(x)")J").find(at) == 0);
  CHECK(err(R"J("sin(x)")J").find("has no variables") != std::string::npos);
  for (const char* undefined :
       {R"J("log(0)")J", R"J("1/0")J", R"J("sqrt(-1)")J", R"J("1/(pi-pi)")J", R"J("log(-2)")J"}) {
    CAPTURE(undefined);
    const std::string e = err(undefined);
    CHECK(e.find(at + "constant expression ") == 0);
    CHECK(e.find("is not a finite real number") != std::string::npos);
  }
  const std::string huge = "\"" + std::string(1000000 / 2, '1') + std::string(1000000 / 2, '+') + "\"";
  CHECK(err(huge) == at + "constant expression of 1000000 characters is too long (limit 10000)");
  CHECK(err(R"J("pi +")J").find(at + "expected a number or a constant expression, got 'pi +'") == 0);
  CHECK(err(R"J("nan")J") == at + "expected a number, got \"nan\": NaN and infinities are not numbers here");
  CHECK(err(R"J("foo(1)")J").find("unknown function 'foo'") != std::string::npos);
  // piecewise_linear needs exact numbers (ordering and slopes are computed exactly).
  CHECK(
      load_error(doc(R"({"dim": 1})",
                     R"([{"type": "piecewise_linear", "breakpoints": ["0", "pi"], "values": ["0", "1"]}])")) ==
      "net.json: /layers/0/breakpoints/1: must be an exact rational (piecewise_linear orders its breakpoints and computes "
      "its slopes exactly), got the constant expression \"pi\"");
  // Other fields name their own pointer.
  CHECK(load_error(
            doc(R"({"dim": 1, "tokens": 1})", R"J([{"type": "attention", "normalizer": "softmax", "scale": "log(0)",
    "heads": [{"wq": [["1"]], "wk": [["1"]], "wv": [["1"]], "wo": [["1"]]}]}])J"))
            .find("net.json: /layers/0/scale: constant expression 'log(0)'") == 0);
}
