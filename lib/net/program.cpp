#include "net/program.hpp"

#include <algorithm>
#include <stdexcept>

#include "net/op_class.hpp"

namespace approxcert {

std::string_view op_name(Op op) {
  switch (op) {
    case Op::Input: return "input";
    case Op::Const: return "const";
    case Op::Pi: return "pi";
    case Op::Affine: return "affine";
    case Op::Dot: return "dot";
    case Op::Add: return "add";
    case Op::Sub: return "sub";
    case Op::Mul: return "mul";
    case Op::Div: return "div";
    case Op::Neg: return "neg";
    case Op::PowInt: return "pow_int";
    case Op::Exp: return "exp";
    case Op::Log: return "log";
    case Op::Sqrt: return "sqrt";
    case Op::Sin: return "sin";
    case Op::Cos: return "cos";
    case Op::Tan: return "tan";
    case Op::Atan: return "atan";
    case Op::Expm1: return "expm1";
    case Op::Log1p: return "log1p";
    case Op::Log2: return "log2";
    case Op::Log10: return "log10";
    case Op::Asin: return "asin";
    case Op::Acos: return "acos";
    case Op::Sinh: return "sinh";
    case Op::Cosh: return "cosh";
    case Op::Asinh: return "asinh";
    case Op::Acosh: return "acosh";
    case Op::Atanh: return "atanh";
    case Op::Erf: return "erf";
    case Op::Erfc: return "erfc";
    case Op::Pow: return "pow";
    case Op::Tanh: return "tanh";
    case Op::Sigmoid: return "sigmoid";
    case Op::Relu: return "relu";
    case Op::Step: return "step";
    case Op::Abs: return "abs";
    case Op::Min: return "min";
    case Op::Max: return "max";
    case Op::PiecewiseLinear: return "piecewise_linear";
    case Op::Mix: return "mix";
  }
  return "?";
}

NodeId Program::push(Op op, std::span<const NodeId> args, std::int64_t index, std::uint32_t first) {
  for (NodeId a : args)
    if (a >= nodes_.size()) throw std::logic_error("Program: operand refers to a later node");
  const auto first_arg = static_cast<std::uint32_t>(args_.size());
  args_.insert(args_.end(), args.begin(), args.end());
  nodes_.push_back(Node{op, static_cast<std::uint32_t>(args.size()), first_arg, index, first});
  return static_cast<NodeId>(nodes_.size() - 1);
}

NodeId Program::input(std::size_t k) {
  if (k >= num_inputs_) throw std::logic_error("Program: input index out of range");
  return push(Op::Input, {}, static_cast<std::int64_t>(k));
}

NodeId Program::constant(const Rational& c) {
  const auto first = static_cast<std::uint32_t>(pool_.size());
  pool_.push_back(c);
  return push(Op::Const, {}, 0, first);
}

NodeId Program::pi() { return push(Op::Pi, {}); }

NodeId Program::affine(std::span<const NodeId> xs, std::span<const Rational> weights, const Rational& bias) {
  if (xs.size() != weights.size()) throw std::logic_error("Program::affine: size mismatch");
  const auto first = static_cast<std::uint32_t>(pool_.size());
  pool_.insert(pool_.end(), weights.begin(), weights.end());
  pool_.push_back(bias);
  return push(Op::Affine, xs, 0, first);
}

NodeId Program::dot(std::span<const NodeId> a, std::span<const NodeId> b) {
  if (a.size() != b.size()) throw std::logic_error("Program::dot: size mismatch");
  std::vector<NodeId> args(a.begin(), a.end());
  args.insert(args.end(), b.begin(), b.end());
  return push(Op::Dot, args);
}

NodeId Program::unary(Op op, NodeId a) {
  const bool piecewise_linear = op == Op::Relu || op == Op::Step || op == Op::Abs;
  if (op != Op::Neg && !piecewise_linear && !is_smooth_unary(op))
    throw std::logic_error("Program::unary: not a unary op");
  return push(op, std::span<const NodeId>(&a, 1));
}

NodeId Program::binary(Op op, NodeId a, NodeId b) {
  switch (op) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
    case Op::Min:
    case Op::Max:
    case Op::Pow: {
      const NodeId ab[2] = {a, b};
      return push(op, ab);
    }
    default: throw std::logic_error("Program::binary: not a binary op");
  }
}

NodeId Program::pow_int(NodeId a, std::int64_t n) { return push(Op::PowInt, std::span<const NodeId>(&a, 1), n); }

NodeId Program::piecewise_linear(NodeId x, std::span<const Rational> bp, std::span<const Rational> vals) {
  if (bp.empty() || bp.size() != vals.size())
    throw std::logic_error("Program::piecewise_linear: need K >= 1 breakpoints and K values");
  for (std::size_t k = 0; k + 1 < bp.size(); ++k)
    if (!(bp[k] < bp[k + 1])) throw std::logic_error("Program::piecewise_linear: breakpoints must increase");
  const auto first = static_cast<std::uint32_t>(pool_.size());
  pool_.insert(pool_.end(), bp.begin(), bp.end());
  pool_.insert(pool_.end(), vals.begin(), vals.end());
  for (std::size_t k = 0; k + 1 < bp.size(); ++k) pool_.push_back((vals[k + 1] - vals[k]) / (bp[k + 1] - bp[k]));
  return push(Op::PiecewiseLinear, std::span<const NodeId>(&x, 1), static_cast<std::int64_t>(bp.size()), first);
}

NodeId Program::mix(Normalizer normalizer, std::span<const NodeId> scores, std::span<const NodeId> values) {
  if (scores.empty() || scores.size() != values.size())
    throw std::logic_error("Program::mix: need N >= 1 scores and N values");
  if (normalizer == Normalizer::None) throw std::logic_error("Program::mix: raw scores are lowered to dot nodes");
  std::vector<NodeId> args(scores.begin(), scores.end());
  args.insert(args.end(), values.begin(), values.end());
  return push(Op::Mix, args, static_cast<std::int64_t>(normalizer));
}

void Program::replace_by_affine(NodeId k, NodeId x, const Rational& w, const Rational& b) {
  if (k >= nodes_.size() || x >= k) throw std::logic_error("Program::replace_by_affine: operand must precede the node");
  const auto first = static_cast<std::uint32_t>(pool_.size());
  pool_.push_back(w);
  pool_.push_back(b);
  const auto first_arg = static_cast<std::uint32_t>(args_.size());
  args_.push_back(x);
  nodes_[k] = Node{Op::Affine, 1, first_arg, 0, first};
}

void Program::replace_by_constant(NodeId k, const Rational& c) {
  if (k >= nodes_.size()) throw std::logic_error("Program::replace_by_constant: no such node");
  const auto first = static_cast<std::uint32_t>(pool_.size());
  pool_.push_back(c);
  nodes_[k] = Node{Op::Const, 0, 0, 0, first};
}

void Program::replace_by_input(NodeId k, std::size_t coordinate) {
  if (k >= nodes_.size()) throw std::logic_error("Program::replace_by_input: no such node");
  num_inputs_ = std::max(num_inputs_, coordinate + 1);
  nodes_[k] = Node{Op::Input, 0, 0, static_cast<std::int64_t>(coordinate), 0};
}

void Program::add_output(NodeId id) {
  if (id >= nodes_.size()) throw std::logic_error("Program: output refers to a missing node");
  outputs_.push_back(id);
}

void Program::set_outputs(std::vector<NodeId> ids) {
  outputs_.clear();
  for (NodeId id : ids) add_output(id);
}

}  // namespace approxcert
