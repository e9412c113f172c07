// exact_json: numbers keep their source text (never a double), parse errors name the position,
// and the typed readers name the JSON pointer.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "reference/scratch_dir.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string parse_error(std::string_view text) {
  return error_of([&] { parse_exact_json(text, "in.json"); });
}

}  // namespace

TEST_CASE("exact_json: JSON numbers keep their source text and read exactly") {
  const ExactJson v = parse_exact_json(
      R"({"a": 0.1, "b": -3.5e-4, "c": 12, "d": -7, "e": 123456789012345678901234567890, "f": "1/3", "g": 1e-400})",
      "in.json");
  const JsonAt at("in.json");
  CHECK(is_json_number(v["a"]));
  CHECK(json_number_text(v["a"]) == "0.1");
  CHECK(json_rational(v["a"], at.key("a")) == Rational(mpz_class(1), mpz_class(10)));
  CHECK(json_rational(v["b"], at.key("b")) == Rational(mpz_class(-35), mpz_class(100000)));
  CHECK(json_rational(v["c"], at.key("c")) == Rational(12));
  CHECK(json_rational(v["d"], at.key("d")) == Rational(-7));
  // beyond 64 bits: still exact (nlohmann hands over the text)
  CHECK(json_rational(v["e"], at.key("e")) == Rational(mpz_class("123456789012345678901234567890")));
  CHECK(!is_json_number(v["f"]));
  CHECK(json_rational(v["f"], at.key("f")) == Rational(mpz_class(1), mpz_class(3)));
  // underflows a double, but is the exact 10^-400 here
  CHECK(json_rational(v["g"], at.key("g")) == pow10(-400));
  CHECK(json_count(v["c"], at.key("c")) == 12);
}

TEST_CASE("exact_json: readers name file and JSON pointer") {
  const ExactJson v = parse_exact_json(
      R"({"w": [["1", "one"]], "x~/y": true, "n": 2.5, "m": -1, "s": "nan", "t": "-Infinity", "z": "1/0"})", "in.json");
  const JsonAt at("in.json");
  CHECK(error_of([&] { json_rational(v["w"][0][1], at.key("w").index(0).index(1)); }) ==
        "in.json: /w/0/1: expected a number, got \"one\": expected a digit");
  CHECK(error_of([&] { json_rational(v["x~/y"], at.key("x~/y")); }) == "in.json: /x~0~1y: expected a number, got true");
  CHECK(error_of([&] { json_count(v["n"], at.key("n")); }) == "in.json: /n: expected a non-negative integer, got 2.5");
  CHECK(error_of([&] { json_count(v["m"], at.key("m")); }) == "in.json: /m: expected a non-negative integer, got -1");
  CHECK(error_of([&] { json_rational(v["s"], at.key("s")); }) ==
        "in.json: /s: expected a number, got \"nan\": NaN and infinities are not numbers here");
  CHECK(error_of([&] { json_rational(v["t"], at.key("t")); }) ==
        "in.json: /t: expected a number, got \"-Infinity\": NaN and infinities are not numbers here");
  CHECK(error_of([&] { json_rational(v["z"], at.key("z")); }) ==
        "in.json: /z: expected a number, got \"1/0\": zero denominator");
  CHECK(error_of([&] { json_array(v["w"][0][0], at.key("w").index(0).index(0)); }) ==
        "in.json: /w/0/0: expected an array, got \"1\"");
  CHECK(error_of([&] { json_object(v["w"], at.key("w")); }) == "in.json: /w: expected an object, got an array");
  CHECK(error_of([&] { json_string(v["n"], at.key("n")); }) == "in.json: /n: expected a string, got 2.5");
  CHECK(error_of([&] { json_object(v["w"], at); }) == "in.json: top level: expected an object, got an array");
}

TEST_CASE("exact_json: unknown keys suggest the closest known one, missing keys are named") {
  const ExactJson v = parse_exact_json(R"({"wieght": 1, "bias": 2})", "in.json");
  const JsonAt at = JsonAt("in.json").key("layers").index(0);
  CHECK(error_of([&] {
          json_check_keys(v, at, {"type", "weight", "bias"}, "a dense layer");
        }) ==
        "in.json: /layers/0/wieght: unknown key \"wieght\" in a dense layer (did you mean \"weight\"?); "
        "known keys: type, weight, bias");
  CHECK(error_of([&] {
          json_check_keys(v, at, {"zzzzzzz", "bias"}, "x");
        }) == "in.json: /layers/0/wieght: unknown key \"wieght\" in x; known keys: zzzzzzz, bias");
  CHECK(error_of([&] { json_required(v, "type", at, "a dense layer"); }) ==
        "in.json: /layers/0: missing required key \"type\" in a dense layer");
  CHECK(json_optional(v, "type") == nullptr);
  CHECK(json_optional(v, "bias") != nullptr);
}

TEST_CASE("exact_json: syntax errors name line, column and byte") {
  CHECK(parse_error("{\"a\": 1,\n  \"b\": nul}") ==
        "in.json: line 2, column 11 (byte 19): invalid JSON: syntax error while parsing value - invalid literal; "
        "last read: '\"b\": nul}'");
  // truncated
  CHECK(parse_error("{\"a\": [1, 2")
            .find("in.json: line 1, column 12 (byte 11): invalid JSON: syntax error while "
                  "parsing array - unexpected end of input") == 0);
  CHECK(parse_error("").find("in.json: line 1, column 1 (byte 0): invalid JSON:") == 0);
  // trailing garbage after the value
  CHECK(parse_error("{} x").find(
            "in.json: line 1, column 4 (byte 3): invalid JSON: syntax error while parsing value") == 0);
  // NaN and Infinity are not JSON
  CHECK(parse_error("[NaN]").find("in.json: line 1, column 2 (byte 1): invalid JSON:") == 0);
  CHECK(parse_error("[Infinity]").find("invalid JSON:") != std::string::npos);
}

TEST_CASE("exact_json: binary garbage gives one printable message") {
  const std::string garbage("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xfe", 18);
  const std::string msg = parse_error(garbage);
  CHECK(msg.find("in.json: line 1, column 1 (byte 0): invalid JSON:") == 0);
  for (char c : msg) CHECK((c >= 0x20 && c < 0x7f));
  // invalid UTF-8 inside a string
  const std::string bad_utf8 = parse_error(std::string("[\"a\xff\"]"));
  CHECK(bad_utf8.find("invalid JSON:") != std::string::npos);
  CHECK(bad_utf8.find("\\xff") != std::string::npos);
}

TEST_CASE("exact_json: numbers beyond the double range must be strings") {
  CHECK(parse_error("[1e999999999]") ==
        "in.json: line 1, column 12 (byte 11): invalid JSON: number 1e999999999 is too large for the JSON reader; "
        "write it as a string: \"1e999999999\"");
  const ExactJson v = parse_exact_json(R"(["1e400", "1e999999999"])", "in.json");
  CHECK(json_rational(v[0], JsonAt("in.json").index(0)) == pow10(400));
  CHECK(error_of([&] { json_rational(v[1], JsonAt("in.json").index(1)); }) ==
        "in.json: /1: expected a number, got \"1e999999999\": exponent too large");
}

TEST_CASE("exact_json: duplicate keys and deep nesting are refused") {
  CHECK(parse_error(R"({"a": {"b": 1, "b": 2}})") == "in.json: /a/b: duplicate key \"b\"");
  CHECK(parse_error(R"([{"x": 1}, {"y": [0, {"k": 1, "k": 1}]}])") == "in.json: /1/y/1/k: duplicate key \"k\"");
  std::string deep(300, '[');
  deep += std::string(300, ']');
  CHECK(parse_error(deep).find("in.json: /0/0/0/") == 0);
  CHECK(parse_error(deep).find(": nesting deeper than 256 levels") != std::string::npos);
}

TEST_CASE("exact_json: files that are missing, directories or unreadable") {
  CHECK(error_of([] { read_exact_json_file("/nonexistent/dir/net.json"); }) ==
        "/nonexistent/dir/net.json: cannot read file: no such file");
  const approxcert::test::ScratchDir s("exact-json");
  const std::string dir = s.dir().string();
  CHECK(error_of([&] { read_exact_json_file(dir); }) == dir + ": cannot read file: it is a directory");
  const std::string path = s.path("truncated.json");
  {
    std::ofstream out(path, std::ios::binary);
    out << "{\"a\": [0.5, ";  // truncated
  }
  CHECK(error_of([&] { read_exact_json_file(path); }).find(path + ": line 1, column 13 (byte 12): invalid JSON:") == 0);
  {
    std::ofstream out(path, std::ios::binary);
    out << "{\"a\": [0.5]}";
  }
  CHECK(json_rational(read_exact_json_file(path)["a"][0], JsonAt(path)) == Rational(mpz_class(1), mpz_class(2)));
}
