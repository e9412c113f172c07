#include "reference/reference_interpreter.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace approxcert::test {

// ---- RefNumber ---------------------------------------------------------------------------------

RefNumber::RefNumber() { mpfr_init2(approx_, kBits); }

RefNumber::RefNumber(const Rational& q) : exact_(q) {
  mpfr_init2(approx_, kBits);
  fill_approx();
}

RefNumber::RefNumber(const RefNumber& o) : exact_(o.exact_) {
  mpfr_init2(approx_, kBits);
  mpfr_set(approx_, o.approx_, MPFR_RNDN);
}

RefNumber& RefNumber::operator=(const RefNumber& o) {
  if (this != &o) {
    exact_ = o.exact_;
    mpfr_set(approx_, o.approx_, MPFR_RNDN);
  }
  return *this;
}

RefNumber::~RefNumber() { mpfr_clear(approx_); }

void RefNumber::fill_approx() { mpfr_set_q(approx_, exact_->get_mpq_t(), MPFR_RNDN); }

Rational RefNumber::value() const {
  if (exact_) return *exact_;
  if (!mpfr_number_p(approx_)) throw std::runtime_error("reference: non-finite value");
  mpq_class q;
  mpfr_get_q(q.get_mpq_t(), approx_);
  return Rational(q);
}

RefNumber RefNumber::from_mpfr_op(const RefNumber& a, const RefNumber& b,
                                  int (*op)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t)) {
  RefNumber r;
  op(r.approx_, a.approx_, b.approx_, MPFR_RNDN);
  return r;
}

RefNumber operator+(const RefNumber& a, const RefNumber& b) {
  if (a.exact_ && b.exact_) return RefNumber(*a.exact_ + *b.exact_);
  return RefNumber::from_mpfr_op(a, b, mpfr_add);
}

RefNumber operator-(const RefNumber& a, const RefNumber& b) {
  if (a.exact_ && b.exact_) return RefNumber(*a.exact_ - *b.exact_);
  return RefNumber::from_mpfr_op(a, b, mpfr_sub);
}

RefNumber operator*(const RefNumber& a, const RefNumber& b) {
  if (a.exact_ && b.exact_) return RefNumber(*a.exact_ * *b.exact_);
  if ((a.exact_ && a.exact_->sign() == 0) || (b.exact_ && b.exact_->sign() == 0)) return RefNumber(Rational(0));
  return RefNumber::from_mpfr_op(a, b, mpfr_mul);
}

RefNumber operator/(const RefNumber& a, const RefNumber& b) {
  if (b.exact_ && b.exact_->sign() == 0) throw std::runtime_error("reference: division by 0");
  if (a.exact_ && b.exact_) return RefNumber(*a.exact_ / *b.exact_);
  if (a.exact_ && a.exact_->sign() == 0) return RefNumber(Rational(0));
  return RefNumber::from_mpfr_op(a, b, mpfr_div);
}

int compare(const RefNumber& a, const RefNumber& b) {
  if (a.exact_ && b.exact_) return *a.exact_ < *b.exact_ ? -1 : (*b.exact_ < *a.exact_ ? 1 : 0);
  mpfr_t d, bound;
  mpfr_inits2(RefNumber::kBits, d, bound, static_cast<mpfr_ptr>(nullptr));
  mpfr_sub(d, a.approx_, b.approx_, MPFR_RNDN);
  // bound = 2^-400 * max(1, |a|, |b|)
  mpfr_set_ui(bound, 1, MPFR_RNDN);
  if (mpfr_cmpabs(a.approx_, bound) > 0) mpfr_abs(bound, a.approx_, MPFR_RNDN);
  if (mpfr_cmpabs(b.approx_, bound) > 0) mpfr_abs(bound, b.approx_, MPFR_RNDN);
  mpfr_div_2ui(bound, bound, 400, MPFR_RNDN);
  const bool close = mpfr_cmpabs(d, bound) <= 0;
  const int s = mpfr_sgn(d);
  mpfr_clears(d, bound, static_cast<mpfr_ptr>(nullptr));
  if (close) {
    char text[128];
    mpfr_snprintf(text, sizeof text, "%.20Rg vs %.20Rg", a.approx_, b.approx_);
    throw ReferenceUndecided(std::string("reference: a kink or tie is too close to decide at 512 bits: ") + text);
  }
  return s;
}

bool rounded_greater(const RefNumber& a, const RefNumber& b) { return mpfr_greater_p(a.approx_, b.approx_) != 0; }

RefNumber RefNumber::exp() const {
  if (exact_ && exact_->sign() == 0) return RefNumber(Rational(1));
  RefNumber r;
  mpfr_exp(r.approx_, approx_, MPFR_RNDN);
  return r;
}

RefNumber RefNumber::sqrt() const {
  if (exact_ && exact_->sign() >= 0 && mpz_perfect_square_p(exact_->num().get_mpz_t()) &&
      mpz_perfect_square_p(exact_->den().get_mpz_t()))
    return RefNumber(Rational(mpz_class(::sqrt(exact_->num())), mpz_class(::sqrt(exact_->den()))));
  RefNumber r;
  mpfr_sqrt(r.approx_, approx_, MPFR_RNDN);
  return r;
}

RefNumber RefNumber::tanh() const {
  if (exact_ && exact_->sign() == 0) return *this;
  RefNumber r;
  mpfr_tanh(r.approx_, approx_, MPFR_RNDN);
  return r;
}

RefNumber RefNumber::sigmoid() const {
  if (exact_ && exact_->sign() == 0) return RefNumber(Rational(mpz_class(1), mpz_class(2)));
  RefNumber r;
  mpfr_neg(r.approx_, approx_, MPFR_RNDN);
  mpfr_exp(r.approx_, r.approx_, MPFR_RNDN);
  mpfr_add_ui(r.approx_, r.approx_, 1, MPFR_RNDN);
  mpfr_ui_div(r.approx_, 1, r.approx_, MPFR_RNDN);
  return r;
}

// ---- the interpreter -----------------------------------------------------------------------------

namespace {

using Columns = std::vector<RefVector>;  // X[r, i] = columns[i][r]

const RefNumber kZero{Rational(0)};
const RefNumber kOne{Rational(1)};

RefNumber dot(const NumberVector& w, const RefVector& x) {
  RefNumber s = kZero;
  for (std::size_t k = 0; k < w.size(); ++k) s = s + RefNumber(w[k]) * x[k];
  return s;
}

RefVector mat_vec(const NumberMatrix& W, const RefVector& x, const NumberVector* b) {
  RefVector y;
  for (std::size_t r = 0; r < W.size(); ++r)
    y.push_back(dot(W[r], x) + (b ? RefNumber((*b)[r]) : RefNumber(Rational(0))));
  return y;
}

RefNumber piecewise_linear(const PiecewiseLinearLayer& l, const RefNumber& x) {
  const std::size_t K = l.breakpoints.size();
  if (compare(x, l.breakpoints[0]) <= 0) return l.values[0];
  for (std::size_t k = 0; k + 1 < K; ++k) {
    if (compare(x, l.breakpoints[k + 1]) <= 0) {
      const Rational t_den = l.breakpoints[k + 1] - l.breakpoints[k];
      const RefNumber t = (x - RefNumber(l.breakpoints[k])) / RefNumber(t_den);
      return RefNumber(l.values[k]) + t * RefNumber(l.values[k + 1] - l.values[k]);
    }
  }
  return l.values[K - 1];
}

RefVector layer_norm(const LayerNormLayer& l, const RefVector& x) {
  const RefNumber d{Rational(static_cast<long>(x.size()))};
  // x_r - mean as ((d - 1) x_r - sum_{k != r} x_k) / d: exactly 0 for d = 1 whatever x is
  RefVector c;
  for (std::size_t r = 0; r < x.size(); ++r) {
    RefNumber others = kZero;
    for (std::size_t k = 0; k < x.size(); ++k)
      if (k != r) others = others + x[k];
    c.push_back((RefNumber(Rational(static_cast<long>(x.size()) - 1)) * x[r] - others) / d);
  }
  RefNumber var = kZero;
  for (const RefNumber& v : c) var = var + v * v;
  var = var / d;
  const RefNumber sigma = (var + RefNumber(l.eps)).sqrt();
  RefVector y;
  for (std::size_t r = 0; r < x.size(); ++r) {
    const RefNumber gamma = l.gamma ? RefNumber((*l.gamma)[r]) : kOne, beta = l.beta ? RefNumber((*l.beta)[r]) : kZero;
    y.push_back(gamma * (c[r] / sigma) + beta);
  }
  return y;
}

RefVector vector_layers(const LayerList& layers, RefVector x);

RefVector vector_layer(const Layer& layer, const RefVector& x) {
  RefVector y;
  if (const auto* l = std::get_if<DenseLayer>(&layer.kind)) return mat_vec(l->weight, x, &l->bias);
  if (const auto* l = std::get_if<SparseDenseLayer>(&layer.kind)) {
    for (std::size_t r = 0; r < l->rows; ++r) y.push_back(RefNumber(l->bias[r]));
    for (const SparseEntry& e : l->entries) y[e.row] = y[e.row] + RefNumber(e.value) * x[e.col];
    return y;
  }
  if (const auto* l = std::get_if<PiecewiseLinearLayer>(&layer.kind)) {
    for (const RefNumber& v : x) y.push_back(piecewise_linear(*l, v));
    return y;
  }
  if (const auto* l = std::get_if<ResidualLayer>(&layer.kind)) {
    const RefVector body = vector_layers(l->body, x);
    for (std::size_t r = 0; r < x.size(); ++r) y.push_back(x[r] + body[r]);
    return y;
  }
  if (const auto* l = std::get_if<InnerProductLayer>(&layer.kind)) {
    const RefVector left =
        vector_layers(l->left, RefVector(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(l->split)));
    const RefVector right =
        vector_layers(l->right, RefVector(x.begin() + static_cast<std::ptrdiff_t>(l->split), x.end()));
    RefNumber s = kZero;
    for (std::size_t k = 0; k < left.size(); ++k) s = s + left[k] * right[k];
    return {s};
  }
  if (const auto* l = std::get_if<LayerNormLayer>(&layer.kind)) return layer_norm(*l, x);
  for (const RefNumber& v : x) {
    if (std::holds_alternative<ReluLayer>(layer.kind)) y.push_back(compare(v, kZero) > 0 ? v : kZero);
    else if (std::holds_alternative<StepLayer>(layer.kind)) y.push_back(compare(v, kZero) >= 0 ? kOne : kZero);
    else if (std::holds_alternative<SigmoidLayer>(layer.kind)) y.push_back(v.sigmoid());
    else if (std::holds_alternative<TanhLayer>(layer.kind)) y.push_back(v.tanh());
    else throw std::logic_error("reference: unexpected layer");
  }
  return y;
}

RefVector vector_layers(const LayerList& layers, RefVector x) {
  for (const Layer& layer : layers) x = vector_layer(layer, x);
  return x;
}

// The weights sigma(s) over keys for one query.
RefVector normalize(Normalizer n, const RefVector& s) {
  const std::size_t N = s.size();
  if (n == Normalizer::None) return s;
  if (n == Normalizer::Softmax) {
    // Shift by the largest score (by rounded value: any shift cancels, this one avoids overflow).
    RefNumber top = s[0];
    for (const RefNumber& v : s)
      if (rounded_greater(v, top)) top = v;
    RefVector e;
    RefNumber sum = kZero;
    for (const RefNumber& v : s) {
      e.push_back((v - top).exp());
      sum = sum + e.back();
    }
    for (RefNumber& v : e) v = v / sum;
    return e;
  }
  // hardmax: the exact argmax set, then the tie rule
  std::size_t best = 0;
  for (std::size_t j = 1; j < N; ++j)
    if (compare(s[j], s[best]) > 0) best = j;
  std::vector<std::size_t> argmax;
  for (std::size_t j = 0; j < N; ++j)
    if (j == best || compare(s[j], s[best]) == 0) argmax.push_back(j);
  RefVector w(N, kZero);
  if (n == Normalizer::HardmaxFirst) w[argmax.front()] = kOne;
  else if (n == Normalizer::HardmaxLast) w[argmax.back()] = kOne;
  else
    for (std::size_t j : argmax) w[j] = RefNumber(Rational(mpz_class(1), mpz_class(static_cast<long>(argmax.size()))));
  return w;
}

Columns attention(const AttentionLayer& att, const Columns& X) {
  const std::size_t N = X.size(), D = X[0].size();
  Columns Y = X;
  for (const AttentionHead& head : att.heads) {
    Columns Q, K, V;
    for (const RefVector& x : X) {
      Q.push_back(mat_vec(head.wq, x, head.bq ? &*head.bq : nullptr));
      K.push_back(mat_vec(head.wk, x, nullptr));
      V.push_back(mat_vec(head.wv, x, nullptr));
    }
    for (std::size_t i = 0; i < N; ++i) {
      RefVector scores;
      for (std::size_t j = 0; j < N; ++j) {
        RefNumber s = kZero;
        for (std::size_t k = 0; k < K[j].size(); ++k) s = s + K[j][k] * Q[i][k];
        scores.push_back(s * RefNumber(att.scale));
      }
      const RefVector w = normalize(att.normalizer, scores);
      RefVector mixed(V[0].size(), kZero);  // sum_j w_j V_j
      for (std::size_t j = 0; j < N; ++j)
        for (std::size_t c = 0; c < mixed.size(); ++c) mixed[c] = mixed[c] + w[j] * V[j][c];
      for (std::size_t r = 0; r < D; ++r) Y[i][r] = Y[i][r] + dot(head.wo[r], mixed);
    }
  }
  return Y;
}

Columns sequence_layer(const Layer& layer, const Columns& X) {
  if (const auto* l = std::get_if<AttentionLayer>(&layer.kind)) return attention(*l, X);
  Columns Y;
  if (const auto* l = std::get_if<TokenwiseLayer>(&layer.kind)) {
    for (const RefVector& x : X) Y.push_back(vector_layers(l->layers, x));
    return Y;
  }
  const auto& E = std::get<PositionalEncodingLayer>(layer.kind).matrix;
  Y = X;
  for (std::size_t i = 0; i < X.size(); ++i)
    for (std::size_t r = 0; r < X[i].size(); ++r) Y[i][r] = X[i][r] + RefNumber(E[r][i]);
  return Y;
}

}  // namespace

RefVector reference_outputs(const Network& net, const std::vector<Rational>& x) {
  if (x.size() != input_dim(net)) throw std::invalid_argument("reference: wrong number of inputs");
  const std::size_t D = net.input.dim;
  if (!net.input.tokens) return vector_layers(net.layers, RefVector(x.begin(), x.end()));
  Columns X(*net.input.tokens);
  for (std::size_t i = 0; i < X.size(); ++i)
    for (std::size_t r = 0; r < D; ++r) X[i].push_back(x[i * D + r]);
  for (const Layer& layer : net.layers) X = sequence_layer(layer, X);
  RefVector out;
  for (const RefVector& column : X) out.insert(out.end(), column.begin(), column.end());
  return out;
}

}  // namespace approxcert::test

namespace approxcert::soak {

Mp::Mp(long prec) {
  mpfr_init2(v_, prec);
  mpfr_set_zero(v_, 1);
}
Mp::Mp(const Mp& o) {
  mpfr_init2(v_, mpfr_get_prec(o.v_));
  mpfr_set(v_, o.v_, MPFR_RNDN);
}
Mp& Mp::operator=(const Mp& o) {
  if (this != &o) {
    mpfr_set_prec(v_, mpfr_get_prec(o.v_));
    mpfr_set(v_, o.v_, MPFR_RNDN);
  }
  return *this;
}
Mp::~Mp() { mpfr_clear(v_); }

std::vector<Mp> reference_outputs(const Network& net, const std::vector<Rational>& x, long prec) {
  std::vector<Mp> out;
  for (const test::RefNumber& v : test::reference_outputs(net, x)) {
    Mp m(prec);
    mpfr_set_q(m.get(), v.value().get_mpq_t(), MPFR_RNDN);
    out.push_back(m);
  }
  return out;
}

Rational reference_tolerance(const Mp& v, long prec) {
  mpq_class a;
  mpfr_get_q(a.get_mpq_t(), v.get());  // exact: v is finite
  return (Rational(1) + abs(Rational(a))) * pow2(20 - prec);
}

}  // namespace approxcert::soak
