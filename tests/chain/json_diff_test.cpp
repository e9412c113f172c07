// json_differences: every difference by JSON pointer in document order, equal rationals written
// differently are no difference, the limit keeps the first rows and counts all, keys are escaped.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "chain/json_diff.hpp"

using namespace approxcert::chain;

TEST_CASE("json_diff: leaves, members and elements by pointer") {
  const auto stored = nlohmann::json::parse(R"({"f": {"bias": ["-4/8", "1"], "w": "x"}, "n": 3, "gone": true})");
  const auto current =
      nlohmann::json::parse(R"({"f": {"bias": ["-0.51", "1.0", "7"], "w": "x"}, "n": 4, "new": null})");
  const JsonDifferences d = json_differences(stored, current, "/parameters", 10);
  REQUIRE(d.total == 5);
  REQUIRE(d.first.size() == 5);
  CHECK(d.first[0].pointer == "/parameters/f/bias/0");
  CHECK(d.first[0].stored == "-4/8");
  CHECK(d.first[0].current == "-0.51");
  CHECK(d.first[1].pointer == "/parameters/f/bias/2");  // "1" and "1.0" are the same number
  CHECK(d.first[1].stored == "(absent)");
  CHECK(d.first[1].current == "7");
  CHECK(d.first[2].pointer == "/parameters/gone");
  CHECK(d.first[2].current == "(absent)");
  CHECK(d.first[3].pointer == "/parameters/n");
  CHECK(d.first[3].stored == "3");
  CHECK(d.first[4].pointer == "/parameters/new");
  CHECK(d.first[4].stored == "(absent)");
  CHECK(d.first[4].current == "null");
}

TEST_CASE("json_diff: equal numbers, texts that are not numbers, types") {
  CHECK(json_differences(nlohmann::json("-1/2"), nlohmann::json("-0.5e0"), "", 4).total == 0);
  CHECK(json_differences(nlohmann::json("0x1p-1"), nlohmann::json("1/2"), "", 4).total == 0);
  CHECK(json_differences(nlohmann::json("abc"), nlohmann::json("abd"), "", 4).total == 1);
  CHECK(json_differences(nlohmann::json("1/0"), nlohmann::json("1/0"), "", 4).total == 0);  // same text
  CHECK(json_differences(nlohmann::json("2"), nlohmann::json(2), "", 4).total == 1);        // a string is not a number
  const JsonDifferences d = json_differences(nlohmann::json::array({1}), nlohmann::json::object(), "/x", 4);
  REQUIRE(d.total == 1);
  CHECK(d.first[0].pointer == "/x");
  CHECK(d.first[0].stored == "[1]");
}

TEST_CASE("json_diff: the limit keeps the first rows and counts every difference") {
  nlohmann::json a = nlohmann::json::array(), b = nlohmann::json::array();
  for (int i = 0; i < 100; ++i) a.push_back(std::to_string(i)), b.push_back(std::to_string(i + 1));
  const JsonDifferences d = json_differences(a, b, "", 6);
  CHECK(d.total == 100);
  REQUIRE(d.first.size() == 6);
  CHECK(d.first[5].pointer == "/5");
}

TEST_CASE("json_diff: keys are escaped as pointer tokens and long leaves are shortened") {
  const JsonDifferences d =
      json_differences(nlohmann::json{{"a/b~c", "1"}}, nlohmann::json{{"a/b~c", std::string(200, 'x')}}, "", 4);
  REQUIRE(d.total == 1);
  CHECK(d.first[0].pointer == "/a~1b~0c");
  CHECK(d.first[0].current.size() == 60);
  CHECK(d.first[0].current.ends_with("..."));
  CHECK(json_pointer_token("~/") == "~0~1");
}
