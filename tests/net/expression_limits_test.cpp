// Regression tests for issue #20 item 2 (expressions): a power of a huge constant is refused by the
// parser (kMaxConstantPowerBits), with the column of the '^', before any evaluation.
#include <doctest/doctest.h>

#include <ctime>
#include <string>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"

using namespace approxcert;

namespace {

double cpu_seconds_since(std::clock_t start) { return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC; }

std::string compile_error(std::string_view text, std::size_t dim = 1) {
  try {
    (void)compile_target(text, dim);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("expression limits: (1e100000)^10000 is refused at the '^' within a second") {
  const std::clock_t start = std::clock();  // CPU time: stable on a loaded machine
  const std::string msg = compile_error("(1e100000)^10000");
  CHECK(cpu_seconds_since(start) < 1.0);
  CHECK(msg.starts_with("expression: column 11: a constant to the power 10000 would need about "));
  CHECK(msg.find("(limit 1048576)") != std::string::npos);
}

TEST_CASE("expression limits: constant size is tracked through + - * / ^ and pi, e") {
  // 2 has 2 + 1 bits (numerator and denominator): (2^100)^1000 may need 300000, allowed; ^4 more.
  CHECK(compile_error("(2^100)^1000") == "no error");
  CHECK(compile_error("((2^100)^1000)^4")
            .starts_with("expression: column 15: a constant to the power 4 would need about 1200000 bits"));
  CHECK(compile_error("(pi*1e1000)^1000").find("would need about") != std::string::npos);
  CHECK(compile_error("(e + 1/3)^10000") == "no error");
  CHECK(compile_error("(x0 * 1e100000)^10000") == "no error");  // not a constant: bounded by the engines
  CHECK(compile_error("(1e100000)^3") == "no error");           // 3 * 332194 bits
  CHECK(compile_error("(1e100000 - 1e100000)^3").find("would need about") !=
        std::string::npos);  // a bound, not the value
}

TEST_CASE("expression limits: a huge value at a point evaluates as a ball, its exact form is refused") {
  const Program prog = compile_target("(x0 * 1e100000)^10000", 1);
  const Prec p(64);
  std::vector<Ball> x(1);
  set(x[0], Rational(3), p);
  const std::vector<Ball> y = evaluate<Ball>(prog, x, p);
  CHECK(is_finite(y[0]));
  CHECK_THROWS_AS(lower(y[0]), InputError);
}
