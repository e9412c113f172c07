// Lowering leaves out operands with exact weight 0 (0 * x is exactly 0): fewer Affine operands, the
// same function (reference interpreter, which multiplies every weight).
#include <doctest/doctest.h>

#include "net_support.hpp"
#include "reference/reference_interpreter.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

const char* kNet = R"({ "format": "approxcert-net/1", "input": {"dim": 3, "tokens": 2}, "layers": [
  {"type": "tokenwise", "layers": [{"type": "dense", "weight": [["0","2","0"],["1","0","-1/2"],["0","0","0"]], "bias": ["1","0","3"]}]},
  {"type": "attention", "normalizer": "none", "scale": "1", "heads": [
    {"wq": [["1","0","0"]], "wk": [["0","0","1"]], "wv": [["0","1","0"]], "wo": [["0"],["0"],["1"]]}]} ] })";

}  // namespace

TEST_CASE("lower: zero weights add no Affine operand and do not change the function") {
  const Network net = net_from(kNet);
  const Program p = lower(net);
  for (const Node& n : p.nodes()) {
    if (n.op != Op::Affine) continue;
    for (std::size_t k = 0; k < p.args(n).size(); ++k) CHECK(p.pool()[n.first + k].sign() != 0);
  }
  for (const auto& x : {qs({"1", "2", "3", "-1", "1/2", "4"}), qs({"0", "0", "0", "0", "0", "0"}),
                        qs({"-3/7", "5", "1", "2", "-2", "1/3"})}) {
    std::vector<Rational> want;
    for (const RefNumber& r : reference_outputs(net, x)) {
      REQUIRE(r.is_exact());
      want.push_back(r.value());
    }
    CHECK(eval_exact(net, x) == want);
  }
}
