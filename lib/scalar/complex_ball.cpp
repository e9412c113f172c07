// ComplexBall operations: thin wrappers over Arb's acb functions (each satisfies the enclosure
// contract for its principal branch). In a HolomorphicScope the branch cuts are checked here with
// sufficient (conservative) conditions, or by Arb's *_analytic and acb_real_* functions.
#include "scalar/complex_ball.hpp"

#include <acb.h>
#include <acb_hypgeom.h>
#include <flint/fmpq.h>

namespace approxcert {

namespace {

thread_local bool holomorphic = false;

void indeterminate(ComplexBall& r) { acb_indeterminate(r.acb()); }

// Re a > c for every point of a.
bool re_above(const ComplexBall& a, long c) {
  arb_t t;
  arb_init(t);
  arb_sub_si(t, acb_realref(a.acb()), c, 64);
  const bool ok = arb_is_positive(t);
  arb_clear(t);
  return ok;
}

// |x| < 1 for every point of the real ball x.
bool inside_unit(const arb_t x) {
  arb_t t;
  arb_init(t);
  arb_abs(t, x);
  arb_sub_si(t, t, 1, 64);
  const bool ok = arb_is_negative(t);
  arb_clear(t);
  return ok;
}

bool real(const ComplexBall& a) { return arb_is_zero(acb_imagref(a.acb())); }

}  // namespace

HolomorphicScope::HolomorphicScope(bool on) : previous_(holomorphic) { holomorphic = on; }
HolomorphicScope::~HolomorphicScope() { holomorphic = previous_; }

void set(ComplexBall& r, const Rational& q, Prec p) {
  fmpq_t f;
  fmpq_init(f);
  fmpq_set_mpq(f, q.get_mpq_t());
  arb_set_fmpq(acb_realref(r.acb()), f, p.bits);
  arb_zero(acb_imagref(r.acb()));
  fmpq_clear(f);
}
void set_pi(ComplexBall& r, Prec p) { acb_const_pi(r.acb(), p.bits); }

void add(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_add(r.acb(), a.acb(), b.acb(), p.bits);
}
void sub(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_sub(r.acb(), a.acb(), b.acb(), p.bits);
}
void mul(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_mul(r.acb(), a.acb(), b.acb(), p.bits);
}
void addmul(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_addmul(r.acb(), a.acb(), b.acb(), p.bits);
}
void div(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_div(r.acb(), a.acb(), b.acb(), p.bits);
}
void neg(ComplexBall& r, const ComplexBall& a) { acb_neg(r.acb(), a.acb()); }
void pow_int(ComplexBall& r, const ComplexBall& a, long n, Prec p) {
  if (n < 0 && acb_contains_zero(a.acb())) return indeterminate(r);
  acb_pow_si(r.acb(), a.acb(), n, p.bits);
}

void exp(ComplexBall& r, const ComplexBall& a, Prec p) { acb_exp(r.acb(), a.acb(), p.bits); }
void expm1(ComplexBall& r, const ComplexBall& a, Prec p) { acb_expm1(r.acb(), a.acb(), p.bits); }
void sin(ComplexBall& r, const ComplexBall& a, Prec p) { acb_sin(r.acb(), a.acb(), p.bits); }
void cos(ComplexBall& r, const ComplexBall& a, Prec p) { acb_cos(r.acb(), a.acb(), p.bits); }
void sinh(ComplexBall& r, const ComplexBall& a, Prec p) { acb_sinh(r.acb(), a.acb(), p.bits); }
void cosh(ComplexBall& r, const ComplexBall& a, Prec p) { acb_cosh(r.acb(), a.acb(), p.bits); }
void erf(ComplexBall& r, const ComplexBall& a, Prec p) { acb_hypgeom_erf(r.acb(), a.acb(), p.bits); }
void erfc(ComplexBall& r, const ComplexBall& a, Prec p) { acb_hypgeom_erfc(r.acb(), a.acb(), p.bits); }

void tan(ComplexBall& r, const ComplexBall& a, Prec p) { acb_tan(r.acb(), a.acb(), p.bits); }
void tanh(ComplexBall& r, const ComplexBall& a, Prec p) { acb_tanh(r.acb(), a.acb(), p.bits); }
void sigmoid(ComplexBall& r, const ComplexBall& a, Prec p) {
  acb_t t;
  acb_init(t);
  acb_neg(t, a.acb());
  acb_exp(t, t, p.bits);
  acb_add_ui(t, t, 1, p.bits);
  acb_inv(r.acb(), t, p.bits);  // a zero of 1 + exp(-a) (a pole): indeterminate
  acb_clear(t);
}

void log(ComplexBall& r, const ComplexBall& a, Prec p) { acb_log_analytic(r.acb(), a.acb(), holomorphic, p.bits); }
void log1p(ComplexBall& r, const ComplexBall& a, Prec p) {
  if (holomorphic && !re_above(a, -1)) return indeterminate(r);
  acb_log1p(r.acb(), a.acb(), p.bits);
}
void log2(ComplexBall& r, const ComplexBall& a, Prec p) {
  log(r, a, p);
  arb_t l;
  arb_init(l);
  arb_const_log2(l, p.bits);
  acb_div_arb(r.acb(), r.acb(), l, p.bits);
  arb_clear(l);
}
void log10(ComplexBall& r, const ComplexBall& a, Prec p) {
  log(r, a, p);
  arb_t l;
  arb_init(l);
  arb_log_ui(l, 10, p.bits);
  acb_div_arb(r.acb(), r.acb(), l, p.bits);
  arb_clear(l);
}
void sqrt(ComplexBall& r, const ComplexBall& a, Prec p) { acb_sqrt_analytic(r.acb(), a.acb(), holomorphic, p.bits); }
void pow(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_pow_analytic(r.acb(), a.acb(), b.acb(), holomorphic, p.bits);
}
void asin(ComplexBall& r, const ComplexBall& a, Prec p) {
  if (holomorphic && !inside_unit(acb_realref(a.acb()))) return indeterminate(r);
  acb_asin(r.acb(), a.acb(), p.bits);
}
void acos(ComplexBall& r, const ComplexBall& a, Prec p) {
  if (holomorphic && !inside_unit(acb_realref(a.acb()))) return indeterminate(r);
  acb_acos(r.acb(), a.acb(), p.bits);
}
void atanh(ComplexBall& r, const ComplexBall& a, Prec p) {
  if (holomorphic && !inside_unit(acb_realref(a.acb()))) return indeterminate(r);
  acb_atanh(r.acb(), a.acb(), p.bits);
}
void atan(ComplexBall& r, const ComplexBall& a, Prec p) {
  if (holomorphic && !inside_unit(acb_imagref(a.acb()))) return indeterminate(r);
  acb_atan(r.acb(), a.acb(), p.bits);
}
void asinh(ComplexBall& r, const ComplexBall& a, Prec p) {
  if (holomorphic && !inside_unit(acb_imagref(a.acb()))) return indeterminate(r);
  acb_asinh(r.acb(), a.acb(), p.bits);
}
void acosh(ComplexBall& r, const ComplexBall& a, Prec p) {
  if (holomorphic && !re_above(a, 1)) return indeterminate(r);
  acb_acosh(r.acb(), a.acb(), p.bits);
}

void relu(ComplexBall& r, const ComplexBall& a, Prec p) {
  acb_t zero;
  acb_init(zero);
  acb_real_max(r.acb(), a.acb(), zero, holomorphic, p.bits);
  acb_clear(zero);
}
void step(ComplexBall& r, const ComplexBall& a, Prec p) {
  // acb_real_heaviside gives 1/2 at 0; step(0) = 1, so widen a ball that may touch 0 to [0, 1].
  if (!holomorphic && arb_contains_zero(acb_realref(a.acb()))) {
    acb_one(r.acb());
    acb_mul_2exp_si(r.acb(), r.acb(), -1);
    mag_one(arb_radref(acb_realref(r.acb())));
    mag_mul_2exp_si(arb_radref(acb_realref(r.acb())), arb_radref(acb_realref(r.acb())), -1);
    return;
  }
  acb_real_heaviside(r.acb(), a.acb(), holomorphic, p.bits);
}
void abs(ComplexBall& r, const ComplexBall& a, Prec p) { acb_real_abs(r.acb(), a.acb(), holomorphic, p.bits); }
void min(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_real_min(r.acb(), a.acb(), b.acb(), holomorphic, p.bits);
}
void max(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  acb_real_max(r.acb(), a.acb(), b.acb(), holomorphic, p.bits);
}
void hull(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p) {
  if (holomorphic) return indeterminate(r);
  acb_union(r.acb(), a.acb(), b.acb(), p.bits);
}

Truth less(const ComplexBall& a, const ComplexBall& b) {
  if (holomorphic || !real(a) || !real(b)) return Truth::Unknown;
  if (arb_lt(acb_realref(a.acb()), acb_realref(b.acb()))) return Truth::True;
  if (arb_ge(acb_realref(a.acb()), acb_realref(b.acb()))) return Truth::False;
  return Truth::Unknown;
}
Truth less_equal(const ComplexBall& a, const ComplexBall& b) {
  if (holomorphic || !real(a) || !real(b)) return Truth::Unknown;
  if (arb_le(acb_realref(a.acb()), acb_realref(b.acb()))) return Truth::True;
  if (arb_gt(acb_realref(a.acb()), acb_realref(b.acb()))) return Truth::False;
  return Truth::Unknown;
}
Truth equal(const ComplexBall& a, const ComplexBall& b) {
  if (holomorphic || !real(a) || !real(b)) return Truth::Unknown;
  if (arb_is_exact(acb_realref(a.acb())) && arb_equal(acb_realref(a.acb()), acb_realref(b.acb()))) return Truth::True;
  if (!arb_overlaps(acb_realref(a.acb()), acb_realref(b.acb()))) return Truth::False;
  return Truth::Unknown;
}
bool is_finite(const ComplexBall& a) { return acb_is_finite(a.acb()); }
double dirty_mid(const ComplexBall& a) { return arf_get_d(arb_midref(acb_realref(a.acb())), ARF_RND_NEAR); }

}  // namespace approxcert
