#include "chain_test_support.hpp"

#include <fstream>
#include <stdexcept>

namespace approxcert::chain::test {

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::string replace_after(const std::string& text, const std::string& anchor, const std::string& from,
                          const std::string& to) {
  const auto a = text.find(anchor);
  if (a == std::string::npos) throw std::runtime_error("anchor not found: " + anchor);
  const auto f = text.find(from, a);
  if (f == std::string::npos) throw std::runtime_error("text not found after anchor: " + from);
  return text.substr(0, f) + to + text.substr(f + from.size());
}

}  // namespace approxcert::chain::test
