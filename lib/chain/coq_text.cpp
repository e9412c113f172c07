#include "chain/coq_text.hpp"

#include <array>
#include <cctype>
#include <stdexcept>

namespace approxcert::chain {

std::string coq_real(const Rational& q) {
  const std::string num = q.num().get_str();
  if (q.is_integer()) return q.sign() < 0 ? "(" + num + ")" : num;
  return "(" + num + " / " + q.den().get_str() + ")";
}

Rational round_decimal(const Rational& q, CoqRounding direction, int digits) {
  if (digits < 1) throw std::logic_error("round_decimal: digits must be >= 1");
  if (q.sign() == 0) return q;
  // mpz_sizeinbase is exact or one too large, so 10^(digits-2) < |q| / 10^e < 10^(digits+2).
  const long size_num = static_cast<long>(mpz_sizeinbase(q.num().get_mpz_t(), 10));
  const long size_den = static_cast<long>(mpz_sizeinbase(q.den().get_mpz_t(), 10));
  const long e = size_num - size_den - digits;
  const Rational scale = pow10(e);
  const Rational scaled = q / scale;
  const Rational m = direction == CoqRounding::Down ? floor_div(scaled) : ceil_div(scaled);
  return m * scale;
}

std::string coq_decimal(const Rational& q) {
  if (q.sign() == 0) return "(sci 0 0)";
  mpz_class den = q.den(), rest;
  // q = m / (2^twos 5^fives): a decimal with exponent -max(twos, fives).
  const long twos = static_cast<long>(mpz_scan1(den.get_mpz_t(), 0));
  mpz_tdiv_q_2exp(den.get_mpz_t(), den.get_mpz_t(), static_cast<mp_bitcnt_t>(twos));
  const long fives = static_cast<long>(mpz_remove(rest.get_mpz_t(), den.get_mpz_t(), mpz_class(5).get_mpz_t()));
  if (rest != 1) throw std::logic_error("coq_decimal: not a decimal: " + q.to_string());
  long e = -std::max(twos, fives);
  mpz_class m = (q * pow10(-e)).num();
  while (m != 0 && mpz_divisible_ui_p(m.get_mpz_t(), 10)) {
    mpz_divexact_ui(m.get_mpz_t(), m.get_mpz_t(), 10);
    ++e;
  }
  const std::string ms = m.get_str(), es = std::to_string(e);
  return "(sci " + (m < 0 ? "(" + ms + ")" : ms) + " " + (e < 0 ? "(" + es + ")" : es) + ")";
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
    "Admitted",   "admit",      "Abort",      "Axiom",    "Axioms",    "Parameter", "Parameters",
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
