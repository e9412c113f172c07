// The sparse_dense layer: the same function as the dense layer with the zeros filled in, an exact
// JSON round trip, and one exact message per class of bad input.
#include <doctest/doctest.h>

#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// W = [[0, 2, 0], [0, 0, 0], [-1/3, 0, 1/2]], b = (1, 5, -1).
const std::string kSparse = doc(R"({"dim": 3})", R"([{"type": "sparse_dense", "rows": 3, "cols": 3,
    "entries": [[0, 1, "2"], [2, 0, "-1/3"], [2, 2, "0.5"]], "bias": ["1", "5", "-1"]}])");
const std::string kDense = doc(R"({"dim": 3})", R"([{"type": "dense",
    "weight": [["0", "2", "0"], ["0", "0", "0"], ["-1/3", "0", "0.5"]], "bias": ["1", "5", "-1"]}])");

std::string sparse_doc(std::string_view fields) {
  return doc(R"({"dim": 2})", R"([{"type": "sparse_dense", )" + std::string(fields) + "}]");
}

}  // namespace

TEST_CASE("sparse_dense: computes exactly what the dense layer with the zeros filled in computes") {
  const Network s = net_from(kSparse), d = net_from(kDense);
  CHECK(output_dim(s) == 3);
  for (const auto& x : {qs({"1", "2", "3"}), qs({"-1/7", "0", "0.25"}), qs({"0", "0", "0"})})
    CHECK(eval_exact(s, x) == eval_exact(d, x));
  CHECK(eval_exact(s, qs({"3", "1/2", "2"})) == qs({"2", "5", "-1"}));  // (1 + 1, 5, -1 - 1 + 1)
  // lowering stores only the listed weights: 3 rows with 1, 0 and 2 operands
  const Program p = lower(s);
  std::size_t operands = 0;
  for (const Node& n : p.nodes())
    if (n.op == Op::Affine) operands += p.args(n).size();
  CHECK(operands == 3);
}

TEST_CASE("sparse_dense: exact JSON round trip") {
  const Network s = net_from(kSparse);
  CHECK(parse_network(save_network(s), "again.json") == s);
  const auto& l = std::get<SparseDenseLayer>(s.layers[0].kind);
  CHECK(l.entries.size() == 3);
  CHECK(l.entries[1] == SparseEntry{2, 0, q("-1/3")});
}

TEST_CASE("sparse_dense: bad shapes, orders and entries are one clear message each") {
  CHECK(load_error(sparse_doc(R"("rows": 1, "cols": 3, "entries": [], "bias": ["0"])")) ==
        "net.json: /layers/0/cols: is 3, expected 2 (the layer's input dimension)");
  CHECK(load_error(sparse_doc(R"("rows": 0, "cols": 2, "entries": [], "bias": [])")) ==
        "net.json: /layers/0/rows: must be at least 1");
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [[1, 0, "1"], [0, 1, "1"]], "bias": ["0", "0"])")) ==
        "net.json: /layers/0/entries/1: entries must be strictly increasing in (row, col), but (0, 1) follows (1, 0)");
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [[0, 1, "1"], [0, 1, "2"]], "bias": ["0", "0"])")) ==
        "net.json: /layers/0/entries/1: entries must be strictly increasing in (row, col), but (0, 1) follows (0, 1)");
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [[2, 0, "1"]], "bias": ["0", "0"])")) ==
        "net.json: /layers/0/entries/0/0: row 2 is out of range (rows = 2)");
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [[0, 2, "1"]], "bias": ["0", "0"])")) ==
        "net.json: /layers/0/entries/0/1: column 2 is out of range (cols = 2)");
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [[0, 1]], "bias": ["0", "0"])")) ==
        "net.json: /layers/0/entries/0: expected [row, col, value], got 2 entries");
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [[0, 1, "x"]], "bias": ["0", "0"])"))
            .find("net.json: /layers/0/entries/0/2: expected a number") == 0);
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [], "bias": ["0"])")) ==
        "net.json: /layers/0/bias: has 1 entries, expected 2 (one per row)");
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "entries": [], "bias": ["0", "0"], "weight": [])"))
            .find("net.json: /layers/0/weight: unknown key \"weight\" in a sparse_dense layer") == 0);
  CHECK(load_error(sparse_doc(R"("rows": 2, "cols": 2, "bias": ["0", "0"])")) ==
        "net.json: /layers/0: missing required key \"entries\" in a sparse_dense layer");
}
