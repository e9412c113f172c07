#pragma once
// "1 input", "2 inputs": a count with its noun in the right number, for the command's messages.
#include <cstddef>
#include <string>
#include <string_view>

namespace approxcert::cli {

inline std::string count_text(std::size_t n, std::string_view singular) {
  return std::to_string(n) + " " + std::string(singular) + (n == 1 ? "" : "s");
}

}  // namespace approxcert::cli
