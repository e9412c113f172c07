#include "net/expression_lexer.hpp"

#include <string>

#include "scalar/input_error.hpp"
#include "scalar/syntax.hpp"

namespace approxcert::expression_detail {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_word_char(char c) { return is_alpha(c) || is_digit(c); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// End of the number token starting at `start` (see lex_expression).
std::size_t number_end(std::string_view text, std::size_t start) {
  const bool hex = text.size() > start + 1 && text[start] == '0' && (text[start + 1] == 'x' || text[start + 1] == 'X');
  std::size_t i = start;
  while (i < text.size()) {
    const char c = text[i];
    if (is_word_char(c) || c == '.') {
      ++i;
      continue;
    }
    const char prev = text[i - 1];
    const bool exponent_marker = hex ? (prev == 'p' || prev == 'P') : (prev == 'e' || prev == 'E');
    if ((c == '+' || c == '-') && exponent_marker && i + 1 < text.size() && is_digit(text[i + 1])) {
      ++i;
      continue;
    }
    break;
  }
  return i;
}

Tok single_char_token(char c) {
  switch (c) {
    case '+': return Tok::Plus;
    case '-': return Tok::Minus;
    case '*': return Tok::Star;
    case '/': return Tok::Slash;
    case '^': return Tok::Caret;
    case '(': return Tok::LParen;
    case ')': return Tok::RParen;
    case ',': return Tok::Comma;
    default: return Tok::End;  // not a single-character token
  }
}

}  // namespace

std::vector<Token> lex_expression(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    Tok kind;
    if (is_digit(c) || c == '.') {
      kind = Tok::Number;
      end = number_end(text, i);
    } else if (is_alpha(c)) {
      kind = Tok::Ident;
      while (end < text.size() && is_word_char(text[end])) ++end;
    } else {
      kind = single_char_token(c);
      if (kind == Tok::End)
        throw InputError("expression: column " + std::to_string(text_column(text, i)) + ": unexpected character " +
                         quoted(char_at(text, i)));
    }
    tokens.push_back(Token{kind, text.substr(i, end - i), i});
    i = end;
  }
  tokens.push_back(Token{Tok::End, {}, text.size()});
  return tokens;
}

}  // namespace approxcert::expression_detail
