// fang2022 monomial bookkeeping against the spec's explicit lists (2.1, 4.1) and against a
// brute-force enumeration of all multisets (independent of the (F3) recursion).
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "theorems/fang2022/monomials.hpp"

using namespace approxcert::theorems::fang2022;

namespace {

// All multisets of size l over {0..d}, as sorted tuples, by enumerating {0..d}^l.
std::set<Tuple> brute_force(std::size_t d, std::size_t l) {
  std::set<Tuple> out;
  Tuple t(l, 0);
  while (true) {
    Tuple s = t;
    std::sort(s.begin(), s.end());
    out.insert(s);
    std::size_t i = 0;
    while (i < l && t[i] == d) t[i++] = 0;
    if (i == l) break;
    ++t[i];
  }
  return out;
}

}  // namespace

TEST_CASE(
    "fang2022 monomials: A_3 for d = 2 is the spec's list (1, x1, x2, x1^2, x1x2, x2^2, x1^3, x1^2x2, x1x2^2, x2^3)") {
  const Monomials m = monomials(2, 3);
  std::vector<std::string> texts;
  for (const Tuple& a : m.A[3]) texts.push_back(monomial_text(a));
  CHECK(texts == std::vector<std::string>{"1", "x0", "x1", "x0*x0", "x0*x1", "x1*x1", "x0*x0*x0", "x0*x0*x1",
                                          "x0*x1*x1", "x1*x1*x1"});
  CHECK(m.m(0) == 1);
  CHECK(m.m(1) == 3);
  CHECK(m.m(2) == 6);
  CHECK(m.m(3) == 10);
}

TEST_CASE("fang2022 monomials: A_l is every multiset of size l exactly once, and pairs rebuild it (F4)") {
  for (std::size_t d = 1; d <= 4; ++d)
    for (std::size_t k = 1; k <= 4; ++k) {
      const Monomials m = monomials(d, k);
      for (std::size_t l = 0; l <= k; ++l) {
        const std::set<Tuple> distinct(m.A[l].begin(), m.A[l].end());
        CHECK(distinct.size() == m.A[l].size());
        CHECK(distinct == brute_force(d, l));
        CHECK(m.m(l) == binomial(d + l, l));
      }
      for (std::size_t l = 0; l < k; ++l)
        for (std::size_t j = 0; j < m.m(l + 1); ++j) {
          Tuple t = m.A[l][m.pairs[l][j].first];
          t.push_back(m.pairs[l][j].second);
          CHECK(t == m.A[l + 1][j]);
        }
    }
}

TEST_CASE("fang2022 layout: the column offsets of spec 4.1 (d = 2, k = 3, D = 40)") {
  const Layout L = layout(monomials(2, 3));
  CHECK(L.n == 10);
  CHECK(L.D == 40);
  CHECK(L.r_start == std::vector<std::size_t>{10, 11, 14, 20});
  CHECK(L.key_start == std::vector<std::size_t>{30, 31, 34});
}

TEST_CASE("fang2022 binomial: Pascal's rule, and overflow is refused") {
  for (std::uint64_t n = 1; n < 60; ++n)
    for (std::uint64_t r = 1; r < n; ++r) CHECK(binomial(n, r) == binomial(n - 1, r - 1) + binomial(n - 1, r));
  CHECK(binomial(5, 7) == 0);
  CHECK_THROWS_AS(binomial(200, 100), std::overflow_error);
}

TEST_CASE("fang2022 exponents and monomial text") {
  CHECK(exponents(Tuple{0, 1, 1, 2}, 2) == std::vector<std::size_t>{2, 1});
  CHECK(monomial_text(Tuple{0, 0}) == "1");
  CHECK(monomial_text(Tuple{0, 2, 3}) == "x1*x2");
}

TEST_CASE("fang2022 tensor_powers (2.7(b)): every tuple over {0..d} once, m_l = (d+1)^l, pairs extend by b = 0..d") {
  const Monomials t = tensor_powers(2, 3);
  for (std::size_t l = 0, m = 1; l <= 3; ++l, m *= 3) CHECK(t.m(l) == m);
  std::set<Tuple> seen(t.A[3].begin(), t.A[3].end());
  CHECK(seen.size() == 27);
  for (const Tuple& a : t.A[3]) {
    REQUIRE(a.size() == 3);
    for (const std::size_t b : a) CHECK(b <= 2);
  }
  for (std::size_t j = 0; j < t.m(3); ++j) {
    const auto [ia, b] = t.pairs[2][j];
    Tuple want = t.A[2][ia];
    want.push_back(b);
    CHECK(t.A[3][j] == want);
  }
}
