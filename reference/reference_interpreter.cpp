#include "reference/reference_interpreter.hpp"

#include <stdexcept>
#include <variant>

namespace approxcert::soak {

Mp::Mp(long prec) { mpfr_init2(v_, prec); mpfr_set_zero(v_, 1); }
Mp::Mp(const Mp& o) { mpfr_init2(v_, mpfr_get_prec(o.v_)); mpfr_set(v_, o.v_, MPFR_RNDN); }
Mp& Mp::operator=(const Mp& o) {
  if (this != &o) {
    mpfr_set_prec(v_, mpfr_get_prec(o.v_));
    mpfr_set(v_, o.v_, MPFR_RNDN);
  }
  return *this;
}
Mp::~Mp() { mpfr_clear(v_); }

namespace {

using Vec = std::vector<Mp>;
using Seq = std::vector<Vec>;  // columns (tokens), each of D entries

class Interpreter {
 public:
  explicit Interpreter(long prec) : prec_(prec) {}

  Mp number(const Rational& q) const {
    Mp r(prec_);
    mpfr_set_q(r.get(), q.get_mpq_t(), MPFR_RNDN);
    return r;
  }
  // The soak's networks hold exact numbers only (rational() refuses a constant expression).
  Mp number(const Number& q) const { return number(q.rational()); }
  Mp zero() const { return Mp(prec_); }

  // sum_c W[r][c] x[c] + b[r]
  Vec affine(const NumberMatrix& w, const Vec& x, const NumberVector* b) const {
    Vec y;
    Mp t(prec_);
    for (std::size_t r = 0; r < w.size(); ++r) {
      Mp acc = b ? number((*b)[r]) : zero();
      for (std::size_t c = 0; c < x.size(); ++c) {
        mpfr_mul_q(t.get(), x[c].get(), w[r][c].rational().get_mpq_t(), MPFR_RNDN);
        mpfr_add(acc.get(), acc.get(), t.get(), MPFR_RNDN);
      }
      y.push_back(acc);
    }
    return y;
  }

  Mp piecewise(const PiecewiseLinearLayer& l, const Mp& x) const {
    const std::size_t n = l.breakpoints.size();
    if (mpfr_cmp_q(x.get(), l.breakpoints[0].get_mpq_t()) <= 0) return number(l.values[0]);
    if (mpfr_cmp_q(x.get(), l.breakpoints[n - 1].get_mpq_t()) >= 0) return number(l.values[n - 1]);
    std::size_t k = 0;
    while (mpfr_cmp_q(x.get(), l.breakpoints[k + 1].get_mpq_t()) > 0) ++k;
    // v_k + (v_{k+1} - v_k) (x - b_k) / (b_{k+1} - b_k)
    const Rational slope = (l.values[k + 1] - l.values[k]) / (l.breakpoints[k + 1] - l.breakpoints[k]);
    Mp y(prec_);
    mpfr_sub_q(y.get(), x.get(), l.breakpoints[k].get_mpq_t(), MPFR_RNDN);
    mpfr_mul_q(y.get(), y.get(), slope.get_mpq_t(), MPFR_RNDN);
    mpfr_add_q(y.get(), y.get(), l.values[k].get_mpq_t(), MPFR_RNDN);
    return y;
  }

  Vec vector_layers(const LayerList& layers, Vec x) const {
    for (const Layer& layer : layers) x = vector_layer(layer, std::move(x));
    return x;
  }

  Vec vector_layer(const Layer& layer, Vec x) const {
    if (const auto* d = std::get_if<DenseLayer>(&layer.kind)) return affine(d->weight, x, &d->bias);
    if (const auto* s = std::get_if<SparseDenseLayer>(&layer.kind)) {
      Vec y;
      for (const Number& b : s->bias) y.push_back(number(b));
      Mp t(prec_);
      for (const SparseEntry& e : s->entries) {
        mpfr_mul_q(t.get(), x[e.col].get(), e.value.rational().get_mpq_t(), MPFR_RNDN);
        mpfr_add(y[e.row].get(), y[e.row].get(), t.get(), MPFR_RNDN);
      }
      return y;
    }
    if (std::holds_alternative<ReluLayer>(layer.kind)) {
      for (Mp& v : x)
        if (mpfr_sgn(v.get()) < 0) mpfr_set_zero(v.get(), 1);
      return x;
    }
    if (std::holds_alternative<StepLayer>(layer.kind)) {
      for (Mp& v : x) mpfr_set_ui(v.get(), mpfr_sgn(v.get()) >= 0 ? 1 : 0, MPFR_RNDN);
      return x;
    }
    if (std::holds_alternative<SigmoidLayer>(layer.kind)) {
      for (Mp& v : x) {  // 1 / (1 + exp(-v))
        mpfr_neg(v.get(), v.get(), MPFR_RNDN);
        mpfr_exp(v.get(), v.get(), MPFR_RNDN);
        mpfr_add_ui(v.get(), v.get(), 1, MPFR_RNDN);
        mpfr_ui_div(v.get(), 1, v.get(), MPFR_RNDN);
      }
      return x;
    }
    if (std::holds_alternative<TanhLayer>(layer.kind)) {
      for (Mp& v : x) mpfr_tanh(v.get(), v.get(), MPFR_RNDN);
      return x;
    }
    if (const auto* p = std::get_if<PiecewiseLinearLayer>(&layer.kind)) {
      for (Mp& v : x) v = piecewise(*p, v);
      return x;
    }
    if (const auto* r = std::get_if<ResidualLayer>(&layer.kind)) {
      const Vec body = vector_layers(r->body, x);
      for (std::size_t i = 0; i < x.size(); ++i) mpfr_add(x[i].get(), x[i].get(), body[i].get(), MPFR_RNDN);
      return x;
    }
    if (const auto* ip = std::get_if<InnerProductLayer>(&layer.kind)) {
      const Vec left = vector_layers(ip->left, Vec(x.begin(), x.begin() + static_cast<long>(ip->split)));
      const Vec right = vector_layers(ip->right, Vec(x.begin() + static_cast<long>(ip->split), x.end()));
      Mp acc = zero(), t(prec_);
      for (std::size_t i = 0; i < left.size(); ++i) {
        mpfr_mul(t.get(), left[i].get(), right[i].get(), MPFR_RNDN);
        mpfr_add(acc.get(), acc.get(), t.get(), MPFR_RNDN);
      }
      return {acc};
    }
    throw std::logic_error("reference: a sequence layer in a vector context");
  }

  // X + sum_h W_O W_V X sigma[(W_K X)^T (W_Q X + b_q 1^T) * scale], sigma column-wise.
  Seq attention(const AttentionLayer& a, const Seq& X) const {
    const std::size_t N = X.size();
    Seq out = X;
    for (const AttentionHead& h : a.heads) {
      Seq Q, K, V;
      for (const Vec& col : X) {
        Q.push_back(affine(h.wq, col, h.bq ? &*h.bq : nullptr));
        K.push_back(affine(h.wk, col, nullptr));
        V.push_back(affine(h.wv, col, nullptr));
      }
      Mp t(prec_);
      for (std::size_t j = 0; j < N; ++j) {
        Vec s;  // scores of column j: s_i = <K_i, Q_j> * scale
        for (std::size_t i = 0; i < N; ++i) {
          Mp acc = zero();
          for (std::size_t k = 0; k < Q[j].size(); ++k) {
            mpfr_mul(t.get(), K[i][k].get(), Q[j][k].get(), MPFR_RNDN);
            mpfr_add(acc.get(), acc.get(), t.get(), MPFR_RNDN);
          }
          mpfr_mul_q(acc.get(), acc.get(), a.scale.rational().get_mpq_t(), MPFR_RNDN);
          s.push_back(acc);
        }
        const Vec w = a.normalizer == Normalizer::Softmax ? softmax(s) : hardmax(s);
        Vec mixed(V[0].size(), zero());  // sum_i V_i w_i
        for (std::size_t i = 0; i < N; ++i)
          for (std::size_t k = 0; k < mixed.size(); ++k) {
            mpfr_mul(t.get(), V[i][k].get(), w[i].get(), MPFR_RNDN);
            mpfr_add(mixed[k].get(), mixed[k].get(), t.get(), MPFR_RNDN);
          }
        const Vec o = affine(h.wo, mixed, nullptr);
        for (std::size_t r = 0; r < o.size(); ++r) mpfr_add(out[j][r].get(), out[j][r].get(), o[r].get(), MPFR_RNDN);
      }
    }
    return out;
  }

  Vec softmax(const Vec& s) const {
    Mp top = s[0];
    for (const Mp& v : s) mpfr_max(top.get(), top.get(), v.get(), MPFR_RNDN);
    Vec e;
    Mp sum = zero();
    for (const Mp& v : s) {
      Mp x(prec_);
      mpfr_sub(x.get(), v.get(), top.get(), MPFR_RNDN);
      mpfr_exp(x.get(), x.get(), MPFR_RNDN);
      mpfr_add(sum.get(), sum.get(), x.get(), MPFR_RNDN);
      e.push_back(x);
    }
    for (Mp& x : e) mpfr_div(x.get(), x.get(), sum.get(), MPFR_RNDN);
    return e;
  }

  Vec hardmax(const Vec& s) const {  // ties split evenly
    Mp top = s[0];
    for (const Mp& v : s) mpfr_max(top.get(), top.get(), v.get(), MPFR_RNDN);
    unsigned long ties = 0;
    for (const Mp& v : s) ties += mpfr_equal_p(v.get(), top.get()) ? 1 : 0;
    Vec w;
    for (const Mp& v : s) {
      Mp x(prec_);
      if (mpfr_equal_p(v.get(), top.get())) {
        mpfr_set_ui(x.get(), 1, MPFR_RNDN);
        mpfr_div_ui(x.get(), x.get(), ties, MPFR_RNDN);
      }
      w.push_back(x);
    }
    return w;
  }

  Seq sequence_layer(const Layer& layer, Seq X) const {
    if (const auto* a = std::get_if<AttentionLayer>(&layer.kind)) return attention(*a, X);
    if (const auto* t = std::get_if<TokenwiseLayer>(&layer.kind)) {
      for (Vec& col : X) col = vector_layers(t->layers, std::move(col));
      return X;
    }
    if (const auto* pe = std::get_if<PositionalEncodingLayer>(&layer.kind)) {
      for (std::size_t j = 0; j < X.size(); ++j)
        for (std::size_t r = 0; r < X[j].size(); ++r)
          mpfr_add_q(X[j][r].get(), X[j][r].get(), pe->matrix[r][j].rational().get_mpq_t(), MPFR_RNDN);
      return X;
    }
    throw std::logic_error("reference: a vector layer at the top level of a sequence network");
  }

 private:
  long prec_;
};

}  // namespace

std::vector<Mp> reference_outputs(const Network& net, const std::vector<Rational>& x, long prec) {
  const Interpreter in(prec);
  if (!net.input.tokens) {
    Vec v;
    for (const Rational& q : x) v.push_back(in.number(q));
    return in.vector_layers(net.layers, std::move(v));
  }
  const std::size_t D = net.input.dim, N = *net.input.tokens;
  Seq X(N);
  for (std::size_t j = 0; j < N; ++j)
    for (std::size_t r = 0; r < D; ++r) X[j].push_back(in.number(x[j * D + r]));
  for (const Layer& layer : net.layers) X = in.sequence_layer(layer, std::move(X));
  Vec out;
  for (Vec& col : X)
    for (Mp& v : col) out.push_back(v);
  return out;
}

Rational reference_tolerance(const Mp& v, long prec) {
  mpq_class a;
  mpfr_get_q(a.get_mpq_t(), v.get());  // exact: v is finite
  return (Rational(1) + abs(Rational(a))) * pow2(20 - prec);
}

}  // namespace approxcert::soak
