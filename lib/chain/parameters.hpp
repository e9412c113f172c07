#pragma once
// The parameters of a theorem instance: the "parameters" object of a check file (or of a
// certificate, when verify re-runs it). Numbers are read exactly (never through double). Every
// reader names the offending key in its InputError ("<file>: /parameters/eps: ..."), and after a
// builder has run, the engine rejects any parameter it did not read (a typo must not be ignored).
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "net/number.hpp"
#include "scalar/ball.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"

namespace approxcert::chain {

class Parameters {
 public:
  // `object` must be a JSON object (else InputError at `at`); `at` locates it ("/parameters").
  Parameters(ExactJson object, JsonAt at);

  bool has(std::string_view name) const;
  // Required values (InputError if missing or of the wrong type).
  // Exact number: 0.1, "1/3", "0x1p-3"; a constant expression ("sqrt(2)") is refused with a
  // message saying the theorem needs an exact rational there.
  Rational rational(std::string_view name) const;
  // A real: an exact number or a constant expression ("cos(pi/8)", "log(3)"; net/constant.hpp).
  Number number(std::string_view name) const;
  // A ball containing the real `name` at precision p (exact numbers: rounded; expressions: enclosed
  // by the generic evaluator, tighter as p rises).
  Ball enclosure(std::string_view name, Prec p) const;
  std::uint64_t count(std::string_view name) const;                                 // non-negative integer
  std::string text(std::string_view name) const;                                    // string
  bool flag(std::string_view name) const;                                           // true / false
  std::vector<Rational> rationals(std::string_view name) const;                     // [n1, n2, ...]
  std::vector<std::vector<Rational>> rational_matrix(std::string_view name) const;  // rows, equal lengths
  // Optional values with a default (the default is NOT recorded as a parameter).
  Rational rational_or(std::string_view name, const Rational& fallback) const;
  std::uint64_t count_or(std::string_view name, std::uint64_t fallback) const;
  std::string text_or(std::string_view name, std::string_view fallback) const;
  bool flag_or(std::string_view name, bool fallback) const;
  // Raw access for structured parameters; read them with the json_* readers and at(name).
  const ExactJson& raw(std::string_view name) const;
  JsonAt at(std::string_view name) const;
  // InputError "<file>: /parameters/<name>: <what>" (e.g. a value out of the theorem's range).
  [[noreturn]] void fail(std::string_view name, std::string_view what) const;

  // Called by the engine after the builder: InputError naming the first parameter never read.
  void check_all_read() const;
  // The parameters as written into certificates: numbers become strings holding their exact
  // source text ("0.1"), everything else is kept; reading them back gives the same values.
  nlohmann::json to_json() const;

 private:
  const ExactJson& required(std::string_view name) const;
  std::shared_ptr<const ExactJson> object_;  // shared: the header needs only json_fwd.hpp
  JsonAt at_;
  mutable std::set<std::string, std::less<>> read_;
};

}  // namespace approxcert::chain
