#pragma once
// Working precision in bits, passed explicitly (last argument) to every rigorous operation.
namespace approxcert {
struct Prec {
  long bits;
  constexpr explicit Prec(long b) : bits(b) {}
};
}  // namespace approxcert
