#pragma once
// Taylor coefficients from mpmath (series_reference.py, run by /usr/bin/python3): the independent
// reference of the Series and Jet tests. One row of coefficients c_0..c_order per EXPR@POINT,
// each within 10^-100 relative of f^(k)(point)/k!.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "scalar/rational.hpp"

namespace approxcert::testing {

inline std::vector<std::vector<Rational>> mpmath_taylor(long order, const std::vector<std::string>& cases) {
  std::string cmd = "/usr/bin/python3 " APPROXCERT_SOURCE_DIR "/tests/net/series_reference.py " + std::to_string(order);
  for (const auto& c : cases) cmd += " '" + c + "'";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) out += buf.data();
  const int status = ::pclose(pipe);
  REQUIRE_MESSAGE(WIFEXITED(status), cmd);
  REQUIRE_MESSAGE(WEXITSTATUS(status) == 0, cmd);
  std::vector<std::vector<Rational>> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::vector<Rational> coefficients;
    for (std::string w; words >> w;) coefficients.push_back(parse_rational(w));
    REQUIRE(coefficients.size() == static_cast<std::size_t>(order + 1));
    lines.push_back(std::move(coefficients));
  }
  REQUIRE(lines.size() == cases.size());
  return lines;
}

}  // namespace approxcert::testing
