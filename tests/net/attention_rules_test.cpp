// Attention with raw scores ("normalizer": "none", linear attention) and the hardmax tie rules
// ("ties": "split" | "first" | "last"): exact values worked out by hand, checked through the IR
// (exact Rational evaluation, Ball enclosures) and through the independent reference interpreter;
// enclosure behaviour of the tie rules on boxes; exact Jet<Rational> gradients of linear attention.
#include <doctest/doctest.h>

#include "net/jet.hpp"
#include "net_support.hpp"
#include "reference/reference_interpreter.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// D = 2, token = (key, value); keys read entry 0 against a constant query (b_q = 1), values carry
// entry 1 into row 1: scores of the keys are their entry 0 for every query.
std::string keyed_net(std::string_view normalizer, std::string_view ties = "") {
  std::string layer = R"({"type": "attention", "normalizer": ")" + std::string(normalizer) + "\"";
  if (!ties.empty()) layer += R"(, "ties": ")" + std::string(ties) + "\"";
  layer += R"(, "scale": "1", "heads": [{"wq": [["0", "0"]], "wk": [["1", "0"]], "bq": ["1"],
               "wv": [["0", "1"]], "wo": [["0"], ["1"]]}]})";
  return doc(R"({"dim": 2, "tokens": 3})", "[" + layer + "]");
}

std::vector<Rational> reference_values(const Network& net, const std::vector<Rational>& x) {
  std::vector<Rational> out;
  for (const RefNumber& r : reference_outputs(net, x)) {
    CHECK(r.is_exact());
    out.push_back(r.value());
  }
  return out;
}

std::vector<Ball> ball_outputs(const Network& net, const std::vector<Ball>& x) {
  return evaluate<Ball>(lower(net), std::span<const Ball>(x), Prec(128));
}

}  // namespace

TEST_CASE("attention: hardmax tie rules and raw scores, exact values by hand") {
  // tokens (5, 10), (7, 20), (7, 30): scores (5, 7, 7) for every query, keys 1 and 2 tie.
  const auto X = qs({"5", "10", "7", "20", "7", "30"});
  struct Case {
    std::string_view normalizer, ties;
    std::vector<Rational> expected;
  };
  const Case cases[] = {
      {"hardmax", "", qs({"5", "35", "7", "45", "7", "55"})},  // split: (20 + 30) / 2 = 25
      {"hardmax", "split", qs({"5", "35", "7", "45", "7", "55"})},
      {"hardmax", "first", qs({"5", "30", "7", "40", "7", "50"})},  // key 1: 20
      {"hardmax", "last", qs({"5", "40", "7", "50", "7", "60"})},   // key 2: 30
      // raw scores: 5*10 + 7*20 + 7*30 = 400 added to every value
      {"none", "", qs({"5", "410", "7", "420", "7", "430"})},
  };
  for (const Case& c : cases) {
    CAPTURE(c.normalizer);
    CAPTURE(c.ties);
    const Network net = net_from(keyed_net(c.normalizer, c.ties));
    CHECK(eval_exact(net, X) == c.expected);
    CHECK(reference_values(net, X) == c.expected);
    // balls at the exact point: the ties are certain, so the rule's value is exact
    std::vector<Ball> in;
    for (const Rational& v : X) {
      Ball b;
      set(b, v, Prec(128));
      in.push_back(b);
    }
    const auto out = ball_outputs(net, in);
    for (std::size_t o = 0; o < out.size(); ++o) {
      CHECK(lower(out[o]) == c.expected[o]);
      CHECK(upper(out[o]) == c.expected[o]);
    }
  }
}

TEST_CASE("attention: tie rules on boxes keep only the candidates that can win") {
  // Intervals (MPFI): with dyadic endpoints every affine map and product here is exact, so the
  // boxes' ends stay exactly at the tie (Arb's radius arithmetic would widen them by an ulp).
  const auto point = [](std::string_view v) {
    Interval b;
    set(b, q(v), Prec(128));
    return b;
  };
  const auto box = [](std::string_view lo, std::string_view hi) {
    Interval b;
    set_interval(b, q(lo), q(hi), Prec(128));
    return b;
  };
  const auto run = [](const Network& net, const std::vector<Interval>& x) {
    return evaluate<Interval>(lower(net), std::span<const Interval>(x), Prec(128));
  };
  // key 1 in [7, 8], key 2 = 7: key 1 >= key 2 on the whole box.
  const std::vector<Interval> in{point("5"), point("10"), box("7", "8"), point("20"), point("7"), point("30")};
  // first: key 1 wins everywhere (a tie goes to the smaller index) -> exactly 20 added
  const auto first = run(net_from(keyed_net("hardmax", "first")), in);
  CHECK(lower(first[1]) == 30);
  CHECK(upper(first[1]) == 30);
  // last: at key 1 = 7 key 2 wins (30), above 7 key 1 wins (20): the hull [20, 30] + 10
  const auto last = run(net_from(keyed_net("hardmax", "last")), in);
  CHECK(lower(last[1]) <= 30);
  CHECK(upper(last[1]) >= 40);
  // split: 25 at the tie, 20 above it: the hull contains both
  const auto split = run(net_from(keyed_net("hardmax")), in);
  CHECK(lower(split[1]) <= 30);
  CHECK(upper(split[1]) >= 35);
  // key 1 in [7, 8], key 2 in [6, 7]: still key 1 >= key 2 everywhere, so first keeps key 1 only
  const std::vector<Interval> apart{point("5"), point("10"), box("7", "8"), point("20"), box("6", "7"), point("30")};
  const auto first_apart = run(net_from(keyed_net("hardmax", "first")), apart);
  CHECK(lower(first_apart[1]) == 30);
  CHECK(upper(first_apart[1]) == 30);
  // key 1 in [6, 8] straddles key 2 = 7: every rule gives the hull of 20 and 30
  const std::vector<Interval> straddle{point("5"), point("10"), box("6", "8"), point("20"), point("7"), point("30")};
  for (std::string_view ties : {"split", "first", "last"}) {
    CAPTURE(ties);
    const auto out = run(net_from(keyed_net("hardmax", ties)), straddle);
    CHECK(lower(out[1]) <= 30);
    CHECK(upper(out[1]) >= 40);
  }
  // the same boxes in balls: always an enclosure (here the hull, as Arb widens the box by an ulp)
  std::vector<Ball> ball_in;
  for (const Interval& v : in) {
    Ball b;
    set_interval(b, lower(v), upper(v), Prec(128));
    ball_in.push_back(b);
  }
  const auto ball_first = ball_outputs(net_from(keyed_net("hardmax", "first")), ball_in);
  CHECK(lower(ball_first[1]) <= 30);
  CHECK(upper(ball_first[1]) >= 30);
}

TEST_CASE("attention: raw scores with key width 2 and 3, exact values and gradient by hand") {
  // W_Q = W_K = W_V = W_O = I (D = dk = 2): out_i = x_i + sum_j <x_j, x_i> x_j.
  const Network net = net_from(doc(R"({"dim": 2, "tokens": 2})", R"([{"type": "attention", "normalizer": "none",
      "scale": "1", "heads": [{"wq": [["1", "0"], ["0", "1"]], "wk": [["1", "0"], ["0", "1"]],
                               "wv": [["1", "0"], ["0", "1"]], "wo": [["1", "0"], ["0", "1"]]}]}])"));
  // x_0 = (1, 2), x_1 = (3, -1): <x0,x0> = 5, <x0,x1> = 1, <x1,x1> = 10
  // out_0 = (1,2) + 5 (1,2) + (3,-1) = (9, 11); out_1 = (3,-1) + (1,2) + 10 (3,-1) = (34, -9)
  const auto X = qs({"1", "2", "3", "-1"});
  CHECK(eval_exact(net, X) == qs({"9", "11", "34", "-9"}));
  CHECK(reference_values(net, X) == qs({"9", "11", "34", "-9"}));
  // d out_0[0] / d x_0[0] = 1 + 3 x00^2 + x01^2 + x10^2 = 17; d out_0[0] / d x_1[1] = x01 x10 = 6
  const Program prog = lower(net);
  std::vector<Jet<Rational>> in;
  for (std::size_t i = 0; i < X.size(); ++i) in.push_back(jet_variable(X[i], i, X.size(), Prec(64)));
  const auto out = evaluate<Jet<Rational>>(prog, std::span<const Jet<Rational>>(in), Prec(64));
  CHECK(out[0].v == 9);
  CHECK(out[0].g[0] == 17);
  CHECK(out[0].g[3] == 6);
  CHECK(!out[0].discontinuous);

  // dk = 3 with a scale and b_q: scores s_j = scale * <W_K x_j, W_Q x_i + b_q>, D = 1
  const Network wide = net_from(doc(R"({"dim": 1, "tokens": 2})", R"([{"type": "attention", "normalizer": "none",
      "scale": "1/2", "heads": [{"wq": [["1"], ["2"], ["0"]], "wk": [["1"], ["0"], ["3"]], "bq": ["0", "1", "1"],
                                 "wv": [["1"]], "wo": [["2"]]}]}])"));
  // x = (1, 2): Q_i = (x_i, 2 x_i + 1, 1), K_j = (x_j, 0, 3 x_j), s(j, i) = (x_j x_i + 3 x_j) / 2
  // query 0 (x=1): s = (2, 4); out_0 = 1 + 2 (2*1 + 4*2) = 21
  // query 1 (x=2): s = (5/2, 5); out_1 = 2 + 2 (5/2*1 + 5*2) = 27
  CHECK(eval_exact(wide, qs({"1", "2"})) == qs({"21", "27"}));
  CHECK(reference_values(wide, qs({"1", "2"})) == qs({"21", "27"}));
}

TEST_CASE("attention: hardmax and softmax with key width above 1") {
  // dk = 2: scores s(j, i) = <x_j, x_i> over D = 2 tokens; hardmax picks the key with the largest
  // inner product. x = (1, 0), (0, 2), (1, 1): query 0 scores (1, 0, 1): keys 0, 2 tie.
  const std::string head = R"({"wq": [["1", "0"], ["0", "1"]], "wk": [["1", "0"], ["0", "1"]],
                               "wv": [["1", "0"], ["0", "1"]], "wo": [["1", "0"], ["0", "1"]]})";
  const auto X = qs({"1", "0", "0", "2", "1", "1"});
  const Network first = net_from(doc(
      R"({"dim": 2, "tokens": 3})",
      R"([{"type": "attention", "normalizer": "hardmax", "ties": "first", "scale": "1", "heads": [)" + head + "]}]"));
  // query 0 -> key 0 (1,0): (2, 0); query 1 scores (0, 4, 2) -> key 1: (0, 4); query 2 scores (1, 2, 2) -> key 1: (1,
  // 3)
  CHECK(eval_exact(first, X) == qs({"2", "0", "0", "4", "1", "3"}));
  CHECK(reference_values(first, X) == qs({"2", "0", "0", "4", "1", "3"}));
  // softmax, dk = 2, at a point: Ball contains the reference (an MPFR value)
  const Network soft =
      net_from(doc(R"({"dim": 2, "tokens": 3})",
                   R"([{"type": "attention", "normalizer": "softmax", "scale": "1/3", "heads": [)" + head + "]}]"));
  std::vector<Ball> in;
  for (const Rational& v : X) {
    Ball b;
    set(b, v, Prec(128));
    in.push_back(b);
  }
  const auto out = ball_outputs(soft, in);
  const RefVector ref = reference_outputs(soft, X);
  for (std::size_t o = 0; o < out.size(); ++o) {
    CHECK(lower(out[o]) <= ref[o].value());
    CHECK(ref[o].value() <= upper(out[o]));
  }
}

TEST_CASE("attention: JSON for \"none\" and \"ties\", round trip and errors") {
  for (std::string_view ties : {"first", "last"}) {
    const Network net = net_from(keyed_net("hardmax", ties));
    const std::string text = save_network(net);
    CHECK(text.find("\"ties\": \"" + std::string(ties) + "\"") != std::string::npos);
    CHECK(parse_network(text, "saved.json") == net);
  }
  CHECK(std::get<AttentionLayer>(net_from(keyed_net("hardmax", "first")).layers[0].kind).normalizer ==
        Normalizer::HardmaxFirst);
  CHECK(std::get<AttentionLayer>(net_from(keyed_net("hardmax", "last")).layers[0].kind).normalizer ==
        Normalizer::HardmaxLast);
  // the default split rule is written without "ties", so existing files round-trip unchanged
  const Network split = net_from(keyed_net("hardmax", "split"));
  CHECK(split == net_from(keyed_net("hardmax")));
  CHECK(save_network(split).find("ties") == std::string::npos);
  const Network none = net_from(keyed_net("none"));
  CHECK(std::get<AttentionLayer>(none.layers[0].kind).normalizer == Normalizer::None);
  CHECK(parse_network(save_network(none), "saved.json") == none);

  CHECK(load_error(keyed_net("softmax", "first")) ==
        "net.json: /layers/0/ties: tie rules apply only to \"normalizer\": \"hardmax\", not \"softmax\"");
  CHECK(load_error(keyed_net("none", "split")) ==
        "net.json: /layers/0/ties: tie rules apply only to \"normalizer\": \"hardmax\", not \"none\"");
  CHECK(load_error(keyed_net("hardmax", "random")) ==
        "net.json: /layers/0/ties: unknown tie rule \"random\"; known: split, first, last");
}

TEST_CASE("attention: raw scores never build a Mix node") {
  const Program p = lower(net_from(keyed_net("none")));
  for (const Node& n : p.nodes()) CHECK(n.op != Op::Mix);
  Program prog(1);
  const std::vector<NodeId> x{prog.input(0)};
  CHECK_NOTHROW(prog.mix(Normalizer::HardmaxLast, x, x));
  CHECK_THROWS_AS(prog.mix(Normalizer::None, x, x), std::logic_error);
}

TEST_CASE("attention: Jet flags of the tie rules on boxes (mean-value forms stay valid where the winner is decided)") {
  const auto jets = [](const std::vector<std::pair<std::string_view, std::string_view>>& boxes) {
    std::vector<Jet<Interval>> in;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      Interval b;
      set_interval(b, q(boxes[i].first), q(boxes[i].second), Prec(128));
      in.push_back(jet_variable(b, i, boxes.size(), Prec(128)));
    }
    return in;
  };
  const auto decided = jets({{"5", "5"}, {"10", "10"}, {"7", "8"}, {"20", "21"}, {"7", "7"}, {"30", "30"}});
  const auto straddling = jets({{"5", "5"}, {"10", "10"}, {"6", "8"}, {"20", "21"}, {"7", "7"}, {"30", "30"}});
  const Program first = lower(net_from(keyed_net("hardmax", "first")));
  const auto out = evaluate<Jet<Interval>>(first, std::span<const Jet<Interval>>(decided), Prec(128));
  // key 1 wins on the whole box: output 1 is x_1 + value_1, gradient e_1 + e_3, continuous
  CHECK(!out[1].discontinuous);
  CHECK(lower(out[1].g[1]) == 1);
  CHECK(lower(out[1].g[3]) == 1);
  CHECK(upper(out[1].g[5]) == 0);
  const auto jump = evaluate<Jet<Interval>>(first, std::span<const Jet<Interval>>(straddling), Prec(128));
  CHECK(jump[1].discontinuous);  // the winner switches between keys 1 and 2 inside the box
}
