// Ball operations: thin wrappers over Arb, whose functions all satisfy the enclosure contract.
// Where Arb has no direct function (step, sigmoid, even powers), the composition used is stated.
#include "scalar/ball.hpp"

#include <arb.h>
#include <arb_hypgeom.h>
#include <flint/fmpq.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "scalar/flint_temporaries.hpp"
#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

using detail::Arf;
using detail::Fmpz;

// Exact values of endpoints are limited to |binary exponent| <= kMaxExactBinaryExponent (about
// 1.26 million decimal digits): beyond it the exact fraction would take unbounded time and memory
// (10^(10^9) needs 400 MB), so the conversion is refused instead.
constexpr long kMaxExactBinaryExponent = 1L << 22;

[[noreturn]] void exponent_too_large() {
  throw InputError("a result is too large or too small to write exactly (magnitude beyond 2^+-" +
                   std::to_string(kMaxExactBinaryExponent) + ")");
}

// Exact value of a finite arf as a Rational (man * 2^exp).
Rational arf_to_rational(const arf_t a) {
  if (!arf_is_finite(a)) throw std::domain_error("ball endpoint is not finite");
  Fmpz man, e;
  arf_get_fmpz_2exp(man.v, e.v, a);
  mpz_class m;
  fmpz_get_mpz(m.get_mpz_t(), man.v);
  if (!fmpz_fits_si(e.v) || std::labs(fmpz_get_si(e.v)) > kMaxExactBinaryExponent) exponent_too_large();
  return Rational(m) * pow2(fmpz_get_si(e.v));
}

// arf rounded in direction rnd at prec bits from an exact rational; nonzero when inexact.
int rational_to_arf(arf_t r, const Rational& q, long prec, arf_rnd_t rnd) {
  Fmpz num, den;
  fmpz_set_mpz(num.v, q.gmp().get_num_mpz_t());
  fmpz_set_mpz(den.v, q.gmp().get_den_mpz_t());
  return arf_fmpz_div_fmpz(r, num.v, den.v, prec, rnd);
}

// r = [lo, hi] with 0 <= lo: a ball with no negative points. Arb's radius is rounded up, so a
// plain interval conversion can reach slightly below 0; Arb's nonnegative_part then gives the exact
// form [u/2 +/- u/2], which keeps sqrt and log of even powers defined.
void set_nonnegative_interval(arb_t r, const arf_t lo, const arf_t hi, long prec) {
  arb_set_interval_arf(r, lo, hi, prec);
  if (!arb_is_nonnegative(r)) arb_nonnegative_part(r, r);
}

// |a| as a ball that contains no negative points: [0, max|a|] when a straddles 0.
void nonnegative_abs(arb_t r, const arb_t a, long prec) {
  if (arb_is_nonnegative(a)) {
    arb_set(r, a);
    return;
  }
  if (arb_is_nonpositive(a)) {
    arb_neg(r, a);
    return;
  }
  if (!arb_is_finite(a)) {
    arb_indeterminate(r);
    return;
  }
  Arf zero, hi;
  arb_get_abs_ubound_arf(hi.v, a, prec);
  set_nonnegative_interval(r, zero.v, hi.v, prec);
}

// Precision at which arb_get_lbound/ubound lose nothing worth keeping.
long endpoint_prec(const Ball& a) { return arf_bits(arb_midref(a.arb())) + 64; }

}  // namespace

void set(Ball& r, const Rational& q, Prec p) {
  fmpq_t f;
  fmpq_init(f);
  fmpq_set_mpq(f, q.get_mpq_t());
  arb_set_fmpq(r.arb(), f, p.bits);  // exact if q is a dyadic of at most p.bits bits, else rounded with radius
  fmpq_clear(f);
}

void set_interval(Ball& r, const Rational& lo, const Rational& hi, Prec p) {
  if (hi < lo) throw std::invalid_argument("set_interval: lower bound above upper bound");
  // Exactly [lo, hi] when the midpoint fits in p bits and the half-width in a radius (MAG_BITS):
  // the usual case for boxes cut at short dyadics, where an outward ulp would make every kink on
  // a box edge look crossed.
  Arf m, w;
  const Rational half(mpz_class(1), mpz_class(2));
  if (rational_to_arf(m.v, (lo + hi) * half, p.bits, ARF_RND_DOWN) == 0 &&
      rational_to_arf(w.v, (hi - lo) * half, MAG_BITS, ARF_RND_UP) == 0) {
    Fmpz man, e;
    arf_get_fmpz_2exp(man.v, e.v, w.v);
    arb_set_arf(r.arb(), m.v);
    mag_set_fmpz_2exp_fmpz(arb_radref(r.arb()), man.v, e.v);  // rounds up: exact, man has <= MAG_BITS bits
    return;
  }
  Arf a, b;
  rational_to_arf(a.v, lo, p.bits + 32, ARF_RND_FLOOR);
  rational_to_arf(b.v, hi, p.bits + 32, ARF_RND_CEIL);
  arb_set_interval_arf(r.arb(), a.v, b.v, p.bits);  // rounds outward
}

void set_pi(Ball& r, Prec p) { arb_const_pi(r.arb(), p.bits); }

void add(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_add(r.arb(), a.arb(), b.arb(), p.bits); }
void sub(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_sub(r.arb(), a.arb(), b.arb(), p.bits); }
void mul(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_mul(r.arb(), a.arb(), b.arb(), p.bits); }
void addmul(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_addmul(r.arb(), a.arb(), b.arb(), p.bits); }
// Arb returns an indeterminate ball (nan +/- inf) when b contains 0.
void div(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_div(r.arb(), a.arb(), b.arb(), p.bits); }
void neg(Ball& r, const Ball& a) { arb_neg(r.arb(), a.arb()); }

// a^n from the endpoints: x^m is monotone on [0, inf) (and on R for odd m), so
// [lo^m rounded down, hi^m rounded up] of the right endpoints encloses it tightly, which plain ball
// multiplication does not (it loses the sign of even powers). For n < 0, x^n is decreasing on each
// side of 0: [1/hi^m, 1/lo^m], indeterminate if the range contains 0. a^0 = 1.
void pow_int(Ball& r, const Ball& a, long n, Prec p) {
  if (!arb_is_finite(a.arb()) || n == LONG_MIN) {
    arb_indeterminate(r.arb());
    return;
  }
  if (n == 0) {
    arb_one(r.arb());
    return;
  }
  const unsigned long m = static_cast<unsigned long>(n < 0 ? -n : n);
  const long ep = endpoint_prec(a);
  Arf lo, hi;
  arb_get_lbound_arf(lo.v, a.arb(), ep);
  arb_get_ubound_arf(hi.v, a.arb(), ep);
  if (m % 2 == 0) {  // replace [lo, hi] by the range of |x|
    if (arf_sgn(hi.v) <= 0) {
      arf_neg(lo.v, lo.v);
      arf_neg(hi.v, hi.v);
      arf_swap(lo.v, hi.v);
    } else if (arf_sgn(lo.v) < 0) {
      arf_neg(lo.v, lo.v);
      arf_max(hi.v, hi.v, lo.v);
      arf_zero(lo.v);
    }
  }
  if (n < 0) {
    if (arf_sgn(lo.v) <= 0 && arf_sgn(hi.v) >= 0) {
      arb_indeterminate(r.arb());
      return;
    }
    arf_swap(lo.v, hi.v);  // the new lower end comes from the old upper end, and vice versa
  }
  arb_t plo, phi;
  arb_init(plo);
  arb_init(phi);
  arb_set_arf(plo, lo.v);
  arb_set_arf(phi, hi.v);
  arb_pow_ui(plo, plo, m, p.bits);
  arb_pow_ui(phi, phi, m, p.bits);
  if (n < 0) {
    arb_inv(plo, plo, p.bits);
    arb_inv(phi, phi, p.bits);
  }
  arb_get_lbound_arf(lo.v, plo, p.bits + 32);
  arb_get_ubound_arf(hi.v, phi, p.bits + 32);
  arb_clear(plo);
  arb_clear(phi);
  if (m % 2 == 0) set_nonnegative_interval(r.arb(), lo.v, hi.v, p.bits);
  else arb_set_interval_arf(r.arb(), lo.v, hi.v, p.bits);
}

void exp(Ball& r, const Ball& a, Prec p) { arb_exp(r.arb(), a.arb(), p.bits); }
void log(Ball& r, const Ball& a, Prec p) {
  if (!arb_is_positive(a.arb())) {
    arb_indeterminate(r.arb());
    return;
  }
  arb_log(r.arb(), a.arb(), p.bits);
}
void expm1(Ball& r, const Ball& a, Prec p) { arb_expm1(r.arb(), a.arb(), p.bits); }
void log1p(Ball& r, const Ball& a, Prec p) {
  arb_t t;  // 1 + a, enclosing the exact sum: positive only if a > -1 everywhere
  arb_init(t);
  arb_add_si(t, a.arb(), 1, p.bits);
  const bool inside = arb_is_positive(t);
  arb_clear(t);
  if (!inside) {
    arb_indeterminate(r.arb());
    return;
  }
  arb_log1p(r.arb(), a.arb(), p.bits);
}

namespace {
using ArbUnary = void (*)(arb_ptr, arb_srcptr, slong);

// The ends of a rounded outward to p + 32 bits (a representable end such as 1 stays exact), or
// false if a is not finite.
bool ends(Arf& lo, Arf& hi, const Ball& a, Prec p) {
  if (!arb_is_finite(a.arb())) return false;
  arb_get_lbound_arf(lo.v, a.arb(), p.bits + 32);
  arb_get_ubound_arf(hi.v, a.arb(), p.bits + 32);
  return true;
}
// Whether every point of a lies in [lo, hi] (strict: in (lo, hi)).
bool certainly_within(const Ball& a, long lo, long hi, bool strict, Prec p) {
  Arf l, u;
  if (!ends(l, u, a, p)) return false;
  return strict ? arf_cmp_si(l.v, lo) > 0 && arf_cmp_si(u.v, hi) < 0
                : arf_cmp_si(l.v, lo) >= 0 && arf_cmp_si(u.v, hi) <= 0;
}
// r = f(a) for f monotone on a: the union of f at each end (an inexact ball around an end of the
// domain, where f' is unbounded, would give Arb's derivative bound nothing finite to work with).
// The ends are evaluated at twice their bit length: acosh(1 + 2^-95) at 64 bits cancels to nothing.
void monotone_by_ends(Ball& r, const Ball& a, ArbUnary f, Prec p) {
  if (arb_is_exact(a.arb())) {
    f(r.arb(), a.arb(), 2 * std::max(p.bits + 32, static_cast<long>(arb_bits(a.arb()))));
    arb_set_round(r.arb(), r.arb(), p.bits);
    return;
  }
  Arf lo, hi;
  ends(lo, hi, a, p);
  arb_t x, y;
  arb_init(x);
  arb_init(y);
  arb_set_arf(x, lo.v);
  arb_set_arf(y, hi.v);
  f(x, x, 2 * (p.bits + 32));
  f(y, y, 2 * (p.bits + 32));
  arb_union(r.arb(), x, y, p.bits);
  arb_clear(x);
  arb_clear(y);
}
}  // namespace

void log2(Ball& r, const Ball& a, Prec p) {
  if (!arb_is_positive(a.arb())) {
    arb_indeterminate(r.arb());
    return;
  }
  arb_log_base_ui(r.arb(), a.arb(), 2, p.bits);
}
void log10(Ball& r, const Ball& a, Prec p) {
  if (!arb_is_positive(a.arb())) {
    arb_indeterminate(r.arb());
    return;
  }
  arb_log_base_ui(r.arb(), a.arb(), 10, p.bits);
}
void asin(Ball& r, const Ball& a, Prec p) {
  if (!certainly_within(a, -1, 1, false, p)) {
    arb_indeterminate(r.arb());
    return;
  }
  monotone_by_ends(r, a, arb_asin, p);
}
void acos(Ball& r, const Ball& a, Prec p) {
  if (!certainly_within(a, -1, 1, false, p)) {
    arb_indeterminate(r.arb());
    return;
  }
  monotone_by_ends(r, a, arb_acos, p);
}
void sinh(Ball& r, const Ball& a, Prec p) { arb_sinh(r.arb(), a.arb(), p.bits); }
void cosh(Ball& r, const Ball& a, Prec p) { arb_cosh(r.arb(), a.arb(), p.bits); }
void asinh(Ball& r, const Ball& a, Prec p) {  // arb_asinh of a wide ball is not finite: each end instead
  if (!arb_is_finite(a.arb())) {
    arb_indeterminate(r.arb());
    return;
  }
  monotone_by_ends(r, a, arb_asinh, p);
}
void acosh(Ball& r, const Ball& a, Prec p) {
  Arf lo, hi;
  if (!ends(lo, hi, a, p) || arf_cmp_si(lo.v, 1) < 0) {
    arb_indeterminate(r.arb());
    return;
  }
  monotone_by_ends(r, a, arb_acosh, p);
}
void atanh(Ball& r, const Ball& a, Prec p) {
  if (!certainly_within(a, -1, 1, true, p)) {
    arb_indeterminate(r.arb());
    return;
  }
  monotone_by_ends(r, a, arb_atanh, p);  // arb_atanh of a ball straddling 0 is not finite
}
void erf(Ball& r, const Ball& a, Prec p) { arb_hypgeom_erf(r.arb(), a.arb(), p.bits); }
void erfc(Ball& r, const Ball& a, Prec p) { arb_hypgeom_erfc(r.arb(), a.arb(), p.bits); }
void pow(Ball& r, const Ball& a, const Ball& b, Prec p) {
  if (!arb_is_positive(a.arb()) || !arb_is_finite(b.arb())) {
    arb_indeterminate(r.arb());
    return;
  }
  arb_pow(r.arb(), a.arb(), b.arb(), p.bits);
}

void sqrt(Ball& r, const Ball& a, Prec p) {
  if (!arb_is_nonnegative(a.arb())) {
    arb_indeterminate(r.arb());
    return;
  }
  arb_sqrt(r.arb(), a.arb(), p.bits);
}
void sin(Ball& r, const Ball& a, Prec p) { arb_sin(r.arb(), a.arb(), p.bits); }
void cos(Ball& r, const Ball& a, Prec p) { arb_cos(r.arb(), a.arb(), p.bits); }
void tan(Ball& r, const Ball& a, Prec p) { arb_tan(r.arb(), a.arb(), p.bits); }  // indeterminate across a pole
void atan(Ball& r, const Ball& a, Prec p) { arb_atan(r.arb(), a.arb(), p.bits); }

namespace {

// Increasing f on a wide ball: [f(lo) rounded down, f(hi) rounded up] from the endpoints. Arb's
// ball evaluation of tanh/sigmoid gives up (nan) on balls wider than about 20.
template <class F>
void increasing_from_endpoints(arb_t r, const arb_t a, long prec, F f) {
  const long ep = arf_bits(arb_midref(a)) + 64;
  Arf lo, hi;
  arb_get_lbound_arf(lo.v, a, ep);
  arb_get_ubound_arf(hi.v, a, ep);
  arb_t flo, fhi;
  arb_init(flo);
  arb_init(fhi);
  arb_set_arf(flo, lo.v);
  arb_set_arf(fhi, hi.v);
  f(flo, flo, prec);
  f(fhi, fhi, prec);
  arb_get_lbound_arf(lo.v, flo, prec + 32);
  arb_get_ubound_arf(hi.v, fhi, prec + 32);
  arb_clear(flo);
  arb_clear(fhi);
  if (arf_is_finite(lo.v) && arf_is_finite(hi.v)) arb_set_interval_arf(r, lo.v, hi.v, prec);
  else arb_indeterminate(r);
}

// (1 + tanh(x/2)) / 2: x occurs once, so there is no dependency blow-up.
void sigmoid_of_ball(arb_t r, const arb_t a, long prec) {
  arb_mul_2exp_si(r, a, -1);
  arb_tanh(r, r, prec);
  arb_add_ui(r, r, 1, prec);
  arb_mul_2exp_si(r, r, -1);
}

// f of an increasing function: Arb's ball evaluation for narrow balls (radius <= 2^-16), where its
// derivative-based radius is tight; from the endpoints for wider ones, where Arb's radius
// overestimates (or is nan beyond a width of about 20) and two point evaluations are exact.
template <class F>
void increasing(Ball& r, const Ball& a, Prec p, F f) {
  if (arb_is_finite(a.arb()) && mag_cmp_2exp_si(arb_radref(a.arb()), -16) > 0) {
    increasing_from_endpoints(r.arb(), a.arb(), p.bits, f);
    return;
  }
  f(r.arb(), a.arb(), p.bits);
}

}  // namespace

void tanh(Ball& r, const Ball& a, Prec p) { increasing(r, a, p, arb_tanh); }
void sigmoid(Ball& r, const Ball& a, Prec p) { increasing(r, a, p, sigmoid_of_ball); }

void relu(Ball& r, const Ball& a, Prec) { arb_nonnegative_part(r.arb(), a.arb()); }

// 1 where a >= 0 certainly, 0 where a < 0 certainly, else the ball [0, 1] (hull of both branches).
void step(Ball& r, const Ball& a, Prec) {
  if (arb_is_nonnegative(a.arb())) arb_one(r.arb());
  else if (arb_is_negative(a.arb())) arb_zero(r.arb());
  else {  // exactly [1/2 +/- 1/2]
    arb_one(r.arb());
    arb_mul_2exp_si(r.arb(), r.arb(), -1);
    mag_one(arb_radref(r.arb()));
    mag_mul_2exp_si(arb_radref(r.arb()), arb_radref(r.arb()), -1);
  }
}

void abs(Ball& r, const Ball& a, Prec p) { nonnegative_abs(r.arb(), a.arb(), p.bits); }
void min(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_min(r.arb(), a.arb(), b.arb(), p.bits); }
void max(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_max(r.arb(), a.arb(), b.arb(), p.bits); }
void hull(Ball& r, const Ball& a, const Ball& b, Prec p) { arb_union(r.arb(), a.arb(), b.arb(), p.bits); }

Truth less(const Ball& a, const Ball& b) {
  if (arb_lt(a.arb(), b.arb())) return Truth::True;
  if (arb_ge(a.arb(), b.arb())) return Truth::False;
  return Truth::Unknown;
}
Truth less_equal(const Ball& a, const Ball& b) {
  if (arb_le(a.arb(), b.arb())) return Truth::True;
  if (arb_gt(a.arb(), b.arb())) return Truth::False;
  return Truth::Unknown;
}
Truth equal(const Ball& a, const Ball& b) {
  if (arb_eq(a.arb(), b.arb())) return Truth::True;
  if (arb_ne(a.arb(), b.arb())) return Truth::False;
  return Truth::Unknown;
}
bool is_finite(const Ball& a) { return arb_is_finite(a.arb()) != 0; }
bool is_exact(const Ball& a) { return arb_is_exact(a.arb()) != 0; }

Rational lower(const Ball& a) {
  Arf lo;
  arb_get_lbound_arf(lo.v, a.arb(), endpoint_prec(a));  // rounded down: a valid lower bound
  return arf_to_rational(lo.v);
}
Rational upper(const Ball& a) {
  Arf hi;
  arb_get_ubound_arf(hi.v, a.arb(), endpoint_prec(a));  // rounded up: a valid upper bound
  return arf_to_rational(hi.v);
}
Rational mid(const Ball& a) { return arf_to_rational(arb_midref(a.arb())); }
Rational rad(const Ball& a) {
  Arf r;
  arf_set_mag(r.v, arb_radref(a.arb()));
  return arf_to_rational(r.v);
}
double dirty_mid(const Ball& a) { return arf_get_d(arb_midref(a.arb()), ARF_RND_NEAR); }

std::string to_string(const Ball& a, int digits) {
  char* s = arb_get_str(a.arb(), digits, 0);
  std::string out(s);
  flint_free(s);
  return out;
}

}  // namespace approxcert
