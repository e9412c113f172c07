#pragma once
// Small text helpers for parsers and their error messages: 1-based columns, quoting of offending
// text, and recognition of the words for non-finite numbers ("nan", "inf").
#include <cstddef>
#include <string>
#include <string_view>

namespace approxcert {

// 1-based column of byte offset `pos`, counting UTF-8 characters (continuation bytes do not count).
inline std::size_t text_column(std::string_view text, std::size_t pos) {
  std::size_t col = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++col;
  return col;
}

// The text in single quotes, shortened to `limit` bytes; control bytes are shown as hex.
inline std::string quoted(std::string_view s, std::size_t limit = 40) {
  std::string out = "'";
  for (std::size_t i = 0; i < s.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (s.size() > limit) out += "...";
  return out + "'";
}

// The bytes of the (possibly multi-byte UTF-8) character starting at byte offset `pos`.
inline std::string_view char_at(std::string_view text, std::size_t pos) {
  std::size_t end = pos + 1;
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  return text.substr(pos, end - pos);
}

// True for "nan", "inf", "infinity" in any letter case, with an optional sign.
inline bool is_nonfinite_word(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  std::string lower;
  for (char c : s) lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return lower == "nan" || lower == "inf" || lower == "infinity";
}

}  // namespace approxcert
