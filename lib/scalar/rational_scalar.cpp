#include "scalar/rational_scalar.hpp"

#include <stdexcept>
#include <string>

namespace approxcert {

namespace {
[[noreturn]] void not_exact(const char* op) {
  throw NotExactError(std::string(op) + " has no exact rational result; evaluate with balls");
}
}  // namespace

void set_pi(Rational&, Prec) { not_exact("pi"); }
void div(Rational& r, const Rational& a, const Rational& b, Prec) {
  if (b.sign() == 0) throw NotExactError("division by zero");
  r = a / b;
}
void pow_int(Rational& r, const Rational& a, long n, Prec) {
  if (n < 0 && a.sign() == 0) throw NotExactError("zero to a negative power");
  r = pow_int(a, n);
}
void exp(Rational&, const Rational&, Prec) { not_exact("exp"); }
void log(Rational&, const Rational&, Prec) { not_exact("log"); }
void expm1(Rational&, const Rational&, Prec) { not_exact("expm1"); }
void log1p(Rational&, const Rational&, Prec) { not_exact("log1p"); }
void log2(Rational&, const Rational&, Prec) { not_exact("log2"); }
void log10(Rational&, const Rational&, Prec) { not_exact("log10"); }
void asin(Rational&, const Rational&, Prec) { not_exact("asin"); }
void acos(Rational&, const Rational&, Prec) { not_exact("acos"); }
void sinh(Rational&, const Rational&, Prec) { not_exact("sinh"); }
void cosh(Rational&, const Rational&, Prec) { not_exact("cosh"); }
void asinh(Rational&, const Rational&, Prec) { not_exact("asinh"); }
void acosh(Rational&, const Rational&, Prec) { not_exact("acosh"); }
void atanh(Rational&, const Rational&, Prec) { not_exact("atanh"); }
void erf(Rational&, const Rational&, Prec) { not_exact("erf"); }
void erfc(Rational&, const Rational&, Prec) { not_exact("erfc"); }
// a^b is rational for an integer b; pow is defined for a > 0 only (as for balls and intervals).
void pow(Rational& r, const Rational& a, const Rational& b, Prec) {
  if (a.sign() <= 0) throw NotExactError("pow(a, b) is defined for a > 0 only, got a = " + a.to_string());
  if (!b.is_integer()) not_exact("pow with a non-integer exponent");
  if (abs(b) > Rational(10000))
    throw NotExactError("pow: exponent " + b.to_string() + " out of range for an exact result (|b| <= 10000)");
  r = pow_int(a, b.num().get_si());
}
void sqrt(Rational&, const Rational&, Prec) { not_exact("sqrt"); }
void sin(Rational&, const Rational&, Prec) { not_exact("sin"); }
void cos(Rational&, const Rational&, Prec) { not_exact("cos"); }
void tan(Rational&, const Rational&, Prec) { not_exact("tan"); }
void atan(Rational&, const Rational&, Prec) { not_exact("atan"); }
void tanh(Rational&, const Rational&, Prec) { not_exact("tanh"); }
void sigmoid(Rational&, const Rational&, Prec) { not_exact("sigmoid"); }
void hull(Rational& r, const Rational& a, const Rational& b, Prec) {
  if (a != b) throw std::logic_error("hull of two different exact rationals is not a rational");
  r = a;
}

}  // namespace approxcert
