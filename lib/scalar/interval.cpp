// Interval operations over MPFI: each MPFI function rounds its endpoints outward, so every result
// encloses the exact image. Results are produced at the requested precision; operations MPFI lacks
// (relu, step, min, max, integer powers, sigmoid) are built from directed-rounding MPFR calls.
#include "scalar/interval.hpp"

#include <mpfr.h>

#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

// Runs op(tmp) into a fresh interval at precision p, then moves it into r. Using a temporary keeps
// aliasing (r being one of the inputs) safe while the result precision changes.
template <class F>
void compute(Interval& r, Prec p, F op) {
  mpfi_t t;
  mpfi_init2(t, p.bits);
  op(t);
  mpfi_swap(r.mpfi(), t);
  mpfi_clear(t);
}

void set_entire(mpfi_ptr t) {
  mpfr_set_inf(&t->left, -1);
  mpfr_set_inf(&t->right, 1);
}

bool has_nan(const Interval& a) { return mpfi_nan_p(a.mpfi()) != 0; }

Rational mpfr_to_rational(mpfr_srcptr x) {
  if (!mpfr_number_p(x)) throw std::domain_error("interval endpoint is not finite");
  if (mpfr_zero_p(x)) return Rational(0);
  mpz_class m;
  // Same limit as for balls (ball.cpp): beyond it the exact fraction is refused, not built.
  if (std::labs(static_cast<long>(mpfr_get_exp(x))) > (1L << 22))
    throw InputError("a result is too large or too small to write exactly (magnitude beyond 2^+-" +
                     std::to_string(1L << 22) + ")");
  const mpfr_exp_t e = mpfr_get_z_2exp(m.get_mpz_t(), x);
  return Rational(m) * pow2(static_cast<long>(e));
}

}  // namespace

void set(Interval& r, const Rational& q, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_set_q(t, q.get_mpq_t()); });
}
void set_interval(Interval& r, const Rational& lo, const Rational& hi, Prec p) {
  if (hi < lo) throw std::invalid_argument("set_interval: lower bound above upper bound");
  compute(r, p, [&](mpfi_ptr t) { mpfi_interv_q(t, lo.get_mpq_t(), hi.get_mpq_t()); });
}
void set_pi(Interval& r, Prec p) {
  compute(r, p, [](mpfi_ptr t) { mpfi_const_pi(t); });
}

void add(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_add(t, a.mpfi(), b.mpfi()); });
}
void sub(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_sub(t, a.mpfi(), b.mpfi()); });
}
void mul(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_mul(t, a.mpfi(), b.mpfi()); });
}
void addmul(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    mpfi_mul(t, a.mpfi(), b.mpfi());
    mpfi_add(t, t, r.mpfi());
  });
}
// A divisor containing 0 gives the whole line (not finite).
void div(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (mpfi_has_zero(b.mpfi()) || has_nan(b)) set_entire(t);
    else mpfi_div(t, a.mpfi(), b.mpfi());
  });
}
void neg(Interval& r, const Interval& a) {
  compute(r, Prec(static_cast<long>(mpfi_get_prec(a.mpfi()))), [&](mpfi_ptr t) { mpfi_neg(t, a.mpfi()); });
}

// Endpoint powers with directed rounding: x^m is monotone on [0, inf), and on R for odd m.
void pow_int(Interval& r, const Interval& a, long n, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a) || !mpfi_bounded_p(a.mpfi()) || n == LONG_MIN) {
      set_entire(t);
      return;
    }
    if (n == 0) {
      mpfi_set_ui(t, 1);
      return;
    }
    const unsigned long m = static_cast<unsigned long>(n < 0 ? -n : n);
    mpfr_t lo, hi;
    mpfr_init2(lo, mpfi_get_prec(a.mpfi()));
    mpfr_init2(hi, mpfi_get_prec(a.mpfi()));
    mpfr_set(lo, &a.mpfi()->left, MPFR_RNDD);
    mpfr_set(hi, &a.mpfi()->right, MPFR_RNDU);
    if (m % 2 == 0) {  // range of |x|
      if (mpfr_sgn(hi) <= 0) {
        mpfr_neg(lo, lo, MPFR_RNDN);
        mpfr_neg(hi, hi, MPFR_RNDN);
        mpfr_swap(lo, hi);
      } else if (mpfr_sgn(lo) < 0) {
        mpfr_neg(lo, lo, MPFR_RNDN);
        mpfr_max(hi, hi, lo, MPFR_RNDU);
        mpfr_set_zero(lo, 1);
      }
    }
    mpfr_pow_ui(&t->left, lo, m, MPFR_RNDD);
    mpfr_pow_ui(&t->right, hi, m, MPFR_RNDU);
    mpfr_clear(lo);
    mpfr_clear(hi);
    if (n < 0) {
      if (mpfi_has_zero(t)) set_entire(t);
      else mpfi_inv(t, t);
    }
  });
}

void exp(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_exp(t, a.mpfi()); });
}
// log and sqrt outside their domain give the whole line (indeterminate), never a finite result.
void log(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a) || mpfr_sgn(&a.mpfi()->left) <= 0) set_entire(t);
    else mpfi_log(t, a.mpfi());
  });
}
void expm1(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_expm1(t, a.mpfi()); });
}
void log1p(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a) || mpfr_cmp_si(&a.mpfi()->left, -1) <= 0) set_entire(t);
    else mpfi_log1p(t, a.mpfi());
  });
}
namespace {
// Whether every point of a lies in [lo, hi] (strict: in (lo, hi)); the bounds are longs, and a
// missing one is passed as LONG_MIN / LONG_MAX and skipped.
bool certainly_within(const Interval& a, long lo, long hi, bool strict) {
  if (has_nan(a)) return false;
  const int l = mpfr_cmp_si(&a.mpfi()->left, lo), u = mpfr_cmp_si(&a.mpfi()->right, hi);
  const bool lo_ok = lo == LONG_MIN || (strict ? l > 0 : l >= 0);
  const bool hi_ok = hi == LONG_MAX || (strict ? u < 0 : u <= 0);
  return lo_ok && hi_ok;
}
// f on each end of a, rounded outward: for f increasing (decreasing: the ends swap).
void monotone_by_ends(mpfi_ptr t, const Interval& a, int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), bool increasing) {
  if (has_nan(a)) return set_entire(t);
  mpfr_srcptr lo = &a.mpfi()->left, hi = &a.mpfi()->right;
  f(&t->left, increasing ? lo : hi, MPFR_RNDD);
  f(&t->right, increasing ? hi : lo, MPFR_RNDU);
}
}  // namespace

void log2(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!certainly_within(a, 0, LONG_MAX, true)) set_entire(t);
    else mpfi_log2(t, a.mpfi());
  });
}
void log10(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!certainly_within(a, 0, LONG_MAX, true)) set_entire(t);
    else mpfi_log10(t, a.mpfi());
  });
}
void asin(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!certainly_within(a, -1, 1, false)) set_entire(t);
    else mpfi_asin(t, a.mpfi());
  });
}
void acos(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!certainly_within(a, -1, 1, false)) set_entire(t);
    else mpfi_acos(t, a.mpfi());
  });
}
void sinh(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_sinh(t, a.mpfi()); });
}
void cosh(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_cosh(t, a.mpfi()); });
}
void asinh(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_asinh(t, a.mpfi()); });
}
void acosh(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!certainly_within(a, 1, LONG_MAX, false)) set_entire(t);
    else mpfi_acosh(t, a.mpfi());
  });
}
void atanh(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!certainly_within(a, -1, 1, true)) set_entire(t);
    else mpfi_atanh(t, a.mpfi());
  });
}
void erf(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { monotone_by_ends(t, a, mpfr_erf, true); });
}
void erfc(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { monotone_by_ends(t, a, mpfr_erfc, false); });
}
// a^b = exp(b log a) for a > 0 is monotone in a (for fixed sign of b) and in b (for fixed side
// of 1 of a), so its extremes over the box a x b are at the four corners.
void pow(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!certainly_within(a, 0, LONG_MAX, true) || has_nan(b) || !mpfi_bounded_p(b.mpfi())) return set_entire(t);
    mpfr_t v;
    mpfr_init2(v, p.bits);
    mpfr_set_inf(&t->left, 1);
    mpfr_set_inf(&t->right, -1);
    for (mpfr_srcptr x : {&a.mpfi()->left, &a.mpfi()->right})
      for (mpfr_srcptr y : {&b.mpfi()->left, &b.mpfi()->right}) {
        mpfr_pow(v, x, y, MPFR_RNDD);
        mpfr_min(&t->left, &t->left, v, MPFR_RNDD);
        mpfr_pow(v, x, y, MPFR_RNDU);
        mpfr_max(&t->right, &t->right, v, MPFR_RNDU);
      }
    mpfr_clear(v);
  });
}

void sqrt(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a) || mpfr_sgn(&a.mpfi()->left) < 0) set_entire(t);
    else mpfi_sqrt(t, a.mpfi());
  });
}
void sin(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_sin(t, a.mpfi()); });
}
void cos(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_cos(t, a.mpfi()); });
}
void tan(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_tan(t, a.mpfi()); });
}
void atan(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_atan(t, a.mpfi()); });
}
void tanh(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_tanh(t, a.mpfi()); });
}

// sigmoid(x) = (1 + tanh(x/2)) / 2: x occurs once, so no dependency blow-up.
void sigmoid(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    mpfi_div_2ui(t, a.mpfi(), 1);
    mpfi_tanh(t, t);
    mpfi_add_ui(t, t, 1);
    mpfi_div_2ui(t, t, 1);
  });
}

// relu, min, max are monotone in each endpoint: apply them to the endpoints, rounding outward.
void relu(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a)) {
      set_entire(t);
      return;
    }
    mpfr_set(&t->left, &a.mpfi()->left, MPFR_RNDD);
    mpfr_set(&t->right, &a.mpfi()->right, MPFR_RNDU);
    if (mpfr_sgn(&t->left) < 0) mpfr_set_zero(&t->left, 1);
    if (mpfr_sgn(&t->right) < 0) mpfr_set_zero(&t->right, 1);
  });
}

// 1 where a >= 0 certainly, 0 where a < 0 certainly, else [0, 1] (hull of both branches).
void step(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (!has_nan(a) && mpfr_sgn(&a.mpfi()->left) >= 0) mpfi_set_ui(t, 1);
    else if (!has_nan(a) && mpfr_sgn(&a.mpfi()->right) < 0) mpfi_set_ui(t, 0);
    else mpfi_interv_si(t, 0, 1);
  });
}

void abs(Interval& r, const Interval& a, Prec p) {
  compute(r, p, [&](mpfi_ptr t) { mpfi_abs(t, a.mpfi()); });
}

void min(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a) || has_nan(b)) {
      set_entire(t);
      return;
    }
    mpfr_min(&t->left, &a.mpfi()->left, &b.mpfi()->left, MPFR_RNDD);
    mpfr_min(&t->right, &a.mpfi()->right, &b.mpfi()->right, MPFR_RNDU);
  });
}
void max(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a) || has_nan(b)) {
      set_entire(t);
      return;
    }
    mpfr_max(&t->left, &a.mpfi()->left, &b.mpfi()->left, MPFR_RNDD);
    mpfr_max(&t->right, &a.mpfi()->right, &b.mpfi()->right, MPFR_RNDU);
  });
}
void hull(Interval& r, const Interval& a, const Interval& b, Prec p) {
  compute(r, p, [&](mpfi_ptr t) {
    if (has_nan(a) || has_nan(b)) set_entire(t);
    else mpfi_union(t, a.mpfi(), b.mpfi());
  });
}

Truth less(const Interval& a, const Interval& b) {
  if (has_nan(a) || has_nan(b)) return Truth::Unknown;
  if (mpfr_less_p(&a.mpfi()->right, &b.mpfi()->left)) return Truth::True;
  if (mpfr_greaterequal_p(&a.mpfi()->left, &b.mpfi()->right)) return Truth::False;
  return Truth::Unknown;
}
Truth less_equal(const Interval& a, const Interval& b) {
  if (has_nan(a) || has_nan(b)) return Truth::Unknown;
  if (mpfr_lessequal_p(&a.mpfi()->right, &b.mpfi()->left)) return Truth::True;
  if (mpfr_greater_p(&a.mpfi()->left, &b.mpfi()->right)) return Truth::False;
  return Truth::Unknown;
}
Truth equal(const Interval& a, const Interval& b) {
  if (has_nan(a) || has_nan(b)) return Truth::Unknown;
  if (is_exact(a) && is_exact(b) && mpfr_equal_p(&a.mpfi()->left, &b.mpfi()->left)) return Truth::True;
  if (mpfr_less_p(&a.mpfi()->right, &b.mpfi()->left) || mpfr_less_p(&b.mpfi()->right, &a.mpfi()->left))
    return Truth::False;
  return Truth::Unknown;
}
bool is_finite(const Interval& a) { return !has_nan(a) && mpfi_bounded_p(a.mpfi()) != 0; }
bool is_exact(const Interval& a) { return !has_nan(a) && mpfr_equal_p(&a.mpfi()->left, &a.mpfi()->right) != 0; }

Rational lower(const Interval& a) { return mpfr_to_rational(&a.mpfi()->left); }
Rational upper(const Interval& a) { return mpfr_to_rational(&a.mpfi()->right); }
// Exact midpoint of the two endpoints (a rational, not necessarily an MPFR number).
Rational mid(const Interval& a) { return (lower(a) + upper(a)) * Rational(mpz_class(1), mpz_class(2)); }
Rational rad(const Interval& a) { return (upper(a) - lower(a)) * Rational(mpz_class(1), mpz_class(2)); }
double dirty_mid(const Interval& a) {
  return 0.5 * (mpfr_get_d(&a.mpfi()->left, MPFR_RNDN) + mpfr_get_d(&a.mpfi()->right, MPFR_RNDN));
}

std::string to_string(const Interval& a, int digits) {
  if (has_nan(a)) return "[nan]";
  if (!is_finite(a)) return "[-inf, inf]";
  std::string out(1, '[');  // appends: GCC 12 -Wrestrict misfires on "[" + s
  return out.append(decimal_down(lower(a), digits)).append(", ").append(decimal_up(upper(a), digits)).append("]");
}

}  // namespace approxcert
