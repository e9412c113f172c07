#pragma once
// JSON input without doubles. parse_exact_json() keeps every JSON number as its SOURCE TEXT, so a
// number in a file means exactly the decimal it spells ("0.1" is 1/10, never the double near it).
//
// Representation (ExactJson = nlohmann::ordered_json, keys in file order):
//   - a JSON number is stored as a *binary* value holding the bytes of its source text
//     (JSON text can never produce a binary value, so numbers and strings stay distinct);
//     use is_json_number() / json_number_text(), or json_rational() to read it exactly;
//   - strings, booleans, null, arrays and objects are stored as usual;
//   - duplicate keys in an object are an error (a typo must not silently overwrite).
// Known limit: nlohmann's lexer refuses JSON numbers whose magnitude overflows a double
// (e.g. 1e400); such numbers must be written as strings ("1e400"), and the error says so.
//
// The readers below check the JSON type and throw InputError("<file>: <json pointer>: <what>").
#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "scalar/rational.hpp"

namespace approxcert {

using ExactJson = nlohmann::ordered_json;

// Parses JSON text; `source` names it in error messages ("<source>: line L, column C (byte B): ...").
ExactJson parse_exact_json(std::string_view text, std::string_view source);
// Reads and parses a file; a missing, unreadable or non-JSON file gives one InputError naming it.
ExactJson read_exact_json_file(const std::string& path);
// The whole file as bytes (InputError if it cannot be read).
std::string read_text_file(const std::string& path);

bool is_json_number(const ExactJson& v);
std::string_view json_number_text(const ExactJson& v);  // v must be a number
// Short human description for messages: "one" (quoted), 1.5, true, null, an array, an object.
std::string describe_json(const ExactJson& v);

// Where a value sits: the file name and the JSON pointer (RFC 6901) of the value.
class JsonAt {
 public:
  explicit JsonAt(std::string file) : file_(std::move(file)) {}
  JsonAt key(std::string_view k) const;
  JsonAt index(std::size_t i) const;
  const std::string& file() const { return file_; }
  const std::string& pointer() const { return pointer_; }  // "" for the top level
  // "<file>: <pointer>: " (the top level is written "top level").
  std::string prefix() const;
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::string file_;
  std::string pointer_;
};

// Type-checked readers; each throws InputError through at.fail() on mismatch.
const ExactJson& json_object(const ExactJson& v, const JsonAt& at);
const ExactJson& json_array(const ExactJson& v, const JsonAt& at);
std::string json_string(const ExactJson& v, const JsonAt& at);
// An exact rational: a JSON number or a string accepted by parse_rational. NaN/inf are refused.
Rational json_rational(const ExactJson& v, const JsonAt& at);
// A non-negative integer (JSON number or string, any exact form that is an integer) < 2^63.
std::uint64_t json_count(const ExactJson& v, const JsonAt& at);

// Object keys: `known` lists every accepted key; an unknown key is an error naming the known ones
// (and the closest one, for typos). `what` names the object ("a dense layer").
void json_check_keys(const ExactJson& obj, const JsonAt& at, std::initializer_list<std::string_view> known,
                     std::string_view what);
// The value of a required key (error "missing" at its pointer), or nullptr for an absent optional one.
const ExactJson& json_required(const ExactJson& obj, std::string_view key, const JsonAt& at, std::string_view what);
const ExactJson* json_optional(const ExactJson& obj, std::string_view key);

// The keys of a file's top-level object: json_check_keys with `known` and "$schema", the file's
// JSON Schema for editors (docs/schemas/), whose value must be a string and is otherwise ignored
// (a schema is never loaded or trusted).
void json_check_file_keys(const ExactJson& doc, const JsonAt& at, std::initializer_list<std::string_view> known,
                          std::string_view what);

}  // namespace approxcert
