// chain/verdict.hpp: the three-valued verdict, its spelling, the conjunction, and verdict_of.
#include "chain/verdict.hpp"

#include <doctest/doctest.h>

namespace approxcert::chain {

TEST_CASE("verdict: verdict_of maps each truth value to the verdict of its own name, and nothing else") {
  static_assert(verdict_of(Truth::True) == Verdict::Proved);
  static_assert(verdict_of(Truth::False) == Verdict::Refuted);
  static_assert(verdict_of(Truth::Unknown) == Verdict::Unknown);
  CHECK(to_string(verdict_of(Truth::True)) == "proved");
  CHECK(to_string(verdict_of(Truth::False)) == "refuted");
  CHECK(to_string(verdict_of(Truth::Unknown)) == "unknown");
}

TEST_CASE("verdict: the spelling reads back, other text is refused") {
  for (const Verdict v : {Verdict::Proved, Verdict::Refuted, Verdict::Unknown}) CHECK(parse_verdict(to_string(v)) == v);
  CHECK_FALSE(parse_verdict("Proved").has_value());
  CHECK_FALSE(parse_verdict("true").has_value());
  CHECK_FALSE(parse_verdict("").has_value());
}

TEST_CASE("verdict: a conjunction is refuted by one refuted part and proved only when both are") {
  constexpr Verdict P = Verdict::Proved, R = Verdict::Refuted, U = Verdict::Unknown;
  struct Row {
    Verdict a, b, expected;
  };
  const Row table[] = {{P, P, P}, {P, R, R}, {P, U, U}, {R, P, R}, {R, R, R},
                       {R, U, R}, {U, P, U}, {U, R, R}, {U, U, U}};
  for (const Row& r : table) CHECK(conjunction(r.a, r.b) == r.expected);
}

}  // namespace approxcert::chain
