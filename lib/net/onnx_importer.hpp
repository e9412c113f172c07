#pragma once
// Internal to the ONNX importer (net/onnx_import.hpp is the interface): the importer's state, shared
// by its chain steps (onnx_import.cpp) and its graph patterns (onnx_patterns.cpp).
//
// The importer walks the graph's nodes in their (topological) order. The network's current value,
// `current_`, is what the layers built so far compute. A node whose only computed operand is the
// current value, used by that node alone, is a chain step: it appends layers. A current value used
// by several nodes starts a pattern: its nodes compute Pending values (a projection of the current
// value, attention scores, a mean, ...), which only the pattern's later nodes may use, until the
// pattern's last node (the residual Add of self-attention, the Div of a layer normalisation) turns
// them into layers and a new current value. Everything else is an InputError naming the node.
#include <onnx/onnx_pb.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "net/network.hpp"

namespace approxcert::onnx_detail {

using Shape = std::vector<std::int64_t>;

std::string quoted(const std::string& s);
std::string shape_text(const Shape& s);

// A constant tensor's shape and exact values (row-major).
struct Constant {
  Shape dims;
  std::vector<Rational> values;
};

// y = W x + b on each token's features (W: out x in, a list of rows).
struct LinearMap {
  RationalMatrix w;
  RationalVector b;
};

// Pending values of the patterns; `source` is the current value they are computed from.
struct Projection {  // x W^T + b per token, or its transpose (the keys' K^T)
  LinearMap map;
  bool transposed = false;
};
struct Scores {  // scale * Q K^T, then the softmax over the keys if `softmax`
  LinearMap q, k;
  Rational scale{1};
  bool softmax = false;
};
struct Mixed {  // scores (X W_V^T + b_V) W_O^T + b_O; without an output map, W_O = I and b_O = 0
  Scores scores;
  LinearMap v;
  std::optional<LinearMap> o;
};
struct Moment {  // a layer normalisation in progress: mean(x), x - mean, (x - mean)^2, var + eps, sqrt
  enum Stage { Mean, Centred, Square, Variance, Root } stage = Mean;
  Rational eps{0};
  std::string centred;  // the value holding x - mean
};
struct Pending {
  std::string source;
  std::variant<Projection, Scores, Mixed, Moment> value;
};

class Importer {
 public:
  Importer(const onnx::ModelProto& model, std::string_view source) : model_(model), source_(source) {}
  CheckedNetwork run();

  // --- graph reading (onnx_import.cpp) ---
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_node(const onnx::NodeProto& n, const std::string& what) const;
  std::size_t count(const Shape& dims, const std::string& where) const;
  Constant decode(const onnx::TensorProto& t, const std::string& where);
  const Constant& constant(const onnx::NodeProto& n, const std::string& name);
  bool is_constant(const std::string& name) const { return raw_.count(name) || decoded_.count(name); }
  const onnx::AttributeProto* attribute(const onnx::NodeProto& n, const std::string& name) const;
  Rational float_attribute(const onnx::NodeProto& n, const std::string& name, int fallback) const;
  std::int64_t int_attribute(const onnx::NodeProto& n, const std::string& name, std::int64_t fallback) const;

  // --- chain steps (onnx_import.cpp) ---
  std::vector<Rational> broadcast(const onnx::NodeProto& n, const Constant& c, bool update_shape);
  std::optional<RationalVector> per_feature(const Constant& c, std::size_t features) const;
  RationalVector feature_constant(const onnx::NodeProto& n, const std::string& name, std::size_t features);
  LinearMap linear_map(const onnx::NodeProto& n, std::size_t in, const std::string& data);
  void input_shape(const onnx::ValueInfoProto& input, bool needs_tokens);
  void gemm(const onnx::NodeProto& n);
  void matmul(const onnx::NodeProto& n);
  void add(const onnx::NodeProto& n, const Rational& data_sign, const Rational& constant_sign);
  void scale(const onnx::NodeProto& n, bool divide);
  void reshape(const onnx::NodeProto& n);
  void flatten(const onnx::NodeProto& n);
  void transpose(const onnx::NodeProto& n);
  void layer_normalization(const onnx::NodeProto& n);
  void chain_step(const onnx::NodeProto& n);
  void push(Layer layer, bool affine);
  Layer* last_vector_layer();
  std::size_t numel() const { return count(shape_, "the chain value"); }
  // Counts `numbers` copied or updated by node n; fails once the graph needs more than a fixed
  // multiple of the weight limit (e.g. thousands of Mul nodes on one large layer): bounded time.
  void spend(const onnx::NodeProto& n, std::uint64_t numbers);
  std::size_t features() const { return sequence_ ? static_cast<std::size_t>(shape_.back()) : numel(); }

  // --- patterns (onnx_patterns.cpp) ---
  void start_pattern(const onnx::NodeProto& n);
  void pattern_step(const onnx::NodeProto& n);
  void emit_attention(const onnx::NodeProto& n, const Mixed& m);
  void emit_layer_norm(const onnx::NodeProto& n, const Rational& eps);
  std::int64_t last_axis_only(const onnx::NodeProto& n, const std::string& what);

  const onnx::ModelProto& model_;
  std::string source_;
  std::map<std::string, const onnx::TensorProto*> raw_;  // initializers and Constant outputs
  std::map<std::string, Constant> decoded_;
  std::map<std::string, int> users_;  // value -> number of (non-Constant) nodes using it
  std::map<std::string, Pending> pending_;
  std::size_t weights_ = 0;
  std::uint64_t work_ = 0;  // numbers copied or updated so far (spend())
  std::string current_;     // the network's current value: the latest chain step's or pattern's output
  Shape shape_;             // its shape: a vector (at most one dimension > 1), or tokens x features
  bool sequence_ = false;   // tokens x features (the last dimension); input.tokens is set
  std::size_t tokens_ = 0;
  std::string flattened_by_;  // a sequence reshaped so that its last dimension is not the features
  LayerList layers_;
  bool last_is_affine_ = false;  // the last vector layer is an affine layer producing current_
};

}  // namespace approxcert::onnx_detail
