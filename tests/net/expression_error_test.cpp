// Target expressions: every class of bad input is one InputError naming the exact column.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "net/expression.hpp"
#include "scalar/input_error.hpp"
#include "scalar/syntax.hpp"

using namespace approxcert;

namespace {

// The InputError message for the text, or "<accepted>".
std::string error_of(std::string_view text, std::size_t dim = 3) {
  try {
    compile_target(text, dim);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

// The message starts with "expression: column N: " and contains `fragment`.
void check_error(std::string_view text, std::size_t column, std::string_view fragment, std::size_t dim = 3) {
  const std::string msg = error_of(text, dim);
  CAPTURE(text);
  CAPTURE(msg);
  const std::string prefix = "expression: column " + std::to_string(column) + ": ";
  CHECK(msg.rfind(prefix, 0) == 0);
  CHECK(msg.find(fragment) != std::string::npos);
}

}  // namespace

TEST_CASE("target expression errors: variables and identifiers") {
  CHECK(error_of("x7", 3) == "expression: column 1: variable 'x7' out of range: the target has 3 variables x0..x2");
  check_error("x0 + x3", 6, "variable 'x3' out of range");
  check_error("x1", 1, "the target has 1 variable x0", 1);
  check_error("x0", 1, "a constant expression has no variables, got 'x0'", 0);
  check_error("x99999999999999999999", 1, "out of range");
  check_error("x01", 1, "without leading zeros");
  check_error("foo + 1", 1,
              "unknown identifier 'foo' (known: 3 variables x0..x2, constants pi e, functions "
              "exp log sqrt sin cos tan atan tanh sigmoid relu abs min max expm1 log1p log2 log10 asin acos sinh "
              "cosh asinh acosh atanh erf erfc pow)");
  check_error("2*PI", 3, "unknown identifier 'PI'");
  // x names the only input of a one-input problem (docs/target.md); with 3 inputs it is an error.
  check_error("x", 1, "variable 'x' names the only input of a one-input problem; this one has 3 variables x0..x2");
  check_error("xx", 1, "unknown identifier 'xx'");
  check_error("exp + 1", 1, "function 'exp' needs an argument in parentheses");
}

TEST_CASE("target expression errors: functions and arguments") {
  check_error("2*foo(x0)", 3, "unknown function 'foo' (known functions: exp log sqrt");
  check_error("Exp(x0)", 1, "unknown function 'Exp'");
  CHECK(error_of("min(x0)") == "expression: column 1: function 'min' takes 2 arguments, got 1");
  check_error("exp(x0, x1)", 1, "function 'exp' takes 1 argument, got 2");
  check_error("1+max()", 3, "function 'max' takes 2 arguments, got 0");
  check_error("sin(x0,)", 8, "expected a number, variable, constant, function or '(', got ')'");
}

TEST_CASE("target expression errors: parentheses and trailing text") {
  check_error("(x0+1", 1, "'(' is never closed");
  check_error("exp(x0", 4, "'(' is never closed");
  check_error("((x0)", 1, "'(' is never closed");
  check_error("x0+1)", 5, "unmatched ')'");
  check_error(")", 1, "expected a number, variable, constant, function or '(', got ')'");
  check_error("(x0 x1)", 5, "expected ')' after the expression opened at column 1, got 'x1'");
  check_error("max(x0 x1)", 8, "expected ')' after the arguments of max opened at column 4, got 'x1'");
  check_error("x0 x1", 4, "unexpected 'x1' after a complete operand: expected an operator");
  check_error("2 3", 3, "unexpected '3'");
  check_error("x0+1,", 5, "unexpected ','");
  check_error("e(1)", 2, "unexpected '('");
  check_error("x0 # 1", 4, "unexpected character '#'");
  check_error("x0\x01", 3, "unexpected character '\\x01'");
}

TEST_CASE("target expression errors: columns count UTF-8 characters") {
  check_error("\xc3\xa9 + x0", 1, "unexpected character '\xc3\xa9'");
  check_error("(x0 \xe2\x89\xa4 1)", 5, "unexpected character '\xe2\x89\xa4'");
  CHECK(text_column("\xc3\xa9+x9", 3) == 3);  // the 2-byte character is one column
}

TEST_CASE("target expression errors: empty expression and missing operands") {
  CHECK(error_of("") == "expression: column 1: empty expression");
  check_error("  \t ", 1, "empty expression");
  check_error("x0+", 4, "got end of expression");
  check_error("*2", 1, "got '*'");
  check_error("x0+*2", 4, "got '*'");
  check_error("-", 2, "got end of expression");
  check_error("()", 2, "got ')'");
}

TEST_CASE("target expression errors: numbers") {
  check_error("1e999999999", 1, "invalid number \"1e999999999\": exponent too large");
  check_error("x0*1e999999", 4, "exponent too large");
  check_error("1.5.3", 1, "invalid number \"1.5.3\"");
  check_error("2e", 1, "invalid number \"2e\"");
  check_error("2x0", 1, "invalid number \"2x0\"");
  check_error(".5", 1, "invalid number \".5\"");
  check_error("0x", 1, "invalid number \"0x\"");
  check_error("nan", 1, "'nan' is not allowed: numbers must be finite and exact");
  check_error("x0+inf", 4, "'inf' is not allowed");
  check_error("-Infinity", 2, "'Infinity' is not allowed");
  check_error("NaN(x0)", 1, "'NaN' is not allowed");
  CHECK(error_of("1/0") == "<accepted>");  // a division node, not a number token
}

TEST_CASE("target expression errors: exponents") {
  // A non-integer exponent is a real power (Pow, base > 0), not an error.
  for (const char* text : {"x0^0.5", "x0^x1", "x0^pi", "x0^(1/2)", "x0^-x1^2", "2^x0"})
    CHECK(error_of(text) == "<accepted>");
  check_error("x0^", 4, "got end of expression");
  check_error("x0^(2", 4, "'(' is never closed");
  check_error("x0^(1/2", 4, "'(' is never closed");
  check_error("x0^(1/2))", 9, "unmatched ')'");
  check_error("x0^foo", 4, "unknown identifier 'foo'");
  check_error("pow(x0)", 1, "function 'pow' takes 2 arguments, got 1");
  check_error("x0^10001", 4, "exponent '10001' out of range (|n| <= 10000)");
  check_error("x0^-10001", 5, "out of range");
  check_error("x0^1e100", 4, "out of range");
  check_error("2^3^-1", 3, "exponent 3^-1 is not an integer");
  check_error("x0^2^20", 4, "exponent 2^20 out of range");
  check_error("x0^0^-1", 4, "exponent 0^-1 divides by zero");
  check_error("x0^(2)^(3)^(4)", 4, "exponent 2^81 out of range");
}

TEST_CASE("target expression errors: absurd nesting is rejected, not a crash") {
  const std::string ok = std::string(900, '(') + "x0" + std::string(900, ')');
  CHECK(error_of(ok) == "<accepted>");
  check_error(std::string(5000, '(') + "x0" + std::string(5000, ')'), 1001, "nested too deeply (limit 1000 levels)");
  check_error(std::string(100000, '-') + "x0", 1001, "nested too deeply");
  check_error(std::string(3000, '(') + "exp(" + std::string(3000, ')'), 1001, "nested too deeply");
  check_error("x0^" + std::string(5000, '-') + "1", 1003, "nested too deeply");
  check_error(std::string(2000, '+') + "x0", 1001, "nested too deeply");
}
