#pragma once
// Rational as a Scalar: exact arithmetic for the operations whose results are rational
// (field operations, integer powers, relu, step, abs, min, max). Transcendental operations throw
// NotExactError; hull of two different values throws too (comparisons of rationals are always
// decided, so a correct evaluator never needs it).
#include "input_error.hpp"
#include "prec.hpp"
#include "rational.hpp"
#include "truth.hpp"

namespace approxcert {

inline void set(Rational& r, const Rational& q, Prec) { r = q; }
void set_pi(Rational& r, Prec);  // throws NotExactError
inline void add(Rational& r, const Rational& a, const Rational& b, Prec) { r = a + b; }
inline void sub(Rational& r, const Rational& a, const Rational& b, Prec) { r = a - b; }
inline void mul(Rational& r, const Rational& a, const Rational& b, Prec) { r = a * b; }
inline void addmul(Rational& r, const Rational& a, const Rational& b, Prec) { r += a * b; }
void div(Rational& r, const Rational& a, const Rational& b, Prec);  // b == 0: NotExactError
inline void neg(Rational& r, const Rational& a) { r = -a; }
void pow_int(Rational& r, const Rational& a, long n, Prec);  // 0^negative: NotExactError
void exp(Rational& r, const Rational& a, Prec);              // all transcendental: NotExactError
void log(Rational& r, const Rational& a, Prec);
void expm1(Rational& r, const Rational& a, Prec);
void log1p(Rational& r, const Rational& a, Prec);
void log2(Rational& r, const Rational& a, Prec);  // log2 .. erfc: NotExactError
void log10(Rational& r, const Rational& a, Prec);
void asin(Rational& r, const Rational& a, Prec);
void acos(Rational& r, const Rational& a, Prec);
void sinh(Rational& r, const Rational& a, Prec);
void cosh(Rational& r, const Rational& a, Prec);
void asinh(Rational& r, const Rational& a, Prec);
void acosh(Rational& r, const Rational& a, Prec);
void atanh(Rational& r, const Rational& a, Prec);
void erf(Rational& r, const Rational& a, Prec);
void erfc(Rational& r, const Rational& a, Prec);
void pow(Rational& r, const Rational& a, const Rational& b,
         Prec);  // exact for a > 0 and an integer b (|b| <= 10000); else NotExactError
void sqrt(Rational& r, const Rational& a, Prec);
void sin(Rational& r, const Rational& a, Prec);
void cos(Rational& r, const Rational& a, Prec);
void tan(Rational& r, const Rational& a, Prec);
void atan(Rational& r, const Rational& a, Prec);
void tanh(Rational& r, const Rational& a, Prec);
void sigmoid(Rational& r, const Rational& a, Prec);
inline void relu(Rational& r, const Rational& a, Prec) { r = a.sign() > 0 ? a : Rational(0); }
inline void step(Rational& r, const Rational& a, Prec) { r = Rational(a.sign() >= 0 ? 1 : 0); }
inline void abs(Rational& r, const Rational& a, Prec) { r = abs(a); }
inline void min(Rational& r, const Rational& a, const Rational& b, Prec) { r = min(a, b); }
inline void max(Rational& r, const Rational& a, const Rational& b, Prec) { r = max(a, b); }
void hull(Rational& r, const Rational& a, const Rational& b, Prec);  // a != b: std::logic_error
inline Truth less(const Rational& a, const Rational& b) { return a < b ? Truth::True : Truth::False; }
inline Truth less_equal(const Rational& a, const Rational& b) { return a <= b ? Truth::True : Truth::False; }
inline Truth equal(const Rational& a, const Rational& b) { return a == b ? Truth::True : Truth::False; }
inline bool is_finite(const Rational&) { return true; }
inline bool is_exact_zero(const Rational& a) { return a.sign() == 0; }
inline Rational lower(const Rational& a) { return a; }
inline Rational upper(const Rational& a) { return a; }
inline double dirty_mid(const Rational& a) { return a.dirty_to_double(); }

}  // namespace approxcert
