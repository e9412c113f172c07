#pragma once
// The network model: an exact, checked mirror of an `approxcert-net/1` file (DESIGN.md "Network
// files", docs/net.md). Every number is a Number (an exact Rational or a validated constant
// expression such as "sqrt(2)/2"; piecewise_linear breakpoints and values are exact Rationals,
// since their order and slopes are computed exactly); every list is in file order, so a position in
// the model is a JSON pointer in the file (check_network() reports errors that way).
//
// Conventions: a matrix is a list of rows (`weight[r][c]` multiplies input c into output r).
// Sequence values are X in R^{D x N}: column i is token i; positional_encoding.matrix is D rows of
// N entries. Attention heads: wq, wk are dk x D, wv is dv x D, wo is D x dv, bq has dk entries.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "net/number.hpp"
#include "net/program.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

using RationalVector = std::vector<Rational>;
using RationalMatrix = std::vector<RationalVector>;  // list of rows
using NumberVector = std::vector<Number>;
using NumberMatrix = std::vector<NumberVector>;  // list of rows

// Conversions for code that builds or reads networks of exact numbers (theorem constructions).
NumberVector numbers(const RationalVector& v);
NumberMatrix numbers(const RationalMatrix& m);
RationalVector rationals(const NumberVector& v);  // each entry's exact value; NotExactError for an expression
RationalMatrix rationals(const NumberMatrix& m);

struct Layer;
using LayerList = std::vector<Layer>;

// Vector layers (act on R^d).
struct DenseLayer {  // y = W x + b
  NumberMatrix weight;
  NumberVector bias;
  bool operator==(const DenseLayer&) const = default;
};
// y = W x + b with W (rows x cols) given by its nonzero entries, strictly increasing in (row, col);
// the same function as the dense layer whose other entries are 0, without storing the zeros.
struct SparseEntry {
  std::size_t row = 0, col = 0;
  Number value;
  bool operator==(const SparseEntry&) const = default;
};
struct SparseDenseLayer {
  std::size_t rows = 0, cols = 0;
  std::vector<SparseEntry> entries;
  NumberVector bias;  // rows entries
  bool operator==(const SparseDenseLayer&) const = default;
};
struct ReluLayer {
  bool operator==(const ReluLayer&) const = default;
};
struct StepLayer {
  bool operator==(const StepLayer&) const = default;
};  // 1 if x >= 0 else 0
struct SigmoidLayer {
  bool operator==(const SigmoidLayer&) const = default;
};
struct TanhLayer {
  bool operator==(const TanhLayer&) const = default;
};
// Continuous interpolant of (breakpoints[k], values[k]), constant outside; applied per coordinate.
struct PiecewiseLinearLayer {
  RationalVector breakpoints;
  RationalVector values;
  bool operator==(const PiecewiseLinearLayer&) const = default;
};
struct ResidualLayer {  // x + body(x); the body preserves the dimension
  LayerList body;
  bool operator==(const ResidualLayer&) const = default;
};
// (x, y) = (first `split` coordinates, the rest) -> <left(x), right(y)>; output dimension 1.
struct InnerProductLayer {
  std::size_t split = 0;
  LayerList left, right;
  bool operator==(const InnerProductLayer&) const = default;
};
// y = gamma * (x - mean(x)) / sqrt(var(x) + eps) + beta (entrywise gamma, beta), with the biased
// variance var(x) = mean((x - mean(x))^2) over the d coordinates; eps > 0. Absent gamma is all
// ones, absent beta all zeros. Inside tokenwise it normalises each token column.
struct LayerNormLayer {
  Rational eps;
  std::optional<RationalVector> gamma, beta;
  bool operator==(const LayerNormLayer&) const = default;
};

// Sequence layers (act on X in R^{D x N}; need input.tokens).
struct AttentionHead {
  NumberMatrix wq, wk, wv, wo;
  std::optional<NumberVector> bq;
  bool operator==(const AttentionHead&) const = default;
};
// X + sum_h W_O W_V X sigma[(W_K X)^T (W_Q X + b_q 1^T) * scale], sigma column-wise: softmax,
// hardmax (with its tie rule: Hardmax splits ties, HardmaxFirst/HardmaxLast pick the smallest/
// largest index), or None, the identity (raw scores, linear attention).
struct AttentionLayer {
  std::vector<AttentionHead> heads;
  Normalizer normalizer = Normalizer::Softmax;
  Number scale;
  bool operator==(const AttentionLayer&) const = default;
};
struct TokenwiseLayer {  // vector layers applied to every column (may change D)
  LayerList layers;
  bool operator==(const TokenwiseLayer&) const = default;
};
struct PositionalEncodingLayer {  // X + E, E is D x N (D rows of N entries)
  NumberMatrix matrix;
  bool operator==(const PositionalEncodingLayer&) const = default;
};

using LayerKind = std::variant<DenseLayer, SparseDenseLayer, ReluLayer, StepLayer, SigmoidLayer, TanhLayer,
                               PiecewiseLinearLayer, ResidualLayer, InnerProductLayer, AttentionLayer, TokenwiseLayer,
                               PositionalEncodingLayer, LayerNormLayer>;
struct Layer {
  LayerKind kind;
  bool operator==(const Layer&) const = default;
};

struct NetworkInput {
  std::size_t dim = 0;                // D
  std::optional<std::size_t> tokens;  // N: present for sequence networks
  bool operator==(const NetworkInput&) const = default;
};

struct Network {
  NetworkInput input;
  LayerList layers;
  bool operator==(const Network&) const = default;  // exact equality of every number (expressions: text) and shape
};

// The layer's "type" string in the file ("dense", "positional_encoding", ...).
std::string_view layer_type_name(const Layer& layer);
// Every known type, in the order used by messages and docs.
std::span<const std::string_view> layer_type_names();
bool is_sequence_layer(const Layer& layer);

// Size limits: absurd sizes are refused with a message, not attempted.
struct NetworkLimits {
  std::size_t max_dim = 1'000'000;             // any single dimension or count (rows, tokens, heads, ...)
  std::size_t max_weights = 100'000'000;       // numbers in the network
  std::size_t max_program_size = 100'000'000;  // estimated constants + operands after lowering
};

// Checks dimensions, shapes, orderings and limits. On the first problem throws
// InputError("<source>: <json pointer>: <what>"), e.g. "net.json: /layers/0/bias: has 3 entries,
// expected 2 (one per weight row)". A network that passes can be lowered.
void check_network(const Network& net, std::string_view source, const NetworkLimits& limits = {});

// Number of program inputs: D, or D*N for sequence networks (flattened column by column).
std::size_t input_dim(const Network& net);
// Number of outputs (checks the network; throws InputError naming `source` if it is invalid).
std::size_t output_dim(const Network& net, std::string_view source = "network");

// A network that check_network() accepted, immutable, with its number of outputs. Only check()
// makes one, so a network is checked once where it enters (a file, an ONNX model, a construction)
// and lower() of a CheckedNetwork does not check it again.
class CheckedNetwork {
 public:
  // check_network(net, source, limits), then keeps the network.
  static CheckedNetwork check(Network net, std::string_view source, const NetworkLimits& limits = {});

  const Network& network() const& { return net_; }
  Network network() && { return std::move(net_); }  // a temporary's network, moved out (no copy, no dangling)
  // A CheckedNetwork is a Network (code that takes a Network keeps working; lowering it then checks
  // it again, as for any Network).
  operator const Network&() const& { return net_; }
  operator Network() && { return std::move(net_); }
  std::size_t inputs() const { return input_dim(net_); }
  std::size_t outputs() const { return outputs_; }

 private:
  CheckedNetwork(Network net, std::size_t outputs) : net_(std::move(net)), outputs_(outputs) {}
  Network net_;
  std::size_t outputs_;
};

}  // namespace approxcert
