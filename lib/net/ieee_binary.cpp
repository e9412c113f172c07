#include "net/ieee_binary.hpp"

namespace approxcert {

std::optional<Rational> ieee_binary_value(std::uint64_t bits, IeeeFormat f) {
  const std::uint64_t fraction_mask = (std::uint64_t{1} << f.fraction_bits) - 1;
  const std::uint64_t exponent_mask = (std::uint64_t{1} << f.exponent_bits) - 1;
  const bool negative = (bits >> (f.exponent_bits + f.fraction_bits)) & 1;
  const std::uint64_t biased = (bits >> f.fraction_bits) & exponent_mask;
  const std::uint64_t fraction = bits & fraction_mask;
  if (biased == exponent_mask) return std::nullopt;  // NaN or +-infinity
  const long bias = (1L << (f.exponent_bits - 1)) - 1;
  // Normal: (2^p + fraction) 2^(e - bias - p); subnormal (e = 0): fraction 2^(1 - bias - p).
  mpz_class mantissa;
  mpz_import(mantissa.get_mpz_t(), 1, 1, sizeof fraction, 0, 0, &fraction);
  long exponent = 1 - bias - f.fraction_bits;
  if (biased != 0) {
    mantissa += mpz_class(1) << f.fraction_bits;
    exponent = static_cast<long>(biased) - bias - f.fraction_bits;
  }
  Rational value = Rational(mantissa) * pow2(exponent);
  return negative ? -value : value;
}

}  // namespace approxcert
