#pragma once
// Ball: a real enclosed as midpoint +/- radius (Arb arb_t). Every operation below returns a ball
// that contains f(x) for every x in its input balls (the enclosure contract, docs/contracts.md).
// Precision is explicit and last; there is no conversion from double.
#include <arb.h>

#include <string>

#include "prec.hpp"
#include "rational.hpp"
#include "truth.hpp"

namespace approxcert {

class Ball {
 public:
  Ball() { arb_init(x_); }  // exactly 0
  Ball(const Ball& o) {
    arb_init(x_);
    arb_set(x_, o.x_);
  }
  Ball(Ball&& o) noexcept {
    arb_init(x_);
    arb_swap(x_, o.x_);
  }
  Ball& operator=(const Ball& o) {
    if (this != &o) arb_set(x_, o.x_);
    return *this;
  }
  Ball& operator=(Ball&& o) noexcept {
    arb_swap(x_, o.x_);
    return *this;
  }
  ~Ball() { arb_clear(x_); }
  Ball(double) = delete;  // a double literal is not an exact input: use set(b, Rational, prec)
  Ball(float) = delete;
  Ball(int) = delete;

  arb_ptr arb() { return x_; }
  arb_srcptr arb() const { return x_; }

 private:
  arb_t x_;
};

// r contains q (exact when q is a dyadic that fits in prec bits).
void set(Ball& r, const Rational& q, Prec p);
// r = [lo, hi] (lo <= hi, else std::invalid_argument).
void set_interval(Ball& r, const Rational& lo, const Rational& hi, Prec p);
void set_pi(Ball& r, Prec p);  // r contains pi

void add(Ball& r, const Ball& a, const Ball& b, Prec p);
void sub(Ball& r, const Ball& a, const Ball& b, Prec p);
void mul(Ball& r, const Ball& a, const Ball& b, Prec p);
void addmul(Ball& r, const Ball& a, const Ball& b, Prec p);  // r := r + a*b
void div(Ball& r, const Ball& a, const Ball& b, Prec p);     // b containing 0: r = indeterminate (whole line)
void neg(Ball& r, const Ball& a);
void pow_int(Ball& r, const Ball& a, long n, Prec p);  // n < 0 and 0 in a: indeterminate
void exp(Ball& r, const Ball& a, Prec p);
void log(Ball& r, const Ball& a, Prec p);    // a not certainly > 0: indeterminate
void expm1(Ball& r, const Ball& a, Prec p);  // exp(a) - 1 (arb_expm1)
void log1p(Ball& r, const Ball& a, Prec p);  // log(1 + a) (arb_log1p); a not certainly > -1: indeterminate
void log2(Ball& r, const Ball& a,
          Prec p);  // arb_log_base_ui (exact at exact powers of 2); a not certainly > 0: indeterminate
void log10(Ball& r, const Ball& a,
           Prec p);  // arb_log_base_ui (exact at exact powers of 10); a not certainly > 0: indeterminate
void asin(Ball& r, const Ball& a,
          Prec p);  // arb_asin of each end (increasing); a not certainly in [-1, 1]: indeterminate
void acos(Ball& r, const Ball& a,
          Prec p);  // arb_acos of each end (decreasing); a not certainly in [-1, 1]: indeterminate
void sinh(Ball& r, const Ball& a, Prec p);   // arb_sinh
void cosh(Ball& r, const Ball& a, Prec p);   // arb_cosh
void asinh(Ball& r, const Ball& a, Prec p);  // arb_asinh
void acosh(Ball& r, const Ball& a, Prec p);  // arb_acosh of each end (increasing); a not certainly >= 1: indeterminate
void atanh(Ball& r, const Ball& a, Prec p);  // arb_atanh; a not certainly in (-1, 1): indeterminate
void erf(Ball& r, const Ball& a, Prec p);    // arb_hypgeom_erf
void erfc(Ball& r, const Ball& a, Prec p);   // arb_hypgeom_erfc
void pow(Ball& r, const Ball& a, const Ball& b, Prec p);  // a^b (arb_pow); a not certainly > 0: indeterminate
void sqrt(Ball& r, const Ball& a, Prec p);                // a not certainly >= 0: indeterminate
void sin(Ball& r, const Ball& a, Prec p);
void cos(Ball& r, const Ball& a, Prec p);
void tan(Ball& r, const Ball& a, Prec p);  // a may contain a pole: indeterminate
void atan(Ball& r, const Ball& a, Prec p);
void tanh(Ball& r, const Ball& a, Prec p);
void sigmoid(Ball& r, const Ball& a, Prec p);  // 1/(1+exp(-a)); may overshoot [0,1] by the radius
void relu(Ball& r, const Ball& a, Prec p);     // max(a,0)
void step(Ball& r, const Ball& a, Prec p);     // 1 if a >= 0 else 0; [0,1] if a straddles 0
void abs(Ball& r, const Ball& a, Prec p);
void min(Ball& r, const Ball& a, const Ball& b, Prec p);
void max(Ball& r, const Ball& a, const Ball& b, Prec p);
void hull(Ball& r, const Ball& a, const Ball& b, Prec p);  // contains both a and b

Truth less(const Ball& a, const Ball& b);  // a < b for all points
Truth less_equal(const Ball& a, const Ball& b);
Truth equal(const Ball& a, const Ball& b);                                      // True only for identical exact points
bool is_finite(const Ball& a);                                                  // midpoint and radius finite
bool is_exact(const Ball& a);                                                   // radius zero
inline bool is_exact_zero(const Ball& a) { return arb_is_zero(a.arb()) != 0; }  // the single point 0

// Exact dyadic bounds: lower(a) <= every point of a <= upper(a). Throws std::domain_error if not finite.
Rational lower(const Ball& a);  // dyadic lower bound (rounded down to bits(mid)+64 bits)
Rational upper(const Ball& a);
Rational mid(const Ball& a);                            // exact midpoint
Rational rad(const Ball& a);                            // exact radius
double dirty_mid(const Ball& a);                        // non-rigorous, for heuristics only
std::string to_string(const Ball& a, int digits = 20);  // Arb's "[m +/- r]" text

}  // namespace approxcert
