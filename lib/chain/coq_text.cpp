#include "chain/coq_text.hpp"

#include <array>
#include <cctype>

namespace approxcert::chain {

std::string coq_real(const Rational& q) {
  const std::string num = q.num().get_str();
  if (q.is_integer()) return q.sign() < 0 ? "(" + num + ")" : num;
  return "(" + num + " / " + q.den().get_str() + ")";
}

std::string coq_identifier(std::string_view text) {
  std::string id;
  for (char c : text) id += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = "i_" + id;
  return id;
}

namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

constexpr std::array<std::string_view, 14> kForbiddenWords = {
    "Admitted", "admit",      "Abort",       "Axiom",    "Axioms",    "Parameter", "Parameters",
    "Conjecture", "Hypothesis", "Hypotheses", "Variable", "Variables", "Axiomatic", "Admit"};

bool forbidden(std::string_view word) {
  for (std::string_view f : kForbiddenWords)
    if (word == f) return true;
  return false;
}

}  // namespace

std::string coq_comment_text(std::string_view text) {
  std::string flat;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') flat += '\'';
    else if (c == '\n' || c == '\r' || c == '\t') flat += ' ';
    else if (c == '(' && i + 1 < text.size() && text[i + 1] == '*') flat += "( ";
    else if (c == '*' && i + 1 < text.size() && text[i + 1] == ')') flat += "* ";
    else flat += c;
  }
  std::string out;
  for (std::size_t i = 0; i < flat.size();) {
    if (!is_word_char(flat[i])) {
      out += flat[i++];
      continue;
    }
    std::size_t j = i;
    while (j < flat.size() && is_word_char(flat[j])) ++j;
    const std::string_view word(flat.data() + i, j - i);
    out += word;
    if (forbidden(word)) out += '_';
    i = j;
  }
  return out;
}

}  // namespace approxcert::chain
