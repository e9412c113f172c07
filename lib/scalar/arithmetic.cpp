#include "scalar/arithmetic.hpp"

namespace approxcert {

std::string_view to_string(Arithmetic a) { return a == Arithmetic::Ball ? "arb" : "mpfi"; }

std::optional<Arithmetic> parse_arithmetic(std::string_view text) {
  if (text == "arb" || text == "ball") return Arithmetic::Ball;
  if (text == "mpfi" || text == "interval") return Arithmetic::Interval;
  return std::nullopt;
}

}  // namespace approxcert
