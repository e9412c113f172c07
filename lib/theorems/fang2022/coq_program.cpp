#include "theorems/fang2022/coq_program.hpp"

#include <string>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

using chain::coq_real;

std::string key(NodeId id) { return std::to_string(static_cast<std::uint64_t>(id) + 1); }

// Q literal for ProgramIdentity's coefficients: "(Qmake P Q)" with Q > 0 (lowest terms), read through
// Qmake's own argument scopes (Z, positive) whatever scope surrounds it.
std::string coq_q(const Rational& q) {
  const std::string num = q.num().get_str();
  return "(Qmake " + (q.sign() < 0 ? "(" + num + ")" : num) + " " + q.den().get_str() + ")";
}

bool ring_op(const Node& n) {
  switch (n.op) {
    case Op::Input:
    case Op::Const:
    case Op::Affine:
    case Op::Dot:
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Neg: return true;
    case Op::PowInt: return n.index >= 0;
    default: return false;
  }
}

}  // namespace

std::optional<CoqProgram> coq_program(const Program& prog, const std::vector<NodeId>& roots, const std::string& name) {
  const auto nodes = prog.nodes();
  const auto pool = prog.pool();
  // Exact rewrites (printing only): a node 1 * v_a + 0 is v_a itself (alias), and a term w * v_z or
  // a pair v_z * v_b whose operand z is identically zero adds exactly 0 and is left out.
  std::vector<NodeId> alias(nodes.size());
  std::vector<bool> zero(nodes.size(), false);
  std::vector<std::vector<std::size_t>> kept(nodes.size());  // Affine: term indices; Dot: pair indices
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    const auto args = prog.args(n);
    alias[i] = static_cast<NodeId>(i);
    if (n.op == Op::Const) zero[i] = pool[n.first].sign() == 0;
    if (n.op == Op::Affine) {
      for (std::size_t k = 0; k < args.size(); ++k)
        if (!zero[alias[args[k]]] && pool[n.first + k].sign() != 0) kept[i].push_back(k);
      const Rational& bias = pool[n.first + args.size()];
      if (kept[i].size() == 1 && pool[n.first + kept[i][0]] == Rational(1) && bias.sign() == 0)
        alias[i] = alias[args[kept[i][0]]];
      zero[i] = kept[i].empty() && bias.sign() == 0;
    }
    if (n.op == Op::Dot) {
      const std::size_t m = args.size() / 2;
      for (std::size_t k = 0; k < m; ++k)
        if (!zero[alias[args[k]]] && !zero[alias[args[m + k]]]) kept[i].push_back(k);
      zero[i] = kept[i].empty();
    }
  }
  // The operands a node reads after the rewrites.
  auto operands = [&](std::size_t i) {
    const Node& n = nodes[i];
    const auto args = prog.args(n);
    std::vector<NodeId> out;
    if (n.op == Op::Affine) {
      for (const std::size_t k : kept[i]) out.push_back(alias[args[k]]);
    } else if (n.op == Op::Dot) {
      for (const std::size_t k : kept[i]) {
        out.push_back(alias[args[k]]);
        out.push_back(alias[args[args.size() / 2 + k]]);
      }
    } else {
      for (const NodeId a : args) out.push_back(alias[a]);
    }
    return out;
  };
  std::vector<bool> needed(nodes.size(), false);
  for (const NodeId r : roots) needed.at(alias.at(r)) = true;
  for (std::size_t i = nodes.size(); i-- > 0;)
    if (needed[i] && alias[i] == i)
      for (const NodeId a : operands(i)) needed[a] = true;
  CoqProgram out;
  std::string text = "Definition " + name + " : program := [\n";
  bool first = true;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!needed[i]) continue;
    const Node& n = nodes[i];
    if (!ring_op(n)) return std::nullopt;
    const auto args = prog.args(n);
    const std::vector<NodeId> ops = operands(i);
    std::string body;
    switch (n.op) {
      case Op::Input: body = "NInput " + std::to_string(n.index); break;
      case Op::Const: body = "NConst " + coq_q(pool[n.first]); break;
      case Op::Affine: {
        body = "NAffine [";
        for (std::size_t t = 0; t < kept[i].size(); ++t)
          body += (t ? "; (" : "(") + key(ops[t]) + ", " + coq_q(pool[n.first + kept[i][t]]) + ")";
        body += "] " + coq_q(pool[n.first + args.size()]);
        break;
      }
      case Op::Dot: {
        body = "NDot [";
        for (std::size_t t = 0; t < kept[i].size(); ++t)
          body += (t ? "; (" : "(") + key(ops[2 * t]) + ", " + key(ops[2 * t + 1]) + ")";
        body += "]";
        break;
      }
      case Op::Add: body = "NAdd " + key(ops[0]) + " " + key(ops[1]); break;
      case Op::Sub: body = "NSub " + key(ops[0]) + " " + key(ops[1]); break;
      case Op::Mul: body = "NMul " + key(ops[0]) + " " + key(ops[1]); break;
      case Op::Neg: body = "NNeg " + key(ops[0]); break;
      case Op::PowInt: body = "NPow " + key(ops[0]) + " " + std::to_string(n.index); break;
      default: return std::nullopt;
    }
    text += (first ? "  (" : " ;(") + key(static_cast<NodeId>(i)) + ", " + body + ")\n";
    first = false;
    ++out.nodes;
  }
  text += "]%positive.\n";
  out.definition = std::move(text);
  for (const NodeId r : roots) out.keys.push_back(key(alias[r]) + "%positive");
  return out;
}

std::optional<std::string> coq_expression(const Program& prog, NodeId root, const std::vector<std::string>& vars,
                                          std::size_t max_chars) {
  const auto nodes = prog.nodes();
  const auto pool = prog.pool();
  std::string out;
  // Appends node `id` to `out`; false if it is not printable or the text grows too long.
  auto print = [&](auto&& self, NodeId id) -> bool {
    if (out.size() > max_chars) return false;
    const Node& n = nodes[id];
    const auto args = prog.args(n);
    switch (n.op) {
      case Op::Input:
        if (static_cast<std::size_t>(n.index) >= vars.size()) return false;
        out += vars[static_cast<std::size_t>(n.index)];
        return true;
      case Op::Const: out += coq_real(pool[n.first]); return true;
      case Op::Affine:
        out += "(" + coq_real(pool[n.first + args.size()]);
        for (std::size_t k = 0; k < args.size(); ++k) {
          out += " + " + coq_real(pool[n.first + k]) + " * ";
          if (!self(self, args[k])) return false;
        }
        out += ")";
        return true;
      case Op::Dot: {
        const std::size_t m = args.size() / 2;
        out += "(0";
        for (std::size_t k = 0; k < m; ++k) {
          out += " + ";
          if (!self(self, args[k])) return false;
          out += " * ";
          if (!self(self, args[m + k])) return false;
        }
        out += ")";
        return true;
      }
      case Op::Add:
      case Op::Sub:
      case Op::Mul: {
        out += "(";
        if (!self(self, args[0])) return false;
        out += n.op == Op::Add ? " + " : n.op == Op::Sub ? " - " : " * ";
        if (!self(self, args[1])) return false;
        out += ")";
        return true;
      }
      case Op::Neg:
      case Op::Abs: {
        out += n.op == Op::Neg ? "(- " : "(Rabs ";
        if (!self(self, args[0])) return false;
        out += ")";
        return true;
      }
      case Op::PowInt:
        if (n.index < 0) return false;
        out += "(";
        if (!self(self, args[0])) return false;
        out += " ^ " + std::to_string(n.index) + ")";
        return true;
      default: return false;
    }
  };
  if (!print(print, root) || out.size() > max_chars) return std::nullopt;
  return out;
}

}  // namespace approxcert::theorems::fang2022
