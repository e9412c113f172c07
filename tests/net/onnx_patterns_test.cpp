// ONNX import of graphs that are not a single chain: self-attention with its residual Add and layer
// normalisation (operator and decomposed pattern), as torch.onnx.export writes them. Models built
// here must import as exactly the network written by hand (with b_K dropped and W_O b_V + b_O moved
// into a tokenwise shift); linear attention is evaluated exactly against its closed form; every
// graph that matches no pattern gives one InputError naming the node. (Blocks made by torch at test
// time are checked against mpmath by python/tests/test_onnx_attention.py.)
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "net_support.hpp"
#include "onnx_model_builder.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

void set_ints(onnx::NodeProto& n, const std::string& name, std::vector<std::int64_t> v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (const std::int64_t x : v) a->add_ints(x);
}

// A scalar float32 constant as a Constant node (how torch writes sqrt(dk), eps, 2.0).
void scalar_constant(ModelBuilder& m, const std::string& name, float v) {
  auto& n = m.node("Constant", {}, name);
  auto* a = n.add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  a->mutable_t()->set_data_type(onnx::TensorProto::FLOAT);
  a->mutable_t()->add_float_data(v);
}

// The single-head block of torch.onnx.export for an input [2, 2] (2 tokens, 2 features), from the
// Q/K/V projections up to the residual Add "y". Weights: wq = [0.5 -1], bq = 0.25, wk = [1 2],
// bk = -0.5, wv = [1 0.5], bv = 0.75, wo = [1; -2], bo = [0.5 0]; scores divided by 2.
ModelBuilder attention_block(const std::string& softmax_axis_note = "") {
  ModelBuilder m({2, 2});
  m.raw_floats("q.weight", {1, 2}, {0.5f, -1.0f});
  m.raw_floats("q.bias", {1}, {0.25f});
  m.raw_floats("k.weight", {1, 2}, {1.0f, 2.0f});
  m.raw_floats("k.bias", {1}, {-0.5f});
  m.raw_floats("v.weight", {1, 2}, {1.0f, 0.5f});
  m.raw_floats("v.bias", {1}, {0.75f});
  m.raw_floats("o.weight", {2, 1}, {1.0f, -2.0f});
  m.raw_floats("o.bias", {2}, {0.5f, 0.0f});
  for (const char* p : {"q", "k", "v"})
    set_int(m.node("Gemm", {"x", std::string(p) + ".weight", std::string(p) + ".bias"}, p), "transB", 1);
  set_ints(m.node("Transpose", {"k"}, "kt"), "perm", {1, 0});
  m.node("MatMul", {"q", "kt"}, "s");
  scalar_constant(m, "two", 2.0f);
  m.node("Div", {"s", "two"}, "scaled");
  set_int(m.node("Softmax", {"scaled"}, "a"), "axis", softmax_axis_note.empty() ? -1 : 0);
  m.node("MatMul", {"a", "v"}, "mixed");
  set_int(m.node("Gemm", {"mixed", "o.weight", "o.bias"}, "o"), "transB", 1);
  m.node("Add", {"x", "o"}, "y");
  return m;
}

Layer shift(const RationalVector& c) {
  SparseDenseLayer s;
  s.rows = s.cols = c.size();
  for (std::size_t r = 0; r < c.size(); ++r) s.entries.push_back({r, r, Rational(1)});
  s.bias = numbers(c);
  return Layer{std::move(s)};
}

// The decomposed layer normalisation of torch (opset < 17) on "x", ending in "y"; `exponent` is
// the Pow's (2 for a layer normalisation).
void decomposed_layer_norm(ModelBuilder& m, float exponent) {
  set_ints(m.node("ReduceMean", {"x"}, "mean"), "axes", {-1});
  m.node("Sub", {"x", "mean"}, "d");
  scalar_constant(m, "exponent", exponent);
  m.node("Pow", {"d", "exponent"}, "sq");
  set_ints(m.node("ReduceMean", {"sq"}, "var"), "axes", {-1});
  scalar_constant(m, "eps", 0.25f);
  m.node("Add", {"var", "eps"}, "ve");
  m.node("Sqrt", {"ve"}, "sd");
  m.node("Div", {"d", "sd"}, "n");
  m.floats("g", {3}, {1.0f, 2.0f, 0.5f});
  m.floats("b", {3}, {0.0f, -1.0f, 0.125f});
  m.node("Mul", {"n", "g"}, "ng");
  m.node("Add", {"ng", "b"}, "y");
}

}  // namespace

TEST_CASE("onnx_patterns: a torch-style self-attention block imports as one attention layer and a shift") {
  const Network net = import_onnx(attention_block().bytes("y"), "m.onnx");
  Network expected;
  expected.input = {2, 2};
  AttentionHead head{numbers(RationalMatrix{{q("0.5"), q("-1")}}), numbers(RationalMatrix{{q("1"), q("2")}}),
                     numbers(RationalMatrix{{q("1"), q("0.5")}}), numbers(RationalMatrix{{q("1")}, {q("-2")}}),
                     numbers(RationalVector{q("0.25")})};
  // b_K = -0.5 is dropped (the softmax ignores a per-query shift); each token gains W_O b_V + b_O.
  expected.layers = {Layer{AttentionLayer{{head}, Normalizer::Softmax, Number(q("1/2"))}},
                     Layer{TokenwiseLayer{{shift({q("0.75") + q("0.5"), q("-1.5")})}}}};
  CHECK(net == expected);
}

TEST_CASE("onnx_patterns: linear attention (no Softmax) evaluates exactly to its closed form") {
  // Input [1, 2, 2]; q = 2 x[0], k = 3 x[0], v = x (identity, no output projection), scores * 1/2:
  // y_j = x_j + sum_i (1/2) (2 x_j[0]) (3 x_i[0]) x_i = x_j + 3 x_j[0] sum_i x_i[0] x_i.
  ModelBuilder m({1, 2, 2});
  m.raw_floats("wq", {2, 1}, {2.0f, 0.0f});  // MatMul weights are [in, out]
  m.raw_floats("wk", {2, 1}, {3.0f, 0.0f});
  m.raw_floats("wv", {2, 2}, {1.0f, 0.0f, 0.0f, 1.0f});
  m.node("MatMul", {"x", "wq"}, "q");
  m.node("MatMul", {"x", "wk"}, "k");
  m.node("MatMul", {"x", "wv"}, "v");
  set_ints(m.node("Transpose", {"k"}, "kt"), "perm", {0, 2, 1});
  m.node("MatMul", {"q", "kt"}, "s");
  scalar_constant(m, "half", 0.5f);
  m.node("Mul", {"s", "half"}, "scaled");
  m.node("MatMul", {"scaled", "v"}, "mixed");
  m.node("Add", {"mixed", "x"}, "y");
  const Network net = import_onnx(m.bytes("y"), "m.onnx");
  REQUIRE(net.input.tokens == std::optional<std::size_t>(2));
  CHECK(std::get<AttentionLayer>(net.layers.at(0).kind).normalizer == Normalizer::None);
  const std::vector<Rational> x = qs({"1/2", "-3", "-1/3", "5/7"});  // token 0 = (1/2, -3), token 1 = (-1/3, 5/7)
  std::vector<Rational> expected;
  for (std::size_t j = 0; j < 2; ++j)
    for (std::size_t r = 0; r < 2; ++r) {
      Rational sum(0);
      for (std::size_t i = 0; i < 2; ++i) sum += x[2 * i] * x[2 * i + r];
      expected.push_back(x[2 * j + r] + Rational(3) * x[2 * j] * sum);
    }
  CHECK(eval_exact(net, x) == expected);
}

TEST_CASE("onnx_patterns: the decomposed layer normalisation and the LayerNormalization operator") {
  SUBCASE("ReduceMean, Sub, Pow 2, ReduceMean, Add eps, Sqrt, Div, then Mul gamma and Add beta") {
    ModelBuilder m({1, 3});
    decomposed_layer_norm(m, 2.0f);
    const Network net = import_onnx(m.bytes("y"), "m.onnx");
    Network expected;
    expected.input.dim = 3;
    expected.layers = {Layer{LayerNormLayer{q("0.25"), qs({"1", "2", "0.5"}), qs({"0", "-1", "0.125"})}}};
    CHECK(net == expected);
  }
  SUBCASE("LayerNormalization (opset 17) on a sequence after a Gemm: one tokenwise layer") {
    ModelBuilder m({2, 3});
    m.raw_floats("w", {3, 3}, {1, 0, 0, 0, 2, 0, 0, 0, -1});
    m.raw_floats("g", {3}, {0.5f, 1.0f, 4.0f});
    m.raw_floats("b", {3}, {1.0f, 0.0f, -1.0f});
    m.node("Gemm", {"x", "w"}, "h");
    set_float(m.node("LayerNormalization", {"h", "g", "b"}, "y"), "epsilon", 0.125f);
    const Network net = import_onnx(m.bytes("y"), "m.onnx");
    Network expected;
    expected.input = {3, 2};
    const RationalMatrix w = {{q("1"), q("0"), q("0")}, {q("0"), q("2"), q("0")}, {q("0"), q("0"), q("-1")}};
    expected.layers = {
        Layer{TokenwiseLayer{{Layer{DenseLayer{numbers(w), numbers(qs({"0", "0", "0"}))}},
                              Layer{LayerNormLayer{q("0.125"), qs({"0.5", "1", "4"}), qs({"1", "0", "-1"})}}}}}};
    CHECK(net == expected);
  }
  SUBCASE("a constant per token and feature is a positional_encoding layer") {
    ModelBuilder m({1, 2, 3});
    m.raw_floats("pos", {1, 2, 3}, {1, 2, 3, 4, 5, 6});
    m.node("Add", {"x", "pos"}, "p");
    m.node("Relu", {"p"}, "y");
    const Network net = import_onnx(m.bytes("y"), "m.onnx");
    REQUIRE(net.layers.size() == 2);
    // E is D x N: feature r of token i is pos[i][r]
    CHECK(rationals(std::get<PositionalEncodingLayer>(net.layers[0].kind).matrix) ==
          RationalMatrix{qs({"1", "4"}), qs({"2", "5"}), qs({"3", "6"})});
    CHECK(eval_exact(net, qs({"-2", "0", "-4", "1", "-9", "1"})) == qs({"0", "2", "0", "5", "0", "7"}));
  }
}

TEST_CASE("onnx_patterns: graphs that match no pattern give one message naming the node") {
  SUBCASE("a Pow other than the square in a layer normalisation") {
    ModelBuilder m({1, 3});
    decomposed_layer_norm(m, 3.0f);
    CHECK(import_error(m.bytes("y")) == "m.onnx: node 'Pow_4' (Pow): the exponent must be 2");
  }
  SUBCASE("a Softmax over the queries") {
    CHECK(import_error(attention_block("axis 0").bytes("y")) ==
          "m.onnx: node 'Softmax_8' (Softmax): takes the softmax over axis 0 of the data of shape [2,2]; only the last "
          "axis (each token's features) is supported");
  }
  SUBCASE("queries and keys of different widths") {
    ModelBuilder m({2, 2});
    m.raw_floats("wq", {2, 1}, {1, 1});
    m.raw_floats("wk", {2, 2}, {1, 0, 0, 1});
    m.node("MatMul", {"x", "wq"}, "q");
    m.node("MatMul", {"x", "wk"}, "k");
    set_ints(m.node("Transpose", {"k"}, "kt"), "perm", {1, 0});
    m.node("MatMul", {"q", "kt"}, "s");
    CHECK(import_error(m.bytes("s")) == "m.onnx: node 'MatMul_4' (MatMul): the queries have 1 features but the keys 2");
  }
  SUBCASE("an attention pattern that never reaches its residual Add") {
    ModelBuilder m({2, 2});
    m.raw_floats("w", {2, 2}, {1, 0, 0, 1});
    m.node("MatMul", {"x", "w"}, "q");
    m.node("MatMul", {"x", "w"}, "k");
    set_ints(m.node("Transpose", {"k"}, "kt"), "perm", {1, 0});
    m.node("MatMul", {"q", "kt"}, "s");
    m.node("Softmax", {"s"}, "a");
    CHECK(
        import_error(m.bytes("a")) ==
        "m.onnx: node 'Softmax_5' (Softmax): its output 'a' is not used: the pattern it begins or continues is incomplete");
  }
  SUBCASE("an operator inside a pattern that the pattern does not have") {
    ModelBuilder m({2, 2});
    m.raw_floats("w", {2, 2}, {1, 0, 0, 1});
    m.node("MatMul", {"x", "w"}, "q");
    m.node("Relu", {"q"}, "r");
    m.node("Add", {"x", "r"}, "y");
    CHECK(import_error(m.bytes("y")) ==
          "m.onnx: node 'Relu_2' (Relu): is not part of a supported pattern (self-attention or layer normalisation): "
          "Relu of a projection");
  }
  SUBCASE("linear attention with a key bias") {
    ModelBuilder m({2, 2});
    m.raw_floats("w", {2, 2}, {1, 0, 0, 1});
    m.raw_floats("bk", {2}, {1, 0});
    m.node("MatMul", {"x", "w"}, "q");
    m.node("MatMul", {"x", "w"}, "k0");
    m.node("Add", {"k0", "bk"}, "k");
    set_ints(m.node("Transpose", {"k"}, "kt"), "perm", {1, 0});
    m.node("MatMul", {"q", "kt"}, "s");
    m.node("MatMul", {"s", "q"}, "mixed");
    m.node("Add", {"x", "mixed"}, "y");
    CHECK(import_error(m.bytes("y")) ==
          "m.onnx: node 'Add_7' (Add): attention without a Softmax (linear attention) needs zero key and value biases");
  }
  SUBCASE("a sequence transposed, flattened, or given a constant of the wrong shape") {
    ModelBuilder t({2, 3});
    set_ints(t.node("Transpose", {"x"}, "y"), "perm", {1, 0});
    CHECK(import_error(t.bytes("y")) ==
          "m.onnx: node 'Transpose_1' (Transpose): transposing the tokens and features of a sequence is supported only "
          "as the keys' K^T of self-attention");
    ModelBuilder f({2, 3});
    set_int(f.node("Flatten", {"x"}, "f"), "axis", 0);  // [1, 6]
    f.node("Relu", {"f"}, "y");
    CHECK(
        import_error(f.bytes("y")) ==
        "m.onnx: node 'Relu_2' (Relu): follows node 'Flatten_1', which flattened the sequence: only Identity, Flatten "
        "and Reshape may come after it");
    ModelBuilder c({2, 3});
    c.raw_floats("c", {3, 2}, {1, 2, 3, 4, 5, 6});
    c.node("Add", {"x", "c"}, "y");
    CHECK(import_error(c.bytes("y")) ==
          "m.onnx: node 'Add_1' (Add): the constant of shape [3,2] is neither one entry per feature nor one per token "
          "and feature (2 x [3])");
  }
}
