#include "net/number.hpp"

#include "scalar/input_error.hpp"
#include "scalar/syntax.hpp"

namespace approxcert {

Number Number::expression(std::string text) {
  Number n;
  n.v_ = std::make_shared<const std::string>(std::move(text));
  return n;
}

const Rational& Number::rational() const {
  if (const Rational* q = exact()) return *q;
  throw NotExactError(
      "the constant expression " + approxcert::quoted(text()) +
      " is not an exact rational; exact-rational evaluation needs rational numbers (evaluate with balls)");
}

std::string Number::to_string() const { return is_exact() ? std::get<Rational>(v_).to_string() : text(); }

bool operator==(const Number& a, const Number& b) {
  if (a.is_exact() != b.is_exact()) return false;
  return a.is_exact() ? *a.exact() == *b.exact() : a.text() == b.text();
}

}  // namespace approxcert
