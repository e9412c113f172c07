#pragma once
// Interval: a real enclosed as [lower, upper] with MPFR endpoints (MPFI mpfi_t): the independent
// second engine. Every operation below returns an interval containing f(x) for every x in its
// inputs (the enclosure contract, docs/contracts.md). The result's precision is the Prec given;
// there is no conversion from double.
#include <mpfi.h>

#include <string>

#include "prec.hpp"
#include "rational.hpp"
#include "truth.hpp"

namespace approxcert {

class Interval {
 public:
  Interval() {
    mpfi_init2(x_, 64);
    mpfi_set_ui(x_, 0);
  }  // exactly 0
  Interval(const Interval& o) {
    mpfi_init2(x_, mpfi_get_prec(o.x_));
    mpfi_set(x_, o.x_);
  }
  Interval(Interval&& o) noexcept {
    mpfi_init2(x_, 64);
    mpfi_swap(x_, o.x_);
  }
  Interval& operator=(const Interval& o) {
    if (this == &o) return *this;
    // mpfi_set_prec reallocates both limb arrays: skip it when the precision already matches
    // (the evaluator's copies almost always do); the copy is exact either way.
    if (mpfi_get_prec(x_) != mpfi_get_prec(o.x_)) mpfi_set_prec(x_, mpfi_get_prec(o.x_));
    mpfi_set(x_, o.x_);
    return *this;
  }
  Interval& operator=(Interval&& o) noexcept {
    mpfi_swap(x_, o.x_);
    return *this;
  }
  ~Interval() { mpfi_clear(x_); }
  Interval(double) = delete;  // a double literal is not an exact input: use set(r, Rational, prec)
  Interval(float) = delete;
  Interval(int) = delete;

  mpfi_ptr mpfi() { return x_; }
  mpfi_srcptr mpfi() const { return x_; }

 private:
  mpfi_t x_;
};

// r contains q (exact when q is a dyadic that fits in prec bits).
void set(Interval& r, const Rational& q, Prec p);
// r = [lo, hi] (lo <= hi, else std::invalid_argument).
void set_interval(Interval& r, const Rational& lo, const Rational& hi, Prec p);
void set_pi(Interval& r, Prec p);  // r contains pi

void add(Interval& r, const Interval& a, const Interval& b, Prec p);
void sub(Interval& r, const Interval& a, const Interval& b, Prec p);
void mul(Interval& r, const Interval& a, const Interval& b, Prec p);
void addmul(Interval& r, const Interval& a, const Interval& b, Prec p);  // r := r + a*b
void div(Interval& r, const Interval& a, const Interval& b, Prec p);  // b containing 0: r = indeterminate (whole line)
void neg(Interval& r, const Interval& a);
void pow_int(Interval& r, const Interval& a, long n, Prec p);  // n < 0 and 0 in a: indeterminate
void exp(Interval& r, const Interval& a, Prec p);
void log(Interval& r, const Interval& a, Prec p);    // a not certainly > 0: indeterminate
void expm1(Interval& r, const Interval& a, Prec p);  // exp(a) - 1 (mpfi_expm1)
void log1p(Interval& r, const Interval& a, Prec p);  // log(1 + a) (mpfi_log1p); a not certainly > -1: indeterminate
void log2(Interval& r, const Interval& a, Prec p);   // mpfi_log2; a not certainly > 0: indeterminate
void log10(Interval& r, const Interval& a, Prec p);  // mpfi_log10; a not certainly > 0: indeterminate
void asin(Interval& r, const Interval& a, Prec p);   // mpfi_asin; a not certainly in [-1, 1]: indeterminate
void acos(Interval& r, const Interval& a, Prec p);   // mpfi_acos; a not certainly in [-1, 1]: indeterminate
void sinh(Interval& r, const Interval& a, Prec p);   // mpfi_sinh
void cosh(Interval& r, const Interval& a, Prec p);   // mpfi_cosh
void asinh(Interval& r, const Interval& a, Prec p);  // mpfi_asinh
void acosh(Interval& r, const Interval& a, Prec p);  // mpfi_acosh; a not certainly >= 1: indeterminate
void atanh(Interval& r, const Interval& a, Prec p);  // mpfi_atanh; a not certainly in (-1, 1): indeterminate
void erf(Interval& r, const Interval& a, Prec p);    // increasing: mpfr_erf of each end, rounded outward
void erfc(Interval& r, const Interval& a, Prec p);   // decreasing: mpfr_erfc of each end, rounded outward
void pow(Interval& r, const Interval& a, const Interval& b,
         Prec p);  // a^b: mpfr_pow at the four corners (monotone in each argument), rounded outward; a not certainly >
                   // 0 or b unbounded: indeterminate
void sqrt(Interval& r, const Interval& a, Prec p);  // a not certainly >= 0: indeterminate
void sin(Interval& r, const Interval& a, Prec p);
void cos(Interval& r, const Interval& a, Prec p);
void tan(Interval& r, const Interval& a, Prec p);  // a may contain a pole: indeterminate
void atan(Interval& r, const Interval& a, Prec p);
void tanh(Interval& r, const Interval& a, Prec p);
void sigmoid(Interval& r, const Interval& a, Prec p);  // 1/(1+exp(-a)), enclosure within [0,1]
void relu(Interval& r, const Interval& a, Prec p);     // max(a,0)
void step(Interval& r, const Interval& a, Prec p);     // 1 if a >= 0 else 0; [0,1] if a straddles 0
void abs(Interval& r, const Interval& a, Prec p);
void min(Interval& r, const Interval& a, const Interval& b, Prec p);
void max(Interval& r, const Interval& a, const Interval& b, Prec p);
void hull(Interval& r, const Interval& a, const Interval& b, Prec p);  // contains both a and b

Truth less(const Interval& a, const Interval& b);  // a < b for all points
Truth less_equal(const Interval& a, const Interval& b);
Truth equal(const Interval& a, const Interval& b);  // True only for identical exact points
bool is_finite(const Interval& a);                  // midpoint and radius finite
bool is_exact(const Interval& a);                   // radius zero
inline bool is_exact_zero(const Interval& a) {      // the single point 0
  return mpfr_zero_p(&a.mpfi()->left) != 0 && mpfr_zero_p(&a.mpfi()->right) != 0;
}

// Exact endpoints: lower(a) <= every point of a <= upper(a). Throws std::domain_error if infinite.
Rational lower(const Interval& a);
Rational upper(const Interval& a);
Rational mid(const Interval& a);                            // exact midpoint
Rational rad(const Interval& a);                            // exact radius
double dirty_mid(const Interval& a);                        // non-rigorous, for heuristics only
std::string to_string(const Interval& a, int digits = 20);  // "[lo, hi]" text

}  // namespace approxcert
