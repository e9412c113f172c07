// binomial(n, k): exact, against Pascal's triangle built by integer addition alone (an independent
// reference), a known large value, and 0 above the diagonal.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "scalar/binomial.hpp"

namespace approxcert {
namespace {

TEST_CASE("binomial: every entry of Pascal's triangle up to n = 66, exactly") {
  std::vector<std::uint64_t> row{1};  // row n of the triangle; C(66, 33) < 2^64
  for (std::uint64_t n = 0; n <= 66; ++n) {
    for (std::uint64_t k = 0; k <= n; ++k) {
      CAPTURE(n);
      CAPTURE(k);
      CHECK(binomial(n, k) == Rational(mpz_class(std::to_string(row[k]))));
    }
    CHECK(binomial(n, n + 1) == Rational(0));
    std::vector<std::uint64_t> next(row.size() + 1, 1);
    for (std::size_t k = 1; k < row.size(); ++k) next[k] = row[k - 1] + row[k];
    row = next;
  }
}

TEST_CASE("binomial: a value beyond 64 bits, and 0 for k > n") {
  CHECK(binomial(100, 50) == parse_rational("100891344545564193334812497256"));
  CHECK(binomial(0, 0) == Rational(1));
  CHECK(binomial(3, 7) == Rational(0));
}

}  // namespace
}  // namespace approxcert
