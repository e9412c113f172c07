#include "chain/json_diff.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "scalar/input_error.hpp"
#include "scalar/rational.hpp"

namespace approxcert::chain {

namespace {

constexpr std::size_t kMaxLeafText = 60;

std::string leaf_text(const nlohmann::json& v) {
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  return s.size() > kMaxLeafText ? s.substr(0, kMaxLeafText - 3) + "..." : s;
}

bool same_number(const nlohmann::json& a, const nlohmann::json& b) {
  if (!a.is_string() || !b.is_string()) return false;
  try {
    return parse_rational(a.get<std::string>()) == parse_rational(b.get<std::string>());
  } catch (const InputError&) {
    return false;  // not both exact numbers: compared as text
  }
}

class Walk {
 public:
  explicit Walk(std::size_t limit) : limit_(limit) {}

  void compare(const nlohmann::json& s, const nlohmann::json& c, const std::string& at) {
    if (s.is_object() && c.is_object()) {
      for (const auto& [k, v] : s.items()) {
        const std::string below = at + "/" + json_pointer_token(k);
        if (const auto it = c.find(k); it != c.end()) compare(v, *it, below);
        else add(below, leaf_text(v), "(absent)");
      }
      for (const auto& [k, v] : c.items())
        if (!s.contains(k)) add(at + "/" + json_pointer_token(k), "(absent)", leaf_text(v));
    } else if (s.is_array() && c.is_array()) {
      for (std::size_t i = 0; i < std::max(s.size(), c.size()); ++i) {
        const std::string below = at + "/" + std::to_string(i);
        if (i >= c.size()) add(below, leaf_text(s[i]), "(absent)");
        else if (i >= s.size()) add(below, "(absent)", leaf_text(c[i]));
        else compare(s[i], c[i], below);
      }
    } else if (s != c && !same_number(s, c)) {
      add(at, leaf_text(s), leaf_text(c));
    }
  }

  JsonDifferences result() && { return std::move(out_); }

 private:
  void add(const std::string& at, std::string stored, std::string current) {
    if (out_.first.size() < limit_) out_.first.push_back({at, std::move(stored), std::move(current)});
    ++out_.total;
  }

  std::size_t limit_;
  JsonDifferences out_;
};

}  // namespace

std::string json_pointer_token(const std::string& key) {
  std::string out;
  for (char ch : key) out += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
  return out;
}

JsonDifferences json_differences(const nlohmann::json& stored, const nlohmann::json& current, const std::string& prefix,
                                 std::size_t limit) {
  Walk walk(limit);
  walk.compare(stored, current, prefix);
  return std::move(walk).result();
}

}  // namespace approxcert::chain
