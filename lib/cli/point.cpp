#include "cli/point.hpp"

#include "scalar/input_error.hpp"

namespace approxcert::cli {

std::vector<Rational> parse_point(const std::string& text, const std::string& option) {
  std::vector<Rational> point;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    try {
      point.push_back(parse_rational(item));
    } catch (const InputError& e) {
      throw InputError(option + ": coordinate " + std::to_string(point.size()) + ": " + e.what());
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return point;
}

}  // namespace approxcert::cli
