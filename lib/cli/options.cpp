#include "cli/options.hpp"

#include <cerrno>
#include <cstdlib>

#include "io/file.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::cli {

Rational parse_nonnegative(const std::string& text, const std::string& option, bool positive) {
  try {
    const Rational q = parse_rational(text);
    if (q.sign() < 0) throw InputError("must not be negative, got " + text);
    if (positive && q.sign() == 0) throw InputError("must be positive, got " + text);
    return q;
  } catch (const InputError& e) {
    throw InputError(option + ": " + e.what());
  }
}

long long parse_count(const std::string& text, const std::string& option, long long lo, long long hi) {
  const std::string range = " (between " + std::to_string(lo) + " and " + std::to_string(hi) + ")";
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(begin, &end, 10);
  if (text.empty() || end != begin + text.size() || text.find_first_of(" \t") != std::string::npos)
    throw InputError(option + ": not a whole number: \"" + text.substr(0, 40) + "\"" + range);
  if (errno == ERANGE || v < lo || v > hi) throw InputError(option + ": out of range: " + text.substr(0, 40) + range);
  return v;
}

void check_output_file(const std::string& path, const std::string& option) {
  try {
    check_writable(path);
  } catch (const InputError& e) {
    throw InputError(option + ": " + e.what());
  }
}

CLI::Option* add_nonempty_option(CLI::App* cmd, const std::string& name, std::string& value, const std::string& help) {
  const std::string shown = name.substr(name.rfind(',') == std::string::npos ? 0 : name.rfind(',') + 1);
  return cmd->add_option_function<std::string>(
      name,
      [&value, shown](const std::string& v) {
        if (v.empty()) throw InputError(shown + ": empty value");
        value = v;
      },
      help);
}

}  // namespace approxcert::cli
