// bessel_i (scalar/bessel.hpp) against an independent exact reference: the power series
// I_m(z) = sum_k (z/2)^(2k+m) / (k! (k+m)!) summed in exact rationals to K terms, plus a rigorous
// geometric bound of the tail (the term ratio (z/2)^2 / ((k+1)(k+1+m)) decreases in k). The true
// value lies in [S_K, S_K + tail]; the ball must contain that whole interval, without slack.
#include <doctest/doctest.h>

#include "scalar/bessel.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

struct Bracket {
  Rational lo, hi;
};

Bracket series_bracket(const Rational& z, std::uint64_t m, std::uint64_t K) {
  const Rational h = z / Rational(2), h2 = h * h;
  Rational term = Rational(1);  // k = 0: (z/2)^m / m!
  for (std::uint64_t j = 1; j <= m; ++j) term = term * h / Rational(static_cast<long>(j));
  Rational sum(0);
  for (std::uint64_t k = 0; k <= K; ++k) {
    sum += term;
    term = term * h2 / (Rational(static_cast<long>(k + 1)) * Rational(static_cast<long>(k + 1 + m)));
  }
  // term is now the (K+1)-th; every later ratio is at most q < 1.
  const Rational q = h2 / (Rational(static_cast<long>(K + 2)) * Rational(static_cast<long>(K + 2 + m)));
  REQUIRE(q < Rational(1));
  return {sum, sum + term / (Rational(1) - q)};
}

}  // namespace

TEST_CASE("bessel_i: contains the exact series value of I_m(z), tightly, for several orders and arguments") {
  for (const char* z_text : {"1", "5/2", "1/10", "12"}) {
    for (std::uint64_t m : {0u, 1u, 3u, 10u}) {
      const Rational z = parse_rational(z_text);
      const Bracket ref = series_bracket(z, m, 120);
      REQUIRE(ref.hi - ref.lo < parse_rational("1e-100"));
      Ball zb, r;
      set(zb, z, Prec(256));
      bessel_i(r, m, zb, Prec(256));
      INFO("z = " << z_text << ", m = " << m);
      REQUIRE(is_finite(r));
      CHECK(lower(r) <= ref.lo);
      CHECK(upper(r) >= ref.hi);
      CHECK(upper(r) - lower(r) < parse_rational("1e-60") * (Rational(1) + ref.hi));
    }
  }
}

TEST_CASE("bessel_i: a wide argument gives an enclosure of the whole range (I_m is increasing on z > 0)") {
  Ball z, r;
  set_interval(z, Rational(1), Rational(2), Prec(128));
  bessel_i(r, 2, z, Prec(128));
  REQUIRE(is_finite(r));
  CHECK(lower(r) <= series_bracket(Rational(1), 2, 80).lo);
  CHECK(upper(r) >= series_bracket(Rational(2), 2, 80).hi);
}
