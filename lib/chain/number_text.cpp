#include "chain/number_text.hpp"

#include <cstdlib>

namespace approxcert::chain {

namespace {

constexpr unsigned long kMaxTextExponent = 100000;  // parse_rational's exponent limit

// Removes every factor p from z and returns how many there were.
unsigned long strip_factor(mpz_class& z, unsigned long p) {
  if (z == 0) return 0;
  return mpz_remove(z.get_mpz_t(), z.get_mpz_t(), mpz_class(p).get_mpz_t());
}

// "<m>e<k>" with m an integer without trailing zeros, if q = m * 10^k (den = 2^a 5^b).
std::string decimal_form(const Rational& q) {
  mpz_class rest = q.den();
  const unsigned long a = strip_factor(rest, 2), b = strip_factor(rest, 5);
  if (rest != 1) return {};
  const unsigned long k = std::max(a, b);
  mpz_class m = q.num();
  if (k - a > 0) m *= mpz_class(1) << (k - a);
  if (k - b > 0) {
    mpz_class five;
    mpz_ui_pow_ui(five.get_mpz_t(), 5, k - b);
    m *= five;
  }
  long e = -static_cast<long>(k);
  if (m == 0) return "0";
  mpz_class mag = abs(m);
  e += static_cast<long>(strip_factor(mag, 10));
  if (static_cast<unsigned long>(std::labs(e)) > kMaxTextExponent) return {};
  const std::string sign = m < 0 ? "-" : "";
  return e == 0 ? sign + mag.get_str(10) : sign + mag.get_str(10) + "e" + std::to_string(e);
}

// "0x<m>p<k>" if q = m * 2^k.
std::string hex_form(const Rational& q) {
  mpz_class rest = q.den();
  const unsigned long a = strip_factor(rest, 2);
  if (rest != 1 || q.sign() == 0) return {};
  mpz_class mag = abs(q.num());
  long e = -static_cast<long>(a);
  e += static_cast<long>(mpz_scan1(mag.get_mpz_t(), 0));
  mag >>= mpz_scan1(mag.get_mpz_t(), 0);
  if (static_cast<unsigned long>(std::labs(e)) > kMaxTextExponent) return {};
  return std::string(q.sign() < 0 ? "-" : "") + "0x" + mag.get_str(16) + "p" + std::to_string(e);
}

}  // namespace

std::string exact_text(const Rational& q) {
  // Cheap size test first: a short fraction is written as always (no 10^k work for 1/3).
  if (mpz_sizeinbase(q.gmp().get_num_mpz_t(), 10) + mpz_sizeinbase(q.gmp().get_den_mpz_t(), 10) + 2 <= kShortExactText)
    return q.to_string();
  std::string best = q.to_string();
  if (best.size() <= kShortExactText) return best;
  for (const std::string& t : {decimal_form(q), hex_form(q)})
    if (!t.empty() && t.size() < best.size()) best = t;
  return best;
}

}  // namespace approxcert::chain
