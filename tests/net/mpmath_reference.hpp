#pragma once
// Taylor coefficients from mpmath (series_reference.py, run by /usr/bin/python3): the independent
// reference of the Series and Jet tests. One row of coefficients c_0..c_order per EXPR@POINT,
// each within 10^-100 relative of f^(k)(point)/k!.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "../run_cli.hpp"
#include "scalar/rational.hpp"

namespace approxcert::testing {

inline std::vector<std::vector<Rational>> mpmath_taylor(long order, const std::vector<std::string>& cases) {
  std::string cmd = "/usr/bin/python3 " APPROXCERT_SOURCE_DIR "/tests/net/series_reference.py " + std::to_string(order);
  for (const auto& c : cases) cmd += " '" + c + "'";
  const test::ScratchDir scratch("mpmath");
  const test::Run run = test::run_command(cmd, scratch);
  REQUIRE_MESSAGE(run.status != -1, cmd);  // it exited
  REQUIRE_MESSAGE(run.status == 0, cmd, "\n", run.err);
  std::vector<std::vector<Rational>> lines;
  std::istringstream in(run.out);
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
