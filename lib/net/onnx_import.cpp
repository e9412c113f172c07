#include "net/onnx_import.hpp"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "net/ieee_binary.hpp"
#include "net/onnx_importer.hpp"
#include "scalar/input_error.hpp"

namespace approxcert {

namespace onnx_detail {

std::string quoted(const std::string& s) { return "'" + s + "'"; }

std::string shape_text(const Shape& s) {
  std::string t = "[";
  for (std::size_t i = 0; i < s.size(); ++i) t += (i ? "," : "") + std::to_string(s[i]);
  return t + "]";
}

namespace {

constexpr std::size_t kMaxWeights = NetworkLimits{}.max_weights;

// Little-endian unsigned integer of `width` bytes at p.
std::uint64_t little_endian(const char* p, std::size_t width) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < width; ++i) v |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
  return v;
}

}  // namespace

void Importer::fail(const std::string& what) const { throw InputError(source_ + ": " + what); }

void Importer::fail_node(const onnx::NodeProto& n, const std::string& what) const {
  fail("node " + quoted(n.name()) + " (" + n.op_type() + "): " + what);
}

std::size_t Importer::count(const Shape& dims, const std::string& where) const {
  std::size_t n = 1;
  for (const std::int64_t d : dims) {
    if (d < 0) fail(where + ": negative dimension in shape " + shape_text(dims));
    if (d != 0 && n > kMaxWeights / static_cast<std::size_t>(d))
      fail(where + ": shape " + shape_text(dims) + " has more than " + std::to_string(kMaxWeights) + " entries");
    n *= static_cast<std::size_t>(d);
  }
  return n;
}

void Importer::spend(const onnx::NodeProto& n, std::uint64_t numbers) {
  constexpr std::uint64_t kMaxWork = 16 * static_cast<std::uint64_t>(kMaxWeights);
  work_ += numbers;
  if (work_ > kMaxWork)
    fail_node(n, "importing the graph up to this node rewrites more than " + std::to_string(kMaxWork) +
                     " weights (too many nodes acting on large layers)");
}

Constant Importer::decode(const onnx::TensorProto& t, const std::string& where) {
  if (t.data_location() == onnx::TensorProto::EXTERNAL)
    fail(where + ": tensor data stored in an external file is not supported (save the model with its weights inside)");
  Constant c;
  c.dims.assign(t.dims().begin(), t.dims().end());
  const std::size_t n = count(c.dims, where);
  weights_ += n;
  if (weights_ > kMaxWeights) fail(where + ": the model has more than " + std::to_string(kMaxWeights) + " weights");
  std::size_t width = 0;
  IeeeFormat format{};
  switch (t.data_type()) {
    case onnx::TensorProto::FLOAT: width = 4, format = kBinary32; break;
    case onnx::TensorProto::DOUBLE: width = 8, format = kBinary64; break;
    case onnx::TensorProto::FLOAT16: width = 2, format = kBinary16; break;
    case onnx::TensorProto::INT64: width = 8; break;
    case onnx::TensorProto::INT32: width = 4; break;
    default:
      fail(where + ": element type " +
           onnx::TensorProto::DataType_Name(static_cast<onnx::TensorProto::DataType>(t.data_type())) +
           " is not supported (float32, float64, float16, or int32/int64 for shapes)");
  }
  const bool is_float = format.fraction_bits != 0;
  std::vector<std::uint64_t> bits;
  bits.reserve(n);
  if (t.has_raw_data()) {
    const std::string& raw = t.raw_data();
    if (raw.size() != n * width)
      fail(where + ": raw_data has " + std::to_string(raw.size()) + " bytes, expected " + std::to_string(n * width) +
           " for shape " + shape_text(c.dims));
    for (std::size_t i = 0; i < n; ++i) bits.push_back(little_endian(raw.data() + i * width, width));
  } else {
    switch (t.data_type()) {
      case onnx::TensorProto::FLOAT:
        for (const float v : t.float_data()) bits.push_back(std::bit_cast<std::uint32_t>(v));
        break;
      case onnx::TensorProto::DOUBLE:
        for (const double v : t.double_data()) bits.push_back(std::bit_cast<std::uint64_t>(v));
        break;
      case onnx::TensorProto::FLOAT16:  // the 16 bits of each value sit in an int32 entry
        for (const std::int32_t v : t.int32_data()) bits.push_back(static_cast<std::uint32_t>(v) & 0xffffu);
        break;
      case onnx::TensorProto::INT32:
        for (const std::int32_t v : t.int32_data()) bits.push_back(static_cast<std::uint32_t>(v));
        break;
      default:
        for (const std::int64_t v : t.int64_data()) bits.push_back(static_cast<std::uint64_t>(v));
    }
    if (bits.size() != n)
      fail(where + ": has " + std::to_string(bits.size()) + " values, expected " + std::to_string(n) + " for shape " +
           shape_text(c.dims));
  }
  c.values.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!is_float) {  // two's complement of `width` bytes
      const std::int64_t v =
          width == 4 ? std::int64_t{static_cast<std::int32_t>(bits[i])} : static_cast<std::int64_t>(bits[i]);
      c.values.emplace_back(static_cast<long long>(v));
      continue;
    }
    std::optional<Rational> v = ieee_binary_value(bits[i], format);
    if (!v) fail(where + ": entry " + std::to_string(i) + " is NaN or infinite");
    c.values.push_back(std::move(*v));
  }
  return c;
}

const Constant& Importer::constant(const onnx::NodeProto& n, const std::string& name) {
  if (auto it = decoded_.find(name); it != decoded_.end()) return it->second;
  const auto raw = raw_.find(name);
  if (raw == raw_.end())
    fail_node(n, "operand " + quoted(name) + " must be a constant (an initializer or a Constant node)");
  return decoded_.emplace(name, decode(*raw->second, "tensor " + quoted(name))).first->second;
}

const onnx::AttributeProto* Importer::attribute(const onnx::NodeProto& n, const std::string& name) const {
  for (const auto& a : n.attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

Rational Importer::float_attribute(const onnx::NodeProto& n, const std::string& name, int fallback) const {
  const auto* a = attribute(n, name);
  if (!a) return Rational(fallback);
  if (a->type() != onnx::AttributeProto::FLOAT) fail_node(n, "attribute " + name + " must be a float");
  const auto v = ieee_binary_value(std::bit_cast<std::uint32_t>(a->f()), kBinary32);
  if (!v) fail_node(n, "attribute " + name + " is NaN or infinite");
  return *v;
}

std::int64_t Importer::int_attribute(const onnx::NodeProto& n, const std::string& name, std::int64_t fallback) const {
  const auto* a = attribute(n, name);
  if (!a) return fallback;
  if (a->type() != onnx::AttributeProto::INT) fail_node(n, "attribute " + name + " must be an integer");
  return a->i();
}

// The constant broadcast (numpy rules) onto a vector chain value, which must keep its entries (it
// may gain leading dimensions of size 1: then, if update_shape, the chain's shape becomes the result's).
std::vector<Rational> Importer::broadcast(const onnx::NodeProto& n, const Constant& c, bool update_shape) {
  const std::size_t rank = std::max(shape_.size(), c.dims.size());
  Shape out(rank), a(rank, 1), b(rank, 1);
  std::copy(shape_.begin(), shape_.end(), a.begin() + (rank - shape_.size()));
  std::copy(c.dims.begin(), c.dims.end(), b.begin() + (rank - c.dims.size()));
  for (std::size_t i = 0; i < rank; ++i) {
    if (a[i] != b[i] && a[i] != 1 && b[i] != 1)
      fail_node(n, "cannot broadcast the constant of shape " + shape_text(c.dims) + " onto the data of shape " +
                       shape_text(shape_));
    out[i] = std::max(a[i], b[i]);
  }
  if (count(out, "broadcast") != numel())
    fail_node(n, "the constant of shape " + shape_text(c.dims) + " would grow the data of shape " + shape_text(shape_) +
                     " beyond a vector");
  // Row-major walk over `out`; the constant's index skips its broadcast (size-1) dimensions.
  std::vector<Rational> values;
  std::vector<std::int64_t> index(rank, 0);
  for (std::size_t k = 0; k < numel(); ++k) {
    std::size_t flat = 0;
    for (std::size_t i = 0; i < rank; ++i) flat = flat * b[i] + (b[i] == 1 ? 0 : index[i]);
    values.push_back(c.values[flat]);
    for (std::size_t i = rank; i-- > 0;) {
      if (++index[i] < out[i]) break;
      index[i] = 0;
    }
  }
  if (update_shape) shape_ = out;
  return values;
}

// A constant that is the same for every token: a scalar, or `features` entries along its last
// dimension (all others 1). nullopt otherwise.
std::optional<RationalVector> Importer::per_feature(const Constant& c, std::size_t features) const {
  std::size_t big = 0;
  for (std::size_t i = 0; i < c.dims.size(); ++i)
    if (c.dims[i] != 1) {
      if (i + 1 != c.dims.size()) return std::nullopt;
      big = static_cast<std::size_t>(c.dims[i]);
    }
  if (big == 0) return RationalVector(features, c.values.at(0));
  if (big != features) return std::nullopt;
  return c.values;
}

RationalVector Importer::feature_constant(const onnx::NodeProto& n, const std::string& name, std::size_t features) {
  const Constant& c = constant(n, name);
  if (c.values.empty()) fail_node(n, "the constant " + quoted(name) + " is empty");
  auto v = per_feature(c, features);
  if (!v)
    fail_node(n, "the constant " + quoted(name) + " of shape " + shape_text(c.dims) + " must be a scalar or have " +
                     std::to_string(features) + " entries along its last dimension (one per feature)");
  return *v;
}

// The per-token linear map of MatMul(data, W) (W: in x out) or Gemm(data, B, C) (transA = 0), where
// `data` is the operand holding `in` features per token.
LinearMap Importer::linear_map(const onnx::NodeProto& n, std::size_t in, const std::string& data) {
  const bool gemm = n.op_type() == "Gemm";
  if (n.input_size() < 2 || n.input(0) != data)
    fail_node(n, "the data must be the first operand" + std::string(gemm ? " (A)" : ""));
  if (!gemm && n.input_size() != 2) fail_node(n, "expects 2 operands");
  if (gemm && int_attribute(n, "transA", 0) != 0) fail_node(n, "transA on a sequence of tokens is not supported");
  const Rational alpha = gemm ? float_attribute(n, "alpha", 1) : Rational(1);
  const Rational beta = gemm ? float_attribute(n, "beta", 1) : Rational(1);
  const bool trans_b = gemm && int_attribute(n, "transB", 0) != 0;
  const Constant& w = constant(n, n.input(1));
  if (w.dims.size() != 2) fail_node(n, "the weight must have 2 dimensions, has shape " + shape_text(w.dims));
  const std::int64_t rows = trans_b ? w.dims[1] : w.dims[0], out = trans_b ? w.dims[0] : w.dims[1];
  if (rows != static_cast<std::int64_t>(in))
    fail_node(n, "cannot multiply data with " + std::to_string(in) + " features per token by the weight of shape " +
                     shape_text(w.dims));
  LinearMap map;
  map.w.assign(out, RationalVector(in));
  for (std::int64_t r = 0; r < out; ++r)
    for (std::size_t c = 0; c < in; ++c)
      map.w[r][c] = alpha * w.values[trans_b ? r * w.dims[1] + c : c * w.dims[1] + r];
  map.b.assign(out, Rational(0));
  if (gemm && n.input_size() >= 3 && !n.input(2).empty()) {
    map.b = feature_constant(n, n.input(2), out);
    for (Rational& v : map.b) v *= beta;
  }
  return map;
}

void Importer::input_shape(const onnx::ValueInfoProto& input, bool needs_tokens) {
  if (!input.type().has_tensor_type()) fail("graph input " + quoted(input.name()) + ": not a tensor");
  const auto& tt = input.type().tensor_type();
  const int elem = tt.elem_type();
  if (elem != onnx::TensorProto::FLOAT && elem != onnx::TensorProto::DOUBLE && elem != onnx::TensorProto::FLOAT16)
    fail("graph input " + quoted(input.name()) + ": element type must be float32, float64 or float16");
  if (!tt.has_shape()) fail("graph input " + quoted(input.name()) + ": has no shape");
  // A symbolic dimension (dim_param, e.g. "batch") is taken as batch size 1.
  for (const auto& d : tt.shape().dim()) shape_.push_back(d.has_dim_value() ? d.dim_value() : 1);
  // A vector has at most one dimension larger than 1. Otherwise (or when attention needs tokens) the
  // input is a sequence: the last dimension holds each token's features, the others count tokens.
  std::vector<std::size_t> big;
  for (std::size_t i = 0; i < shape_.size(); ++i)
    if (shape_[i] != 1) big.push_back(i);
  if (big.size() <= 1 && !needs_tokens) return;
  if (big.size() > 2 || shape_.size() < 2 || (big.size() == 2 && big[1] != shape_.size() - 1))
    fail("graph input " + quoted(input.name()) + ": shape " + shape_text(shape_) +
         " is neither a vector nor a sequence [tokens, features] (batch size 1)");
  sequence_ = true;
  tokens_ = count(shape_, "graph input " + quoted(input.name())) /
            static_cast<std::size_t>(std::max<std::int64_t>(shape_.back(), 1));
}

// Vector layers go into the network; in a sequence network into a tokenwise layer (a new one
// unless the last layer is tokenwise).
void Importer::push(Layer layer, bool affine) {
  if (!sequence_) {
    layers_.push_back(std::move(layer));
  } else if (auto* tw = layers_.empty() ? nullptr : std::get_if<TokenwiseLayer>(&layers_.back().kind)) {
    tw->layers.push_back(std::move(layer));
  } else {
    layers_.push_back(Layer{TokenwiseLayer{{std::move(layer)}}});
  }
  last_is_affine_ = affine;
}

Layer* Importer::last_vector_layer() {
  if (layers_.empty()) return nullptr;
  if (!sequence_) return &layers_.back();
  auto* tw = std::get_if<TokenwiseLayer>(&layers_.back().kind);
  return tw && !tw->layers.empty() ? &tw->layers.back() : nullptr;
}

// Gemm: Y = alpha A' B' + beta C with A' = A or A^T (the data, one row), B' = B or B^T (constant).
void Importer::gemm(const onnx::NodeProto& n) {
  if (n.input_size() < 2 || n.input(0) != current_) fail_node(n, "the data must be operand A (the first input)");
  if (sequence_) {
    if (shape_.size() != 2) fail_node(n, "operand A must have 2 dimensions, the data has shape " + shape_text(shape_));
    LinearMap map = linear_map(n, features(), current_);
    shape_.back() = static_cast<std::int64_t>(map.w.size());
    push(Layer{DenseLayer{numbers(map.w), numbers(map.b)}}, true);
    return;
  }
  const Rational alpha = float_attribute(n, "alpha", 1), beta = float_attribute(n, "beta", 1);
  const bool trans_a = int_attribute(n, "transA", 0) != 0, trans_b = int_attribute(n, "transB", 0) != 0;
  if (shape_.size() != 2) fail_node(n, "operand A must have 2 dimensions, the data has shape " + shape_text(shape_));
  const std::int64_t a_rows = trans_a ? shape_[1] : shape_[0], k = trans_a ? shape_[0] : shape_[1];
  if (a_rows != 1) fail_node(n, "operand A' has " + std::to_string(a_rows) + " rows; only batch size 1 is supported");
  const Constant& b = constant(n, n.input(1));
  if (b.dims.size() != 2) fail_node(n, "operand B must have 2 dimensions, has shape " + shape_text(b.dims));
  const std::int64_t b_rows = trans_b ? b.dims[1] : b.dims[0], cols = trans_b ? b.dims[0] : b.dims[1];
  if (b_rows != k)
    fail_node(n,
              "operand B' has " + std::to_string(b_rows) + " rows but the data has " + std::to_string(k) + " entries");
  DenseLayer dense;
  dense.weight.assign(cols, NumberVector(k));
  for (std::int64_t r = 0; r < cols; ++r)
    for (std::int64_t c = 0; c < k; ++c)
      dense.weight[r][c] = alpha * b.values[trans_b ? r * b.dims[1] + c : c * b.dims[1] + r];
  shape_ = {1, cols};
  if (n.input_size() >= 3 && !n.input(2).empty()) {
    RationalVector bias = broadcast(n, constant(n, n.input(2)), false);
    for (Rational& v : bias) v *= beta;
    dense.bias = numbers(bias);
  } else {
    dense.bias.assign(cols, Rational(0));
  }
  push(Layer{std::move(dense)}, true);
}

// MatMul: x W (data [..., 1, k] or [k], W [k, m]) or W x (W [m, k], data [k, 1] or [k]); a sequence
// only as X W (each token times W).
void Importer::matmul(const onnx::NodeProto& n) {
  if (n.input_size() != 2) fail_node(n, "expects 2 operands");
  if (sequence_) {
    if (n.input(0) != current_) fail_node(n, "a sequence must be the first operand (X W: each token times W)");
    LinearMap map = linear_map(n, features(), current_);
    shape_.back() = static_cast<std::int64_t>(map.w.size());
    push(Layer{DenseLayer{numbers(map.w), numbers(map.b)}}, true);
    return;
  }
  const bool data_left = n.input(0) == current_;
  const Constant& w = constant(n, n.input(data_left ? 1 : 0));
  if (w.dims.size() != 2) fail_node(n, "the constant operand must have 2 dimensions, has shape " + shape_text(w.dims));
  const std::int64_t k = data_left ? w.dims[0] : w.dims[1], m = data_left ? w.dims[1] : w.dims[0];
  // The data's contracted dimension: the last one (x W), or the second to last / only one (W x).
  const bool one_d = shape_.size() == 1;
  const std::size_t axis = data_left || one_d ? shape_.size() - 1 : shape_.size() - 2;
  if (shape_.empty() || (!data_left && !one_d && shape_.back() != 1) || shape_[axis] != k ||
      numel() != static_cast<std::size_t>(k))
    fail_node(n, "cannot multiply the data of shape " + shape_text(shape_) + " by the constant of shape " +
                     shape_text(w.dims));
  DenseLayer dense;
  dense.weight.assign(m, NumberVector(k));
  for (std::int64_t r = 0; r < m; ++r)
    for (std::int64_t c = 0; c < k; ++c) dense.weight[r][c] = w.values[data_left ? c * m + r : r * k + c];
  dense.bias.assign(m, Rational(0));
  shape_[axis] = m;
  push(Layer{std::move(dense)}, true);
}

// Add/Sub: data_sign * x + constant_sign * c. A constant added to an affine layer's output joins its
// bias, to a layer normalisation's output its beta (exact); otherwise a sparse_dense layer with
// diagonal data_sign does it. In a sequence, a constant with one entry per token and feature is a
// positional_encoding layer.
void Importer::add(const onnx::NodeProto& n, const Rational& data_sign, const Rational& constant_sign) {
  if (n.input_size() != 2) fail_node(n, "expects 2 operands");
  if (n.input(0) == n.input(1)) fail_node(n, "both operands are the data; only a constant may be added");
  const std::string& name = n.input(n.input(0) == current_ ? 1 : 0);
  std::vector<Rational> c;
  if (!sequence_) {
    c = broadcast(n, constant(n, name), true);
  } else if (auto v = per_feature(constant(n, name), features())) {
    c = std::move(*v);
  } else {
    const Constant& e = constant(n, name);
    Shape dims = e.dims;
    while (!dims.empty() && dims.front() == 1) dims.erase(dims.begin());
    if (dims != Shape{static_cast<std::int64_t>(tokens_), shape_.back()})
      fail_node(n, "the constant of shape " + shape_text(e.dims) +
                       " is neither one entry per feature nor one per token and feature (" + std::to_string(tokens_) +
                       " x " + shape_text({shape_.back()}) + ")");
    if (data_sign != 1) {  // c - X: negate X first
      SparseDenseLayer neg;
      neg.rows = neg.cols = features();
      for (std::size_t i = 0; i < features(); ++i)
        neg.entries.push_back({i, i, data_sign}), neg.bias.emplace_back(Rational(0));
      push(Layer{std::move(neg)}, true);
    }
    PositionalEncodingLayer pe;  // E[r][i]: feature r of token i; the constant is row-major [token][feature]
    pe.matrix.assign(features(), NumberVector(tokens_));
    for (std::size_t i = 0; i < tokens_; ++i)
      for (std::size_t r = 0; r < features(); ++r) pe.matrix[r][i] = constant_sign * e.values[i * features() + r];
    layers_.push_back(Layer{std::move(pe)});
    last_is_affine_ = false;
    return;
  }
  Layer* last = last_vector_layer();
  if (last && data_sign == 1) {
    if (auto* ln = std::get_if<LayerNormLayer>(&last->kind)) {
      if (!ln->beta) ln->beta = RationalVector(c.size(), Rational(0));
      for (std::size_t i = 0; i < c.size(); ++i) (*ln->beta)[i] += constant_sign * c[i];
      return;
    }
  }
  if (last && last_is_affine_ && data_sign == 1) {
    auto add_to = [&](NumberVector& bias) {  // the importer writes exact numbers only
      for (std::size_t i = 0; i < bias.size(); ++i) bias[i] = bias[i].rational() + constant_sign * c[i];
    };
    if (auto* d = std::get_if<DenseLayer>(&last->kind)) add_to(d->bias);
    else add_to(std::get<SparseDenseLayer>(last->kind).bias);
    return;
  }
  SparseDenseLayer s;
  s.rows = s.cols = c.size();
  for (std::size_t i = 0; i < c.size(); ++i) {
    s.entries.push_back({i, i, data_sign});
    s.bias.push_back(constant_sign * c[i]);
  }
  push(Layer{std::move(s)}, true);
}

// Mul/Div by a constant (scalar or one entry per feature): scales the last affine layer's rows and
// bias or a layer normalisation's gamma and beta (exact); otherwise a diagonal sparse_dense layer.
void Importer::scale(const onnx::NodeProto& n, bool divide) {
  if (n.input_size() != 2) fail_node(n, "expects 2 operands");
  if (n.input(0) == n.input(1)) fail_node(n, "both operands are the data; only a constant factor is supported");
  if (divide && n.input(0) != current_) fail_node(n, "dividing a constant by the data is not supported");
  const std::string& name = n.input(n.input(0) == current_ ? 1 : 0);
  RationalVector c = sequence_ ? feature_constant(n, name, features()) : broadcast(n, constant(n, name), true);
  if (divide)
    for (Rational& v : c) {
      if (v.sign() == 0) fail_node(n, "divides by a constant with a zero entry");
      v = Rational(1) / v;
    }
  Layer* last = last_vector_layer();
  if (last && last_is_affine_) {
    if (const auto* d = std::get_if<DenseLayer>(&last->kind))
      spend(n, c.size() * (d->weight.empty() ? 1 : d->weight[0].size() + 1));
    else if (const auto* sd = std::get_if<SparseDenseLayer>(&last->kind)) spend(n, sd->entries.size());
  }
  spend(n, c.size());
  if (auto* ln = last ? std::get_if<LayerNormLayer>(&last->kind) : nullptr) {
    if (!ln->gamma) ln->gamma = RationalVector(c.size(), Rational(1));
    for (std::size_t i = 0; i < c.size(); ++i) {
      (*ln->gamma)[i] *= c[i];
      if (ln->beta) (*ln->beta)[i] *= c[i];
    }
    return;
  }
  if (last && last_is_affine_) {
    if (auto* d = std::get_if<DenseLayer>(&last->kind)) {
      for (std::size_t r = 0; r < c.size(); ++r) {
        for (Number& w : d->weight[r]) w = w.rational() * c[r];
        d->bias[r] = d->bias[r].rational() * c[r];
      }
    } else {
      auto& s = std::get<SparseDenseLayer>(last->kind);
      for (SparseEntry& e : s.entries) e.value = e.value.rational() * c[e.row];
      for (std::size_t r = 0; r < c.size(); ++r) s.bias[r] = s.bias[r].rational() * c[r];
    }
    return;
  }
  SparseDenseLayer s;
  s.rows = s.cols = c.size();
  for (std::size_t i = 0; i < c.size(); ++i) {
    s.entries.push_back({i, i, c[i]});
    s.bias.emplace_back(Rational(0));
  }
  push(Layer{std::move(s)}, true);
}

void Importer::reshape(const onnx::NodeProto& n) {
  if (n.input_size() != 2 || n.input(0) != current_) fail_node(n, "the data must be the first operand");
  const Constant& target = constant(n, n.input(1));
  const bool allow_zero = int_attribute(n, "allowzero", 0) != 0;
  Shape out;
  std::size_t known = 1;
  int inferred = -1;
  for (std::size_t i = 0; i < target.values.size(); ++i) {
    if (!target.values[i].is_integer()) fail_node(n, "the shape must be integers");
    const long v = target.values[i].num().get_si();
    if (v == -1 && inferred < 0) inferred = static_cast<int>(i), out.push_back(1);
    else if (v == 0 && !allow_zero && i < shape_.size()) out.push_back(shape_[i]), known *= shape_[i];
    else if (v >= 0) out.push_back(v), known *= static_cast<std::size_t>(v);
    else fail_node(n, "invalid target shape entry " + std::to_string(v));
  }
  if (inferred >= 0 && known != 0) out[inferred] = static_cast<std::int64_t>(numel() / known);
  if (count(out, "node " + quoted(n.name())) != numel())
    fail_node(n, "cannot reshape the data of shape " + shape_text(shape_) + " to " + shape_text(out));
  if (sequence_ && (out.empty() || out.back() != shape_.back())) flattened_by_ = n.name();
  shape_ = out;
}

void Importer::flatten(const onnx::NodeProto& n) {
  const std::int64_t rank = static_cast<std::int64_t>(shape_.size());
  std::int64_t axis = int_attribute(n, "axis", 1);
  if (axis < 0) axis += rank;
  if (axis < 0 || axis > rank) fail_node(n, "axis out of range for the data of shape " + shape_text(shape_));
  std::int64_t outer = 1, inner = 1;
  for (std::int64_t i = 0; i < rank; ++i) (i < axis ? outer : inner) *= shape_[i];
  if (sequence_ && inner != shape_.back()) flattened_by_ = n.name();
  shape_ = {outer, inner};
}

// A permutation that keeps the dimensions larger than 1 in their order keeps the order of the
// entries (always so for a vector); others would reorder a sequence's entries.
void Importer::transpose(const onnx::NodeProto& n) {
  Shape out;
  std::vector<std::int64_t> perm;
  if (const auto* p = attribute(n, "perm")) {
    if (static_cast<std::size_t>(p->ints_size()) != shape_.size()) fail_node(n, "perm does not match the data's rank");
    perm.assign(p->ints().begin(), p->ints().end());
  } else {
    for (std::size_t i = shape_.size(); i-- > 0;) perm.push_back(static_cast<std::int64_t>(i));
  }
  std::int64_t last_big = -1;
  for (const std::int64_t p : perm) {
    if (p < 0 || p >= static_cast<std::int64_t>(shape_.size())) fail_node(n, "perm entry out of range");
    out.push_back(shape_[p]);
    if (shape_[p] == 1) continue;
    if (p < last_big)
      fail_node(
          n, "transposing the tokens and features of a sequence is supported only as the keys' K^T of self-attention");
    last_big = p;
  }
  if (sequence_ && out.back() != shape_.back()) flattened_by_ = n.name();
  shape_ = out;
}

// LayerNormalization (opset 17) over the last axis: x, Scale (gamma), optional B (beta), epsilon.
void Importer::layer_normalization(const onnx::NodeProto& n) {
  if (n.input_size() < 2 || n.input(0) != current_) fail_node(n, "the data must be the first operand");
  last_axis_only(n, "normalises");
  LayerNormLayer ln;
  ln.eps = float_attribute(n, "epsilon", 0);
  if (!attribute(n, "epsilon")) ln.eps = *ieee_binary_value(std::bit_cast<std::uint32_t>(1e-5f), kBinary32);
  if (ln.eps.sign() <= 0) fail_node(n, "epsilon must be greater than 0");
  ln.gamma = feature_constant(n, n.input(1), features());
  if (n.input_size() >= 3 && !n.input(2).empty()) ln.beta = feature_constant(n, n.input(2), features());
  push(Layer{std::move(ln)}, false);
}

void Importer::chain_step(const onnx::NodeProto& n) {
  const std::string& op = n.op_type();
  if (!flattened_by_.empty() && op != "Identity" && op != "Flatten" && op != "Reshape")
    fail_node(n, "follows node " + quoted(flattened_by_) +
                     ", which flattened the sequence: only Identity, Flatten and Reshape may come after it");
  const bool unary =
      op == "Relu" || op == "Tanh" || op == "Sigmoid" || op == "Identity" || op == "Flatten" || op == "Transpose";
  if (unary && n.input_size() != 1) fail_node(n, "expects one operand");
  const bool affine_before = last_is_affine_;
  last_is_affine_ = false;
  if (op == "Gemm") gemm(n);
  else if (op == "MatMul") matmul(n);
  else if (op == "Add" || op == "Sub") {
    last_is_affine_ = affine_before;  // a constant joins the bias of the layer before, if affine
    if (op == "Add") add(n, Rational(1), Rational(1));
    else if (n.input(0) == current_) add(n, Rational(1), Rational(-1));
    else add(n, Rational(-1), Rational(1));
  } else if (op == "Mul" || op == "Div") {
    last_is_affine_ = affine_before;
    scale(n, op == "Div");
  } else if (op == "Relu") push(Layer{ReluLayer{}}, false);
  else if (op == "Tanh") push(Layer{TanhLayer{}}, false);
  else if (op == "Sigmoid") push(Layer{SigmoidLayer{}}, false);
  else if (op == "LayerNormalization") layer_normalization(n);
  else if (op == "Identity" || op == "Flatten" || op == "Reshape" || op == "Transpose") {
    if (op == "Flatten") flatten(n);
    if (op == "Reshape") reshape(n);
    if (op == "Transpose") transpose(n);
    last_is_affine_ = affine_before;  // no layer: the previous one still produces the value
  } else {
    fail_node(n,
              "unsupported operator " + op +
                  " (supported: Gemm, MatMul, Add, Sub, Mul, Div, Relu, Tanh, Sigmoid, LayerNormalization, Identity, "
                  "Flatten, Reshape, Transpose, Constant, and the self-attention and layer-normalisation patterns)");
  }
  current_ = n.output(0);
}

CheckedNetwork Importer::run() {
  if (!model_.has_graph()) fail("the model has no graph");
  const onnx::GraphProto& g = model_.graph();
  for (const auto& t : g.initializer()) raw_[t.name()] = &t;
  std::vector<const onnx::ValueInfoProto*> inputs;  // graph inputs that are not initializers
  for (const auto& in : g.input())
    if (!raw_.count(in.name())) inputs.push_back(&in);
  if (inputs.size() != 1)
    fail("the graph has " + std::to_string(inputs.size()) + " non-constant inputs; exactly one is supported");
  if (g.output_size() != 1)
    fail("the graph has " + std::to_string(g.output_size()) + " outputs; exactly one is supported");
  bool needs_tokens = false;
  for (const auto& n : g.node()) {
    if (!n.domain().empty() && n.domain() != "ai.onnx")
      fail_node(n, "operator domain " + quoted(n.domain()) + " is not supported (only the default ONNX domain)");
    if (n.op_type() == "Constant") {
      const auto* value = attribute(n, "value");
      if (!value || value->type() != onnx::AttributeProto::TENSOR || n.output_size() != 1)
        fail_node(n, "only Constant nodes with a tensor 'value' are supported");
      raw_[n.output(0)] = &value->t();
      continue;
    }
    if (n.op_type() == "Identity" && n.input_size() == 1 && n.output_size() == 1 && is_constant(n.input(0))) {
      raw_[n.output(0)] = raw_.at(n.input(0));  // a constant under another name (torch shares equal weights so)
      continue;
    }
    // Attention (a Softmax, or a product of two computed values) needs tokens even if there is one.
    needs_tokens =
        needs_tokens || n.op_type() == "Softmax" ||
        (n.op_type() == "MatMul" && n.input_size() == 2 && !is_constant(n.input(0)) && !is_constant(n.input(1)));
    std::vector<std::string> seen;  // a node using a value twice counts once
    for (const auto& in : n.input())
      if (!in.empty() && std::find(seen.begin(), seen.end(), in) == seen.end()) seen.push_back(in), ++users_[in];
  }
  std::set<std::string> computed{inputs[0]->name()};  // the values the graph computes
  for (const auto& n : g.node())
    for (const auto& out : n.output()) computed.insert(out);
  current_ = inputs[0]->name();
  input_shape(*inputs[0], needs_tokens);
  const std::size_t input_size = numel();
  const std::size_t input_features = sequence_ ? features() : input_size;
  for (const auto& n : g.node()) {
    if (n.op_type() == "Constant" || (n.output_size() == 1 && is_constant(n.output(0)))) continue;
    if (n.output_size() < 1 || n.output(0).empty()) fail_node(n, "has no output");
    bool uses_current = false, uses_pending = false;
    for (const auto& in : n.input()) {
      if (in.empty() || is_constant(in)) continue;
      if (in == current_) uses_current = true;
      else if (pending_.count(in)) uses_pending = true;
      else if (!computed.count(in))
        fail_node(n, "operand " + quoted(in) + " must be a constant (an initializer or a Constant node)");
      else
        fail_node(n, "uses " + quoted(in) + ", which is not the network's current value " + quoted(current_) +
                         " (nor part of a pattern in progress); supported graphs are a chain of operators with "
                         "self-attention blocks (with their residual Add) and layer normalisations");
    }
    if (!uses_current && !uses_pending)
      fail_node(n, "does not use the network's current value " + quoted(current_) + "; only constants");
    if (uses_pending) pattern_step(n);
    else if (users_[current_] > 1) start_pattern(n);
    else chain_step(n);
  }
  for (const auto& n : g.node())
    if (n.output_size() > 0 && pending_.count(n.output(0)) && users_[n.output(0)] == 0)
      fail_node(n,
                "its output " + quoted(n.output(0)) + " is not used: the pattern it begins or continues is incomplete");
  if (g.output(0).name() != current_)
    fail("the graph output " + quoted(g.output(0).name()) + " is not the end of the chain (" + quoted(current_) + ")");
  if (!sequence_ && std::count_if(shape_.begin(), shape_.end(), [](std::int64_t d) { return d != 1; }) > 1)
    fail("the output has shape " + shape_text(shape_) + ", not a vector");
  Network net;
  net.input.dim = input_features;
  if (sequence_) net.input.tokens = tokens_;
  net.layers = std::move(layers_);
  return CheckedNetwork::check(std::move(net), source_);
}

}  // namespace onnx_detail

bool looks_like_json(std::string_view bytes) {
  const auto first = bytes.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos || bytes[first] == '{' || bytes[first] == '[';
}

CheckedNetwork import_onnx(std::string_view bytes, std::string_view source) {
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw InputError(std::string(source) + ": the file is larger than protobuf's 2 GiB limit");
  onnx::ModelProto model;
  if (!model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    throw InputError(std::string(source) +
                     ": neither an approxcert-net/1 JSON file nor a valid ONNX model (protobuf parse failed)");
  return onnx_detail::Importer(model, source).run();
}

}  // namespace approxcert
