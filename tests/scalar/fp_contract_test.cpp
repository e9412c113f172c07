// The build never fuses a*b+c into one rounding (CMakeLists.txt sets -ffp-contract=off), on which
// the outward-rounded double arithmetic's bounds rest. The probe below is compiled for a CPU with
// FMA at -O2 (tests/CMakeLists.txt), where GCC and Clang would fuse it without the flag.
#include <doctest/doctest.h>

#include <cmath>

namespace {

[[gnu::target("fma"), gnu::noinline]] double product_plus(double a, double b, double c) { return a * b + c; }

}  // namespace

TEST_CASE("fp contraction is off: a*b+c rounds the product, then the sum") {
  if (!__builtin_cpu_supports("fma")) {
    MESSAGE("this CPU has no FMA: the probe cannot run fused, nothing to check here");
    return;
  }
  // (1 + 2^-30)(1 - 2^-30) = 1 - 2^-60 rounds to 1, so the two-rounding result is exactly 0;
  // a fused evaluation gives -2^-60. volatile keeps the compiler from folding the constants.
  volatile double a = 1 + std::ldexp(1.0, -30), b = 1 - std::ldexp(1.0, -30), c = -1;
  CHECK(std::fma(a, b, c) == -std::ldexp(1.0, -60));  // the fused value differs from the separate one
  CHECK(product_plus(a, b, c) == 0.0);
}
