// Must not compile: a double is not an exact input, so Interval has no conversion from it.
// With -DCONTROL the valid construction (from an exact Rational) proves the harness compiles.
#include "scalar/interval.hpp"

void construct() {
#ifdef CONTROL
  approxcert::Interval i;
  approxcert::set(i, approxcert::parse_rational("0.1"), approxcert::Prec(64));
#else
  approxcert::Interval i = 0.1;
#endif
  (void)i;
}
