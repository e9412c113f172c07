#pragma once
// Helpers shared by the tests/net suites.
#include <string>
#include <string_view>
#include <vector>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::test {

inline Rational q(std::string_view text) { return parse_rational(text); }

inline std::vector<Rational> qs(std::initializer_list<std::string_view> texts) {
  std::vector<Rational> out;
  for (std::string_view t : texts) out.push_back(parse_rational(t));
  return out;
}

inline Network net_from(std::string_view json) { return parse_network(json, "net.json"); }

// The InputError message of loading `json` as "net.json", or "no error".
inline std::string load_error(std::string_view json) {
  try {
    parse_network(json, "net.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// Exact outputs of the network at exact inputs (rational layers only).
inline std::vector<Rational> eval_exact(const Network& net, const std::vector<Rational>& x) {
  const Program prog = lower(net);
  return evaluate<Rational>(prog, std::span<const Rational>(x), Prec(64));
}

// A document with the given input object text and layers array text.
inline std::string doc(std::string_view input, std::string_view layers) {
  return R"({"format": "approxcert-net/1", "input": )" + std::string(input) + R"(, "layers": )" + std::string(layers) +
         "}";
}

}  // namespace approxcert::test
