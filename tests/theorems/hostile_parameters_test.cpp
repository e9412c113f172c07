// Regression tests for issue #20 item 3: theorem parameters outside a theorem's range are exit-2
// input errors naming the file and the parameter, never internal errors (exit 3) or numbers that
// cannot be recorded. Each case was an internal error or an unnamed failure before.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "chain/instance.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::chain {

namespace {

// Runs the instance (build and chain) and returns the InputError's message; fails the test if the
// run throws anything else or nothing.
std::string input_error(const std::string& theorem, const std::string& parameters_json) {
  const ExactJson params = parse_exact_json(parameters_json, "<test>");
  try {
    (void)run_instance(theorems::builtin_theorems(), theorem, params, JsonAt("hostile.json"), "hostile", RunOptions{});
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("no InputError for " << theorem << " with " << parameters_json);
  return "";
}

}  // namespace

TEST_CASE("hostile parameters: theorem-5.1 with equal keys names /parameters/y") {
  const std::string msg = input_error(
      "altabaa2024/theorem-5.1", R"({"y": ["0.25", "0.25"], "eta": "0.02", "eps": "0.01", "delta": "0.1", "m": 8})");
  CHECK(msg.starts_with("hostile.json: /parameters/y: "));
  CHECK(msg.find("distinct") != std::string::npos);
}

TEST_CASE("hostile parameters: theorem-5.1 with an empty event E_eta names /parameters/eta and the largest margin") {
  // Keys 0.1 and 0.9: the largest margin G(x) = u_a - u_b is 0.8 (at x = 0 and x = 1), so eta = 1
  // leaves no query point; eta = 0.8 too (the event is G > eta, strictly).
  for (const char* eta : {"1", "0.8"}) {
    const std::string msg =
        input_error("altabaa2024/theorem-5.1", std::string(R"({"y": ["0.1", "0.9"], "eta": ")") + eta +
                                                   R"(", "eps": "0.01", "delta": "0.1", "m": 8})");
    CHECK(msg.starts_with("hostile.json: /parameters/eta: "));
    CHECK(msg.find("the largest margin is 4/5") != std::string::npos);
  }
}

TEST_CASE("hostile parameters: theorem-2.1 with a huge or tiny eps or c names the parameter") {
  CHECK(input_error("altabaa2024/theorem-2.1", R"({"kernel": "brownian", "eps": "1e100000"})")
            .starts_with("hostile.json: /parameters/eps: the number \"1e100000\" needs"));
  // Representable sizes that used to divide by N = 0 or ask for 10^5+ knots:
  CHECK(input_error("altabaa2024/theorem-2.1", R"({"kernel": "brownian", "eps": "1e300"})")
            .starts_with("hostile.json: /parameters/eps: the kernel's tail is already below eps/2"));
  CHECK(input_error("altabaa2024/theorem-2.1", R"({"kernel": "brownian", "eps": "0.1", "c": "1e-300"})")
            .starts_with("hostile.json: /parameters/eps: "));
  CHECK(input_error("altabaa2024/theorem-2.1", R"({"kernel": "cosine", "eps": "1e-12"})")
            .starts_with("hostile.json: /parameters/eps: too small"));
}

TEST_CASE("hostile parameters: theorem-4.1 with a tiny eps names /parameters/eps") {
  CHECK(input_error("altabaa2024/theorem-4.1", R"({"r": "0.5", "eps": "1e-12"})")
            .starts_with("hostile.json: /parameters/eps: "));
  CHECK(input_error("altabaa2024/theorem-4.1", R"({"r": "0x1p-20000", "eps": "0.1"})")
            .starts_with("hostile.json: /parameters/r: the number \"0x1p-20000\" needs"));
}

TEST_CASE("hostile parameters: theorem-3.1 with r_x = 1e-100000 names /parameters/r_x") {
  const std::string msg = input_error("altabaa2024/theorem-3.1",
                                      R"({"r_x": "1e-100000", "r_y": "x0", "eps": "0.5", "delta": "0.5", "m": 4})");
  CHECK(msg.starts_with("hostile.json: /parameters/r_x: "));
}

TEST_CASE(
    "hostile parameters: a Yun target that divides by zero at a grid point names the file and /parameters/target") {
  const std::string msg = input_error("yun2020/theorem-2", R"({"d": 1, "n": 2, "delta": "1/8", "J": "recalled",
      "thresholds": "loose", "target": ["1/x0", "x1"], "p": 1, "eps": "6", "lipschitz": "2"})");
  CHECK(msg.starts_with("hostile.json: /parameters/target: "));
  CHECK(msg.find("division by zero") != std::string::npos);
}

TEST_CASE("hostile parameters: a Yun J beyond the parameter size limit names /parameters/J") {
  CHECK(input_error("yun2020/theorem-2", R"({"d": 1, "n": 2, "delta": "1/8", "J": "1e5000",
      "thresholds": "loose", "target": ["x0", "x1"], "p": 1, "eps": "6", "lipschitz": "2"})")
            .starts_with("hostile.json: /parameters/J: the number \"1e5000\" needs"));
}

TEST_CASE(
    "hostile parameters: theorem-5.1 quantiser: unknown form, sigmoid or y_max > 1 with structured, m too large") {
  const std::string base = R"({"y": ["0.25", "0.75"], "eta": "0.02", "eps": "0.01", "delta": "0.1", )";
  CHECK(input_error("altabaa2024/theorem-5.1", base + R"("m": 8, "quantiser": "sparse"})")
            .starts_with("hostile.json: /parameters/quantiser: "));
  CHECK(input_error("altabaa2024/theorem-5.1", base + R"("m": 8, "quantiser": "structured", "sigmoid_slope": 64})")
            .starts_with("hostile.json: /parameters/sigmoid_slope: "));
  CHECK(input_error("altabaa2024/theorem-5.1", base + R"("m": 8, "quantiser": "structured", "y_max": 2})")
            .starts_with("hostile.json: /parameters/y_max: "));
  CHECK(input_error("altabaa2024/theorem-5.1", base + R"("m": 16001, "quantiser": "structured"})")
            .starts_with("hostile.json: /parameters/m: "));
  CHECK(input_error("altabaa2024/theorem-5.1", base + R"("m": 1001})").starts_with("hostile.json: /parameters/m: "));
}

}  // namespace approxcert::chain
