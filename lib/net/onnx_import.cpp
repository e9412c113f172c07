#include "net/onnx_import.hpp"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "net/ieee_binary.hpp"
#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

using Shape = std::vector<std::int64_t>;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

std::string shape_text(const Shape& s) {
  std::string t = "[";
  for (std::size_t i = 0; i < s.size(); ++i) t += (i ? "," : "") + std::to_string(s[i]);
  return t + "]";
}

// A constant tensor's shape and exact values (row-major).
struct Constant {
  Shape dims;
  std::vector<Rational> values;
};

class Importer {
 public:
  Importer(const onnx::ModelProto& model, std::string_view source) : model_(model), source_(source) {}
  Network run();

 private:
  [[noreturn]] void fail(const std::string& what) const { throw InputError(source_ + ": " + what); }
  [[noreturn]] void fail_node(const onnx::NodeProto& n, const std::string& what) const {
    fail("node " + quoted(n.name()) + " (" + n.op_type() + "): " + what);
  }

  std::size_t count(const Shape& dims, const std::string& where) const;
  Constant decode(const onnx::TensorProto& t, const std::string& where);
  const Constant& constant(const onnx::NodeProto& n, const std::string& name);
  bool is_constant(const std::string& name) const { return raw_.count(name) || decoded_.count(name); }
  const onnx::AttributeProto* attribute(const onnx::NodeProto& n, const std::string& name) const;
  Rational float_attribute(const onnx::NodeProto& n, const std::string& name, int fallback) const;
  std::int64_t int_attribute(const onnx::NodeProto& n, const std::string& name, std::int64_t fallback) const;
  std::vector<Rational> broadcast(const onnx::NodeProto& n, const Constant& c, bool update_shape);

  void input_shape(const onnx::ValueInfoProto& input);
  void gemm(const onnx::NodeProto& n);
  void matmul(const onnx::NodeProto& n);
  void add(const onnx::NodeProto& n, const Rational& data_sign, const Rational& constant_sign);
  void reshape(const onnx::NodeProto& n);
  void flatten(const onnx::NodeProto& n);
  void transpose(const onnx::NodeProto& n);
  void node(const onnx::NodeProto& n);
  std::size_t numel() const { return count(shape_, "the chain value"); }

  const onnx::ModelProto& model_;
  std::string source_;
  std::map<std::string, const onnx::TensorProto*> raw_;  // initializers and Constant outputs
  std::map<std::string, Constant> decoded_;
  std::size_t weights_ = 0;
  std::string current_;  // the chain's value: the latest node output
  Shape shape_;          // its shape (a vector: at most one dimension > 1)
  LayerList layers_;
  bool last_is_affine_ = false;  // layers_.back() is an affine layer producing current_
};

constexpr std::size_t kMaxWeights = NetworkLimits{}.max_weights;

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

// Little-endian unsigned integer of `width` bytes at p.
std::uint64_t little_endian(const char* p, std::size_t width) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < width; ++i) v |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
  return v;
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
      fail(where + ": element type " + onnx::TensorProto::DataType_Name(static_cast<onnx::TensorProto::DataType>(t.data_type())) +
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
      const std::int64_t v = width == 4 ? std::int64_t{static_cast<std::int32_t>(bits[i])} : static_cast<std::int64_t>(bits[i]);
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
  if (raw == raw_.end()) fail_node(n, "operand " + quoted(name) + " must be a constant (an initializer or a Constant node)");
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

// The constant broadcast (numpy rules) onto the chain value, which must keep its entries (it may
// gain leading dimensions of size 1: then, if update_shape, the chain's shape becomes the result's).
std::vector<Rational> Importer::broadcast(const onnx::NodeProto& n, const Constant& c, bool update_shape) {
  const std::size_t rank = std::max(shape_.size(), c.dims.size());
  Shape out(rank), a(rank, 1), b(rank, 1);
  std::copy(shape_.begin(), shape_.end(), a.begin() + (rank - shape_.size()));
  std::copy(c.dims.begin(), c.dims.end(), b.begin() + (rank - c.dims.size()));
  for (std::size_t i = 0; i < rank; ++i) {
    if (a[i] != b[i] && a[i] != 1 && b[i] != 1)
      fail_node(n, "cannot broadcast the constant of shape " + shape_text(c.dims) + " onto the data of shape " + shape_text(shape_));
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

void Importer::input_shape(const onnx::ValueInfoProto& input) {
  if (!input.type().has_tensor_type()) fail("graph input " + quoted(input.name()) + ": not a tensor");
  const auto& tt = input.type().tensor_type();
  const int elem = tt.elem_type();
  if (elem != onnx::TensorProto::FLOAT && elem != onnx::TensorProto::DOUBLE && elem != onnx::TensorProto::FLOAT16)
    fail("graph input " + quoted(input.name()) + ": element type must be float32, float64 or float16");
  if (!tt.has_shape()) fail("graph input " + quoted(input.name()) + ": has no shape");
  // A symbolic dimension (dim_param, e.g. "batch") is taken as batch size 1.
  for (const auto& d : tt.shape().dim()) shape_.push_back(d.has_dim_value() ? d.dim_value() : 1);
  if (std::count_if(shape_.begin(), shape_.end(), [](std::int64_t d) { return d != 1; }) > 1)
    fail("graph input " + quoted(input.name()) + ": shape " + shape_text(shape_) +
         " is not a vector (at most one dimension may differ from 1)");
}

// Gemm: Y = alpha A' B' + beta C with A' = A or A^T (the data, one row), B' = B or B^T (constant).
void Importer::gemm(const onnx::NodeProto& n) {
  if (n.input_size() < 2 || n.input(0) != current_)
    fail_node(n, "the data must be operand A (the first input)");
  const Rational alpha = float_attribute(n, "alpha", 1), beta = float_attribute(n, "beta", 1);
  const bool trans_a = int_attribute(n, "transA", 0) != 0, trans_b = int_attribute(n, "transB", 0) != 0;
  if (shape_.size() != 2) fail_node(n, "operand A must have 2 dimensions, the data has shape " + shape_text(shape_));
  const std::int64_t a_rows = trans_a ? shape_[1] : shape_[0], k = trans_a ? shape_[0] : shape_[1];
  if (a_rows != 1) fail_node(n, "operand A' has " + std::to_string(a_rows) + " rows; only batch size 1 is supported");
  const Constant& b = constant(n, n.input(1));
  if (b.dims.size() != 2) fail_node(n, "operand B must have 2 dimensions, has shape " + shape_text(b.dims));
  const std::int64_t b_rows = trans_b ? b.dims[1] : b.dims[0], cols = trans_b ? b.dims[0] : b.dims[1];
  if (b_rows != k)
    fail_node(n, "operand B' has " + std::to_string(b_rows) + " rows but the data has " + std::to_string(k) + " entries");
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
  layers_.push_back(Layer{std::move(dense)});
  last_is_affine_ = true;
}

// MatMul: x W (data [..., 1, k] or [k], W [k, m]) or W x (W [m, k], data [k, 1] or [k]).
void Importer::matmul(const onnx::NodeProto& n) {
  if (n.input_size() != 2) fail_node(n, "expects 2 operands");
  const bool data_left = n.input(0) == current_;
  const Constant& w = constant(n, n.input(data_left ? 1 : 0));
  if (w.dims.size() != 2) fail_node(n, "the constant operand must have 2 dimensions, has shape " + shape_text(w.dims));
  const std::int64_t k = data_left ? w.dims[0] : w.dims[1], m = data_left ? w.dims[1] : w.dims[0];
  // The data's contracted dimension: the last one (x W), or the second to last / only one (W x).
  const bool one_d = shape_.size() == 1;
  const std::size_t axis = data_left || one_d ? shape_.size() - 1 : shape_.size() - 2;
  if (shape_.empty() || (!data_left && !one_d && shape_.back() != 1) || shape_[axis] != k ||
      numel() != static_cast<std::size_t>(k))
    fail_node(n, "cannot multiply the data of shape " + shape_text(shape_) + " by the constant of shape " + shape_text(w.dims));
  DenseLayer dense;
  dense.weight.assign(m, NumberVector(k));
  for (std::int64_t r = 0; r < m; ++r)
    for (std::int64_t c = 0; c < k; ++c) dense.weight[r][c] = w.values[data_left ? c * m + r : r * k + c];
  dense.bias.assign(m, Rational(0));
  shape_[axis] = m;
  layers_.push_back(Layer{std::move(dense)});
  last_is_affine_ = true;
}

// Add/Sub: data_sign * x + constant_sign * c. A constant added to an affine layer's output joins its
// bias (exact); otherwise a sparse_dense layer with diagonal data_sign does it.
void Importer::add(const onnx::NodeProto& n, const Rational& data_sign, const Rational& constant_sign) {
  if (n.input_size() != 2) fail_node(n, "expects 2 operands");
  if (n.input(0) == n.input(1)) fail_node(n, "both operands are the data; only a constant may be added");
  const std::vector<Rational> c = broadcast(n, constant(n, n.input(n.input(0) == current_ ? 1 : 0)), true);
  if (last_is_affine_ && data_sign == 1) {
    auto add_to = [&](NumberVector& bias) {  // the importer writes exact numbers only
      for (std::size_t i = 0; i < bias.size(); ++i) bias[i] = bias[i].rational() + constant_sign * c[i];
    };
    if (auto* d = std::get_if<DenseLayer>(&layers_.back().kind)) add_to(d->bias);
    else add_to(std::get<SparseDenseLayer>(layers_.back().kind).bias);
    return;
  }
  SparseDenseLayer s;
  s.rows = s.cols = c.size();
  for (std::size_t i = 0; i < c.size(); ++i) {
    s.entries.push_back({i, i, data_sign});
    s.bias.push_back(constant_sign * c[i]);
  }
  layers_.push_back(Layer{std::move(s)});
  last_is_affine_ = true;
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
  shape_ = out;
}

void Importer::flatten(const onnx::NodeProto& n) {
  const std::int64_t rank = static_cast<std::int64_t>(shape_.size());
  std::int64_t axis = int_attribute(n, "axis", 1);
  if (axis < 0) axis += rank;
  if (axis < 0 || axis > rank) fail_node(n, "axis out of range for the data of shape " + shape_text(shape_));
  std::int64_t outer = 1, inner = 1;
  for (std::int64_t i = 0; i < rank; ++i) (i < axis ? outer : inner) *= shape_[i];
  shape_ = {outer, inner};
}

// A permutation of a vector's dimensions keeps the order of its entries (only one exceeds 1).
void Importer::transpose(const onnx::NodeProto& n) {
  Shape out;
  if (const auto* perm = attribute(n, "perm")) {
    if (static_cast<std::size_t>(perm->ints_size()) != shape_.size()) fail_node(n, "perm does not match the data's rank");
    for (const std::int64_t p : perm->ints()) {
      if (p < 0 || p >= static_cast<std::int64_t>(shape_.size())) fail_node(n, "perm entry out of range");
      out.push_back(shape_[p]);
    }
  } else {
    out.assign(shape_.rbegin(), shape_.rend());
  }
  shape_ = out;
}

void Importer::node(const onnx::NodeProto& n) {
  const std::string& op = n.op_type();
  if (!n.domain().empty() && n.domain() != "ai.onnx")
    fail_node(n, "operator domain " + quoted(n.domain()) + " is not supported (only the default ONNX domain)");
  if (op == "Constant") {
    const auto* value = attribute(n, "value");
    if (!value || value->type() != onnx::AttributeProto::TENSOR || n.output_size() != 1)
      fail_node(n, "only Constant nodes with a tensor 'value' are supported");
    raw_[n.output(0)] = &value->t();
    return;
  }
  if (std::none_of(n.input().begin(), n.input().end(), [&](const std::string& in) { return in == current_; }))
    fail_node(n, "does not take the chain's value " + quoted(current_) +
                     " as an operand; only a single chain from the input to the output is supported");
  if (n.output_size() < 1) fail_node(n, "has no output");
  const bool unary = op == "Relu" || op == "Tanh" || op == "Sigmoid" || op == "Identity" || op == "Flatten" || op == "Transpose";
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
  }
  else if (op == "Relu") layers_.push_back(Layer{ReluLayer{}});
  else if (op == "Tanh") layers_.push_back(Layer{TanhLayer{}});
  else if (op == "Sigmoid") layers_.push_back(Layer{SigmoidLayer{}});
  else if (op == "Identity" || op == "Flatten" || op == "Reshape" || op == "Transpose") {
    if (op == "Flatten") flatten(n);
    if (op == "Reshape") reshape(n);
    if (op == "Transpose") transpose(n);
    last_is_affine_ = affine_before;  // no layer: the previous one still produces the value
  } else {
    fail_node(n, "unsupported operator " + op +
                     " (supported: Gemm, MatMul, Add, Sub, Relu, Tanh, Sigmoid, Identity, Flatten, Reshape, Transpose, Constant)");
  }
  current_ = n.output(0);
}

Network Importer::run() {
  if (!model_.has_graph()) fail("the model has no graph");
  const onnx::GraphProto& g = model_.graph();
  for (const auto& t : g.initializer()) raw_[t.name()] = &t;
  std::vector<const onnx::ValueInfoProto*> inputs;  // graph inputs that are not initializers
  for (const auto& in : g.input())
    if (!raw_.count(in.name())) inputs.push_back(&in);
  if (inputs.size() != 1)
    fail("the graph has " + std::to_string(inputs.size()) + " non-constant inputs; exactly one is supported");
  if (g.output_size() != 1) fail("the graph has " + std::to_string(g.output_size()) + " outputs; exactly one is supported");
  for (const auto& n : g.node())
    if (n.op_type() == "Constant") node(n);
  // A value used by two nodes is a branch, which a chain does not have.
  std::map<std::string, std::string> user;
  for (const auto& n : g.node())
    for (const auto& in : n.input()) {
      if (in.empty()) continue;
      auto [it, fresh] = user.emplace(in, n.name());
      if (!fresh && it->second != n.name() && !is_constant(in))
        fail("value " + quoted(in) + " is used by nodes " + quoted(it->second) + " and " + quoted(n.name()) +
             "; only a single chain is supported");
    }
  current_ = inputs[0]->name();
  input_shape(*inputs[0]);
  const std::size_t input_size = numel();
  for (const auto& n : g.node()) node(n);
  if (g.output(0).name() != current_)
    fail("the graph output " + quoted(g.output(0).name()) + " is not the end of the chain (" + quoted(current_) + ")");
  if (std::count_if(shape_.begin(), shape_.end(), [](std::int64_t d) { return d != 1; }) > 1)
    fail("the output has shape " + shape_text(shape_) + ", not a vector");
  Network net;
  net.input.dim = input_size;
  net.layers = std::move(layers_);
  check_network(net, source_);
  return net;
}

}  // namespace

bool looks_like_json(std::string_view bytes) {
  const auto first = bytes.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos || bytes[first] == '{' || bytes[first] == '[';
}

Network import_onnx(std::string_view bytes, std::string_view source) {
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw InputError(std::string(source) + ": the file is larger than protobuf's 2 GiB limit");
  onnx::ModelProto model;
  if (!model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    throw InputError(std::string(source) + ": neither an approxcert-net/1 JSON file nor a valid ONNX model (protobuf parse failed)");
  return Importer(model, source).run();
}

}  // namespace approxcert
