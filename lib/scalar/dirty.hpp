#pragma once
// Dirty: a plain double. NON-RIGOROUS: rounding errors are not tracked and comparisons are taken
// at face value. Used only for exploration, plotting, benchmarks and heuristics (where to split,
// where to look for a witness). Never feeds a verdict. Each operation approximates dirty_mid of the
// rigorous result (a Ball's), so hull of two points is their midpoint: the hull's, as one double.
#include <algorithm>
#include <cmath>

#include "prec.hpp"
#include "rational.hpp"
#include "truth.hpp"

namespace approxcert {

struct Dirty {
  double v = 0.0;
};

inline void set(Dirty& r, const Rational& q, Prec) { r.v = q.dirty_to_double(); }
inline void set_pi(Dirty& r, Prec) { r.v = M_PI; }
inline void add(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v = a.v + b.v; }
inline void sub(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v = a.v - b.v; }
inline void mul(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v = a.v * b.v; }
inline void addmul(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v += a.v * b.v; }
inline void div(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v = a.v / b.v; }
inline void neg(Dirty& r, const Dirty& a) { r.v = -a.v; }
inline void pow_int(Dirty& r, const Dirty& a, long n, Prec) { r.v = std::pow(a.v, static_cast<double>(n)); }
inline void exp(Dirty& r, const Dirty& a, Prec) { r.v = std::exp(a.v); }
inline void log(Dirty& r, const Dirty& a, Prec) { r.v = std::log(a.v); }
inline void expm1(Dirty& r, const Dirty& a, Prec) { r.v = std::expm1(a.v); }
inline void log1p(Dirty& r, const Dirty& a, Prec) { r.v = std::log1p(a.v); }
inline void log2(Dirty& r, const Dirty& a, Prec) { r.v = std::log2(a.v); }
inline void log10(Dirty& r, const Dirty& a, Prec) { r.v = std::log10(a.v); }
inline void asin(Dirty& r, const Dirty& a, Prec) { r.v = std::asin(a.v); }
inline void acos(Dirty& r, const Dirty& a, Prec) { r.v = std::acos(a.v); }
inline void sinh(Dirty& r, const Dirty& a, Prec) { r.v = std::sinh(a.v); }
inline void cosh(Dirty& r, const Dirty& a, Prec) { r.v = std::cosh(a.v); }
inline void asinh(Dirty& r, const Dirty& a, Prec) { r.v = std::asinh(a.v); }
inline void acosh(Dirty& r, const Dirty& a, Prec) { r.v = std::acosh(a.v); }
inline void atanh(Dirty& r, const Dirty& a, Prec) { r.v = std::atanh(a.v); }
inline void erf(Dirty& r, const Dirty& a, Prec) { r.v = std::erf(a.v); }
inline void erfc(Dirty& r, const Dirty& a, Prec) { r.v = std::erfc(a.v); }
inline void pow(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v = a.v > 0 ? std::pow(a.v, b.v) : std::nan(""); }
inline void sqrt(Dirty& r, const Dirty& a, Prec) { r.v = std::sqrt(a.v); }
inline void sin(Dirty& r, const Dirty& a, Prec) { r.v = std::sin(a.v); }
inline void cos(Dirty& r, const Dirty& a, Prec) { r.v = std::cos(a.v); }
inline void tan(Dirty& r, const Dirty& a, Prec) { r.v = std::tan(a.v); }
inline void atan(Dirty& r, const Dirty& a, Prec) { r.v = std::atan(a.v); }
inline void tanh(Dirty& r, const Dirty& a, Prec) { r.v = std::tanh(a.v); }
inline void sigmoid(Dirty& r, const Dirty& a, Prec) { r.v = 1.0 / (1.0 + std::exp(-a.v)); }
inline void relu(Dirty& r, const Dirty& a, Prec) { r.v = a.v > 0 ? a.v : 0.0; }
inline void step(Dirty& r, const Dirty& a, Prec) { r.v = a.v >= 0 ? 1.0 : 0.0; }
inline void abs(Dirty& r, const Dirty& a, Prec) { r.v = std::fabs(a.v); }
inline void min(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v = std::min(a.v, b.v); }
inline void max(Dirty& r, const Dirty& a, const Dirty& b, Prec) { r.v = std::max(a.v, b.v); }
inline void hull(Dirty& r, const Dirty& a, const Dirty& b, Prec) {
  r.v = 0.5 * (a.v + b.v);
}  // midpoint of the hull: a point cannot hold both
inline Truth less(const Dirty& a, const Dirty& b) { return a.v < b.v ? Truth::True : Truth::False; }
inline Truth less_equal(const Dirty& a, const Dirty& b) { return a.v <= b.v ? Truth::True : Truth::False; }
inline Truth equal(const Dirty& a, const Dirty& b) { return a.v == b.v ? Truth::True : Truth::False; }
inline bool is_finite(const Dirty& a) { return std::isfinite(a.v); }
inline double dirty_mid(const Dirty& a) { return a.v; }

}  // namespace approxcert
