#include "scalar/decimal_bounds.hpp"

#include <arb.h>
#include <arf.h>
#include <flint/fmpz.h>
#include <mpfi.h>

#include <algorithm>
#include <string>

#include "scalar/flint_temporaries.hpp"

namespace approxcert {

namespace {

using detail::ArbTemp;
using detail::Arf;
using detail::Fmpz;

std::string fmpz_text(const fmpz_t z) {
  char* s = fmpz_get_str(nullptr, 10, z);
  std::string out(s);
  flint_free(s);
  return out;
}

// n * 10^k as text (n > 0 an integer): plain for moderate exponents, else "d.ddde+E".
std::string scaled_text(std::string n, fmpz_t k) {
  while (n.size() > 1 && n.back() == '0') {  // trailing zeros into the exponent
    n.pop_back();
    fmpz_add_ui(k, k, 1);
  }
  Fmpz e;  // decimal exponent of the leading digit
  fmpz_add_si(e.v, k, static_cast<slong>(n.size()) - 1);
  if (fmpz_cmp_si(e.v, -6) >= 0 && fmpz_cmp_si(e.v, 20) <= 0) {
    const slong kk = fmpz_get_si(k);
    if (kk >= 0) return n + std::string(static_cast<std::size_t>(kk), '0');
    const std::size_t frac = static_cast<std::size_t>(-kk);
    if (n.size() > frac) return n.substr(0, n.size() - frac) + "." + n.substr(n.size() - frac);
    return "0." + std::string(frac - n.size(), '0') + n;
  }
  std::string out = n.substr(0, 1);
  if (n.size() > 1) out.append(1, '.').append(n, 1);  // appends: GCC 12 -Wrestrict misfires on "." + s
  out += "e";
  if (fmpz_sgn(e.v) >= 0) out += "+";
  return out + fmpz_text(e.v);
}

// Compares n * 10^k with a exactly (sign of n*10^k - a); only for |k| < 2^14 (else 2: not compared).
int compare_scaled(const fmpz_t n, const fmpz_t k, const arf_t a) {
  if (fmpz_bits(k) > 14) return 2;  // |k| < 2^14
  Fmpz p;
  fmpz_set_ui(p.v, 10);
  fmpz_pow_ui(p.v, p.v, static_cast<ulong>(fmpz_sgn(k) >= 0 ? fmpz_get_si(k) : -fmpz_get_si(k)));
  Arf x, y;
  if (fmpz_sgn(k) >= 0) {
    fmpz_mul(p.v, p.v, n);
    arf_set_fmpz(x.v, p.v);
    arf_set(y.v, a);
  } else {
    arf_set_fmpz(x.v, n);
    arf_mul_fmpz(y.v, a, p.v, ARF_PREC_EXACT, ARF_RND_DOWN);  // exact
  }
  return arf_cmp(x.v, y.v);
}

// A decimal d with d <= v (up = false) or d >= v (up = true), about `digits` significant digits.
std::string decimal_bound(const arf_t v, int digits, bool up) {
  if (arf_is_nan(v)) return up ? "inf" : "-inf";
  if (arf_is_pos_inf(v)) return up ? "inf" : "-inf";  // a lower bound of +inf is not finite text either
  if (arf_is_neg_inf(v)) return "-inf";
  if (arf_is_zero(v)) return "0";
  digits = std::clamp(digits, 1, 10000);
  const bool negative = arf_sgn(v) < 0;
  const bool round_up = up != negative;  // bound |v| from above for an upper bound of a positive v, ...
  Arf a;
  arf_abs(a.v, v);
  // |v| < 2^b, so 10^e with e = floor((b - 1) log10 2) is near |v|; k = e - digits + 1 leaves
  // about `digits` digits in |v| / 10^k. Any k is sound; it only sets the number of digits.
  Fmpz b, k;
  arf_abs_bound_lt_2exp_fmpz(b.v, a.v);
  fmpz_sub_ui(k.v, b.v, 1);
  fmpz_mul_ui(k.v, k.v, 301029995);
  fmpz_fdiv_q_ui(k.v, k.v, 1000000000);
  fmpz_sub_si(k.v, k.v, digits - 1);
  const slong prec = static_cast<slong>(digits) * 4 + 64 + static_cast<slong>(fmpz_bits(k.v));
  ArbTemp ten, scale, t;
  arb_set_ui(ten.v, 10);
  arb_pow_fmpz(scale.v, ten.v, k.v, prec);  // encloses 10^k (k may be negative)
  arb_set_arf(t.v, a.v);
  arb_div(t.v, t.v, scale.v, prec);  // encloses |v| / 10^k
  Arf bound;
  Fmpz n;
  if (round_up) {
    arb_get_ubound_arf(bound.v, t.v, prec);
    arf_get_fmpz(n.v, bound.v, ARF_RND_CEIL);  // n >= |v| / 10^k
  } else {
    arb_get_lbound_arf(bound.v, t.v, prec);
    arf_get_fmpz(n.v, bound.v, ARF_RND_FLOOR);  // n <= |v| / 10^k
  }
  // The division above is rounded, so n may be one unit off the best bound: step towards |v|
  // while the exact comparison allows (values that fit in the digits then print exactly).
  for (int step = 0; step < 2; ++step) {
    Fmpz next;
    if (round_up) fmpz_sub_ui(next.v, n.v, 1);
    else fmpz_add_ui(next.v, n.v, 1);
    const int c = compare_scaled(next.v, k.v, a.v);
    if (c == 2 || (round_up ? c < 0 : c > 0)) break;
    fmpz_swap(n.v, next.v);
  }
  if (fmpz_sgn(n.v) <= 0) return "0";  // only possible rounding down: 0 <= |v|
  const std::string text = scaled_text(fmpz_text(n.v), k.v);
  return negative ? "-" + text : text;
}

// Enough bits that rounding an endpoint costs less than the last printed digit.
slong work_prec(int digits) { return static_cast<slong>(std::clamp(digits, 1, 10000)) * 4 + 64; }

// Binary exponent of a finite nonzero endpoint within +-2^16.
bool moderate(const arf_t v) {
  if (arf_is_zero(v)) return true;
  if (!arf_is_finite(v)) return false;
  return fmpz_bits(ARF_EXPREF(v)) <= 16;
}

void interval_endpoint(arf_t out, const Interval& x, bool upper) {
  if (upper) arf_set_mpfr(out, &x.mpfi()->right);
  else arf_set_mpfr(out, &x.mpfi()->left);
}

}  // namespace

std::string decimal_lower(const Ball& x, int digits) {
  if (!arb_is_finite(x.arb())) return "-inf";
  Arf l;
  arb_get_lbound_arf(l.v, x.arb(), work_prec(digits));  // rounded down
  return decimal_bound(l.v, digits, false);
}

std::string decimal_upper(const Ball& x, int digits) {
  if (!arb_is_finite(x.arb())) return "inf";
  Arf u;
  arb_get_ubound_arf(u.v, x.arb(), work_prec(digits));  // rounded up
  return decimal_bound(u.v, digits, true);
}

std::string decimal_lower(const Interval& x, int digits) {
  Arf l;
  interval_endpoint(l.v, x, false);
  return decimal_bound(l.v, digits, false);
}

std::string decimal_upper(const Interval& x, int digits) {
  Arf u;
  interval_endpoint(u.v, x, true);
  return decimal_bound(u.v, digits, true);
}

std::string decimal_mid(const Ball& x, int digits) {
  if (!arb_is_finite(x.arb())) return "nan";
  return decimal_bound(arb_midref(x.arb()), digits, false);
}

std::string decimal_mid(const Interval& x, int digits) {
  Arf l, u, m;
  interval_endpoint(l.v, x, false);
  interval_endpoint(u.v, x, true);
  arf_add(m.v, l.v, u.v, work_prec(digits), ARF_RND_DOWN);
  arf_mul_2exp_si(m.v, m.v, -1);
  return decimal_bound(m.v, digits, false);
}

std::string decimal_radius_upper(const Ball& x, int digits) {
  Arf r;
  arf_set_mag(r.v, arb_radref(x.arb()));
  return decimal_bound(r.v, digits, true);
}

std::string decimal_radius_upper(const Interval& x, int digits) {
  Arf l, u, w;
  interval_endpoint(l.v, x, false);
  interval_endpoint(u.v, x, true);
  arf_sub(w.v, u.v, l.v, work_prec(digits), ARF_RND_UP);  // w >= 0: rounded up
  arf_mul_2exp_si(w.v, w.v, -1);
  return decimal_bound(w.v, digits, true);
}

bool has_moderate_exponent(const Ball& x) {
  if (!arb_is_finite(x.arb())) return false;
  Arf r;
  arf_set_mag(r.v, arb_radref(x.arb()));
  return moderate(arb_midref(x.arb())) && moderate(r.v);
}

bool has_moderate_exponent(const Interval& x) {
  Arf l, u;
  interval_endpoint(l.v, x, false);
  interval_endpoint(u.v, x, true);
  return moderate(l.v) && moderate(u.v);
}

}  // namespace approxcert
