// Must not compile: a double is not an exact input, so Ball has no conversion from it.
// With -DCONTROL the valid construction (from an exact Rational) proves the harness compiles.
#include "scalar/ball.hpp"

void construct() {
#ifdef CONTROL
  approxcert::Ball b;
  approxcert::set(b, approxcert::parse_rational("0.1"), approxcert::Prec(64));
#else
  approxcert::Ball b = 0.1;
#endif
  (void)b;
}
