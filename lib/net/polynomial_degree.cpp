#include "net/polynomial_degree.hpp"

#include <algorithm>
#include <string>

#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

// Degrees of one node: per input variable, and total.
struct Degree {
  std::vector<std::uint64_t> var;
  std::uint64_t total = 0;
};

[[noreturn]] void refuse(std::size_t node, Op op, const std::string& why) {
  throw InputError("polynomial degree: node " + std::to_string(node) + " (" + std::string(op_name(op)) + ") " + why);
}

void check_bound(std::uint64_t d, std::size_t node, Op op) {
  if (d > kMaxPolynomialDegree) refuse(node, op, "has degree above the limit " + std::to_string(kMaxPolynomialDegree));
}

Degree max_of(const Degree& a, const Degree& b) {
  Degree r = a;
  for (std::size_t k = 0; k < r.var.size(); ++k) r.var[k] = std::max(r.var[k], b.var[k]);
  r.total = std::max(a.total, b.total);
  return r;
}

// Sum of two bounds each <= kMaxPolynomialDegree: no overflow.
Degree sum_of(const Degree& a, const Degree& b, std::size_t node, Op op) {
  Degree r = a;
  for (std::size_t k = 0; k < r.var.size(); ++k) check_bound(r.var[k] += b.var[k], node, op);
  check_bound(r.total += b.total, node, op);
  return r;
}

}  // namespace

PolynomialDegree polynomial_degree(const Program& prog) {
  const std::size_t n = prog.num_inputs();
  const auto nodes = prog.nodes();
  std::vector<Degree> deg(nodes.size(), Degree{std::vector<std::uint64_t>(n, 0), 0});
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& node = nodes[i];
    const auto args = prog.args(node);
    Degree& d = deg[i];
    switch (node.op) {
      case Op::Input:
        d.var[static_cast<std::size_t>(node.index)] = 1;
        d.total = 1;
        break;
      case Op::Const: break;
      case Op::Neg: d = deg[args[0]]; break;
      case Op::Add:
      case Op::Sub: d = max_of(deg[args[0]], deg[args[1]]); break;
      case Op::Affine:  // an operand with coefficient exactly 0 contributes nothing
        for (std::size_t k = 0; k < args.size(); ++k)
          if (prog.pool()[node.first + k].sign() != 0) d = max_of(d, deg[args[k]]);
        break;
      case Op::Mul: d = sum_of(deg[args[0]], deg[args[1]], i, node.op); break;
      case Op::Dot: {
        const std::size_t k = args.size() / 2;
        for (std::size_t j = 0; j < k; ++j) d = max_of(d, sum_of(deg[args[j]], deg[args[k + j]], i, node.op));
        break;
      }
      case Op::PowInt: {
        if (node.index < 0) refuse(i, node.op, "has a negative exponent: not a polynomial");
        const auto e = static_cast<std::uint64_t>(node.index);
        const Degree& a = deg[args[0]];
        auto times = [&](std::uint64_t x) {
          if (x != 0 && e > kMaxPolynomialDegree / x)
            refuse(i, node.op, "has degree above the limit " + std::to_string(kMaxPolynomialDegree));
          return x * e;
        };
        for (std::size_t k = 0; k < n; ++k) d.var[k] = times(a.var[k]);
        d.total = times(a.total);
        break;
      }
      default:
        refuse(i, node.op,
               "is not a polynomial operation (allowed: Input, Const, Add, Sub, Neg, Mul, Affine, Dot, PowInt n >= 0)");
    }
  }
  PolynomialDegree out{std::vector<std::uint64_t>(n, 0), 0};
  for (NodeId o : prog.outputs()) {
    for (std::size_t k = 0; k < n; ++k) out.per_variable[k] = std::max(out.per_variable[k], deg[o].var[k]);
    out.total = std::max(out.total, deg[o].total);
  }
  return out;
}

}  // namespace approxcert
