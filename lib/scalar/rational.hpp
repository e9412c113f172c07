#pragma once
// Exact rationals (GMP). The only way numbers from input files enter the tool: parse_rational()
// reads the contract's forms exactly, and there is no constructor from double.
#include <compare>
#include <cstdint>
#include <gmpxx.h>
#include <string>
#include <string_view>

namespace approxcert {

class Rational {
 public:
  Rational() = default;
  Rational(int v) : q_(v) {}                           // NOLINT: integers are exact
  Rational(long v) : q_(v) {}                          // NOLINT
  Rational(long long v) : q_(static_cast<long>(v)) {}  // NOLINT
  Rational(double) = delete;                           // never route a number through double
  Rational(float) = delete;
  explicit Rational(const mpq_class& q) : q_(q) { q_.canonicalize(); }
  explicit Rational(const mpz_class& z) : q_(z) {}
  Rational(const mpz_class& num, const mpz_class& den);  // den != 0, else InputError

  const mpq_class& gmp() const { return q_; }
  mpq_srcptr get_mpq_t() const { return q_.get_mpq_t(); }

  friend Rational operator+(const Rational& a, const Rational& b) { return Rational(mpq_class(a.q_ + b.q_)); }
  friend Rational operator-(const Rational& a, const Rational& b) { return Rational(mpq_class(a.q_ - b.q_)); }
  friend Rational operator*(const Rational& a, const Rational& b) { return Rational(mpq_class(a.q_ * b.q_)); }
  friend Rational operator/(const Rational& a, const Rational& b);  // b != 0, else std::domain_error
  Rational operator-() const { return Rational(mpq_class(-q_)); }
  Rational& operator+=(const Rational& b) {
    q_ += b.q_;
    return *this;
  }
  Rational& operator-=(const Rational& b) {
    q_ -= b.q_;
    return *this;
  }
  Rational& operator*=(const Rational& b) {
    q_ *= b.q_;
    return *this;
  }

  friend bool operator==(const Rational& a, const Rational& b) { return a.q_ == b.q_; }
  friend std::strong_ordering operator<=>(const Rational& a, const Rational& b) {
    int c = cmp(a.q_, b.q_);
    return c < 0 ? std::strong_ordering::less : c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal;
  }

  int sign() const { return sgn(q_); }
  bool is_integer() const { return q_.get_den() == 1; }
  mpz_class num() const { return q_.get_num(); }
  mpz_class den() const { return q_.get_den(); }

  // Exact canonical text: "p" or "p/q" (lowest terms). parse_rational(to_string()) == *this.
  std::string to_string() const;
  // Non-rigorous approximation, only for display, plotting and heuristics.
  double dirty_to_double() const { return q_.get_d(); }

 private:
  mpq_class q_;
};

Rational abs(const Rational& a);
Rational pow_int(const Rational& a, long n);  // exact; n < 0 needs a != 0
Rational pow2(long e);                        // exactly 2^e
Rational count_q(std::uint64_t n);            // exactly n, for every 64-bit count (Rational(long) stops at 2^63)
Rational pow10(long e);                       // exactly 10^e
Rational floor_div(const Rational& a);        // exact floor(a) as a Rational
Rational ceil_div(const Rational& a);         // exact ceil(a)
Rational min(const Rational& a, const Rational& b);
Rational max(const Rational& a, const Rational& b);

// Parses the contract's exact numbers: integer, decimal with optional exponent ("-3.5e-4"),
// fraction "p/q" (each side an integer or decimal), hex float ("0x1.8p-3"). Surrounding blanks
// are not allowed. Throws InputError("...") naming the problem; never goes through double.
// Rejects nan/inf, zero denominators and decimal exponents whose magnitude exceeds 100000.
Rational parse_rational(std::string_view text);

// Decimal text of q with `digits` significant digits, rounded DOWN (toward -inf) or UP (toward
// +inf): decimal_down(q) <= q <= decimal_up(q) as exact decimals. Exact values print exactly when
// they fit in `digits` digits. Format: "-1.2345e-7" style for very small/large magnitudes, plain
// decimal otherwise. Both forms are accepted by parse_rational.
std::string decimal_down(const Rational& q, int digits = 17);
std::string decimal_up(const Rational& q, int digits = 17);
// Nearest decimal with `digits` significant digits (non-directed; for mid/rad display only).
std::string decimal_near(const Rational& q, int digits = 17);

}  // namespace approxcert
