// json_list (scalar/json_list.hpp): every element read in order, at its own index, so that an
// element's error names its JSON pointer; a non-array is refused at the array's place.
#include <doctest/doctest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "scalar/input_error.hpp"
#include "scalar/json_list.hpp"

using namespace approxcert;

namespace {

std::string error_of(const ExactJson& v, const JsonAt& at) {
  try {
    (void)json_list(v, at, json_count);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("json_list: reads every element in order, each at its own index") {
  const JsonAt at = JsonAt("in.json").key("sizes");
  const ExactJson v = parse_exact_json(R"([3, 1, 4, 1, 5])", "in.json");
  CHECK(json_list(v, at, json_count) == std::vector<std::uint64_t>{3, 1, 4, 1, 5});
  std::vector<std::string> where;
  (void)json_list(v, at, [&where](const ExactJson&, const JsonAt& e_at) {
    where.push_back(e_at.pointer());
    return 0;
  });
  CHECK(where == std::vector<std::string>{"/sizes/0", "/sizes/1", "/sizes/2", "/sizes/3", "/sizes/4"});
  CHECK(json_list(parse_exact_json("[]", "in.json"), at, json_count).empty());
}

TEST_CASE("json_list: a bad element is refused at its index, a non-array at the list's place") {
  const JsonAt at = JsonAt("in.json").key("sizes");
  const std::string bad_element = error_of(parse_exact_json(R"([3, "x", 4])", "in.json"), at);
  CHECK(bad_element.find("/sizes/1") != std::string::npos);
  const std::string not_array = error_of(parse_exact_json(R"({"a": 1})", "in.json"), at);
  CHECK(not_array.find("/sizes") != std::string::npos);
  CHECK(not_array.find("/sizes/") == std::string::npos);
}
