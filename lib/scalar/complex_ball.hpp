#pragma once
// ComplexBall: a complex number enclosed as a rectangle of real balls (Arb acb_t), for evaluating a
// program on complex inputs (the holomorphic extension an integrand needs for Arb's rigorous
// integration, acb_calc_integrate). Every operation returns a ball containing f(z) for every z in
// its input balls, where f is the operation's principal branch; on real inputs it is the real
// function. Inside a HolomorphicScope, every operation also certifies that it is holomorphic on
// its inputs, and returns an indeterminate (non-finite) ball where it cannot (a ball touching a
// branch cut, a kink of abs/relu/min/max, a jump of step, an undecided comparison). Precision is
// explicit and last; there is no conversion from double.
#include <acb.h>

#include "prec.hpp"
#include "rational.hpp"
#include "truth.hpp"

namespace approxcert {

class ComplexBall {
 public:
  ComplexBall() { acb_init(z_); }  // exactly 0
  ComplexBall(const ComplexBall& o) {
    acb_init(z_);
    acb_set(z_, o.z_);
  }
  ComplexBall(ComplexBall&& o) noexcept {
    acb_init(z_);
    acb_swap(z_, o.z_);
  }
  ComplexBall& operator=(const ComplexBall& o) {
    if (this != &o) acb_set(z_, o.z_);
    return *this;
  }
  ComplexBall& operator=(ComplexBall&& o) noexcept {
    acb_swap(z_, o.z_);
    return *this;
  }
  ~ComplexBall() { acb_clear(z_); }
  ComplexBall(double) = delete;

  acb_ptr acb() { return z_; }
  acb_srcptr acb() const { return z_; }

 private:
  acb_t z_;
};

// While one is alive on this thread, the operations certify holomorphy (see above).
class HolomorphicScope {
 public:
  explicit HolomorphicScope(bool on);
  ~HolomorphicScope();
  HolomorphicScope(const HolomorphicScope&) = delete;
  HolomorphicScope& operator=(const HolomorphicScope&) = delete;

 private:
  bool previous_;
};

void set(ComplexBall& r, const Rational& q, Prec p);  // r contains q
void set_pi(ComplexBall& r, Prec p);
void add(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);
void sub(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);
void mul(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);
void addmul(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);
void div(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);  // b containing 0: indeterminate
void neg(ComplexBall& r, const ComplexBall& a);
void pow_int(ComplexBall& r, const ComplexBall& a, long n, Prec p);  // n < 0 and 0 in a: indeterminate
// Entire functions (acb_exp, acb_expm1, acb_sin, acb_cos, acb_sinh, acb_cosh, acb_hypgeom_erf, _erfc).
void exp(ComplexBall& r, const ComplexBall& a, Prec p);
void expm1(ComplexBall& r, const ComplexBall& a, Prec p);
void sin(ComplexBall& r, const ComplexBall& a, Prec p);
void cos(ComplexBall& r, const ComplexBall& a, Prec p);
void sinh(ComplexBall& r, const ComplexBall& a, Prec p);
void cosh(ComplexBall& r, const ComplexBall& a, Prec p);
void erf(ComplexBall& r, const ComplexBall& a, Prec p);
void erfc(ComplexBall& r, const ComplexBall& a, Prec p);
// Meromorphic (a pole in a gives an indeterminate ball): acb_tan, acb_tanh, 1/(1+exp(-a)).
void tan(ComplexBall& r, const ComplexBall& a, Prec p);
void tanh(ComplexBall& r, const ComplexBall& a, Prec p);
void sigmoid(ComplexBall& r, const ComplexBall& a, Prec p);
// Branch cuts: holomorphic where a stays off the cut; in a HolomorphicScope an input not certainly
// off it (log, sqrt, pow: Re a > 0 or a off (-inf, 0]; log1p: Re(1 + a) > 0; asin, acos, atanh:
// |Re a| < 1; atan, asinh: |Im a| < 1; acosh: Re a > 1) gives an indeterminate ball.
void log(ComplexBall& r, const ComplexBall& a, Prec p);
void log1p(ComplexBall& r, const ComplexBall& a, Prec p);
void log2(ComplexBall& r, const ComplexBall& a, Prec p);
void log10(ComplexBall& r, const ComplexBall& a, Prec p);
void sqrt(ComplexBall& r, const ComplexBall& a, Prec p);
void pow(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);
void asin(ComplexBall& r, const ComplexBall& a, Prec p);
void acos(ComplexBall& r, const ComplexBall& a, Prec p);
void atan(ComplexBall& r, const ComplexBall& a, Prec p);
void asinh(ComplexBall& r, const ComplexBall& a, Prec p);
void acosh(ComplexBall& r, const ComplexBall& a, Prec p);
void atanh(ComplexBall& r, const ComplexBall& a, Prec p);
// Real kinks and jumps, extended as Arb's acb_real_* (holomorphic on Re a != 0, resp. a != b).
void relu(ComplexBall& r, const ComplexBall& a, Prec p);
void step(ComplexBall& r, const ComplexBall& a, Prec p);
void abs(ComplexBall& r, const ComplexBall& a, Prec p);
void min(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);
void max(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);
void hull(ComplexBall& r, const ComplexBall& a, const ComplexBall& b, Prec p);  // indeterminate in a HolomorphicScope

// Comparisons of real parts, decided only for real balls (zero imaginary part) outside a
// HolomorphicScope; otherwise Unknown.
Truth less(const ComplexBall& a, const ComplexBall& b);
Truth less_equal(const ComplexBall& a, const ComplexBall& b);
Truth equal(const ComplexBall& a, const ComplexBall& b);
bool is_finite(const ComplexBall& a);
double dirty_mid(const ComplexBall& a);  // non-rigorous: the real part's midpoint

}  // namespace approxcert
