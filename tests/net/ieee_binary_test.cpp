// ieee_binary_value: the exact value of IEEE binary16/32/64 bits. Reference: the C library's exact
// hexadecimal printing ("%a", which prints every bit of a double) read back by parse_rational --
// a different code path from the bit decoding -- and a table of binary16 values from the standard.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "../test_multiplier.hpp"
#include "net/ieee_binary.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;

namespace {

std::string hex_text(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", d);
  return buf;
}

// The exact value of a finite double through its "%a" text (an independent path).
Rational via_hex(double d) {
  std::string t = hex_text(d);
  if (t == "0x0p+0" || t == "-0x0p+0") return Rational(0);
  return parse_rational(t);
}

}  // namespace

TEST_CASE("ieee_binary: binary32 and binary64 bits equal the C library's exact hex text") {
  std::mt19937_64 rng(15);
  int finite32 = 0, finite64 = 0;
  for (int i = 0; i < approxcert::test::random_cases(20000); ++i) {
    const auto bits32 = static_cast<std::uint32_t>(rng());
    const float f = std::bit_cast<float>(bits32);
    const auto v32 = ieee_binary_value(bits32, kBinary32);
    CHECK(v32.has_value() == std::isfinite(f));
    if (v32) {
      ++finite32;
      CHECK_MESSAGE(*v32 == via_hex(static_cast<double>(f)), hex_text(f));  // float -> double is exact
    }
    const std::uint64_t bits64 = rng();
    const double d = std::bit_cast<double>(bits64);
    const auto v64 = ieee_binary_value(bits64, kBinary64);
    CHECK(v64.has_value() == std::isfinite(d));
    if (v64) {
      ++finite64;
      CHECK_MESSAGE(*v64 == via_hex(d), hex_text(d));
    }
  }
  CHECK(finite32 > 19000);
  CHECK(finite64 > 19000);
}

TEST_CASE("ieee_binary: edge cases of binary32 (zeros, subnormals, extremes, NaN, infinities)") {
  CHECK(*ieee_binary_value(0x00000000u, kBinary32) == Rational(0));
  CHECK(*ieee_binary_value(0x80000000u, kBinary32) == Rational(0));                           // -0 is 0
  CHECK(*ieee_binary_value(0x00000001u, kBinary32) == pow2(-149));                            // smallest subnormal
  CHECK(*ieee_binary_value(0x00800000u, kBinary32) == pow2(-126));                            // smallest normal
  CHECK(*ieee_binary_value(0x7f7fffffu, kBinary32) == (pow2(24) - Rational(1)) * pow2(104));  // FLT_MAX
  CHECK(*ieee_binary_value(0x3dcccccdu, kBinary32) == Rational(mpz_class(13421773), mpz_class(134217728)));  // 0.1f
  CHECK(*ieee_binary_value(0xbf800000u, kBinary32) == Rational(-1));
  CHECK_FALSE(ieee_binary_value(0x7f800000u, kBinary32).has_value());  // +inf
  CHECK_FALSE(ieee_binary_value(0xff800000u, kBinary32).has_value());  // -inf
  CHECK_FALSE(ieee_binary_value(0x7fc00000u, kBinary32).has_value());  // quiet NaN
  CHECK_FALSE(ieee_binary_value(0x7f800001u, kBinary32).has_value());  // signalling NaN
}

TEST_CASE("ieee_binary: binary16 values from the IEEE 754 tables") {
  CHECK(*ieee_binary_value(0x3c00, kBinary16) == Rational(1));
  CHECK(*ieee_binary_value(0xc000, kBinary16) == Rational(-2));
  CHECK(*ieee_binary_value(0x7bff, kBinary16) == Rational(65504));             // largest finite
  CHECK(*ieee_binary_value(0x0400, kBinary16) == pow2(-14));                   // smallest normal
  CHECK(*ieee_binary_value(0x0001, kBinary16) == pow2(-24));                   // smallest subnormal
  CHECK(*ieee_binary_value(0x03ff, kBinary16) == Rational(1023) * pow2(-24));  // largest subnormal
  CHECK(*ieee_binary_value(0x3555, kBinary16) == Rational(1365) * pow2(-12));  // nearest to 1/3
  CHECK(*ieee_binary_value(0x8000, kBinary16) == Rational(0));
  CHECK_FALSE(ieee_binary_value(0x7c00, kBinary16).has_value());
  CHECK_FALSE(ieee_binary_value(0xfc00, kBinary16).has_value());
  CHECK_FALSE(ieee_binary_value(0x7e00, kBinary16).has_value());
}
