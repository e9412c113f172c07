#include "scalar/rational_root.hpp"

#include <gmpxx.h>

#include <stdexcept>

namespace approxcert {

namespace {

void check(const Rational& s, unsigned long p, long bits) {
  if (s.sign() < 0) throw std::invalid_argument("root of a negative number");
  if (p == 0 || bits < 1) throw std::invalid_argument("root: need p >= 1 and bits >= 1");
}

// k >= 0 such that s * 2^(k p) >= 2^(bits p) whenever s >= 2^-(size of its denominator): the
// integer root of s 2^(kp) then has at least `bits` bits.
unsigned long scale_for(const Rational& s, unsigned long p, long bits) {
  const long num_bits = static_cast<long>(mpz_sizeinbase(s.num().get_mpz_t(), 2));
  const long den_bits = static_cast<long>(mpz_sizeinbase(s.den().get_mpz_t(), 2));
  const long log2_s = num_bits - den_bits - 1;  // s >= 2^log2_s
  const long k = bits + 1 - log2_s / static_cast<long>(p) + 1;
  return k > 0 ? static_cast<unsigned long>(k) : 0;
}

// floor(s 2^(kp)) (up = false) or ceil(s 2^(kp)) (up = true).
mpz_class scaled(const Rational& s, unsigned long k, unsigned long p, bool up) {
  mpz_class num = s.num();
  mpz_mul_2exp(num.get_mpz_t(), num.get_mpz_t(), k * p);
  mpz_class q;
  if (up) mpz_cdiv_q(q.get_mpz_t(), num.get_mpz_t(), s.den().get_mpz_t());
  else mpz_fdiv_q(q.get_mpz_t(), num.get_mpz_t(), s.den().get_mpz_t());
  return q;
}

Rational over_pow2(const mpz_class& a, unsigned long k) {
  mpz_class den(1);
  mpz_mul_2exp(den.get_mpz_t(), den.get_mpz_t(), k);
  return Rational(mpq_class(a, den));
}

}  // namespace

Rational root_down(const Rational& s, unsigned long p, long bits) {
  check(s, p, bits);
  if (s.sign() == 0) return Rational(0);
  const unsigned long k = scale_for(s, p, bits);
  mpz_class a;
  mpz_root(a.get_mpz_t(), scaled(s, k, p, false).get_mpz_t(), p);  // floor of the root
  return over_pow2(a, k);                                          // a^p <= floor(s 2^(kp)) <= s 2^(kp)
}

Rational root_up(const Rational& s, unsigned long p, long bits) {
  check(s, p, bits);
  if (s.sign() == 0) return Rational(0);
  const unsigned long k = scale_for(s, p, bits);
  const mpz_class n = scaled(s, k, p, true);
  mpz_class a;
  if (!mpz_root(a.get_mpz_t(), n.get_mpz_t(), p)) a += 1;  // not exact: the floor plus one exceeds it
  return over_pow2(a, k);                                  // a^p >= ceil(s 2^(kp)) >= s 2^(kp)
}

}  // namespace approxcert
