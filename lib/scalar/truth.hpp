#pragma once
// Three-valued truth of a certified comparison. There is deliberately no conversion to bool:
// callers must say what Unknown means at every use.
#include <string_view>
namespace approxcert {
enum class Truth : unsigned char { False, True, Unknown };

constexpr Truth truth_not(Truth t) {
  return t == Truth::True ? Truth::False : t == Truth::False ? Truth::True : Truth::Unknown;
}
constexpr Truth truth_and(Truth a, Truth b) {
  if (a == Truth::False || b == Truth::False) return Truth::False;
  if (a == Truth::True && b == Truth::True) return Truth::True;
  return Truth::Unknown;
}
constexpr Truth truth_or(Truth a, Truth b) { return truth_not(truth_and(truth_not(a), truth_not(b))); }
constexpr std::string_view to_string(Truth t) {
  return t == Truth::True ? "true" : t == Truth::False ? "false" : "unknown";
}
}  // namespace approxcert
