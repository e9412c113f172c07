#pragma once
// Series: a truncated univariate Taylor series u(x0 + t) = sum_{k < len} u_k t^k + O(t^len) with
// Arb ball coefficients, as a Scalar, so the ONE generic evaluator computes Taylor coefficients of
// any program of one input to any order (Evaluator<Series>).
//
// Guarantee: if the input is seeded by series_variable(X, len) (the series X + t) and the program
// is evaluated, then for every node and every x0 in the ball X, coefficient k of the node's series
// encloses u^(k)(x0)/k! of the node u seen as a function of the input, provided every coefficient
// is finite. A node whose function may fail to be smooth on X (relu, step, abs, min, max, an
// undecided hardmax or a hull of different branches whose argument is undecided on X) gets
// indeterminate coefficients, which is_finite() reports; so does an argument leaving the domain of
// a function (log, sqrt at 0, a pole of tan, a division by a series whose value may be 0).
// Decided branches (relu of an argument > 0 on X) are taken exactly: the node is smooth on X.
//
// len is carried by each series: constants have len 0 and adopt the length of what they meet.
#include <arb_poly.h>

#include "scalar/ball.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"
#include "scalar/truth.hpp"

namespace approxcert {

class Series {
 public:
  Series() { arb_poly_init(p_); }  // exactly 0 (a constant)
  Series(const Series& o) : len_(o.len_) {
    arb_poly_init(p_);
    arb_poly_set(p_, o.p_);
  }
  Series(Series&& o) noexcept : len_(o.len_) {
    arb_poly_init(p_);
    arb_poly_swap(p_, o.p_);
  }
  Series& operator=(const Series& o) {
    if (this != &o) {
      arb_poly_set(p_, o.p_);
      len_ = o.len_;
    }
    return *this;
  }
  Series& operator=(Series&& o) noexcept {
    arb_poly_swap(p_, o.p_);
    len_ = o.len_;
    return *this;
  }
  ~Series() { arb_poly_clear(p_); }

  arb_poly_struct* poly() { return p_; }
  const arb_poly_struct* poly() const { return p_; }
  long len() const { return len_; }  // coefficients kept (0: a constant of any length)
  void set_len(long n) { len_ = n; }
  // Coefficient k (exactly 0 beyond the stored length).
  Ball coefficient(long k) const;

 private:
  arb_poly_t p_;
  long len_ = 0;
};

// Coefficient k of an Arb polynomial (exactly 0 beyond its length).
Ball poly_coefficient(const arb_poly_struct* p, long k);

// The series x0 + t for every x0 in the ball x, kept to len coefficients (len >= 2).
Series series_variable(const Ball& x, long len);

// One line per operation: how coefficients 0..len-1 are computed (each Arb call encloses its
// exact result, so the guarantee above holds coefficient by coefficient; tests/net/series_oracle_test.cpp).
void set(Series& r, const Rational& q, Prec p);                    // the constant q (a ball containing it), len 0
void set_pi(Series& r, Prec p);                                    // a constant ball containing pi, len 0
void add(Series& r, const Series& a, const Series& b, Prec p);     // coefficientwise (arb_poly_add)
void sub(Series& r, const Series& a, const Series& b, Prec p);     // coefficientwise (arb_poly_sub)
void mul(Series& r, const Series& a, const Series& b, Prec p);     // truncated Cauchy product (arb_poly_mullow)
void addmul(Series& r, const Series& a, const Series& b, Prec p);  // r + a b, by mul then add
void div(Series& r, const Series& a, const Series& b,
         Prec p);                      // a (1/b) with arb_poly_inv_series; indeterminate if b's value may be 0 on X
void neg(Series& r, const Series& a);  // coefficientwise, exact
void pow_int(Series& r, const Series& a, long n,
             Prec p);  // n >= 0: arb_poly_pow_ui_trunc_binexp with coefficient 0 from Ball's a_0^n; n < 0: 1/a^|n|,
                       // indeterminate if a's value may be 0
void exp(Series& r, const Series& a, Prec p);  // arb_poly_exp_series (a constant a: Ball's exp)
void log(Series& r, const Series& a, Prec p);  // arb_poly_log_series; indeterminate unless a's value > 0 on X
void expm1(Series& r, const Series& a,
           Prec p);  // arb_poly_exp_series with coefficient 0 from Ball's expm1(a_0) (exactly 0 at a_0 = 0)
void log1p(Series& r, const Series& a, Prec p);  // arb_poly_log1p_series; indeterminate unless a's value > -1 on X
void log2(Series& r, const Series& a, Prec p);  // arb_poly_log_series / log 2 with coefficient 0 from Ball's log2(a_0);
                                                // indeterminate unless a's value > 0 on X
void log10(Series& r, const Series& a, Prec p);  // arb_poly_log_series / log 10 with coefficient 0 from Ball's
                                                 // log10(a_0); indeterminate unless a's value > 0 on X
void asin(Series& r, const Series& a, Prec p);   // arb_poly_asin_series with coefficient 0 from Ball's asin(a_0);
                                                 // indeterminate unless a's value in (-1, 1) on X
void acos(Series& r, const Series& a, Prec p);   // arb_poly_acos_series with coefficient 0 from Ball's acos(a_0);
                                                 // indeterminate unless a's value in (-1, 1) on X
void sinh(Series& r, const Series& a, Prec p);   // arb_poly_sinh_series (a constant a: Ball's sinh)
void cosh(Series& r, const Series& a, Prec p);   // arb_poly_cosh_series (a constant a: Ball's cosh)
void asinh(Series& r, const Series& a, Prec p);  // asinh(a_0) + integral of a' (a^2 + 1)^(-1/2)
                                                 // (arb_poly_rsqrt_series), the constant a_0^2 + 1 from Ball's square
void acosh(Series& r, const Series& a,
           Prec p);  // acosh(a_0) + integral of a' (a^2 - 1)^(-1/2); indeterminate unless a's value > 1 on X
void atanh(Series& r, const Series& a,
           Prec p);  // atanh(a_0) + integral of a' / (1 - a^2); indeterminate unless a's value in (-1, 1) on X
void erf(Series& r, const Series& a, Prec p);   // arb_hypgeom_erf_series (a constant a: Ball's erf)
void erfc(Series& r, const Series& a, Prec p);  // arb_hypgeom_erfc_series (a constant a: Ball's erfc)
void pow(Series& r, const Series& a, const Series& b,
         Prec p);  // arb_poly_pow_series (constant b: _pow_arb_series) with coefficient 0 from Ball's pow;
                   // indeterminate unless a's value > 0 on X
void sqrt(Series& r, const Series& a,
          Prec p);  // arb_poly_sqrt_series; 0 for the zero series; indeterminate unless a's value > 0 on X
void sin(Series& r, const Series& a, Prec p);  // arb_poly_sin_series (a constant a: Ball's sin)
void cos(Series& r, const Series& a, Prec p);  // arb_poly_cos_series (a constant a: Ball's cos)
void tan(Series& r, const Series& a, Prec p);  // y_0 = Ball's tan(a_0), then k y_k = sum_{j=1..k} j a_j z_{k-j}, z = 1
                                               // + y^2; indeterminate if y_0 is not finite
void atan(Series& r, const Series& a,
          Prec p);  // atan(a_0) + integral of a' / (1 + a^2), the constant 1 + a_0^2 from Ball's square
void tanh(Series& r, const Series& a, Prec p);  // y_0 = Ball's tanh(a_0), then the recurrence of tan with z = 1 - y^2
void sigmoid(Series& r, const Series& a,
             Prec p);  // y_0 = Ball's sigmoid(a_0), then the recurrence of tan with z = y - y^2
void relu(Series& r, const Series& a,
          Prec p);  // a where a > 0 on X, exactly 0 where a < 0 on X or a = 0, else indeterminate
void step(Series& r, const Series& a,
          Prec p);  // exactly 1 where a > 0 on X or a = 0, 0 where a < 0 on X, else indeterminate
void abs(Series& r, const Series& a, Prec p);  // -a where a < 0 on X, else as relu
void min(Series& r, const Series& a, const Series& b,
         Prec p);  // the argument smaller on all of X, or the common exact series, else indeterminate
void max(Series& r, const Series& a, const Series& b,
         Prec p);  // the argument larger on all of X, or the common exact series, else indeterminate
void hull(Series& r, const Series& a, const Series& b,
          Prec p);  // a if a, b are the same exact series, else indeterminate

// Comparisons of the values (coefficient 0) on the whole ball X; equal: True only for identical
// exact series.
Truth less(const Series& a, const Series& b);
Truth less_equal(const Series& a, const Series& b);
Truth equal(const Series& a, const Series& b);
bool is_finite(const Series& a);    // every coefficient finite
double dirty_mid(const Series& a);  // non-rigorous: midpoint of the value

}  // namespace approxcert
