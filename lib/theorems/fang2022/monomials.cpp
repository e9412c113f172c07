#include "theorems/fang2022/monomials.hpp"

#include <stdexcept>

namespace approxcert::theorems::fang2022 {

namespace {

// A_0..A_k extending every tuple by b = first(a)..d: the last entry (F3), or 0 (all tuples).
Monomials extend(std::size_t d, std::size_t k, std::size_t max_size, bool nondecreasing) {
  if (d < 1) throw std::invalid_argument("monomials: d must be at least 1");
  Monomials mono;
  mono.d = d;
  mono.k = k;
  mono.A.push_back({Tuple{}});
  for (std::size_t l = 0; l < k; ++l) {
    std::vector<Tuple> next;
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    const std::vector<Tuple>& cur = mono.A[l];
    for (std::size_t i = 0; i < cur.size(); ++i) {
      const std::size_t last = cur[i].empty() || !nondecreasing ? 0 : cur[i].back();
      for (std::size_t b = last; b <= d; ++b) {
        if (next.size() >= max_size)
          throw std::invalid_argument("monomials: more than " + std::to_string(max_size) +
                                      " monomials of degree <= " + std::to_string(l + 1));
        Tuple t = cur[i];
        t.push_back(b);
        next.push_back(std::move(t));
        pairs.emplace_back(i, b);
      }
    }
    mono.A.push_back(std::move(next));
    mono.pairs.push_back(std::move(pairs));
  }
  return mono;
}

}  // namespace

Monomials monomials(std::size_t d, std::size_t k, std::size_t max_size) { return extend(d, k, max_size, true); }

Monomials tensor_powers(std::size_t d, std::size_t k, std::size_t max_size) { return extend(d, k, max_size, false); }

std::vector<std::size_t> exponents(const Tuple& a, std::size_t d) {
  std::vector<std::size_t> alpha(d, 0);
  for (const std::size_t t : a)
    if (t > 0) ++alpha.at(t - 1);
  return alpha;
}

std::string monomial_text(const Tuple& a) {
  std::string s;
  for (const std::size_t t : a) {
    if (t == 0) continue;
    s += (s.empty() ? "" : "*") + std::string("x") + std::to_string(t - 1);
  }
  return s.empty() ? "1" : s;
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t r) {
  if (r > n) return 0;
  r = std::min(r, n - r);
  __extension__ unsigned __int128 b = 1;  // a GCC/Clang extension, on purpose: the exact product before the division
  for (std::uint64_t i = 1; i <= r; ++i) {
    b = b * (n - r + i) / i;  // exact: b * (n-r+i) is divisible by i at every step
    if (b > UINT64_MAX) throw std::overflow_error("binomial: exceeds 2^64");
  }
  return static_cast<std::uint64_t>(b);
}

Layout layout(const Monomials& mono) {
  Layout L;
  L.n = mono.m(mono.k);
  std::size_t col = L.n;
  for (std::size_t l = 0; l <= mono.k; ++l) {
    L.r_start.push_back(col);
    col += mono.m(l);
  }
  for (std::size_t l = 0; l < mono.k; ++l) {
    L.key_start.push_back(col);
    col += mono.m(l);
  }
  L.D = col;
  return L;
}

}  // namespace approxcert::theorems::fang2022
