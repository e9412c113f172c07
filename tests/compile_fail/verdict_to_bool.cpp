// Must not compile: a three-valued Verdict has no conversion to bool; the caller must say what
// Unknown means. With -DCONTROL the explicit comparison proves the harness compiles.
#include "chain/verdict.hpp"

bool decide(approxcert::chain::Verdict v) {
#ifdef CONTROL
  const bool proved = v == approxcert::chain::Verdict::Proved;
#else
  const bool proved = v;
#endif
  return proved;
}
