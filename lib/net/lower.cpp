#include "net/lower.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "net/expression.hpp"

namespace approxcert {

namespace {

using Vec = std::vector<NodeId>;
using Columns = std::vector<Vec>;  // X[r, i] = columns[i][r]

class Lowerer {
 public:
  explicit Lowerer(Program& p) : p_(p) {}

  Vec vector_layers(const LayerList& layers, Vec x) {
    for (const Layer& layer : layers) x = vector_layer(layer, x);
    return x;
  }

  Columns sequence_layers(const LayerList& layers, Columns X) {
    for (const Layer& layer : layers) X = sequence_layer(layer, X);
    return X;
  }

 private:
  // The node of a constant expression: its own nodes, compiled with no variables, shared by every
  // use of the identical text.
  NodeId expression_node(const Number& c) {
    const auto it = expressions_.find(c.text());
    if (it != expressions_.end()) return it->second;
    const NodeId id = compile_expression(c.text(), p_, {});
    expressions_.emplace(c.text(), id);
    return id;
  }

  // sum_k w_k x_k + b. With exact numbers only: one Affine node. Otherwise the exact terms form one
  // Affine node, each expression weight adds Mul(its node, x_k), an expression bias adds its node,
  // and one more Affine node (weights 1) sums them.
  NodeId linear(std::span<const NodeId> x, std::span<const Number> w, const Number& b) {
    Vec args, extra;
    exact_.clear();
    for (std::size_t k = 0; k < w.size(); ++k) {
      if (const Rational* q = w[k].exact()) {
        if (q->sign() == 0) continue;  // 0 * x_k is exactly 0: no operand
        args.push_back(x[k]);
        exact_.push_back(*q);
      } else {
        extra.push_back(p_.binary(Op::Mul, expression_node(w[k]), x[k]));
      }
    }
    if (!b.is_exact()) extra.push_back(expression_node(b));
    const NodeId base = p_.affine(args, exact_, b.is_exact() ? *b.exact() : Rational(0));
    if (extra.empty()) return base;
    extra.insert(extra.begin(), base);
    return p_.affine(extra, RationalVector(extra.size(), Rational(1)), Rational(0));
  }

  // W x + b row by row.
  Vec affine_rows(const NumberMatrix& W, const Vec& x, const NumberVector* b) {
    Vec y;
    y.reserve(W.size());
    for (std::size_t r = 0; r < W.size(); ++r) y.push_back(linear(x, W[r], b ? (*b)[r] : Number()));
    return y;
  }

  // W x + b from the stored entries of each row only (a row without entries is its bias).
  Vec sparse_rows(const SparseDenseLayer& l, const Vec& x) {
    Vec y, args;
    NumberVector w;
    y.reserve(l.rows);
    std::size_t e = 0;
    for (std::size_t r = 0; r < l.rows; ++r) {
      args.clear();
      w.clear();
      for (; e < l.entries.size() && l.entries[e].row == r; ++e) {
        args.push_back(x[l.entries[e].col]);
        w.push_back(l.entries[e].value);
      }
      y.push_back(linear(args, w, l.bias[r]));
    }
    return y;
  }

  Vec unary_each(Op op, const Vec& x) {
    Vec y;
    for (NodeId xi : x) y.push_back(p_.unary(op, xi));
    return y;
  }

  Vec vector_layer(const Layer& layer, const Vec& x) {
    if (const auto* l = std::get_if<DenseLayer>(&layer.kind)) return affine_rows(l->weight, x, &l->bias);
    if (const auto* l = std::get_if<SparseDenseLayer>(&layer.kind)) return sparse_rows(*l, x);
    if (std::holds_alternative<ReluLayer>(layer.kind)) return unary_each(Op::Relu, x);
    if (std::holds_alternative<StepLayer>(layer.kind)) return unary_each(Op::Step, x);
    if (std::holds_alternative<SigmoidLayer>(layer.kind)) return unary_each(Op::Sigmoid, x);
    if (std::holds_alternative<TanhLayer>(layer.kind)) return unary_each(Op::Tanh, x);
    if (const auto* l = std::get_if<PiecewiseLinearLayer>(&layer.kind)) {
      Vec y;
      for (NodeId xi : x) y.push_back(p_.piecewise_linear(xi, l->breakpoints, l->values));
      return y;
    }
    if (const auto* l = std::get_if<ResidualLayer>(&layer.kind)) {
      const Vec body = vector_layers(l->body, x);
      Vec y;
      for (std::size_t r = 0; r < x.size(); ++r) y.push_back(p_.binary(Op::Add, x[r], body[r]));
      return y;
    }
    if (const auto* l = std::get_if<LayerNormLayer>(&layer.kind)) return layer_norm(*l, x);
    const auto& l = std::get<InnerProductLayer>(layer.kind);  // the last vector layer kind
    const Vec phi = vector_layers(l.left, Vec(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(l.split)));
    const Vec psi = vector_layers(l.right, Vec(x.begin() + static_cast<std::ptrdiff_t>(l.split), x.end()));
    return {p_.dot(phi, psi)};
  }

  // c_r = x_r - mean(x) as one Affine node over x (no shared rounded mean), s = mean(c_r^2) + eps
  // from PowInt squares (an even power encloses >= 0, a product of a ball with itself need not),
  // y_r = gamma_r * c_r / sqrt(s) + beta_r (the last Affine is left out when gamma_r = 1, beta_r = 0).
  Vec layer_norm(const LayerNormLayer& l, const Vec& x) {
    const std::size_t d = x.size();
    const Rational inv_d = Rational(1) / Rational(static_cast<long>(d));
    Vec centred, squares;
    RationalVector w(d);
    for (std::size_t r = 0; r < d; ++r) {
      for (std::size_t k = 0; k < d; ++k) w[k] = (k == r ? Rational(1) : Rational(0)) - inv_d;
      centred.push_back(p_.affine(x, w, Rational(0)));
      squares.push_back(p_.pow_int(centred.back(), 2));
    }
    const NodeId root = p_.unary(Op::Sqrt, p_.affine(squares, RationalVector(d, inv_d), l.eps));
    Vec y;
    for (std::size_t r = 0; r < d; ++r) {
      const NodeId q = p_.binary(Op::Div, centred[r], root);
      const Rational gamma = l.gamma ? (*l.gamma)[r] : Rational(1), beta = l.beta ? (*l.beta)[r] : Rational(0);
      y.push_back(gamma == Rational(1) && beta.sign() == 0 ? q : p_.affine({&q, 1}, {&gamma, 1}, beta));
    }
    return y;
  }

  Columns sequence_layer(const Layer& layer, const Columns& X) {
    if (const auto* l = std::get_if<AttentionLayer>(&layer.kind)) return attention(*l, X);
    if (const auto* l = std::get_if<TokenwiseLayer>(&layer.kind)) {
      Columns Y;
      for (const Vec& column : X) Y.push_back(vector_layers(l->layers, column));
      return Y;
    }
    const auto& E = std::get<PositionalEncodingLayer>(layer.kind).matrix;  // the last sequence kind
    const Number one(1);
    Columns Y = X;
    for (std::size_t i = 0; i < X.size(); ++i)
      for (std::size_t r = 0; r < X[i].size(); ++r) Y[i][r] = linear({&X[i][r], 1}, {&one, 1}, E[r][i]);
    return Y;
  }

  // Rows r of W_O that are entirely zero contribute U_h[r, :] = 0, so their mix is exactly 0 for every
  // normalizer (a combination of zeros) and is not built; a head whose W_O is all zero adds
  // nothing and builds no node. An entry that receives no mix is X[r, i] itself (no node either).
  // Identical rows on the same inputs (W_K = W_V, a W_K shared by heads) share one node.
  Columns attention(const AttentionLayer& att, const Columns& X) {
    const std::size_t N = X.size(), D = X[0].size();
    AffineMemo memo;
    auto rows = [&](const NumberMatrix& W, const Vec& x, const NumberVector* b) {
      Vec y;
      for (std::size_t r = 0; r < W.size(); ++r) y.push_back(shared_affine(memo, x, W[r], b ? (*b)[r] : Number()));
      return y;
    };
    // terms[i][r]: X[r, i] followed by each head's mix for entry (r, i); summed at the end.
    std::vector<Columns> terms(N, Columns(D));
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t r = 0; r < D; ++r) terms[i][r].push_back(X[i][r]);

    for (const AttentionHead& head : att.heads) {
      std::vector<std::size_t> live;  // rows of W_O with a nonzero entry
      for (std::size_t r = 0; r < D; ++r)
        if (std::any_of(head.wo[r].begin(), head.wo[r].end(), [](const Number& w) { return !w.is_exact_zero(); }))
          live.push_back(r);
      if (live.empty()) continue;
      Columns Q, K, U;  // per token column; U[j][k] is U_h[live[k], j]
      for (const Vec& x : X) {
        Q.push_back(rows(head.wq, x, head.bq ? &*head.bq : nullptr));
        K.push_back(rows(head.wk, x, nullptr));
        const Vec v = rows(head.wv, x, nullptr);
        Vec u;
        for (std::size_t r : live) u.push_back(shared_affine(memo, v, head.wo[r], Number()));
        U.push_back(std::move(u));
      }
      for (std::size_t i = 0; i < N; ++i) {
        Vec scores;  // over keys j, for query column i
        for (std::size_t j = 0; j < N; ++j) scores.push_back(scaled(inner(K[j], Q[i]), att.scale));
        for (std::size_t k = 0; k < live.size(); ++k) {
          Vec values;  // U_h[live[k], j] over keys j
          for (std::size_t j = 0; j < N; ++j) values.push_back(U[j][k]);
          terms[i][live[k]].push_back(att.normalizer == Normalizer::None ? inner(scores, values)
                                                                         : p_.mix(att.normalizer, scores, values));
        }
      }
    }

    Columns Y(N, Vec(D));
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t r = 0; r < D; ++r) {
        if (terms[i][r].size() == 1) {
          Y[i][r] = X[i][r];
          continue;
        }
        const std::vector<Rational> ones(terms[i][r].size(), Rational(1));
        Y[i][r] = p_.affine(terms[i][r], ones, Rational(0));
      }
    return Y;
  }

  using AffineMemo = std::map<std::tuple<Vec, RationalVector, Rational>, NodeId>;
  // w^T x + b, reusing the node of an identical earlier exact row on the same inputs (rows with a
  // constant expression are not shared: they are built by linear()).
  NodeId shared_affine(AffineMemo& memo, const Vec& x, const NumberVector& w, const Number& b) {
    const bool exact = b.is_exact() && std::all_of(w.begin(), w.end(), [](const Number& n) { return n.is_exact(); });
    if (!exact) return linear(x, w, b);
    Vec args;  // operands with a nonzero weight (0 * x_k is exactly 0)
    RationalVector q;
    for (std::size_t k = 0; k < w.size(); ++k)
      if (!w[k].is_exact_zero()) {
        args.push_back(x[k]);
        q.push_back(*w[k].exact());
      }
    auto key = std::make_tuple(std::move(args), std::move(q), *b.exact());
    const auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    const NodeId id = p_.affine(std::get<0>(key), std::get<1>(key), std::get<2>(key));
    memo.emplace(std::move(key), id);
    return id;
  }

  // <a, b>: a product node for vectors of one entry, else a dot node.
  NodeId inner(const Vec& a, const Vec& b) {
    if (a.size() == 1) return p_.binary(Op::Mul, a[0], b[0]);
    return p_.dot(a, b);
  }

  // scale * x; no node when the scale is exactly 1.
  NodeId scaled(NodeId x, const Number& scale) {
    if (scale == Number(1)) return x;
    return linear({&x, 1}, {&scale, 1}, Number());
  }

  Program& p_;
  std::map<std::string, NodeId, std::less<>> expressions_;  // constant expression text -> its node
  RationalVector exact_;  // linear(): the exact weights of the row being built (reused buffer)
};

// The lowering itself, of a network that check_network() accepted.
std::vector<NodeId> lower_checked_into(Program& prog, const Network& net, std::span<const NodeId> inputs) {
  if (inputs.size() != input_dim(net))
    throw std::logic_error("lower_into: " + std::to_string(inputs.size()) + " input nodes given, the network takes " +
                           std::to_string(input_dim(net)));
  for (const NodeId id : inputs)
    if (id >= prog.nodes().size())
      throw std::logic_error("lower_into: input node " + std::to_string(id) + " does not exist");
  Lowerer lowerer(prog);
  const std::size_t D = net.input.dim;
  if (!net.input.tokens) return lowerer.vector_layers(net.layers, Vec(inputs.begin(), inputs.end()));
  Columns X(*net.input.tokens);
  for (std::size_t i = 0; i < X.size(); ++i)
    X[i].assign(inputs.begin() + static_cast<std::ptrdiff_t>(i * D),
                inputs.begin() + static_cast<std::ptrdiff_t>((i + 1) * D));
  Vec outputs;
  for (const Vec& column : lowerer.sequence_layers(net.layers, X))
    outputs.insert(outputs.end(), column.begin(), column.end());
  return outputs;
}

// The program's own inputs, as many as the (checked) network takes.
std::vector<NodeId> program_inputs(Program& prog, const Network& net) {
  if (prog.num_inputs() != input_dim(net))
    throw std::logic_error("lower_into: the program has " + std::to_string(prog.num_inputs()) +
                           " inputs, the network takes " + std::to_string(input_dim(net)));
  std::vector<NodeId> inputs;
  for (std::size_t k = 0; k < prog.num_inputs(); ++k) inputs.push_back(prog.input(k));
  return inputs;
}

Program lower_checked(const Network& net) {
  Program prog(input_dim(net));
  prog.set_outputs(lower_checked_into(prog, net, program_inputs(prog, net)));
  return prog;
}

}  // namespace

std::vector<NodeId> lower_into(Program& prog, const CheckedNetwork& net, std::span<const NodeId> inputs) {
  return lower_checked_into(prog, net.network(), inputs);
}

std::vector<NodeId> lower_into(Program& prog, const Network& net, std::span<const NodeId> inputs) {
  check_network(net, "network");
  return lower_checked_into(prog, net, inputs);
}

std::vector<NodeId> lower_into(Program& prog, const CheckedNetwork& net) {
  return lower_checked_into(prog, net.network(), program_inputs(prog, net.network()));
}

std::vector<NodeId> lower_into(Program& prog, const Network& net) {
  check_network(net, "network");
  return lower_checked_into(prog, net, program_inputs(prog, net));
}

Program lower(const CheckedNetwork& net) { return lower_checked(net.network()); }

Program lower(const Network& net) {
  check_network(net, "network");
  return lower_checked(net);
}

}  // namespace approxcert
