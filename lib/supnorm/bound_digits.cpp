#include "supnorm/bound_digits.hpp"

#include <algorithm>

namespace approxcert {

namespace {

// floor(log10 |q|) within +-1, from the bit lengths (exact integers, no double).
long decimal_exponent_estimate(const Rational& q) {
  const long bits = static_cast<long>(mpz_sizeinbase(q.num().get_mpz_t(), 2)) -
                    static_cast<long>(mpz_sizeinbase(q.den().get_mpz_t(), 2));
  return bits * 30103 / 100000;  // log10(2) = 0.30103...
}

bool tight_enough(const Rational& lower, const Rational& upper, int digits) {
  const Rational printed = parse_rational(decimal_up(upper, digits)) - parse_rational(decimal_down(lower, digits));
  return printed <= Rational(2) * (upper - lower);
}

}  // namespace

int enclosure_digits(const Rational& lower, const std::optional<Rational>& upper, int min_digits) {
  min_digits = std::clamp(min_digits, 1, kMaxBoundDigits);
  if (!upper || lower.sign() <= 0) return min_digits;
  if (*upper == lower) return 0;
  // The relative gap is about 10^-k: about k + 2 digits keep the rounding below the gap.
  const long k = decimal_exponent_estimate(lower) - decimal_exponent_estimate(*upper - lower);
  int digits = static_cast<int>(std::clamp<long>(k + 2, min_digits, kMaxBoundDigits));
  while (!tight_enough(lower, *upper, digits)) {
    if (digits == kMaxBoundDigits) return 0;
    digits = std::min(kMaxBoundDigits, digits + 4);
  }
  return digits;
}

}  // namespace approxcert
