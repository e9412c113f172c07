#include "net/lower.hpp"

#include <vector>

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
  // W x + b row by row.
  Vec affine_rows(const RationalMatrix& W, const Vec& x, const RationalVector* b) {
    Vec y;
    y.reserve(W.size());
    for (std::size_t r = 0; r < W.size(); ++r) y.push_back(p_.affine(x, W[r], b ? (*b)[r] : Rational(0)));
    return y;
  }

  Vec unary_each(Op op, const Vec& x) {
    Vec y;
    for (NodeId xi : x) y.push_back(p_.unary(op, xi));
    return y;
  }

  Vec vector_layer(const Layer& layer, const Vec& x) {
    if (const auto* l = std::get_if<DenseLayer>(&layer.kind)) return affine_rows(l->weight, x, &l->bias);
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
    const auto& l = std::get<InnerProductLayer>(layer.kind);  // the last vector layer kind
    const Vec phi = vector_layers(l.left, Vec(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(l.split)));
    const Vec psi = vector_layers(l.right, Vec(x.begin() + static_cast<std::ptrdiff_t>(l.split), x.end()));
    return {p_.dot(phi, psi)};
  }

  Columns sequence_layer(const Layer& layer, const Columns& X) {
    if (const auto* l = std::get_if<AttentionLayer>(&layer.kind)) return attention(*l, X);
    if (const auto* l = std::get_if<TokenwiseLayer>(&layer.kind)) {
      Columns Y;
      for (const Vec& column : X) Y.push_back(vector_layers(l->layers, column));
      return Y;
    }
    const auto& E = std::get<PositionalEncodingLayer>(layer.kind).matrix;  // the last sequence kind
    const Rational one(1);
    Columns Y = X;
    for (std::size_t i = 0; i < X.size(); ++i)
      for (std::size_t r = 0; r < X[i].size(); ++r) Y[i][r] = p_.affine({&X[i][r], 1}, {&one, 1}, E[r][i]);
    return Y;
  }

  Columns attention(const AttentionLayer& att, const Columns& X) {
    const std::size_t N = X.size(), D = X[0].size();
    // terms[i][r]: X[r, i] followed by each head's mix for entry (r, i); summed at the end.
    std::vector<Columns> terms(N, Columns(D));
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t r = 0; r < D; ++r) terms[i][r].push_back(X[i][r]);

    for (const AttentionHead& head : att.heads) {
      Columns Q, K, U;  // per token column
      for (const Vec& x : X) {
        Q.push_back(affine_rows(head.wq, x, head.bq ? &*head.bq : nullptr));
        K.push_back(affine_rows(head.wk, x, nullptr));
        U.push_back(affine_rows(head.wo, affine_rows(head.wv, x, nullptr), nullptr));
      }
      for (std::size_t i = 0; i < N; ++i) {
        Vec scores;  // over keys j, for query column i
        for (std::size_t j = 0; j < N; ++j) {
          const NodeId dot = p_.dot(K[j], Q[i]);
          scores.push_back(p_.affine({&dot, 1}, {&att.scale, 1}, Rational(0)));
        }
        for (std::size_t r = 0; r < D; ++r) {
          Vec values;  // U_h[r, j] over keys j
          for (std::size_t j = 0; j < N; ++j) values.push_back(U[j][r]);
          terms[i][r].push_back(p_.mix(att.normalizer, scores, values));
        }
      }
    }

    Columns Y(N, Vec(D));
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t r = 0; r < D; ++r) {
        const std::vector<Rational> ones(terms[i][r].size(), Rational(1));
        Y[i][r] = p_.affine(terms[i][r], ones, Rational(0));
      }
    return Y;
  }

  Program& p_;
};

}  // namespace

Program lower(const Network& net) {
  check_network(net, "network");
  Program prog(input_dim(net));
  Lowerer lowerer(prog);
  const std::size_t D = net.input.dim;
  if (!net.input.tokens) {
    Vec x;
    for (std::size_t k = 0; k < D; ++k) x.push_back(prog.input(k));
    prog.set_outputs(lowerer.vector_layers(net.layers, x));
    return prog;
  }
  Columns X(*net.input.tokens);
  for (std::size_t i = 0; i < X.size(); ++i)
    for (std::size_t r = 0; r < D; ++r) X[i].push_back(prog.input(i * D + r));
  Vec outputs;
  for (const Vec& column : lowerer.sequence_layers(net.layers, X)) outputs.insert(outputs.end(), column.begin(), column.end());
  prog.set_outputs(outputs);
  return prog;
}

}  // namespace approxcert
