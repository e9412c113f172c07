// Must not compile: a Verdict cannot be used as a condition (Unknown is neither branch).
// With -DCONTROL the explicit comparison proves the harness compiles.
#include "chain/verdict.hpp"

int branch(approxcert::chain::Verdict v) {
#ifdef CONTROL
  if (v == approxcert::chain::Verdict::Proved) return 1;
#else
  if (v) return 1;
#endif
  return 0;
}
