#pragma once
// Quoting user text inside error messages: non-printable bytes (binary garbage, NUL, control
// characters) are shown as \xNN so that a message stays one readable line.
#include <string>
#include <string_view>

namespace approxcert {
inline std::string printable(std::string_view s) {
  static constexpr const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f) out += static_cast<char>(c);
    else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}
}  // namespace approxcert
