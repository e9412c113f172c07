// Must not compile: a Rational is never made from a double (0.1 is not 1/10 in binary).
// With -DCONTROL the valid construction (parsing the decimal exactly) proves the harness compiles.
#include "scalar/rational.hpp"

void construct() {
#ifdef CONTROL
  approxcert::Rational r = approxcert::parse_rational("0.1");
#else
  approxcert::Rational r = 0.1;
#endif
  (void)r;
}
