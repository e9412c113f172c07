#include "scalar/exact_text.hpp"

#include <algorithm>
#include <cstdlib>

namespace approxcert {

namespace {

// parse_rational's limits: the magnitude of an exponent, the digits of one mantissa.
constexpr long kMaxTextExponent = 100000;
constexpr std::size_t kMaxTextDigits = 100000;

// Removes every factor p from z and returns how many there were.
unsigned long strip_factor(mpz_class& z, unsigned long p) {
  if (z == 0) return 0;
  return mpz_remove(z.get_mpz_t(), z.get_mpz_t(), mpz_class(p).get_mpz_t());
}

// Whether a mantissa of `digits` digits with exponent `e` is within parse_rational's limits (a
// margin for the zeros a plain decimal writes around its digits, and the sizeinbase overcount).
bool readable(std::size_t digits, long e) {
  return digits + 32 <= kMaxTextDigits && std::labs(e) + 1 <= kMaxTextExponent;
}

// The exact decimal of q if q = m 10^e (its denominator is 2^a 5^b), within parse_rational's
// limits and shorter than `shorter_than` characters; else "".
std::string exact_decimal(const Rational& q, std::size_t shorter_than) {
  if (q.sign() == 0) return "0";
  mpz_class rest = q.den();
  const unsigned long twos = strip_factor(rest, 2), fives = strip_factor(rest, 5);
  if (rest != 1) return {};
  const unsigned long k = std::max(twos, fives);
  mpz_class m = abs(q.num());
  mpz_mul_2exp(m.get_mpz_t(), m.get_mpz_t(), k - twos);
  mpz_class five;
  mpz_ui_pow_ui(five.get_mpz_t(), 5, k - fives);
  m *= five;
  const long e = static_cast<long>(strip_factor(m, 10)) - static_cast<long>(k);
  const std::size_t digits = mpz_sizeinbase(m.get_mpz_t(), 10);  // exact or one more
  if (!readable(digits, e + static_cast<long>(digits)) || digits >= shorter_than) return {};
  // q has at most `digits` significant digits: the nearest decimal with that many is q itself.
  return decimal_near(q, static_cast<int>(digits));
}

// "0x<m>p<k>" if q = m 2^k within parse_rational's limits; else "".
std::string exact_hex(const Rational& q) {
  mpz_class rest = q.den();
  const unsigned long twos = strip_factor(rest, 2);
  if (rest != 1 || q.sign() == 0) return {};
  mpz_class m = abs(q.num());
  const unsigned long shift = mpz_scan1(m.get_mpz_t(), 0);
  m >>= shift;
  const long e = static_cast<long>(shift) - static_cast<long>(twos);
  if (!readable(mpz_sizeinbase(m.get_mpz_t(), 16), e)) return {};
  return std::string(q.sign() < 0 ? "-" : "") + "0x" + m.get_str(16) + "p" + std::to_string(e);
}

}  // namespace

std::string exact_text(const Rational& q) {
  const std::string short_decimal = exact_decimal(q, kShortExactText + 1);
  if (!short_decimal.empty() && short_decimal.size() <= kShortExactText) return short_decimal;
  std::string best = q.to_string();
  if (best.size() <= kShortExactText) return best;
  if (const std::string hex = exact_hex(q); !hex.empty() && hex.size() < best.size()) best = hex;
  // A long decimal only where it can beat the others (its digits alone are fewer characters).
  if (const std::string decimal = exact_decimal(q, best.size()); !decimal.empty() && decimal.size() < best.size())
    best = decimal;
  return best;
}

}  // namespace approxcert
