#pragma once
// Where two JSON values differ, by JSON pointer (RFC 6901), for `regress` to say what changed in
// an instance ("/parameters/networks/f/layers/0/bias/4: -1/2 -> -51/100"). Not a rigorous function:
// it compares recorded text. Two strings that are both exact numbers (parse_rational) are equal
// when they are the same rational ("-4/8" and "-0.5"); every other leaf is compared as JSON.
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace approxcert::chain {

struct JsonDifference {
  std::string pointer;          // e.g. "/networks/f/layers/0/bias/4" ("" for the whole value)
  std::string stored, current;  // the leaf's text (a string's contents, else compact JSON), or "(absent)"
};

struct JsonDifferences {
  std::vector<JsonDifference> first;  // the first `limit` differences, in document order
  std::size_t total = 0;              // how many there are
};

// Differences between `stored` and `current`, below the pointer `prefix`. An object member present
// on one side only, an array element past the other's end, or a leaf of another type is one
// difference (its whole value, as text of at most 60 characters).
JsonDifferences json_differences(const nlohmann::json& stored, const nlohmann::json& current, const std::string& prefix,
                                 std::size_t limit);

// "~" and "/" in a key written as a JSON-pointer token ("~0", "~1").
std::string json_pointer_token(const std::string& key);

}  // namespace approxcert::chain
