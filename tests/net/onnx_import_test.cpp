// ONNX import: models built here with the ONNX protobuf classes (as torch.onnx.export writes them)
// must import as exactly the network written by hand with the weights' exact rational values, and
// every class of bad model must give one InputError naming the node or tensor. (Models made by
// torch at test time and Debian's ONNX node tests are checked by python/tests/.)
#include <doctest/doctest.h>

#include <onnx/onnx_pb.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "net/onnx_import.hpp"
#include "net_support.hpp"
#include "onnx_model_builder.hpp"
#include "reference/scratch_dir.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

Layer dense(const RationalMatrix& w, const RationalVector& b) { return Layer{DenseLayer{numbers(w), numbers(b)}}; }

const Rational kTenthF = Rational(mpz_class(13421773), mpz_class(134217728));  // 0.1f exactly

}  // namespace

TEST_CASE("onnx_import: a torch-style Gemm/Relu/Gemm chain imports with exact weights") {
  ModelBuilder m({1, 2});
  m.raw_floats("0.weight", {3, 2}, {0.1f, -1.0f, 0.5f, 2.0f, -0.25f, 3.0f});  // [out, in]: transB = 1
  m.raw_floats("0.bias", {3}, {1.0f, 0.0f, -0.1f});
  m.raw_floats("2.weight", {1, 3}, {1.0f, 1.0f, -2.0f});
  m.raw_floats("2.bias", {1}, {0.75f});
  set_int(m.node("Gemm", {"x", "0.weight", "0.bias"}, "h"), "transB", 1);
  m.node("Relu", {"h"}, "r");
  set_int(m.node("Gemm", {"r", "2.weight", "2.bias"}, "y"), "transB", 1);
  const Network net = import_onnx(m.bytes("y"), "m.onnx");
  Network expected;
  expected.input.dim = 2;
  expected.layers = {dense({{kTenthF, q("-1")}, {q("0.5"), q("2")}, {q("-0.25"), q("3")}}, {q("1"), q("0"), -kTenthF}),
                     Layer{ReluLayer{}}, dense({{q("1"), q("1"), q("-2")}}, {q("0.75")})};
  CHECK(net == expected);
  // The loader dispatches on content: the same bytes in a file load as the same network.
  const approxcert::test::ScratchDir s("onnx-import");
  CHECK(load_network(s.write("net.onnx", m.model.SerializeAsString())) == expected);
}

TEST_CASE("onnx_import: Gemm alpha, beta, transA and an untransposed B") {
  ModelBuilder m({2, 1});                           // a column: transA = 1 makes it a row
  m.floats("B", {2, 2}, {1.0f, 2.0f, 3.0f, 4.0f});  // [in, out]
  m.floats("C", {}, {0.1f});                        // a scalar bias, broadcast
  auto& g = m.node("Gemm", {"x", "B", "C"}, "y");
  set_int(g, "transA", 1);
  set_float(g, "alpha", 0.5f);
  set_float(g, "beta", -2.0f);
  const Network net = import_onnx(m.bytes("y"), "m.onnx");
  // y_r = 0.5 sum_c B[c][r] x_c - 2 * 0.1f
  Network expected;
  expected.input.dim = 2;
  expected.layers = {dense({{q("0.5"), q("1.5")}, {q("1"), q("2")}}, {Rational(-2) * kTenthF, Rational(-2) * kTenthF})};
  CHECK(net == expected);
}

TEST_CASE("onnx_import: MatMul + Add merge into one dense layer, float64 and float16 weights") {
  ModelBuilder m({1, 2});
  auto& w = m.tensor("W", {2, 2}, onnx::TensorProto::DOUBLE);  // [in, out]
  for (const double v : {0.1, -3.0, 1e-300, 2.5}) w.add_double_data(v);
  auto& b = m.tensor("b", {1, 2}, onnx::TensorProto::FLOAT16);
  b.add_int32_data(0x3555);  // nearest binary16 to 1/3: 1365/4096
  b.add_int32_data(0x0001);  // 2^-24
  m.node("MatMul", {"x", "W"}, "h");
  m.node("Add", {"b", "h"}, "y");  // the constant first: Add commutes
  const Network net = import_onnx(m.bytes("y"), "m.onnx");
  REQUIRE(net.layers.size() == 1);
  const auto& d = std::get<DenseLayer>(net.layers[0].kind);
  CHECK(d.weight[0][0] == parse_rational("0x1.999999999999ap-4"));    // 0.1 as a double
  CHECK(d.weight[0][1] == parse_rational("0x1.56e1fc2f8f359p-997"));  // 1e-300 as a double
  CHECK(d.weight[1][0] == Rational(-3));
  CHECK(d.weight[1][1] == q("2.5"));
  CHECK(rationals(d.bias) == RationalVector{Rational(1365) * pow2(-12), pow2(-24)});
}

TEST_CASE("onnx_import: Add/Sub after an activation, Sub with the data second, and no-op reshapes") {
  ModelBuilder m({1, 2});
  m.floats("c", {2}, {1.0f, -0.5f});
  auto& shape = m.tensor("target_shape", {2}, onnx::TensorProto::INT64);
  shape.add_int64_data(1);
  shape.add_int64_data(-1);
  m.node("Tanh", {"x"}, "t");
  m.node("Flatten", {"t"}, "f");
  m.node("Sub", {"c", "f"}, "s");  // c - tanh(x)
  m.node("Identity", {"s"}, "i");
  m.node("Reshape", {"i", "target_shape"}, "r");
  m.node("Sigmoid", {"r"}, "y");
  const Network net = import_onnx(m.bytes("y"), "m.onnx");
  REQUIRE(net.layers.size() == 3);
  CHECK(std::holds_alternative<TanhLayer>(net.layers[0].kind));
  const auto& s = std::get<SparseDenseLayer>(net.layers[1].kind);
  CHECK(s.entries == std::vector<SparseEntry>{{0, 0, Rational(-1)}, {1, 1, Rational(-1)}});
  CHECK(rationals(s.bias) == RationalVector{Rational(1), q("-0.5")});
  CHECK(std::holds_alternative<SigmoidLayer>(net.layers[2].kind));
}

TEST_CASE("onnx_import: an Add after Relu is a sparse_dense layer evaluated exactly") {
  ModelBuilder m({1, 2});
  m.floats("c", {1, 2}, {0.25f, -4.0f});
  m.node("Relu", {"x"}, "r");
  m.node("Add", {"r", "c"}, "y");
  const Network net = import_onnx(m.bytes("y"), "m.onnx");
  // Independent reference: max(x, 0) + c by hand.
  CHECK(eval_exact(net, {q("-3"), q("5/7")}) == std::vector<Rational>{q("0.25"), q("5/7") - Rational(4)});
}

TEST_CASE("onnx_import: bad models give one message naming the node or tensor") {
  SUBCASE("unsupported operator") {
    ModelBuilder m({1, 3});
    m.node("Softmax", {"x"}, "y");
    CHECK(import_error(m.bytes("y")) ==
          "m.onnx: node 'Softmax_1' (Softmax): unsupported operator Softmax (supported: Gemm, MatMul, Add, Sub, Mul, "
          "Div, Relu, Tanh, Sigmoid, LayerNormalization, Identity, Flatten, Reshape, Transpose, Constant, and the "
          "self-attention and layer-normalisation patterns)");
  }
  SUBCASE("NaN and infinite weights") {
    ModelBuilder m({1, 2});
    m.floats("W", {2, 1}, {1.0f, std::numeric_limits<float>::quiet_NaN()});
    m.node("MatMul", {"x", "W"}, "y");
    CHECK(import_error(m.bytes("y")) == "m.onnx: tensor 'W': entry 1 is NaN or infinite");
    ModelBuilder i({1, 2});
    i.raw_floats("W", {2, 1}, {std::numeric_limits<float>::infinity(), 1.0f});
    i.node("MatMul", {"x", "W"}, "y");
    CHECK(import_error(i.bytes("y")) == "m.onnx: tensor 'W': entry 0 is NaN or infinite");
  }
  SUBCASE("raw_data of the wrong length, absurd shapes, external data") {
    ModelBuilder m({1, 2});
    m.tensor("W", {2, 1}, onnx::TensorProto::FLOAT).set_raw_data("abc");
    m.node("MatMul", {"x", "W"}, "y");
    CHECK(import_error(m.bytes("y")) == "m.onnx: tensor 'W': raw_data has 3 bytes, expected 8 for shape [2,1]");
    ModelBuilder h({1, 2});
    h.tensor("W", {2, 1000000000000}, onnx::TensorProto::FLOAT).set_raw_data("abc");
    h.node("MatMul", {"x", "W"}, "y");
    CHECK(import_error(h.bytes("y")) == "m.onnx: tensor 'W': shape [2,1000000000000] has more than 100000000 entries");
    ModelBuilder e({1, 2});
    e.tensor("W", {2, 1}, onnx::TensorProto::FLOAT).set_data_location(onnx::TensorProto::EXTERNAL);
    e.node("MatMul", {"x", "W"}, "y");
    CHECK(
        import_error(e.bytes("y")) ==
        "m.onnx: tensor 'W': tensor data stored in an external file is not supported (save the model with its weights inside)");
  }
  SUBCASE("a weight given as a non-constant operand; integer weights") {
    ModelBuilder m({1, 2});
    m.node("MatMul", {"x", "W"}, "y");
    CHECK(import_error(m.bytes("y")) ==
          "m.onnx: node 'MatMul_1' (MatMul): operand 'W' must be a constant (an initializer or a Constant node)");
    ModelBuilder i({1, 2});
    i.tensor("W", {2, 1}, onnx::TensorProto::UINT8).set_raw_data("ab");
    i.node("MatMul", {"x", "W"}, "y");
    CHECK(
        import_error(i.bytes("y")) ==
        "m.onnx: tensor 'W': element type UINT8 is not supported (float32, float64, float16, or int32/int64 for shapes)");
  }
  SUBCASE("shape mismatches") {
    ModelBuilder m({1, 3});
    m.floats("W", {2, 1}, {1.0f, 2.0f});
    m.node("MatMul", {"x", "W"}, "y");
    CHECK(import_error(m.bytes("y")) ==
          "m.onnx: node 'MatMul_1' (MatMul): cannot multiply the data of shape [1,3] by the constant of shape [2,1]");
    ModelBuilder b({2, 4, 3});
    CHECK(
        import_error(b.bytes("x")) ==
        "m.onnx: graph input 'x': shape [2,4,3] is neither a vector nor a sequence [tokens, features] (batch size 1)");
    ModelBuilder g({1, 2});
    g.floats("B", {2, 2}, {1.0f, 2.0f, 3.0f, 4.0f});
    set_int(g.node("Gemm", {"x", "B"}, "y"), "transA", 1);
    CHECK(import_error(g.bytes("y")) ==
          "m.onnx: node 'Gemm_1' (Gemm): operand A' has 2 rows; only batch size 1 is supported");
  }
  SUBCASE("graphs that are not a single chain") {
    ModelBuilder two({1, 2});
    two.node("Relu", {"x"}, "a");
    two.node("Tanh", {"x"}, "b");
    CHECK(import_error(two.bytes("b")) ==
          "m.onnx: node 'Relu_1' (Relu): uses 'x', which 1 other node(s) use too: such a branch must begin a "
          "self-attention block (the query, key and value projections by MatMul or Gemm, on a sequence) or a layer "
          "normalisation (ReduceMean)");
    ModelBuilder dangling({1, 2});
    dangling.node("Relu", {"x"}, "a");
    CHECK(import_error(dangling.bytes("x")) == "m.onnx: the graph output 'x' is not the end of the chain ('a')");
    ModelBuilder both({1, 2});
    both.node("Relu", {"x"}, "a");
    both.node("Add", {"a", "a"}, "y");
    CHECK(import_error(both.bytes("y")) ==
          "m.onnx: node 'Add_2' (Add): both operands are the data; only a constant may be added");
    ModelBuilder inputs({1, 2});
    auto* extra = inputs.g.add_input();
    extra->set_name("z");
    CHECK(import_error(inputs.bytes("x")) == "m.onnx: the graph has 2 non-constant inputs; exactly one is supported");
  }
  SUBCASE("not a model at all") {
    CHECK(import_error(std::string("\xff\xff\xff\x00garbage", 11)) ==
          "m.onnx: neither an approxcert-net/1 JSON file nor a valid ONNX model (protobuf parse failed)");
    CHECK(import_error(std::string()) == "m.onnx: the model has no graph");
  }
}

TEST_CASE("onnx_import: looks_like_json dispatches JSON text and protobuf bytes") {
  CHECK(looks_like_json("  \n{\"format\": 1}"));
  CHECK(looks_like_json("[1]"));
  CHECK(looks_like_json(""));
  CHECK_FALSE(looks_like_json(std::string("\x08\x08\x12", 3)));
}
