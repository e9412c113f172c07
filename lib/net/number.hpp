#pragma once
// Number: a number of an input file (DESIGN.md "Numbers"): an exact Rational, or a closed constant
// expression in the target language ("sqrt(2)/2", "cos(pi/8)") kept as its text. Texts are
// validated when read (net/constant.hpp: parsed without variables, enclosed finitely) and
// written back verbatim; an expression has no exact value, so code that needs one asks
// exact()/rational() and gets nothing or a NotExactError.
#include <memory>
#include <string>
#include <variant>

#include "scalar/rational.hpp"

namespace approxcert {

class Number {
 public:
  Number() = default;                       // exactly 0
  Number(Rational q) : v_(std::move(q)) {}  // NOLINT: every exact rational is a Number
  Number(int v) : v_(Rational(v)) {}        // NOLINT
  Number(long v) : v_(Rational(v)) {}       // NOLINT
  // A constant expression; `text` must already be validated (read_number / json_number do it).
  static Number expression(std::string text);

  bool is_exact() const { return std::holds_alternative<Rational>(v_); }
  // The exact value, or nullptr for a constant expression.
  const Rational* exact() const { return std::get_if<Rational>(&v_); }
  // The exact value; a constant expression throws NotExactError naming its text.
  const Rational& rational() const;
  // True only for the exact number 0 (an expression is never known to be 0 without evaluating it).
  bool is_exact_zero() const { return is_exact() && std::get<Rational>(v_).sign() == 0; }
  // The expression's text (precondition: !is_exact()).
  const std::string& text() const { return *std::get<std::shared_ptr<const std::string>>(v_); }
  // Rational::to_string() of an exact number, the expression's text verbatim otherwise.
  std::string to_string() const;

  // Exact numbers compare by value, expressions by text; an exact number never equals an expression.
  friend bool operator==(const Number& a, const Number& b);

 private:
  // The text is shared: copies of a network do not copy every expression.
  std::variant<Rational, std::shared_ptr<const std::string>> v_;
};

}  // namespace approxcert
