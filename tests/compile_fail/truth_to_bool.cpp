// Must not compile: a three-valued Truth has no conversion to bool; the caller must say what
// Unknown means. With -DCONTROL the explicit comparison proves the harness compiles.
#include "scalar/truth.hpp"

bool decide() {
#ifdef CONTROL
  const bool proved = approxcert::Truth::True == approxcert::Truth::True;
#else
  const bool proved = approxcert::Truth::True;
#endif
  return proved;
}
