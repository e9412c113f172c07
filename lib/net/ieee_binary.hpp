#pragma once
// Exact values of IEEE 754 binary floating-point numbers: every finite float is a dyadic rational
// (integer mantissa times a power of two), so it is read from its bits exactly, never printed.
#include <cstdint>
#include <optional>

#include "scalar/rational.hpp"

namespace approxcert {

// The IEEE 754 binary formats importers meet: binary16, binary32, binary64.
struct IeeeFormat {
  int exponent_bits;
  int fraction_bits;
};
inline constexpr IeeeFormat kBinary16{5, 10};
inline constexpr IeeeFormat kBinary32{8, 23};
inline constexpr IeeeFormat kBinary64{11, 52};

// The exact value of the number whose bits (sign, exponent, fraction; the low 1 + exponent_bits +
// fraction_bits bits of `bits`) are given, subnormals and signed zeros included (-0 is 0);
// nullopt for NaN and the infinities.
std::optional<Rational> ieee_binary_value(std::uint64_t bits, IeeeFormat format);

}  // namespace approxcert
