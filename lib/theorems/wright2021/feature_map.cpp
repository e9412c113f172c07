#include "theorems/wright2021/feature_map.hpp"

#include <functional>

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

Rational binomial(std::uint64_t d_plus_n, std::uint64_t n) {
  Rational r(1);
  for (std::uint64_t i = 1; i <= n; ++i)
    r = r * Rational(static_cast<long>(d_plus_n - n + i)) / Rational(static_cast<long>(i));
  return r;
}

}  // namespace approxcert::theorems::wright2021
