// The graph patterns of the ONNX importer (net/onnx_importer.hpp): single-head self-attention with
// its residual Add, as torch.onnx.export writes a transformer block,
//   Q = X W_Q^T + b_Q, K = X W_K^T + b_K, V = X W_V^T + b_V   (MatMul [+ Add] or Gemm, on X)
//   S = (Q K^T) * scale                                        (Transpose, MatMul, Mul/Div by a scalar)
//   Y = X + softmax(S) V W_O^T + b_O                           (Softmax over the keys, MatMul, MatMul/Gemm, Add)
// and the decomposed layer normalisation mean / Sub / Pow 2 / mean / Add eps / Sqrt / Div.
// Both become the core's layers exactly: b_K only shifts each query's scores by a constant, which
// the softmax ignores; softmax rows sum to 1, so b_V contributes the constant W_O b_V + b_O to every
// token, added by a tokenwise affine layer. Without a Softmax (linear attention) b_K and b_V must be 0.
#include <algorithm>
#include <string>

#include "net/onnx_importer.hpp"

namespace approxcert::onnx_detail {

namespace {

bool any_nonzero(const RationalVector& v) {
  return std::any_of(v.begin(), v.end(), [](const Rational& x) { return x.sign() != 0; });
}

std::string kind_name(const Pending& p) {
  if (const auto* pr = std::get_if<Projection>(&p.value))
    return pr->transposed ? "a transposed projection" : "a projection";
  if (const auto* s = std::get_if<Scores>(&p.value)) return s->softmax ? "attention weights" : "attention scores";
  if (std::holds_alternative<Mixed>(p.value)) return "an attention output";
  static const char* const stages[] = {"a mean", "a centred value", "a square", "a variance", "a standard deviation"};
  return stages[std::get<Moment>(p.value).stage];
}

std::uint64_t size(const LinearMap& m) { return m.b.size() * ((m.w.empty() ? 0 : m.w[0].size()) + 1); }
std::uint64_t pending_size(const Projection& p) { return size(p.map); }
std::uint64_t pending_size(const Scores& s) { return size(s.q) + size(s.k); }
std::uint64_t pending_size(const Mixed& m) { return pending_size(m.scores) + size(m.v) + (m.o ? size(*m.o) : 0); }
std::uint64_t pending_size(const Moment&) { return 1; }

}  // namespace

// The axes a node reduces or normalises over must be the features (the last axis, plus any axes of
// size 1). Returns the rank of `shape`.
std::int64_t Importer::last_axis_only(const onnx::NodeProto& n, const std::string& what) {
  const auto rank = static_cast<std::int64_t>(shape_.size());
  if (rank == 0) fail_node(n, "the data is a scalar");
  if (!sequence_ && static_cast<std::size_t>(shape_.back()) != numel())
    fail_node(n, what + " a vector of shape " + shape_text(shape_) + " whose entries are not along its last axis");
  std::vector<std::int64_t> axes;
  if (n.op_type() == "ReduceMean") {
    if (int_attribute(n, "keepdims", 1) == 0) fail_node(n, "keepdims = 0 is not supported");
    if (const auto* a = attribute(n, "axes")) {
      axes.assign(a->ints().begin(), a->ints().end());
    } else if (n.input_size() >= 2 && !n.input(1).empty()) {  // opset 18: axes as an operand
      for (const Rational& v : constant(n, n.input(1)).values) axes.push_back(v.num().get_si());
    }
    if (axes.empty())
      for (std::int64_t i = 0; i < rank; ++i) axes.push_back(i);  // all axes
  } else {  // LayerNormalization, Softmax: the axes from `axis` to the last
    std::int64_t axis = int_attribute(n, "axis", -1);
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank) fail_node(n, "axis out of range for the data of shape " + shape_text(shape_));
    for (std::int64_t i = axis; i < rank; ++i) axes.push_back(i);
  }
  bool last = false;
  for (std::int64_t a : axes) {
    if (a < 0) a += rank;
    if (a < 0 || a >= rank) fail_node(n, "axis out of range for the data of shape " + shape_text(shape_));
    if (a == rank - 1) last = true;
    else if (shape_[a] != 1)
      fail_node(n, what + " over axis " + std::to_string(a) + " of the data of shape " + shape_text(shape_) +
                       "; only the last axis (each token's features) is supported");
  }
  if (!last) fail_node(n, what + " not over the last axis (each token's features), which is the only one supported");
  return rank;
}

void Importer::start_pattern(const onnx::NodeProto& n) {
  const std::string& op = n.op_type();
  if (!flattened_by_.empty()) fail_node(n, "follows node " + quoted(flattened_by_) + ", which flattened the sequence");
  Pending p{current_, {}};
  if (sequence_ && (op == "MatMul" || op == "Gemm") && n.input(0) == current_) {
    p.value = Projection{linear_map(n, features(), current_), false};
  } else if (op == "ReduceMean" && n.input(0) == current_) {
    last_axis_only(n, "averages");
    p.value = Moment{};
  } else {
    fail_node(n,
              "uses " + quoted(current_) + ", which " + std::to_string(users_[current_] - 1) +
                  " other node(s) use too: such a branch must begin a self-attention block (the query, key and value "
                  "projections by MatMul or Gemm, on a sequence) or a layer normalisation (ReduceMean)");
  }
  pending_.emplace(n.output(0), std::move(p));
}

void Importer::pattern_step(const onnx::NodeProto& n) {
  const std::string& op = n.op_type();
  // Operands: the pending values (at most two), the current value, constants.
  std::vector<std::string> pend, consts;
  bool uses_current = false;
  for (const auto& in : n.input()) {
    if (in.empty()) continue;
    if (pending_.count(in)) pend.push_back(in);
    else if (in == current_) uses_current = true;
    else consts.push_back(in);
  }
  const Pending& a = pending_.at(pend[0]);
  if (a.source != current_ || (pend.size() > 1 && pending_.at(pend[1]).source != current_))
    fail_node(n, "combines values computed from different network values");
  const std::string operands = kind_name(a) + (pend.size() > 1 ? " and " + kind_name(pending_.at(pend[1])) : "") +
                               (uses_current ? " and the network's current value" : "") +
                               (consts.empty() ? "" : " and a constant");
  auto unsupported = [&]() {
    fail_node(n,
              "is not part of a supported pattern (self-attention or layer normalisation): " + op + " of " + operands);
  };
  Pending out{current_, a.value};
  std::visit([&](const auto& v) { spend(n, pending_size(v)); }, a.value);  // the copy, and at most as much work on it
  auto scalar = [&](const std::string& name) {
    const Constant& c = constant(n, name);
    if (c.values.size() != 1) fail_node(n, "the constant " + quoted(name) + " must be a scalar");
    return c.values[0];
  };
  const bool one_pending_and_constant = pend.size() == 1 && !uses_current && consts.size() == 1;
  const bool constant_second = one_pending_and_constant && n.input_size() == 2 && n.input(1) == consts[0];

  if (auto* pr = std::get_if<Projection>(&out.value)) {
    LinearMap& m = pr->map;
    if ((op == "Add" || (op == "Sub" && constant_second) || op == "Mul" || (op == "Div" && constant_second)) &&
        one_pending_and_constant && !pr->transposed) {
      RationalVector c = feature_constant(n, consts[0], m.w.size());
      if (op == "Add" || op == "Sub") {
        for (std::size_t r = 0; r < c.size(); ++r) m.b[r] += op == "Add" ? c[r] : -c[r];
      } else {
        for (std::size_t r = 0; r < c.size(); ++r) {
          if (op == "Div" && c[r].sign() == 0) fail_node(n, "divides by a constant with a zero entry");
          const Rational f = op == "Mul" ? c[r] : Rational(1) / c[r];
          for (Rational& w : m.w[r]) w *= f;
          m.b[r] *= f;
        }
      }
    } else if (op == "Transpose" && pend.size() == 1 && !uses_current && !pr->transposed) {
      const auto* perm = attribute(n, "perm");
      const auto rank = static_cast<std::int64_t>(shape_.size());
      bool swaps_last_two = rank >= 2;
      for (std::int64_t i = 0; i < rank && swaps_last_two; ++i) {
        const std::int64_t want = i == rank - 1 ? rank - 2 : i == rank - 2 ? rank - 1 : i;
        swaps_last_two = (perm ? perm->ints(static_cast<int>(i)) : rank - 1 - i) == want;
      }
      if (!swaps_last_two || (perm && perm->ints_size() != rank))
        fail_node(n, "transposes a projection other than by swapping its last two axes (tokens and features)");
      pr->transposed = true;
    } else if (op == "MatMul" && pend.size() == 2 && !uses_current && n.input(0) == pend[0] && !pr->transposed) {
      const Pending& b = pending_.at(pend[1]);
      const auto* k = std::get_if<Projection>(&b.value);
      if (k && k->transposed) {
        if (k->map.w.size() != m.w.size())
          fail_node(n, "the queries have " + std::to_string(m.w.size()) + " features but the keys " +
                           std::to_string(k->map.w.size()));
        out.value = Scores{m, k->map, Rational(1), false};
      } else {
        unsupported();
      }
    } else if (op == "Identity") {
    } else {
      unsupported();
    }
  } else if (auto* s = std::get_if<Scores>(&out.value)) {
    if ((op == "Mul" || (op == "Div" && constant_second)) && one_pending_and_constant && !s->softmax) {
      const Rational c = scalar(consts[0]);
      if (op == "Div" && c.sign() == 0) fail_node(n, "divides the attention scores by 0");
      s->scale *= op == "Mul" ? c : Rational(1) / c;
    } else if (op == "Softmax" && pend.size() == 1 && !s->softmax) {
      Shape scores_shape = shape_;
      scores_shape.back() = static_cast<std::int64_t>(tokens_);
      std::swap(shape_, scores_shape);
      last_axis_only(n, "takes the softmax");  // over the keys
      std::swap(shape_, scores_shape);
      s->softmax = true;
    } else if (op == "MatMul" && pend.size() == 2 && !uses_current && n.input(0) == pend[0]) {
      const auto* v = std::get_if<Projection>(&pending_.at(pend[1]).value);
      if (!v || v->transposed) unsupported();
      out.value = Mixed{*s, v->map, std::nullopt};
    } else if (op == "Identity") {
    } else {
      unsupported();
    }
  } else if (auto* mx = std::get_if<Mixed>(&out.value)) {
    if ((op == "MatMul" || op == "Gemm") && pend.size() == 1 && !uses_current && !mx->o) {
      mx->o = linear_map(n, mx->v.w.size(), pend[0]);
    } else if (op == "Add" && one_pending_and_constant) {
      LinearMap& last = mx->o ? *mx->o : mx->v;
      const RationalVector c = feature_constant(n, consts[0], last.w.size());
      for (std::size_t r = 0; r < c.size(); ++r) last.b[r] += c[r];
    } else if (op == "Add" && pend.size() == 1 && uses_current && consts.empty()) {
      emit_attention(n, *mx);
      return;
    } else if (op == "Identity") {
    } else {
      unsupported();
    }
  } else {
    auto& m = std::get<Moment>(out.value);
    using S = Moment::Stage;
    if (m.stage == S::Mean && op == "Sub" && pend.size() == 1 && uses_current && n.input(0) == current_) {
      m.stage = S::Centred;
      m.centred = n.output(0);
    } else if (m.stage == S::Centred && op == "Pow" && one_pending_and_constant && constant_second) {
      if (scalar(consts[0]) != Rational(2)) fail_node(n, "the exponent must be 2");
      m.stage = S::Square;
    } else if (m.stage == S::Centred && op == "Mul" && pend.size() == 2 && pend[0] == pend[1]) {
      m.stage = S::Square;
    } else if (m.stage == S::Square && op == "ReduceMean" && pend.size() == 1) {
      last_axis_only(n, "averages");
      m.stage = S::Variance;
    } else if (m.stage == S::Variance && op == "Add" && one_pending_and_constant) {
      m.eps += scalar(consts[0]);
    } else if (m.stage == S::Variance && op == "Sqrt" && pend.size() == 1) {
      m.stage = S::Root;
    } else if (op == "Div" && pend.size() == 2 && n.input(0) == m.centred && n.input(1) == pend[1] &&
               std::holds_alternative<Moment>(pending_.at(pend[1]).value) &&
               std::get<Moment>(pending_.at(pend[1]).value).stage == S::Root &&
               std::get<Moment>(pending_.at(pend[1]).value).centred == m.centred) {
      emit_layer_norm(n, std::get<Moment>(pending_.at(pend[1]).value).eps);
      return;
    } else {
      unsupported();
    }
  }
  pending_.insert_or_assign(n.output(0), std::move(out));
}

void Importer::emit_attention(const onnx::NodeProto& n, const Mixed& m) {
  const std::size_t D = features(), dv = m.v.w.size();
  LinearMap o;
  if (m.o) {
    o = *m.o;
  } else {  // no output projection: W_O = I
    if (dv != D)
      fail_node(n, "the attention output has " + std::to_string(dv) + " features, the residual " + std::to_string(D));
    o.w.assign(D, RationalVector(D, Rational(0)));
    for (std::size_t r = 0; r < D; ++r) o.w[r][r] = Rational(1);
    o.b.assign(D, Rational(0));
  }
  if (o.w.size() != D)
    fail_node(
        n, "the attention output has " + std::to_string(o.w.size()) + " features, the residual " + std::to_string(D));
  const bool softmax = m.scores.softmax;
  if (!softmax && (any_nonzero(m.scores.k.b) || any_nonzero(m.v.b)))
    fail_node(n, "attention without a Softmax (linear attention) needs zero key and value biases");
  AttentionHead head{numbers(m.scores.q.w), numbers(m.scores.k.w), numbers(m.v.w), numbers(o.w), std::nullopt};
  if (any_nonzero(m.scores.q.b)) head.bq = numbers(m.scores.q.b);
  layers_.push_back(
      Layer{AttentionLayer{{std::move(head)}, softmax ? Normalizer::Softmax : Normalizer::None, m.scores.scale}});
  last_is_affine_ = false;
  // The constant each token receives: W_O b_V (the softmax weights sum to 1) + b_O.
  RationalVector c = o.b;
  if (softmax)
    for (std::size_t r = 0; r < D; ++r)
      for (std::size_t k = 0; k < dv; ++k) c[r] += o.w[r][k] * m.v.b[k];
  if (any_nonzero(c)) {
    SparseDenseLayer shift;
    shift.rows = shift.cols = D;
    for (std::size_t r = 0; r < D; ++r) shift.entries.push_back({r, r, Rational(1)});
    shift.bias = numbers(c);
    push(Layer{std::move(shift)}, true);
  }
  current_ = n.output(0);
}

void Importer::emit_layer_norm(const onnx::NodeProto& n, const Rational& eps) {
  if (eps.sign() <= 0) fail_node(n, "the layer normalisation adds no epsilon > 0 to the variance");
  LayerNormLayer ln;
  ln.eps = eps;
  push(Layer{std::move(ln)}, false);
  current_ = n.output(0);
}

}  // namespace approxcert::onnx_detail
