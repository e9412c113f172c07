#pragma once
// Tokens of the target expression language. Internal to the expression compiler (expression.cpp).
#include <cstddef>
#include <string_view>
#include <vector>

namespace approxcert::expression_detail {

enum class Tok { Number, Ident, Plus, Minus, Star, Slash, Caret, LParen, RParen, Comma, End };

struct Token {
  Tok kind;
  std::string_view text;  // the token's characters (empty for End)
  std::size_t pos;        // byte offset in the expression text
};

// Splits the text into tokens ending with one End token. A number token is a maximal run of
// letters, digits, '.' and '_' that starts with a digit or '.', plus a sign right after a decimal
// 'e' or a hex 'p' exponent marker ("1e-3", "0x1.8p-3"); it is validated later by parse_rational.
// Unknown characters throw InputError("expression: column N: ...").
std::vector<Token> lex_expression(std::string_view text);

}  // namespace approxcert::expression_detail
