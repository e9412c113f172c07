#include "theorems/wright2021/feature_map.hpp"

#include <functional>

#include "scalar/ball.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

Rational factorial(std::uint64_t n) {
  Rational f(1);
  for (std::uint64_t i = 2; i <= n; ++i) f *= Rational(static_cast<long>(i));
  return f;
}

}  // namespace

std::vector<std::vector<std::uint64_t>> multi_indices(std::size_t d, std::uint64_t n) {
  std::vector<std::vector<std::uint64_t>> out;
  std::vector<std::uint64_t> alpha(d, 0);
  std::function<void(std::size_t, std::uint64_t)> place = [&](std::size_t i, std::uint64_t left) {
    if (i + 1 == d) {
      alpha[i] = left;
      out.push_back(alpha);
      return;
    }
    for (std::uint64_t a = 0; a <= left; ++a) {
      alpha[i] = a;
      place(i + 1, left - a);
    }
  };
  if (d > 0) place(0, n);
  return out;
}

Rational degree_block(const std::vector<Rational>& q, const std::vector<Rational>& k, std::uint64_t n) {
  Rational sum(0);
  const Rational nf = factorial(n);
  for (const auto& alpha : multi_indices(q.size(), n)) {
    Rational term = nf;
    for (std::size_t i = 0; i < alpha.size(); ++i)
      term = term * pow_int(q[i] * k[i], static_cast<long>(alpha[i])) / factorial(alpha[i]);
    sum += term;
  }
  return sum;
}

std::vector<Rational> project(const ExactMatrix& W, const ExactMatrix& X, long row) {
  std::vector<Rational> r;
  for (long i = 0; i < W.rows(); ++i) {
    Rational s(0);
    for (long j = 0; j < W.cols(); ++j) s += W.at(i, j) * X.at(row, j);
    r.push_back(s);
  }
  return r;
}

// (sum_i |x_i|^r)^{1/r}: the l^r norm of an enclosed vector (r > 0). |x|^r = exp(r log |x|) when
// |x| > 0 certainly; a coordinate that may be 0 contributes [0, upper(|x|)^r] (monotone in |x|).
Ball lr_norm(const std::vector<Ball>& v, const Rational& r, Prec p) {
  Ball s, a, e, rb;
  set(rb, r, p);
  for (const Ball& x : v) {
    abs(a, x, p);
    const Rational hi = upper(a);
    if (hi.sign() == 0) continue;  // exactly 0
    const bool positive = lower(a).sign() > 0;
    if (!positive) set(a, hi, p);
    log(e, a, p);
    mul(e, e, rb, p);
    exp(e, e, p);
    if (!positive) set_interval(e, Rational(0), upper(e), p);
    add(s, s, e, p);
  }
  log(e, s, p);
  div(e, e, rb, p);
  exp(e, e, p);
  return e;
}

}  // namespace approxcert::theorems::wright2021
