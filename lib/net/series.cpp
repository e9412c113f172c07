#include "net/series.hpp"

#include <arb_hypgeom.h>

#include <algorithm>
#include <vector>

namespace approxcert {

namespace {

long common_len(const Series& a, const Series& b) { return std::max(a.len(), b.len()); }
long work_len(long len) { return std::max(len, 1L); }  // constants are computed to one coefficient

arb_srcptr value(const Series& a) {  // coefficient 0, or nullptr for the zero series
  return a.poly()->length > 0 ? a.poly()->coeffs : nullptr;
}
Ball value_ball(const Series& a) { return a.coefficient(0); }

bool is_zero(const Series& a) {
  for (slong k = 0; k < a.poly()->length; ++k)
    if (!arb_is_zero(a.poly()->coeffs + k)) return false;
  return true;
}
bool value_positive(const Series& a) { return value(a) && arb_is_positive(value(a)); }
bool value_negative(const Series& a) { return value(a) && arb_is_negative(value(a)); }
bool value_may_be_zero(const Series& a) { return !value(a) || arb_contains_zero(value(a)); }

bool is_exact_series(const Series& a) {
  for (slong k = 0; k < a.poly()->length; ++k)
    if (!arb_is_exact(a.poly()->coeffs + k)) return false;
  return true;
}
bool identical_exact(const Series& a, const Series& b) {
  return is_exact_series(a) && is_exact_series(b) && arb_poly_equal(a.poly(), b.poly());
}

// r = the series with `len` indeterminate coefficients: a node that may not be smooth on X.
void set_indeterminate(Series& r, long len) {
  const slong n = work_len(len);
  arb_poly_fit_length(r.poly(), n);
  for (slong k = 0; k < n; ++k) arb_indeterminate(r.poly()->coeffs + k);
  _arb_poly_set_length(r.poly(), n);
  r.set_len(len);
}

// r = the exact constant q, of length len (r may alias the argument len was read from).
void set_constant(Series& r, long q, long len) {
  arb_poly_set_si(r.poly(), q);
  r.set_len(len);
}

// A constant argument (no t terms): the result is the constant f(a_0), computed by Ball's f.
template <class BallFunction>
bool constant_case(Series& r, const Series& a, Prec p, BallFunction f) {
  if (a.poly()->length > 1) return false;
  Ball x, y;
  if (value(a)) arb_set(x.arb(), value(a));
  f(y, x, p);
  const long len = a.len();
  arb_poly_set_coeff_arb(r.poly(), 0, y.arb());
  arb_poly_truncate(r.poly(), 1);
  r.set_len(len);
  return true;
}

// r = f(a) by Arb's series function f (a has a t term; constants go through constant_case).
using ArbSeriesFunction = void (*)(arb_poly_struct*, const arb_poly_struct*, slong, slong);
void arb_series(Series& r, const Series& a, Prec p, ArbSeriesFunction f) {
  const long len = a.len();
  f(r.poly(), a.poly(), work_len(len), p.bits);
  r.set_len(len);
}

// r = 1 / a as a series; a's value must not contain 0.
void inverse(arb_poly_t r, const arb_poly_struct* a, long len, Prec p) {
  arb_poly_inv_series(r, a, work_len(len), p.bits);
}

}  // namespace

Ball poly_coefficient(const arb_poly_struct* p, long k) {
  Ball b;
  if (k < p->length) arb_set(b.arb(), p->coeffs + k);
  return b;
}

Ball Series::coefficient(long k) const { return poly_coefficient(p_, k); }

Series series_variable(const Ball& x, long len) {
  Series s;
  arb_poly_set_coeff_arb(s.poly(), 0, x.arb());
  arb_poly_set_coeff_si(s.poly(), 1, 1);
  s.set_len(len);
  arb_poly_truncate(s.poly(), len);
  return s;
}

void set(Series& r, const Rational& q, Prec p) {
  Ball b;
  set(b, q, p);
  arb_poly_set_arb(r.poly(), b.arb());
  r.set_len(0);
}

void set_pi(Series& r, Prec p) {
  Ball b;
  set_pi(b, p);
  arb_poly_set_arb(r.poly(), b.arb());
  r.set_len(0);
}

void add(Series& r, const Series& a, const Series& b, Prec p) {
  const long len = common_len(a, b);
  arb_poly_add(r.poly(), a.poly(), b.poly(), p.bits);
  r.set_len(len);
}

void sub(Series& r, const Series& a, const Series& b, Prec p) {
  const long len = common_len(a, b);
  arb_poly_sub(r.poly(), a.poly(), b.poly(), p.bits);
  r.set_len(len);
}

void mul(Series& r, const Series& a, const Series& b, Prec p) {
  const long len = common_len(a, b);
  arb_poly_mullow(r.poly(), a.poly(), b.poly(), work_len(len), p.bits);
  r.set_len(len);
}

void addmul(Series& r, const Series& a, const Series& b, Prec p) {
  Series t;
  mul(t, a, b, p);
  add(r, r, t, p);
}

void div(Series& r, const Series& a, const Series& b, Prec p) {
  const long len = common_len(a, b);
  if (value_may_be_zero(b)) return set_indeterminate(r, len);
  arb_poly_t q;
  arb_poly_init(q);
  inverse(q, b.poly(), len, p);
  arb_poly_mullow(r.poly(), a.poly(), q, work_len(len), p.bits);
  arb_poly_clear(q);
  r.set_len(len);
}

void neg(Series& r, const Series& a) {
  arb_poly_neg(r.poly(), a.poly());
  r.set_len(a.len());
}

void pow_int(Series& r, const Series& a, long n, Prec p) {
  const long len = a.len();
  if (n >= 0) {
    Ball value0;  // a_0^n by Ball's power, which knows an even power is >= 0 (a product does not)
    pow_int(value0, value_ball(a), n, p);
    arb_poly_pow_ui_trunc_binexp(r.poly(), a.poly(), static_cast<ulong>(n), work_len(len), p.bits);
    if (r.poly()->length > 0) arb_set(r.poly()->coeffs, value0.arb());
    r.set_len(len);
    return;
  }
  if (value_may_be_zero(a)) return set_indeterminate(r, len);
  arb_poly_t q;
  arb_poly_init(q);
  arb_poly_pow_ui_trunc_binexp(q, a.poly(), static_cast<ulong>(-n), work_len(len), p.bits);
  inverse(r.poly(), q, len, p);
  arb_poly_clear(q);
  r.set_len(len);
}

void exp(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { exp(y, x, q); })) return;
  arb_series(r, a, p, arb_poly_exp_series);
}

void log(Series& r, const Series& a, Prec p) {
  if (!value_positive(a)) return set_indeterminate(r, a.len());
  arb_series(r, a, p, arb_poly_log_series);
}

// expm1(a) and exp(a) differ only in the constant term, which Ball's expm1 gives accurately.
void expm1(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { expm1(y, x, q); })) return;
  Ball y;
  expm1(y, value_ball(a), p);
  arb_series(r, a, p, arb_poly_exp_series);
  arb_poly_set_coeff_arb(r.poly(), 0, y.arb());
}

void log1p(Series& r, const Series& a, Prec p) {
  Ball one_plus = value_ball(a);
  arb_add_si(one_plus.arb(), one_plus.arb(), 1, p.bits);  // encloses 1 + a_0 on X
  if (!arb_is_positive(one_plus.arb())) return set_indeterminate(r, a.len());
  arb_series(r, a, p, arb_poly_log1p_series);
}

void sqrt(Series& r, const Series& a, Prec p) {
  if (is_zero(a)) return set_constant(r, 0, a.len());
  if (!value_positive(a)) return set_indeterminate(r, a.len());
  arb_series(r, a, p, arb_poly_sqrt_series);
}

void sin(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { sin(y, x, q); })) return;
  arb_series(r, a, p, arb_poly_sin_series);
}

void cos(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { cos(y, x, q); })) return;
  arb_series(r, a, p, arb_poly_cos_series);
}

namespace {
// f(a) = y0 + integral of a' q^(-1) (root: q^(-1/2)) with q = s a^2 + c, the derivative of atan,
// asinh, acosh and atanh; q's constant term comes from Ball's s a_0^2 + c, not from a product of
// balls (which may contain 0 for a wide a_0). Indeterminate unless y0 is finite and q_0 > 0 on X.
void integral_of_quadratic(Series& r, const Series& a, const Ball& y0, long s, long c, bool root, Prec p) {
  const long len = a.len();
  const slong n = work_len(len);
  Ball q0;
  pow_int(q0, value_ball(a), 2, p);
  if (s < 0) neg(q0, q0);
  arb_add_si(q0.arb(), q0.arb(), c, p.bits);
  if (!is_finite(y0) || !arb_is_positive(q0.arb())) return set_indeterminate(r, len);
  arb_poly_t q, d;
  arb_poly_init(q);
  arb_poly_init(d);
  arb_poly_mullow(q, a.poly(), a.poly(), n, p.bits);
  if (s < 0) arb_poly_neg(q, q);
  arb_poly_set_coeff_arb(q, 0, q0.arb());
  if (root) arb_poly_rsqrt_series(q, q, n, p.bits);
  else arb_poly_inv_series(q, q, n, p.bits);
  arb_poly_derivative(d, a.poly(), p.bits);
  arb_poly_mullow(q, q, d, n, p.bits);
  arb_poly_integral(r.poly(), q, p.bits);
  arb_poly_truncate(r.poly(), n);
  arb_poly_set_coeff_arb(r.poly(), 0, y0.arb());
  arb_poly_clear(q);
  arb_poly_clear(d);
  r.set_len(len);
}

// Ball's f(a_0): the constant term, often tighter than the series function's own.
template <class BallFunction>
Ball value_of(const Series& a, Prec p, BallFunction f) {
  Ball y;
  f(y, value_ball(a), p);
  return y;
}

// log_b(a) = log(a) / log(b), with coefficient 0 from Ball's log_b (exact at exact powers of b).
template <class BallFunction>
void log_base(Series& r, const Series& a, ulong b, Prec p, BallFunction f) {
  if (constant_case(r, a, p, f)) return;
  if (!value_positive(a)) return set_indeterminate(r, a.len());
  const Ball y0 = value_of(a, p, f);
  arb_series(r, a, p, arb_poly_log_series);
  Ball lb;
  arb_log_ui(lb.arb(), b, p.bits);
  _arb_vec_scalar_div(r.poly()->coeffs, r.poly()->coeffs, r.poly()->length, lb.arb(), p.bits);
  arb_poly_set_coeff_arb(r.poly(), 0, y0.arb());
}

// Whether a's value lies in (-1, 1) on X.
bool value_inside_unit(const Series& a, Prec p) {
  Ball q0;
  pow_int(q0, value_ball(a), 2, p);
  arb_sub_si(q0.arb(), q0.arb(), 1, p.bits);
  return arb_is_negative(q0.arb());
}

// asin, acos: Arb's series with coefficient 0 from Ball's f (the ends' values).
template <class BallFunction>
void unit_series(Series& r, const Series& a, Prec p, ArbSeriesFunction series, BallFunction f) {
  if (constant_case(r, a, p, f)) return;
  if (!value_inside_unit(a, p)) return set_indeterminate(r, a.len());
  const Ball y0 = value_of(a, p, f);
  arb_series(r, a, p, series);
  arb_poly_set_coeff_arb(r.poly(), 0, y0.arb());
}
}  // namespace

void atan(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { atan(y, x, q); })) return;
  integral_of_quadratic(r, a, value_of(a, p, [](Ball& y, const Ball& x, Prec q) { atan(y, x, q); }), 1, 1, false, p);
}

void log2(Series& r, const Series& a, Prec p) {
  log_base(r, a, 2, p, [](Ball& y, const Ball& x, Prec q) { log2(y, x, q); });
}
void log10(Series& r, const Series& a, Prec p) {
  log_base(r, a, 10, p, [](Ball& y, const Ball& x, Prec q) { log10(y, x, q); });
}
void asin(Series& r, const Series& a, Prec p) {
  unit_series(r, a, p, arb_poly_asin_series, [](Ball& y, const Ball& x, Prec q) { asin(y, x, q); });
}
void acos(Series& r, const Series& a, Prec p) {
  unit_series(r, a, p, arb_poly_acos_series, [](Ball& y, const Ball& x, Prec q) { acos(y, x, q); });
}
void sinh(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { sinh(y, x, q); })) return;
  arb_series(r, a, p, arb_poly_sinh_series);
}
void cosh(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { cosh(y, x, q); })) return;
  arb_series(r, a, p, arb_poly_cosh_series);
}
void asinh(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { asinh(y, x, q); })) return;
  integral_of_quadratic(r, a, value_of(a, p, [](Ball& y, const Ball& x, Prec q) { asinh(y, x, q); }), 1, 1, true, p);
}
void acosh(Series& r, const Series& a, Prec p) {  // y0 is not finite unless a_0 >= 1; q_0 > 0 then means a_0 > 1
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { acosh(y, x, q); })) return;
  integral_of_quadratic(r, a, value_of(a, p, [](Ball& y, const Ball& x, Prec q) { acosh(y, x, q); }), 1, -1, true, p);
}
void atanh(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { atanh(y, x, q); })) return;
  integral_of_quadratic(r, a, value_of(a, p, [](Ball& y, const Ball& x, Prec q) { atanh(y, x, q); }), -1, 1, false, p);
}
void erf(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { erf(y, x, q); })) return;
  arb_series(r, a, p, arb_hypgeom_erf_series);
}
void erfc(Series& r, const Series& a, Prec p) {
  if (constant_case(r, a, p, [](Ball& y, const Ball& x, Prec q) { erfc(y, x, q); })) return;
  arb_series(r, a, p, arb_hypgeom_erfc_series);
}
void pow(Series& r, const Series& a, const Series& b, Prec p) {
  const long len = common_len(a, b);
  if (!value_positive(a)) return set_indeterminate(r, len);
  Ball y0;
  pow(y0, value_ball(a), value_ball(b), p);
  if (!is_finite(y0)) return set_indeterminate(r, len);
  arb_poly_t h;
  arb_poly_init(h);
  if (b.poly()->length <= 1) arb_poly_pow_arb_series(h, a.poly(), value_ball(b).arb(), work_len(len), p.bits);
  else arb_poly_pow_series(h, a.poly(), b.poly(), work_len(len), p.bits);
  arb_poly_set_coeff_arb(h, 0, y0.arb());
  arb_poly_swap(r.poly(), h);
  arb_poly_clear(h);
  r.set_len(len);
}

// tan, tanh and sigmoid solve y' = z a' with z = alpha + beta y + gamma y^2 (tan: z = 1 + y^2, tanh: z = 1 - y^2,
// sigmoid: z = y - y^2). With y_0 = f(a_0) from Ball's f, which stays in [-1, 1] or [0, 1] however wide a_0
// is, the recurrence k y_k = sum_{j=1..k} j a_j z_{k-j} keeps the coefficients finite where a
// formula through exp(a) would overflow.
namespace {
void quadratic_ode_series(Series& r, const Series& a, const Ball& y0, long alpha, long beta, long gamma, Prec p) {
  const long len = a.len();
  const slong n = work_len(len);
  std::vector<Ball> y(n), z(n), ak(n);
  for (slong k = 0; k < n; ++k) ak[k] = a.coefficient(k);
  y[0] = y0;
  auto set_z = [&](slong k) {  // z_k = [k = 0] alpha + beta y_k + gamma sum_{i <= k} y_i y_{k-i}
    Ball acc, t;
    for (slong i = 0; i <= k; ++i) addmul(acc, y[i], y[k - i], p);
    arb_mul_si(acc.arb(), acc.arb(), gamma, p.bits);
    arb_mul_si(t.arb(), y[k].arb(), beta, p.bits);
    add(acc, acc, t, p);
    if (k == 0) arb_add_si(acc.arb(), acc.arb(), alpha, p.bits);
    z[k] = acc;
  };
  set_z(0);
  Ball s;
  for (slong k = 1; k < n; ++k) {
    Ball acc;
    for (slong j = 1; j <= k; ++j) {
      arb_mul_si(s.arb(), ak[j].arb(), j, p.bits);
      addmul(acc, s, z[k - j], p);
    }
    arb_div_si(y[k].arb(), acc.arb(), k, p.bits);
    set_z(k);
  }
  arb_poly_fit_length(r.poly(), n);
  for (slong k = 0; k < n; ++k) arb_set(r.poly()->coeffs + k, y[k].arb());
  _arb_poly_set_length(r.poly(), n);
  _arb_poly_normalise(r.poly());
  r.set_len(len);
}
}  // namespace

// tan solves y' = (1 + y^2) a'; y_0 = tan(a_0) is indeterminate when a_0 may hold a pole.
void tan(Series& r, const Series& a, Prec p) {
  Ball y0;
  tan(y0, value_ball(a), p);
  if (!is_finite(y0)) return set_indeterminate(r, a.len());
  quadratic_ode_series(r, a, y0, 1, 0, 1, p);
}

void tanh(Series& r, const Series& a, Prec p) {
  Ball y0;
  tanh(y0, value_ball(a), p);
  quadratic_ode_series(r, a, y0, 1, 0, -1, p);
}

void sigmoid(Series& r, const Series& a, Prec p) {
  Ball y0;
  sigmoid(y0, value_ball(a), p);
  quadratic_ode_series(r, a, y0, 0, 1, -1, p);
}

void relu(Series& r, const Series& a, Prec /*p: exact*/) {
  if (value_positive(a)) return void(r = a);
  if (value_negative(a) || is_zero(a)) return set_constant(r, 0, a.len());
  set_indeterminate(r, a.len());
}

void step(Series& r, const Series& a, Prec /*p: exact*/) {
  if (value_positive(a) || is_zero(a)) return set_constant(r, 1, a.len());
  if (value_negative(a)) return set_constant(r, 0, a.len());
  set_indeterminate(r, a.len());
}

void abs(Series& r, const Series& a, Prec p) {
  if (value_negative(a)) return neg(r, a);
  relu(r, a, p);  // identical to abs where a > 0 or a = 0, indeterminate elsewhere
}

namespace {
// r = a if a <= b is decided for the function on X (pick_a_if_less), b if b < a, else the common
// exact series, else indeterminate.
void select(Series& r, const Series& a, const Series& b, bool min, Prec p) {
  Series d;
  sub(d, a, b, p);
  if (value_negative(d)) return void(r = min ? a : b);
  if (value_positive(d)) return void(r = min ? b : a);
  if (identical_exact(a, b)) return void(r = a);
  set_indeterminate(r, common_len(a, b));
}
}  // namespace

void min(Series& r, const Series& a, const Series& b, Prec p) { select(r, a, b, true, p); }
void max(Series& r, const Series& a, const Series& b, Prec p) { select(r, a, b, false, p); }

void hull(Series& r, const Series& a, const Series& b, Prec) {
  if (identical_exact(a, b)) return void(r = a);
  set_indeterminate(r, common_len(a, b));
}

Truth less(const Series& a, const Series& b) { return less(value_ball(a), value_ball(b)); }
Truth less_equal(const Series& a, const Series& b) { return less_equal(value_ball(a), value_ball(b)); }
Truth equal(const Series& a, const Series& b) {
  if (identical_exact(a, b)) return Truth::True;
  if (equal(value_ball(a), value_ball(b)) == Truth::False) return Truth::False;
  return Truth::Unknown;
}

bool is_finite(const Series& a) { return _arb_vec_is_finite(a.poly()->coeffs, a.poly()->length); }

double dirty_mid(const Series& a) { return dirty_mid(value_ball(a)); }

}  // namespace approxcert
