// Network files: loading, the exact round trip, and one exact message per class of bad input.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "net_support.hpp"
#include "reference/scratch_dir.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

const std::string kEveryVectorLayer = doc(R"({"dim": 3})", R"([
    {"type": "dense", "weight": [["1", "-1/2", 0.25], ["0x1.8p-3", "3", "-3.5e-4"]], "bias": [0, "1/3"]},
    {"type": "relu"}, {"type": "step"}, {"type": "sigmoid"}, {"type": "tanh"},
    {"type": "piecewise_linear", "breakpoints": ["-1", "0", "2"], "values": ["1", "0", "4"]},
    {"type": "residual", "body": [{"type": "dense", "weight": [["1", "0"], ["0", "1"]], "bias": ["0", "0"]}]},
    {"type": "dense", "weight": [["1", "1"], ["2", "0"], ["0", "1"]], "bias": ["0", "0", "0"]},
    {"type": "inner_product", "split": 2, "left": [{"type": "dense", "weight": [["1", "1"]], "bias": ["0"]}],
     "right": []}])");

const std::string kEverySequenceLayer = doc(R"({"dim": 2, "tokens": 3})", R"([
    {"type": "positional_encoding", "matrix": [["0", "1", "2"], ["0.5", "0", "-1"]]},
    {"type": "attention", "normalizer": "softmax", "scale": "0.5",
     "heads": [{"wq": [["1", "0"]], "wk": [["0", "1"]], "wv": [["1", "1"]], "wo": [["1"], ["-1"]], "bq": ["1"]},
               {"wq": [["1", "2"], ["3", "4"]], "wk": [["1", "0"], ["0", "1"]], "wv": [["1", "0"]],
                "wo": [["2"], ["1/3"]]}]},
    {"type": "attention", "normalizer": "hardmax", "scale": "-2",
     "heads": [{"wq": [["1", "0"]], "wk": [["0", "1"]], "wv": [["1", "1"]], "wo": [["1"], ["-1"]]}]},
    {"type": "tokenwise", "layers": [{"type": "dense", "weight": [["1", "1"]], "bias": ["0"]}, {"type": "tanh"}]}])");

}  // namespace

TEST_CASE("network_json: every layer type loads with the right shapes") {
  const Network v = net_from(kEveryVectorLayer);
  CHECK(v.layers.size() == 9);
  CHECK(input_dim(v) == 3);
  CHECK(output_dim(v) == 1);
  const auto& dense = std::get<DenseLayer>(v.layers[0].kind);
  CHECK(dense.weight[0][2] == q("1/4"));   // JSON number 0.25, exactly
  CHECK(dense.weight[1][0] == q("3/16"));  // hex float
  CHECK(dense.weight[1][2] == q("-7/20000"));
  CHECK(dense.bias == numbers(qs({"0", "1/3"})));
  const Network s = net_from(kEverySequenceLayer);
  CHECK(input_dim(s) == 6);
  CHECK(output_dim(s) == 3);
  const auto& att = std::get<AttentionLayer>(s.layers[1].kind);
  CHECK(att.heads.size() == 2);
  CHECK(att.heads[0].bq == std::optional<NumberVector>(numbers(qs({"1"}))));
  CHECK(!att.heads[1].bq);
  CHECK(att.scale == q("1/2"));
  CHECK(std::get<AttentionLayer>(s.layers[2].kind).normalizer == Normalizer::Hardmax);
}

TEST_CASE("network_json: load -> save -> load is the identity, and saving is stable") {
  for (const std::string& text : {kEveryVectorLayer, kEverySequenceLayer}) {
    const Network a = net_from(text);
    const std::string saved = save_network(a);
    const Network b = parse_network(saved, "saved.json");
    CHECK(a == b);
    CHECK(save_network(b) == saved);
  }
  // numbers are written as canonical exact strings
  const std::string saved = save_network(net_from(kEveryVectorLayer));
  CHECK(saved.find(R"(["1", "-1/2", "1/4"])") != std::string::npos);
  CHECK(saved.find(R"(["3/16", "3", "-7/20000"])") != std::string::npos);
  CHECK(saved.rfind(R"({
  "format": "approxcert-net/1",
  "input": {"dim": 3},
  "layers": [
    {
      "type": "dense",)",
                    0) == 0);
  // a changed number breaks equality
  Network changed = net_from(kEveryVectorLayer);
  std::get<DenseLayer>(changed.layers[0].kind).weight[0][0] = q("1000000001/1000000000");
  CHECK(!(changed == net_from(kEveryVectorLayer)));
}

TEST_CASE("network_json: load_network reads files and names them in errors") {
  const approxcert::test::ScratchDir s("network-json");
  const std::string path = s.path("net.json");
  {
    std::ofstream out(path, std::ios::binary);
    out << kEveryVectorLayer;
  }
  CHECK(load_network(path) == net_from(kEveryVectorLayer));
  {
    std::ofstream out(path, std::ios::binary);
    out << kEveryVectorLayer.substr(0, kEveryVectorLayer.size() / 2);  // truncated
  }
  std::string msg;
  try {
    load_network(path);
  } catch (const InputError& e) {
    msg = e.what();
  }
  CHECK(msg.find(path + ": line ") == 0);
  CHECK(msg.find("invalid JSON: syntax error") != std::string::npos);
  std::filesystem::remove(path);
  try {
    load_network(path);
    msg = "no error";
  } catch (const InputError& e) {
    msg = e.what();
  }
  CHECK(msg == path + ": cannot read file: no such file");
}

TEST_CASE("network_json: malformed, truncated and binary input") {
  CHECK(
      load_error(R"({"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [})")
          .find(
              "net.json: line 1, column 64 (byte 63): invalid JSON: syntax error while parsing value - unexpected '}'") ==
      0);
  CHECK(load_error(R"({"format": "approxcert-net/1", "input": {"dim": 2}, "lay)")
            .find("net.json: line 1, column 57 (byte 56): invalid JSON:") == 0);
  CHECK(load_error(std::string("\x7f"
                               "ELF\x02\x01\x01\0\0\0",
                               10))
            .find("net.json: line 1, column 1 (byte 0): invalid JSON:") == 0);
  CHECK(load_error("[1, 2]") == "net.json: top level: expected an object, got an array");
}

TEST_CASE("network_json: format, input and required keys") {
  CHECK(load_error(R"({"format": "approxcert-net/2", "input": {"dim": 1}, "layers": []})") ==
        "net.json: /format: expected \"approxcert-net/1\", got \"approxcert-net/2\"");
  CHECK(load_error(R"({"input": {"dim": 1}, "layers": []})") ==
        "net.json: top level: missing required key \"format\" in a network file");
  CHECK(load_error(R"({"format": "approxcert-net/1", "layers": []})") ==
        "net.json: top level: missing required key \"input\" in a network file");
  CHECK(load_error(R"({"format": "approxcert-net/1", "input": {"dim": 1}})") ==
        "net.json: top level: missing required key \"layers\" in a network file");
  CHECK(load_error(doc("{}", "[]")) == "net.json: /input: missing required key \"dim\" in the input");
  CHECK(load_error(doc(R"({"dim": 2.5})", "[]")) == "net.json: /input/dim: expected a non-negative integer, got 2.5");
  CHECK(load_error(doc(R"({"dim": 0})", "[]")) == "net.json: /input/dim: must be at least 1");
  CHECK(load_error(doc(R"({"dim": 1, "tokens": 0})", "[]")) == "net.json: /input/tokens: must be at least 1");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "dense", "weight": [["1", "2"]]}])")) ==
        "net.json: /layers/0: missing required key \"bias\" in a dense layer");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"weight": [["1", "2"]]}])")) ==
        "net.json: /layers/0: missing required key \"type\" in a layer");
  CHECK(load_error(doc(R"({"dim": 1, "tokens": 2})", R"([{"type": "attention", "scale": "1", "heads": []}])")) ==
        "net.json: /layers/0: missing required key \"normalizer\" in an attention layer");
  CHECK(load_error(
            doc(R"({"dim": 1, "tokens": 2})",
                R"([{"type": "attention", "scale": "1", "normalizer": "hardmax", "heads": [{"wq": [["1"]]}]}])")) ==
        "net.json: /layers/0/heads/0: missing required key \"wk\" in an attention head");
  // strings are accepted for integers too (any exact form of an integer)
  CHECK(input_dim(net_from(doc(R"({"dim": "2", "tokens": "6/2"})", "[]"))) == 6);
}

TEST_CASE("network_json: unknown layer types, keys and normalizers") {
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "relu"}, {"type": "relu"}, {"type": "conv"}])")) ==
        "net.json: /layers/2/type: unknown layer type \"conv\"; known: dense, sparse_dense, relu, step, sigmoid, tanh, "
        "piecewise_linear, residual, inner_product, attention, tokenwise, positional_encoding, layer_norm");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": 3}])")) == "net.json: /layers/0/type: expected a string, got 3");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "dense", "wieght": [["1", "2"]], "bias": ["0"]}])")) ==
        "net.json: /layers/0/wieght: unknown key \"wieght\" in a dense layer (did you mean \"weight\"?); "
        "known keys: type, weight, bias");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "relu", "alpha": "0.1"}])")) ==
        "net.json: /layers/0/alpha: unknown key \"alpha\" in a relu layer; known keys: type");
  CHECK(
      load_error(doc(R"({"dim": 2, "token": 3})", "[]")) ==
      "net.json: /input/token: unknown key \"token\" in the input (did you mean \"tokens\"?); known keys: dim, tokens");
  CHECK(load_error(R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [], "extra": 1})") ==
        "net.json: /extra: unknown key \"extra\" in a network file; known keys: format, input, layers, $schema");
  // "$schema" names the file's JSON Schema for editors (docs/schemas/): a string, otherwise ignored.
  CHECK(load_error(R"({"$schema": 3, "format": "approxcert-net/1", "input": {"dim": 1}, "layers": []})") ==
        "net.json: /$schema: expected a string, got 3");
  CHECK(load_error(doc(R"({"dim": 1, "tokens": 2})", R"([{"type": "attention", "normalizer": "sparsemax", "scale": "1",
        "heads": [{"wq": [["1"]], "wk": [["1"]], "wv": [["1"]], "wo": [["1"]], "bk": ["0"]}]}])")) ==
        "net.json: /layers/0/heads/0/bk: unknown key \"bk\" in an attention head (did you mean \"wk\" or \"bq\"?); "
        "known keys: wq, wk, wv, wo, bq");
  CHECK(load_error(doc(R"({"dim": 1, "tokens": 2})", R"([{"type": "attention", "normalizer": "sparsemax", "scale": "1",
        "heads": [{"wq": [["1"]], "wk": [["1"]], "wv": [["1"]], "wo": [["1"]]}]}])")) ==
        "net.json: /layers/0/normalizer: unknown normalizer \"sparsemax\"; known: softmax, hardmax, none");
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "relu", "type": "step"}])")) ==
        "net.json: /layers/0/type: duplicate key \"type\"");
}

TEST_CASE("network_json: numbers that are not exact rationals") {
  const auto dense = [](std::string_view entry) {
    return doc(R"({"dim": 3})", R"([{"type": "relu"}, {"type": "dense", "weight": [["1", "2", )" + std::string(entry) +
                                    R"(]], "bias": ["0"]}])");
  };
  // A string that is not an exact rational is read as a constant expression (net/constant.hpp).
  CHECK(load_error(dense(R"("one")")) ==
        "net.json: /layers/1/weight/0/2: expected a number or a constant expression, got 'one': expression: column 1: "
        "unknown identifier 'one' (known: no variables, constants pi e, functions exp log sqrt sin cos tan atan tanh "
        "sigmoid relu abs min max expm1 log1p log2 log10 asin acos sinh cosh asinh acosh atanh erf erfc pow)");
  CHECK(load_error(dense(R"("NaN")")) ==
        "net.json: /layers/1/weight/0/2: expected a number, got \"NaN\": NaN and infinities are not numbers here");
  CHECK(load_error(dense(R"("inf")")) ==
        "net.json: /layers/1/weight/0/2: expected a number, got \"inf\": NaN and infinities are not numbers here");
  CHECK(
      load_error(dense(R"("1/0")")) ==
      "net.json: /layers/1/weight/0/2: constant expression '1/0' is not a finite real number (undefined, e.g. log(0), "
      "1/0 or sqrt(-1), or infinite): its enclosure at 4096 bits is not finite");
  CHECK(load_error(dense(R"("1e999999999")")) ==
        "net.json: /layers/1/weight/0/2: expected a number or a constant expression, got '1e999999999': expression: "
        "column 1: invalid number \"1e999999999\": exponent too large");
  CHECK(load_error(dense("1e999999999")).find("invalid JSON: number 1e999999999 is too large for the JSON reader") !=
        std::string::npos);
  CHECK(load_error(dense("null")) == "net.json: /layers/1/weight/0/2: expected a number, got null");
  CHECK(load_error(dense(R"("1 +")"))
            .find("net.json: /layers/1/weight/0/2: expected a number or a constant expression, got '1 +'") == 0);
  CHECK(load_error(dense("[1]")) == "net.json: /layers/1/weight/0/2: expected a number, got an array");
  // " 1" is not an exact-number literal but is a valid constant expression: kept as its text.
  const Network spaced = net_from(dense(R"(" 1")"));
  CHECK(std::get<DenseLayer>(spaced.layers[1].kind).weight[0][2].to_string() == " 1");
  // "1/sqrt(2)" used to be refused here; it is now a constant expression (docs/net.md).
  const Network scaled = net_from(doc(R"({"dim": 1, "tokens": 1})", R"J([{"type": "attention", "normalizer": "softmax",
        "scale": "1/sqrt(2)", "heads": [{"wq": [["1"]], "wk": [["1"]], "wv": [["1"]], "wo": [["1"]]}]}])J"));
  CHECK(std::get<AttentionLayer>(scaled.layers[0].kind).scale.to_string() == "1/sqrt(2)");
}

TEST_CASE("network_json: mismatched dimensions name both sizes") {
  const std::string in2 = R"({"dim": 2})";
  CHECK(load_error(doc(in2, R"([{"type": "dense", "weight": [["1", "2"], ["1", "2", "3"]], "bias": ["0", "0"]}])")) ==
        "net.json: /layers/0/weight/1: row has 3 entries, expected 2 (the layer's input dimension)");
  CHECK(load_error(doc(in2, R"([{"type": "dense", "weight": [["1", "2"]], "bias": ["0", "0"]}])")) ==
        "net.json: /layers/0/bias: has 2 entries, expected 1 (one per weight row)");
  CHECK(load_error(doc(in2, R"([{"type": "dense", "weight": [], "bias": []}])")) ==
        "net.json: /layers/0/weight: has no rows");
  CHECK(load_error(doc(in2, R"([{"type": "dense", "weight": [["1", "0"]], "bias": ["0"]},
        {"type": "dense", "weight": [["1", "0"]], "bias": ["0"]}])")) ==
        "net.json: /layers/1/weight/0: row has 2 entries, expected 1 (the layer's input dimension)");
  CHECK(load_error(doc(
            in2, R"([{"type": "residual", "body": [{"type": "dense", "weight": [["1", "1"]], "bias": ["0"]}]}])")) ==
        "net.json: /layers/0/body: maps dimension 2 to 1; a residual body must preserve the dimension");
  CHECK(load_error(doc(in2, R"([{"type": "piecewise_linear", "breakpoints": ["0", "1"], "values": ["0"]}])")) ==
        "net.json: /layers/0/values: has 1 entries, expected 2 (one per breakpoint)");
  CHECK(load_error(doc(in2, R"([{"type": "piecewise_linear", "breakpoints": [], "values": []}])")) ==
        "net.json: /layers/0/breakpoints: must have at least 1 entry");
  CHECK(load_error(doc(
            in2, R"([{"type": "piecewise_linear", "breakpoints": ["0", "1", "0.5"], "values": ["0", "1", "2"]}])")) ==
        "net.json: /layers/0/breakpoints/2: breakpoints must be strictly increasing, but 1/2 follows 1");
  CHECK(load_error(doc(in2, R"([{"type": "piecewise_linear", "breakpoints": ["1", "1"], "values": ["0", "1"]}])")) ==
        "net.json: /layers/0/breakpoints/1: breakpoints must be strictly increasing, but 1 follows 1");
  CHECK(load_error(doc(R"({"dim": 3})", R"([{"type": "inner_product", "split": 1, "left": [], "right": []}])")) ==
        "net.json: /layers/0/right: outputs dimension 2, but \"left\" outputs dimension 1; the two sides of an inner "
        "product must match");
  CHECK(load_error(doc(R"({"dim": 3})", R"([{"type": "inner_product", "split": 3, "left": [], "right": []}])")) ==
        "net.json: /layers/0/split: must be between 1 and 2 (the input dimension minus 1), got 3");
  CHECK(load_error(doc(R"({"dim": 1})", R"([{"type": "inner_product", "split": 1, "left": [], "right": []}])")) ==
        "net.json: /layers/0/split: needs an input dimension of at least 2, got 1");
}

TEST_CASE("network_json: attention and positional encoding shapes") {
  const auto att = [](std::string_view head) {
    return doc(
        R"({"dim": 2, "tokens": 3})",
        R"([{"type": "attention", "normalizer": "softmax", "scale": "1", "heads": [)" + std::string(head) + "]}]");
  };
  CHECK(load_error(att(R"({"wq": [["1", "0", "0"]], "wk": [["1", "0"]], "wv": [["1", "0"]], "wo": [["1"], ["0"]]})")) ==
        "net.json: /layers/0/heads/0/wq/0: row has 3 entries, expected 2 (the token dimension D)");
  CHECK(load_error(
            att(R"({"wq": [["1", "0"]], "wk": [["1", "0"], ["0", "1"]], "wv": [["1", "0"]], "wo": [["1"], ["0"]]})")) ==
        "net.json: /layers/0/heads/0/wk: has 2 rows, expected 1 (as many as wq)");
  CHECK(load_error(att(R"({"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["1", "0"]], "wo": [["1"]]})")) ==
        "net.json: /layers/0/heads/0/wo: has 1 rows, expected 2 (the token dimension D)");
  CHECK(load_error(
            att(R"({"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["1", "0"]], "wo": [["1", "2"], ["0", "1"]]})")) ==
        "net.json: /layers/0/heads/0/wo/0: row has 2 entries, expected 1 (the number of rows of wv)");
  CHECK(
      load_error(att(
          R"({"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["1", "0"]], "wo": [["1"], ["0"]], "bq": ["1", "2"]})")) ==
      "net.json: /layers/0/heads/0/bq: has 2 entries, expected 1 (the number of rows of wq)");
  CHECK(load_error(att("")) == "net.json: /layers/0/heads: must have at least 1 head");
  CHECK(load_error(
            doc(R"({"dim": 2, "tokens": 3})", R"([{"type": "positional_encoding", "matrix": [["1", "2", "3"]]}])")) ==
        "net.json: /layers/0/matrix: has 1 rows, expected 2 (the token dimension D)");
  CHECK(load_error(doc(R"({"dim": 2, "tokens": 3})",
                       R"([{"type": "positional_encoding", "matrix": [["1", "2", "3"], ["1", "2"]]}])")) ==
        "net.json: /layers/0/matrix/1: row has 2 entries, expected 3 (the number of tokens N)");
  // tokenwise changes D for the layers after it
  CHECK(load_error(doc(R"({"dim": 2, "tokens": 3})", R"([{"type": "tokenwise", "layers": [
        {"type": "dense", "weight": [["1", "1"]], "bias": ["0"]}]},
        {"type": "positional_encoding", "matrix": [["1", "2", "3"], ["1", "2", "3"]]}])")) ==
        "net.json: /layers/1/matrix: has 2 rows, expected 1 (the token dimension D)");
}

TEST_CASE("network_json: vector and sequence layers in the wrong place") {
  CHECK(load_error(doc(R"({"dim": 2})", R"([{"type": "relu"}, {"type": "attention", "normalizer": "softmax",
        "scale": "1", "heads": []}])")) ==
        "net.json: /layers/1/type: \"attention\" is a sequence layer, but the network input has no \"tokens\"");
  CHECK(load_error(doc(R"({"dim": 2, "tokens": 2})", R"([{"type": "relu"}])")) ==
        "net.json: /layers/0/type: \"relu\" is a vector layer, but the network input is a sequence (input has "
        "\"tokens\"); put vector layers inside {\"type\": \"tokenwise\", \"layers\": [...]}");
  CHECK(load_error(doc(R"({"dim": 2, "tokens": 2})", R"([{"type": "tokenwise", "layers": [
        {"type": "residual", "body": [{"type": "positional_encoding", "matrix": [["1"]]}]}]}])")) ==
        "net.json: /layers/0/layers/0/body/0/type: \"positional_encoding\" is a sequence layer; only vector layers "
        "are allowed in this list");
}

TEST_CASE("network_json: absurd sizes are refused before any work") {
  CHECK(load_error(doc(R"({"dim": 10000000})", "[]")) ==
        "net.json: /input/dim: input dimension 10000000 exceeds the limit of 1000000");
  CHECK(load_error(doc(R"({"dim": 1, "tokens": "1e12"})", "[]")) ==
        "net.json: /input/tokens: number of tokens 1000000000000 exceeds the limit of 1000000");
  CHECK(load_error(doc(R"({"dim": "1e30"})", "[]")) ==
        "net.json: /input/dim: expected a non-negative integer below 2^63, got \"1e30\"");
  // 10^5 tokens through one attention layer: 10^10 scores
  CHECK(load_error(doc(R"({"dim": 1, "tokens": 100000})", R"([{"type": "attention", "normalizer": "hardmax",
        "scale": "1", "heads": [{"wq": [["1"]], "wk": [["1"]], "wv": [["1"]], "wo": [["1"]]}]}])"))
            .find("net.json: top level: the network is too large to evaluate: lowering it needs about ") == 0);
  // the weight limit (10^8 by default) with a small limit for the test
  const Network net = net_from(doc(R"({"dim": 2})", R"([{"type": "dense", "weight": [["1", "2"]], "bias": ["0"]}])"));
  std::string msg;
  try {
    check_network(net, "net.json", NetworkLimits{1'000'000, 2, 100'000'000});
  } catch (const InputError& e) {
    msg = e.what();
  }
  CHECK(msg == "net.json: top level: the network has 3 numbers, more than the limit of 2");
  // nesting
  std::string nested = R"({"type": "relu"})";
  for (int i = 0; i < 70; ++i) nested = R"({"type": "residual", "body": [)" + nested + "]}";
  CHECK(load_error(doc(R"({"dim": 1})", "[" + nested + "]")).find(": layers nested deeper than 64 levels") !=
        std::string::npos);
}
