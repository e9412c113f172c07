#include "scalar/bessel.hpp"

#include <arb_hypgeom.h>

namespace approxcert {

void bessel_i(Ball& r, std::uint64_t m, const Ball& z, Prec p) {
  Ball nu;
  set(nu, count_q(m), p);
  arb_hypgeom_bessel_i(r.arb(), nu.arb(), z.arb(), p.bits);
}

}  // namespace approxcert
