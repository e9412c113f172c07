#include "theorems/wright2021/attention_head.hpp"

#include "scalar/rational.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

NumberMatrix zeros(long rows, long cols) { return NumberMatrix(rows, NumberVector(cols, Number(0))); }

// 1/sqrt(d): exact when d is a perfect square, else the constant expression "1/sqrt(d)".
Number inverse_sqrt(long d) {
  for (long r = 1; r * r <= d; ++r)
    if (r * r == d) return Number(Rational(1) / Rational(r));
  return Number::expression("1/sqrt(" + std::to_string(d) + ")");
}

}  // namespace

Network AttentionHeadInstance::network(bool key_bias) const {
  const long D = width(), d = kernel.d(), rows = d + (key_bias ? 1 : 0);
  const long s0 = dt(), e0 = dt() + ds(), c0 = e0 + n(), out0 = c0 + 1;
  AttentionHead head;
  head.wq = zeros(rows, D);
  head.wk = zeros(rows, D);
  for (long i = 0; i < d; ++i) {
    for (long j = 0; j < dt(); ++j) head.wq[i][j] = kernel.wq.at(i, j);
    for (long j = 0; j < ds(); ++j) head.wk[i][s0 + j] = kernel.wk.at(i, j);
  }
  if (key_bias) {
    NumberVector bq(rows, Number(0));
    bq[d] = Rational(-1) / Rational(2);
    head.bq = bq;
    head.wk[d][c0] = Rational(1);
  }
  head.wv = zeros(dv() + n(), D);
  for (long i = 0; i < dv(); ++i)
    for (long j = 0; j < ds(); ++j) head.wv[i][s0 + j] = wv.at(i, j);
  for (long j = 0; j < n(); ++j) head.wv[dv() + j][e0 + j] = Rational(1);
  head.wo = zeros(D, dv() + n());
  for (long i = 0; i < dv() + n(); ++i) head.wo[out0 + i][i] = Rational(1);
  AttentionLayer attention{{head}, Normalizer::Softmax, inverse_sqrt(d)};
  return Network{{static_cast<std::size_t>(D), static_cast<std::size_t>(n())}, {Layer{attention}}};
}

std::vector<Rational> AttentionHeadInstance::input(const ExactMatrix& t) const {
  const ExactMatrix k = mul(kernel.wk, transpose(sources));  // d x n
  std::vector<Rational> x;
  for (long j = 0; j < n(); ++j) {
    for (long i = 0; i < dt(); ++i) x.push_back(t.at(0, i));
    for (long i = 0; i < ds(); ++i) x.push_back(sources.at(j, i));
    for (long i = 0; i < n(); ++i) x.push_back(Rational(i == j ? 1 : 0));
    Rational norm2(0);
    for (long i = 0; i < k.rows(); ++i) norm2 += k.at(i, j) * k.at(i, j);
    x.push_back(norm2);
    for (long i = 0; i < dv() + n(); ++i) x.push_back(Rational(0));
  }
  return x;
}

}  // namespace approxcert::theorems::wright2021
