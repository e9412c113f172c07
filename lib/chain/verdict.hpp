#pragma once
// Three-valued verdict of one claim or of a whole chain. There is deliberately no conversion to
// bool: "unknown" is never "proved" and never "refuted".
#include <optional>
#include <string_view>

#include "scalar/truth.hpp"

namespace approxcert::chain {

enum class Verdict : unsigned char { Proved, Refuted, Unknown };

// "proved" | "refuted" | "unknown": the spelling used in check files and certificates.
constexpr std::string_view to_string(Verdict v) {
  return v == Verdict::Proved ? "proved" : v == Verdict::Refuted ? "refuted" : "unknown";
}
// The inverse of to_string; nullopt for any other text.
std::optional<Verdict> parse_verdict(std::string_view text);

// The verdict of a claim whose truth a lower layer decided (the sup-norm engine's sup <= U):
// true is proved, false refuted, unknown unknown.
constexpr Verdict verdict_of(Truth t) {
  return t == Truth::True ? Verdict::Proved : t == Truth::False ? Verdict::Refuted : Verdict::Unknown;
}

// Verdict of "a and b": refuted if either is refuted, proved if both are proved, else unknown.
// The overall verdict of a chain is the conjunction of its steps' verdicts.
constexpr Verdict conjunction(Verdict a, Verdict b) {
  if (a == Verdict::Refuted || b == Verdict::Refuted) return Verdict::Refuted;
  if (a == Verdict::Proved && b == Verdict::Proved) return Verdict::Proved;
  return Verdict::Unknown;
}

}  // namespace approxcert::chain
