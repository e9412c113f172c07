// Attention lowering leaves out the mixes of rows of W_O that are all zero (their mix is exactly 0)
// and the score scaling when the scale is 1, multiplies one-row keys and queries with a Mul node, and
// shares identical rows on the same token: the program is smaller, the function the same.
#include <doctest/doctest.h>

#include <algorithm>

#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

std::size_t count_op(const Program& prog, Op op) {
  const auto nodes = prog.nodes();
  return static_cast<std::size_t>(
      std::count_if(nodes.begin(), nodes.end(), [op](const Node& n) { return n.op == op; }));
}

// D = 2, N = 3; head_a writes b into row 1 (W_O = [[0], [1]]), head_b has W_O = 0.
std::string two_heads(std::string_view normalizer, std::string_view scale) {
  const std::string head_a = R"({"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["0", "1"]], "wo": [["0"], ["1"]]})";
  const std::string head_b = R"({"wq": [["0", "1"]], "wk": [["1", "1"]], "wv": [["1", "1"]], "wo": [["0"], ["0"]]})";
  return doc(R"({"dim": 2, "tokens": 3})", R"([{"type": "attention", "normalizer": ")" + std::string(normalizer) +
                                               R"(", "scale": ")" + std::string(scale) + R"(", "heads": [)" + head_a +
                                               ", " + head_b + "]}]");
}

}  // namespace

TEST_CASE("lower: attention builds mixes only for nonzero rows of W_O and no node for scale 1") {
  const Program p1 = lower(net_from(two_heads("hardmax", "1")));
  CHECK(count_op(p1, Op::Mix) == 3);  // one per query column, row 1 of head_a; head_b builds nothing
  CHECK(count_op(p1, Op::Mul) == 9);  // scores of head_a only (one-row keys: products, no Dot)
  CHECK(count_op(p1, Op::Dot) == 0);
  // head_a per token: W_Q = W_K (one shared node), W_V, W_O row 1; plus row 1's sum: 3 * 3 + 3
  CHECK(count_op(p1, Op::Affine) == 12);
  const Program p2 = lower(net_from(two_heads("hardmax", "2")));
  CHECK(count_op(p2, Op::Mix) == 3);
  CHECK(count_op(p2, Op::Affine) == count_op(p1, Op::Affine) + 9);  // the scaled scores
  // Row 0 receives no term: its outputs are the input nodes themselves.
  for (std::size_t i = 0; i < 3; ++i) CHECK(p1.nodes()[p1.outputs()[2 * i]].op == Op::Input);
}

TEST_CASE("lower: leaving out zero rows and heads keeps the function (hardmax exactly, softmax row 0 exact)") {
  // tokens (a, b): (1, 10), (1, 20), (0, 30); head_a: query i picks the keys with the largest a_j a_i.
  const auto X = qs({"1", "10", "1", "20", "0", "30"});
  CHECK(eval_exact(net_from(two_heads("hardmax", "1")), X) == qs({"1", "25", "1", "35", "0", "50"}));
  // Softmax: row 0 is X exactly (no rounding at all), row 1 is b plus a strict convex combination.
  const Program soft = lower(net_from(two_heads("softmax", "1")));
  std::vector<Ball> xb(6);
  for (std::size_t k = 0; k < 6; ++k) set(xb[k], X[k], Prec(128));
  const std::vector<Ball> out = evaluate<Ball>(soft, std::span<const Ball>(xb), Prec(128));
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(lower(out[2 * i]) == X[2 * i]);
    CHECK(upper(out[2 * i]) == X[2 * i]);
    CHECK(lower(out[2 * i + 1]) > X[2 * i + 1] + q("10"));
    CHECK(upper(out[2 * i + 1]) < X[2 * i + 1] + q("30"));
  }
}
