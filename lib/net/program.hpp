#pragma once
// The network IR: a straight-line program of indexed scalar nodes. Every node reads only nodes
// with smaller indices, so evaluating nodes in order computes the program. Networks
// (lib/net/lower.cpp) and target expressions (lib/net/expression.cpp) compile to the same node set, so one
// generic evaluator (evaluate.hpp) serves every network, every target and every Scalar type.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scalar/rational.hpp"

namespace approxcert {

using NodeId = std::uint32_t;

enum class Op : std::uint8_t {
  Input,   // value of input coordinate `index`
  Const,   // exact constant pool[first]
  Pi,      // the constant pi
  Affine,  // pool[first+n] + sum_k pool[first+k] * args[k], n = num_args
  Dot,     // sum_k args[k] * args[n+k], args = a_0..a_{n-1}, b_0..b_{n-1}
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  PowInt,  // args[0]^index (index may be negative)
  Exp,
  Log,
  Sqrt,
  Sin,
  Cos,
  Tan,
  Atan,
  Tanh,
  Sigmoid,
  Expm1,
  Log1p,  // exp(x) - 1 and log(1 + x), accurate (and exactly 0) at x = 0
  Log2,
  Log10,
  Asin,
  Acos,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  Erf,
  Erfc,
  Pow,   // args[0]^args[1] = exp(args[1] log args[0]), defined for args[0] > 0
  Relu,  // max(x, 0)
  Step,  // 1 if x >= 0 else 0
  Abs,
  Min,
  Max,
  PiecewiseLinear,  // continuous interpolant of (pool[first+k], pool[first+K+k]), k < K = index,
                    // constant outside [pool[first], pool[first+K-1]]
  Mix,              // sum_j w_j * args[N+j] with w = normalizer(args[0..N-1]), N = num_args/2;
                    // index = the Normalizer (softmax or one of the hardmax tie rules)
};

// Hardmax puts weight on the argmax set; at ties, Hardmax splits evenly, HardmaxFirst gives all
// weight to the smallest index, HardmaxLast to the largest. None (raw scores, w = s) is a network
// normalizer only: it is lowered to Dot nodes, never to a Mix node (Program::mix rejects it).
enum class Normalizer : std::int64_t { Softmax = 0, Hardmax = 1, HardmaxFirst = 2, HardmaxLast = 3, None = 4 };

// A node's operands are args[0..num_args-1] = Program::args(node), stored contiguously for all
// nodes in one array (Program::arg_data) so the evaluator walks flat memory.
struct Node {
  Op op;
  std::uint32_t num_args = 0;
  std::uint32_t first_arg = 0;  // start of this node's operands in Program::arg_data
  std::int64_t index = 0;       // Input: coordinate; PowInt: exponent; PiecewiseLinear: K; Mix: Normalizer
  std::uint32_t first = 0;      // start of this node's constants in Program::pool
};

std::string_view op_name(Op op);

class Program {
 public:
  explicit Program(std::size_t num_inputs = 0) : num_inputs_(num_inputs) {}

  std::size_t num_inputs() const { return num_inputs_; }
  std::span<const Node> nodes() const { return nodes_; }
  std::span<const Rational> pool() const { return pool_; }
  std::span<const NodeId> outputs() const { return outputs_; }
  // The operands of node n (of this program), and all nodes' operands in one array.
  std::span<const NodeId> args(const Node& n) const { return {args_.data() + n.first_arg, n.num_args}; }
  const NodeId* arg_data() const { return args_.data(); }

  // Builders. Each returns the new node's id; operands must already exist (else std::logic_error).
  NodeId input(std::size_t k);
  NodeId constant(const Rational& c);
  NodeId pi();
  NodeId affine(std::span<const NodeId> xs, std::span<const Rational> weights, const Rational& bias);
  NodeId dot(std::span<const NodeId> a, std::span<const NodeId> b);
  NodeId unary(Op op, NodeId a);             // Neg, Exp, ..., Relu, Step, Abs, Log2, ..., Erfc
  NodeId binary(Op op, NodeId a, NodeId b);  // Add, Sub, Mul, Div, Min, Max, Pow
  NodeId pow_int(NodeId a, std::int64_t n);
  NodeId piecewise_linear(NodeId x, std::span<const Rational> breakpoints, std::span<const Rational> values);
  NodeId mix(Normalizer normalizer, std::span<const NodeId> scores, std::span<const NodeId> values);

  // Rewriting in place (net/relu_substitution.hpp): node k is overwritten and every node id is kept;
  // the old operands and constants stay unused in the arrays. By w * x + b of an earlier node x < k:
  void replace_by_affine(NodeId k, NodeId x, const Rational& w, const Rational& b);
  // By a constant c, and by input coordinate `coordinate` (the input count grows to cover it).
  void replace_by_constant(NodeId k, const Rational& c);
  void replace_by_input(NodeId k, std::size_t coordinate);

  void add_output(NodeId id);
  void set_outputs(std::vector<NodeId> ids);

 private:
  NodeId push(Op op, std::span<const NodeId> args, std::int64_t index = 0, std::uint32_t first = 0);
  std::size_t num_inputs_;
  std::vector<Node> nodes_;
  std::vector<NodeId> args_;
  std::vector<Rational> pool_;
  std::vector<NodeId> outputs_;
};

}  // namespace approxcert
