#pragma once
// How many cases a random suite runs: its base count times APPROXCERT_TEST_MULTIPLIER (a whole
// number from 1 to 1000, default 1), as Arb's flint_test_multiplier, so a long soundness run is
// `APPROXCERT_TEST_MULTIPLIER=50 ctest -R soundness` with the same seeds extended.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace approxcert::test {

inline int test_multiplier() {
  static const int value = [] {
    const char* text = std::getenv("APPROXCERT_TEST_MULTIPLIER");
    if (text == nullptr || *text == '\0') return 1;
    char* end = nullptr;
    const long m = std::strtol(text, &end, 10);
    if (*end != '\0' || m < 1 || m > 1000) {
      std::fprintf(stderr, "APPROXCERT_TEST_MULTIPLIER must be a whole number from 1 to 1000, not \"%s\"\n", text);
      std::exit(2);
    }
    return static_cast<int>(m);
  }();
  return value;
}

// base random cases, scaled by the multiplier.
inline int random_cases(int base) { return base * test_multiplier(); }

}  // namespace approxcert::test
