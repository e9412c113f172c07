#include "scalar/rational.hpp"

#include <cctype>
#include <climits>
#include <stdexcept>
#include <string>

#include "scalar/floor_log.hpp"
#include "scalar/input_error.hpp"
#include "scalar/printable.hpp"

namespace approxcert {

namespace {

constexpr long kMaxExponent = 100000;       // |decimal exponent| and |binary exponent| accepted
constexpr std::size_t kMaxDigits = 100000;  // mantissa digits (decimal or hex) of one part
// Longest text that can be a number: two parts (p/q), each a sign, "0x", digits, point, exponent.
constexpr std::size_t kMaxNumberText = 2 * (kMaxDigits + 16);

[[noreturn]] void bad(std::string_view text, const std::string& why) {
  throw InputError("invalid number \"" + printable(text.substr(0, 60)) + (text.size() > 60 ? "..." : "") +
                   "\": " + why);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// Reads an optionally signed exponent of at most 7 digits starting at s[i]; advances i.
long read_exponent(std::string_view whole, std::string_view s, std::size_t& i) {
  bool neg = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  const std::size_t start = i;
  long e = 0;
  while (i < s.size() && is_digit(s[i])) {
    if (i - start >= 7) bad(whole, "exponent too large");
    e = e * 10 + (s[i++] - '0');
  }
  if (i == start) bad(whole, "missing exponent digits");
  if (e > kMaxExponent) bad(whole, "exponent too large (limit " + std::to_string(kMaxExponent) + ")");
  return neg ? -e : e;
}

// One unsigned part: decimal "12", "1.25", "1.25e-3" or hex float "0x1.8p-3".
Rational parse_unsigned(std::string_view whole, std::string_view s) {
  if (s.empty()) bad(whole, "empty");
  std::size_t i = 0;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    i = 2;
    // Digits are collected and counted first and converted once (GMP, subquadratic): the limit
    // is checked before the conversion it bounds.
    std::string digits;
    long frac_digits = 0;
    while (i < s.size() && is_hex(s[i])) digits += s[i++];
    if (i < s.size() && s[i] == '.') {
      ++i;
      const std::size_t start = i;
      while (i < s.size() && is_hex(s[i])) digits += s[i++];
      frac_digits = static_cast<long>(i - start);
    }
    if (digits.empty()) bad(whole, "hex float without digits");
    if (digits.size() > kMaxDigits) bad(whole, "too many digits (limit " + std::to_string(kMaxDigits) + ")");
    long e2 = 0;
    if (i < s.size() && (s[i] == 'p' || s[i] == 'P')) e2 = read_exponent(whole, s, ++i);
    if (i != s.size()) bad(whole, "unexpected character '" + printable(s.substr(i, 1)) + "'");
    return Rational(mpq_class(mpz_class(digits, 16))) * pow2(e2 - 4 * frac_digits);
  }
  std::string digits;
  long frac_digits = 0;
  while (i < s.size() && is_digit(s[i])) digits += s[i++];
  if (digits.empty()) bad(whole, "expected a digit");
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) digits += s[i++];
    frac_digits = static_cast<long>(i - start);
    if (frac_digits == 0) bad(whole, "expected a digit after '.'");
  }
  if (digits.size() > kMaxDigits) bad(whole, "too many digits (limit " + std::to_string(kMaxDigits) + ")");
  long e10 = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) e10 = read_exponent(whole, s, ++i);
  if (i != s.size()) bad(whole, "unexpected character '" + printable(s.substr(i, 1)) + "'");
  return Rational(mpq_class(mpz_class(digits, 10))) * pow10(e10 - frac_digits);
}

Rational parse_signed(std::string_view whole, std::string_view s) {
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  Rational r = parse_unsigned(whole, s);
  return neg ? -r : r;
}

}  // namespace

Rational::Rational(const mpz_class& num, const mpz_class& den) {
  if (den == 0) throw InputError("zero denominator");
  q_ = mpq_class(num, den);
  q_.canonicalize();
}

Rational operator/(const Rational& a, const Rational& b) {
  if (b.sign() == 0) throw std::domain_error("Rational: division by zero");
  return Rational(mpq_class(a.q_ / b.q_));
}

std::string Rational::to_string() const { return q_.get_str(10); }

Rational abs(const Rational& a) { return a.sign() < 0 ? -a : a; }
Rational min(const Rational& a, const Rational& b) { return b < a ? b : a; }
Rational max(const Rational& a, const Rational& b) { return a < b ? b : a; }

Rational pow_int(const Rational& a, long n) {
  if (n == LONG_MIN) throw std::domain_error("Rational: exponent out of range");
  if (n < 0) {
    if (a.sign() == 0) throw std::domain_error("Rational: 0 to a negative power");
    return Rational(1) / pow_int(a, -n);
  }
  mpz_class num, den;
  mpz_pow_ui(num.get_mpz_t(), a.gmp().get_num_mpz_t(), static_cast<unsigned long>(n));
  mpz_pow_ui(den.get_mpz_t(), a.gmp().get_den_mpz_t(), static_cast<unsigned long>(n));
  return Rational(num, den);
}

Rational count_q(std::uint64_t n) { return Rational(mpz_class(std::to_string(n))); }

Rational pow2(long e) {
  if (e == LONG_MIN) throw std::domain_error("pow2: exponent out of range");
  mpz_class p = 1;
  mpz_mul_2exp(p.get_mpz_t(), p.get_mpz_t(), static_cast<unsigned long>(e < 0 ? -e : e));
  return e >= 0 ? Rational(p) : Rational(mpz_class(1), p);
}

Rational pow10(long e) {
  if (e == LONG_MIN) throw std::domain_error("pow10: exponent out of range");
  mpz_class p;
  mpz_ui_pow_ui(p.get_mpz_t(), 10, static_cast<unsigned long>(e < 0 ? -e : e));
  return e >= 0 ? Rational(p) : Rational(mpz_class(1), p);
}

Rational floor_div(const Rational& a) {
  mpz_class f;
  mpz_fdiv_q(f.get_mpz_t(), a.gmp().get_num_mpz_t(), a.gmp().get_den_mpz_t());
  return Rational(f);
}

Rational ceil_div(const Rational& a) {
  mpz_class c;
  mpz_cdiv_q(c.get_mpz_t(), a.gmp().get_num_mpz_t(), a.gmp().get_den_mpz_t());
  return Rational(c);
}

Rational parse_rational(std::string_view text) {
  if (text.empty()) bad(text, "empty");
  if (text.size() > kMaxNumberText)
    bad(text, "too long (" + std::to_string(text.size()) + " characters; a number has at most " +
                  std::to_string(kMaxDigits) + " digits per part)");
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return parse_signed(text, text);
  if (text.find('/', slash + 1) != std::string_view::npos) bad(text, "more than one '/'");
  const Rational num = parse_signed(text, text.substr(0, slash));
  const Rational den = parse_signed(text, text.substr(slash + 1));
  if (den.sign() == 0) bad(text, "zero denominator");
  return num / den;
}

namespace {

enum class Rounding { Down, Up, Nearest };

// value = m * 10^e10 with m an integer, written in plain or scientific notation.
std::string format_decimal(bool negative, mpz_class m, long e10) {
  if (m == 0) return "0";
  while (m % 10 == 0) {
    m /= 10;
    ++e10;
  }
  std::string s = m.get_str(10);
  const long exponent = e10 + static_cast<long>(s.size()) - 1;  // position of the leading digit
  std::string out = negative ? "-" : "";
  if (exponent < -6 || exponent > 20) {
    out += s.substr(0, 1);
    if (s.size() > 1) out.append(1, '.').append(s, 1);  // appends: GCC 12 -Wrestrict misfires on "." + s
    return out + "e" + std::to_string(exponent);
  }
  if (e10 >= 0) return out + s + std::string(static_cast<std::size_t>(e10), '0');
  const long point = static_cast<long>(s.size()) + e10;  // digits before the decimal point
  if (point > 0)
    return out + s.substr(0, static_cast<std::size_t>(point)) + "." + s.substr(static_cast<std::size_t>(point));
  return out + "0." + std::string(static_cast<std::size_t>(-point), '0') + s;
}

std::string to_decimal(const Rational& q, int digits, Rounding mode) {
  if (digits < 1) throw std::invalid_argument("decimal: digits must be >= 1");
  if (q.sign() == 0) return "0";
  const bool negative = q.sign() < 0;
  const Rational a = abs(q);
  const long e10 = floor_log(a, 10) - (digits - 1);
  const Rational scaled = a / pow10(e10);  // in [10^(digits-1), 10^digits)
  // Rounding the magnitude: toward -inf for q means up for negative q, and vice versa.
  Rational m;
  if (mode == Rounding::Nearest) m = floor_div(scaled + Rational(mpz_class(1), mpz_class(2)));
  else if ((mode == Rounding::Down) != negative) m = floor_div(scaled);
  else m = ceil_div(scaled);
  return format_decimal(negative, m.num(), e10);
}

}  // namespace

std::string decimal_down(const Rational& q, int digits) { return to_decimal(q, digits, Rounding::Down); }
std::string decimal_up(const Rational& q, int digits) { return to_decimal(q, digits, Rounding::Up); }
std::string decimal_near(const Rational& q, int digits) { return to_decimal(q, digits, Rounding::Nearest); }

}  // namespace approxcert
