#pragma once
// Monomial bookkeeping of the construction (spec (F3)-(F5)): the nondecreasing tuples A_0..A_k over
// {0..d} (tuple a stands for prod_t xt_{a_t} with xt = (1, x_1, ..., x_d)), the pairs (a, b) that
// build A_{l+1} from A_l, and the column layout of the residual stream. Combinatorics only.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace approxcert::theorems::fang2022 {

using Tuple = std::vector<std::size_t>;  // nondecreasing entries in {0..d}

struct Monomials {
  std::size_t d = 0, k = 0;
  std::vector<std::vector<Tuple>> A;  // A[l], l = 0..k, in the order of (F3)
  // pairs[l][j] = (idx_l(a_j), b_j) for j < m_{l+1}: A[l+1][j] = A[l][idx] followed by b.
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> pairs;
  std::size_t m(std::size_t l) const { return A[l].size(); }
};

// A_0..A_k by (F3). std::invalid_argument if d < 1 or some m_l exceeds max_size.
Monomials monomials(std::size_t d, std::size_t k, std::size_t max_size = 1000000);
// Variant 2.7(b): ALL tuples over {0..d} (the nondecreasing constraint of (F3) dropped), so
// m_l = (d+1)^l and R_l = xt^{tensor l}; pairs extend every tuple by b = 0..d. Same errors.
Monomials tensor_powers(std::size_t d, std::size_t k, std::size_t max_size = 1000000);

// alpha(a)_i = #{t : a_t = i}, i = 1..d: the exponent vector of the monomial a stands for.
std::vector<std::size_t> exponents(const Tuple& a, std::size_t d);

// The monomial as target-language text over x0..x{d-1} ("1", "x0*x0*x1").
std::string monomial_text(const Tuple& a);

// binomial(n, r) exactly as an integer, or std::overflow_error beyond 2^64.
std::uint64_t binomial(std::uint64_t n, std::uint64_t r);

// Residual-stream columns (spec 2.2): POS (n), R_0 (1), R_1..R_k (m_l), K_0..K_{k-1} (m_l).
struct Layout {
  std::size_t n = 0, D = 0;
  std::vector<std::size_t> r_start;    // r_start[l]: first column of R_l, l = 0..k
  std::vector<std::size_t> key_start;  // key_start[l]: first column of K_l, l = 0..k-1
  std::size_t pos(std::size_t j) const { return j; }
  std::size_t r(std::size_t l, std::size_t t) const { return r_start[l] + t; }
  std::size_t key(std::size_t l, std::size_t t) const { return key_start[l] + t; }
};
Layout layout(const Monomials& mono);

}  // namespace approxcert::theorems::fang2022
