// Every rational layer type, lowered and evaluated with exact Rationals against values computed
// by hand.
#include <doctest/doctest.h>

#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

const char* kDesignExample = R"({ "format": "approxcert-net/1",
  "input": {"dim": 2},
  "layers": [
    {"type": "dense", "weight": [["1","-1/2"],["0.25","3"]], "bias": ["0","1"]},
    {"type": "relu"},
    {"type": "dense", "weight": [["1","1"]], "bias": ["0"]} ] })";

}  // namespace

TEST_CASE("lower: the DESIGN.md dense/relu/dense example, exactly") {
  const Network net = net_from(kDesignExample);
  CHECK(input_dim(net) == 2);
  CHECK(output_dim(net) == 1);
  // h = (1/3 + 1/8, 1/12 - 3/4 + 1) = (11/24, 1/3), both positive: out = 19/24
  CHECK(eval_exact(net, qs({"1/3", "-0.25"})) == qs({"19/24"}));
  // h = (-3/2, 15/4): relu zeroes the first
  CHECK(eval_exact(net, qs({"-1", "1"})) == qs({"15/4"}));
}

TEST_CASE("lower: program shape of a dense layer") {
  const Program prog = lower(net_from(kDesignExample));
  CHECK(prog.num_inputs() == 2);
  REQUIRE(prog.outputs().size() == 1);
  CHECK(prog.nodes()[prog.outputs()[0]].op == Op::Affine);
  // the numbers reach the pool exactly: 0.25 is 1/4, not a double
  bool found_quarter = false;
  for (const Rational& c : prog.pool()) found_quarter = found_quarter || c == q("1/4");
  CHECK(found_quarter);
}

TEST_CASE("lower: step is 1 at 0 and for positives, 0 below") {
  const Network net = net_from(doc(R"({"dim": 3})", R"([{"type": "step"}])"));
  CHECK(eval_exact(net, qs({"0", "-1e-30", "1/7"})) == qs({"1", "0", "1"}));
}

TEST_CASE("lower: relu per coordinate") {
  const Network net = net_from(doc(R"({"dim": 3})", R"([{"type": "relu"}])"));
  CHECK(eval_exact(net, qs({"-2/3", "0", "5/9"})) == qs({"0", "0", "5/9"}));
}

TEST_CASE("lower: piecewise_linear inside, at breakpoints and outside the range") {
  const Network net =
      net_from(doc(R"({"dim": 1})",
                   R"([{"type": "piecewise_linear", "breakpoints": ["-1", "0", "2"], "values": ["1", "0", "4"]}])"));
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"-5", "1"}, {"-1", "1"}, {"-1/2", "1/2"}, {"0", "0"}, {"1", "2"}, {"3/2", "3"}, {"2", "4"}, {"10", "4"}};
  for (const auto& [x, y] : cases) {
    CAPTURE(x);
    CHECK(eval_exact(net, qs({x})) == qs({y}));
  }
}

TEST_CASE("lower: piecewise_linear with one breakpoint is constant") {
  const Network net =
      net_from(doc(R"({"dim": 2})", R"([{"type": "piecewise_linear", "breakpoints": ["0"], "values": ["7/3"]}])"));
  CHECK(eval_exact(net, qs({"-100", "100"})) == qs({"7/3", "7/3"}));
}

TEST_CASE("lower: residual adds the body's output to its input") {
  const Network net = net_from(doc(R"({"dim": 2})", R"([{"type": "residual", "body": [
      {"type": "dense", "weight": [["2", "0"], ["0", "3"]], "bias": ["0", "0"]}, {"type": "relu"}]}])"));
  CHECK(eval_exact(net, qs({"1", "-1"})) == qs({"3", "-1"}));
  // an empty body is the identity, so the residual doubles
  const Network twice = net_from(doc(R"({"dim": 1})", R"([{"type": "residual", "body": []}])"));
  CHECK(eval_exact(twice, qs({"3/5"})) == qs({"6/5"}));
}

TEST_CASE("lower: inner_product <phi(x), psi(y)>") {
  // phi(x) = (x, 2x) on the first coordinate, psi = identity on the other two
  const Network net = net_from(doc(R"({"dim": 3})", R"([{"type": "inner_product", "split": 1,
      "left": [{"type": "dense", "weight": [["1"], ["2"]], "bias": ["0", "0"]}], "right": []}])"));
  CHECK(output_dim(net) == 1);
  CHECK(eval_exact(net, qs({"1/2", "3", "-1"})) == qs({"1/2"}));  // 3/2 - 1
  const Program prog = lower(net);
  CHECK(prog.nodes()[prog.outputs()[0]].op == Op::Dot);
}

TEST_CASE("lower: positional_encoding adds E (D rows of N entries), inputs and outputs column by column") {
  const Network net = net_from(
      doc(R"({"dim": 2, "tokens": 2})", R"([{"type": "positional_encoding", "matrix": [["1", "2"], ["3", "4"]]}])"));
  CHECK(input_dim(net) == 4);
  // inputs (X[0,0], X[1,0], X[0,1], X[1,1]) = (10, 20, 30, 40)
  CHECK(eval_exact(net, qs({"10", "20", "30", "40"})) == qs({"11", "23", "32", "44"}));
}

TEST_CASE("lower: tokenwise applies vector layers to every column and may change D") {
  const Network net = net_from(doc(R"({"dim": 2, "tokens": 3})", R"([{"type": "tokenwise", "layers": [
      {"type": "dense", "weight": [["1", "1"]], "bias": ["-1"]}, {"type": "relu"}]}])"));
  CHECK(output_dim(net) == 3);
  CHECK(eval_exact(net, qs({"1", "2", "0", "1/2", "-3", "1"})) == qs({"2", "0", "0"}));
}

namespace {

// D = 2, token = (a, b): keys and queries read a, values carry b into row 1 (W_O W_V = [[0,0],[0,1]]).
std::string hardmax_net(std::string_view scale, std::string_view bq = "") {
  std::string head = R"({"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["0", "1"]], "wo": [["0"], ["1"]])";
  if (!bq.empty()) head += R"(, "bq": [")" + std::string(bq) + "\"]";
  head += "}";
  return doc(R"({"dim": 2, "tokens": 3})", R"([{"type": "attention", "normalizer": "hardmax", "scale": ")" +
                                               std::string(scale) + R"(", "heads": [)" + head + "]}]");
}

}  // namespace

TEST_CASE("lower: hardmax attention, exact ties split evenly") {
  // tokens (a, b): (1, 10), (1, 20), (0, 30); score of key j for query i: a_j * a_i * scale
  const auto X = qs({"1", "10", "1", "20", "0", "30"});
  // query 0: scores (1, 1, 0): tie of keys 0 and 1 -> (10 + 20)/2 = 15 added to b
  // query 2: scores (0, 0, 0): all tied -> (10 + 20 + 30)/3 = 20
  CHECK(eval_exact(net_from(hardmax_net("1")), X) == qs({"1", "25", "1", "35", "0", "50"}));
  // b_q = 1: query 2 now scores (1, 1, 0) -> 15
  CHECK(eval_exact(net_from(hardmax_net("1", "1")), X) == qs({"1", "25", "1", "35", "0", "45"}));
  // scale -1 flips the order: queries 0 and 1 pick key 2 alone (b = 30)
  CHECK(eval_exact(net_from(hardmax_net("-1")), X) == qs({"1", "40", "1", "50", "0", "50"}));
}

TEST_CASE("lower: attention heads add up, and residual keeps X") {
  // Two identical-score heads: one writes b into row 0, the other into row 1.
  const std::string head_to_row0 =
      R"({"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["0", "1"]], "wo": [["1"], ["0"]]})";
  const std::string head_to_row1 =
      R"({"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["0", "2"]], "wo": [["0"], ["1"]]})";
  const Network net = net_from(doc(R"({"dim": 2, "tokens": 2})",
                                   R"([{"type": "attention", "normalizer": "hardmax", "scale": "1/2", "heads": [)" +
                                       head_to_row0 + ", " + head_to_row1 + "]}]"));
  // tokens (2, 5), (1, 7): query 0 scores (2, 1) -> key 0; query 1 scores (1, 1/2) -> key 0
  // head 0 adds b_0 = 5 to row 0, head 1 adds 2*b_0 = 10 to row 1
  CHECK(eval_exact(net, qs({"2", "5", "1", "7"})) == qs({"7", "15", "6", "17"}));
}

TEST_CASE("lower: sequence network with every sequence layer, outputs are the last X column by column") {
  const Network net = net_from(doc(R"({"dim": 1, "tokens": 2})", R"([
      {"type": "positional_encoding", "matrix": [["0", "1"]]},
      {"type": "attention", "normalizer": "hardmax", "scale": "1",
       "heads": [{"wq": [["1"]], "wk": [["1"]], "wv": [["1"]], "wo": [["1"]]}]},
      {"type": "tokenwise", "layers": [{"type": "dense", "weight": [["2"]], "bias": ["1"]}]}])"));
  // X = (3, 4) + (0, 1) = (3, 5); scores for query i: (3 x_i, 5 x_i) -> key 1 for both (x_i > 0)
  // attention: (3 + 5, 5 + 5) = (8, 10); tokenwise: (17, 21)
  CHECK(eval_exact(net, qs({"3", "4"})) == qs({"17", "21"}));
}
