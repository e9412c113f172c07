#include "scalar/floor_log.hpp"

#include <stdexcept>

namespace approxcert {

long floor_log(const Rational& a, int base) {
  if (a.sign() <= 0 || base < 2 || base > 62)
    throw std::invalid_argument("floor_log: needs a > 0 and a base from 2 to 62");
  // The digit counts of numerator and denominator put e within a step or two; the loops settle it.
  long e = static_cast<long>(mpz_sizeinbase(a.gmp().get_num_mpz_t(), base)) -
           static_cast<long>(mpz_sizeinbase(a.gmp().get_den_mpz_t(), base));
  const Rational b(base);
  while (pow_int(b, e) > a) --e;
  while (pow_int(b, e + 1) <= a) ++e;
  return e;
}

}  // namespace approxcert
