// lower_into(prog, net, inputs): a network lowered onto given nodes computes net(inputs). Checked
// against the layer-by-layer reference interpreter (its own formulas, no Program IR), applied to
// the two networks one after the other.
#include <doctest/doctest.h>

#include <stdexcept>

#include "net_support.hpp"
#include "reference/reference_interpreter.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// R^2 -> R^{2 x 2} flattened column by column: columns (x0, 1) and (x1, x0 - x1).
const char* kEmbed = R"({ "format": "approxcert-net/1", "input": {"dim": 2}, "layers": [
  {"type": "dense", "weight": [["1","0"],["0","0"],["0","1"],["1","-1"]], "bias": ["0","1","0","0"]} ] })";

// Raw-score attention on 2 tokens of width 2, then a read-out per token.
const char* kBlocks = R"({ "format": "approxcert-net/1", "input": {"dim": 2, "tokens": 2}, "layers": [
  {"type": "attention", "normalizer": "none", "scale": "1", "heads": [
    {"wq": [["1","0"]], "wk": [["0","1"]], "wv": [["1","1"]], "wo": [["0"],["1"]]}]},
  {"type": "tokenwise", "layers": [{"type": "dense", "weight": [["2","-1/3"]], "bias": ["1/2"]}]} ] })";

std::vector<Rational> exact_values(const RefVector& v) {
  std::vector<Rational> out;
  for (const RefNumber& r : v) {
    REQUIRE(r.is_exact());
    out.push_back(r.value());
  }
  return out;
}

}  // namespace

TEST_CASE("lower_into onto given nodes: composition equals the reference applied twice") {
  const Network embed = net_from(kEmbed), blocks = net_from(kBlocks);
  Program prog(2);
  const std::vector<NodeId> x{prog.input(0), prog.input(1)};
  const std::vector<NodeId> h = lower_into(prog, embed, x);
  REQUIRE(h.size() == 4);
  prog.set_outputs(lower_into(prog, blocks, h));
  for (const auto& point : {qs({"1/2", "-1/3"}), qs({"3", "2"}), qs({"-7/5", "11/13"}), qs({"0", "0"})}) {
    const std::vector<Rational> got = evaluate<Rational>(prog, std::span<const Rational>(point), Prec(64));
    const std::vector<Rational> hidden = exact_values(reference_outputs(embed, point));
    const std::vector<Rational> want = exact_values(reference_outputs(blocks, hidden));
    CHECK(got == want);
  }
}

TEST_CASE("lower_into onto given nodes: the two-argument form is the special case of the input nodes") {
  const Network blocks = net_from(kBlocks);
  const Program plain = lower(blocks);
  Program prog(4);
  std::vector<NodeId> in;
  for (std::size_t k = 0; k < 4; ++k) in.push_back(prog.input(k));
  prog.set_outputs(lower_into(prog, blocks, in));
  const auto point = qs({"1", "-2", "3/4", "5"});
  CHECK(evaluate<Rational>(prog, std::span<const Rational>(point), Prec(64)) ==
        evaluate<Rational>(plain, std::span<const Rational>(point), Prec(64)));
}

TEST_CASE("lower_into onto given nodes: a wrong count or a missing node is refused") {
  const Network blocks = net_from(kBlocks);
  Program prog(4);
  const std::vector<NodeId> three{prog.input(0), prog.input(1), prog.input(2)};
  CHECK_THROWS_AS(lower_into(prog, blocks, three), std::logic_error);
  const std::vector<NodeId> dangling{prog.input(0), prog.input(1), prog.input(2), 99};
  CHECK_THROWS_AS(lower_into(prog, blocks, dangling), std::logic_error);
}
