// Must not compile: a Truth cannot be used as a condition (Unknown is neither branch).
// With -DCONTROL the explicit comparison proves the harness compiles.
#include "scalar/truth.hpp"

int branch(approxcert::Truth t) {
#ifdef CONTROL
  if (t == approxcert::Truth::True) return 1;
#else
  if (t) return 1;
#endif
  return 0;
}
