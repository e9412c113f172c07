#include "chain/parameters_markdown.hpp"

#include <nlohmann/json.hpp>

namespace approxcert::chain {

namespace {

constexpr std::size_t kMaxInlineText = 120;  // longer values become nested bullets or a size
constexpr int kMaxDepth = 2;                 // bullet levels below a parameter

std::string code(const std::string& text) {
  // A backtick inside the value would end the code span: use a double-backtick span then.
  return text.find('`') == std::string::npos ? "`" + text + "`" : "`` " + text + " ``";
}

std::string one_line(const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

bool is_network(const nlohmann::json& v) {
  return v.is_object() && v.contains("format") && v.at("format") == "approxcert-net/1" && v.contains("layers") &&
         v.at("layers").is_array();
}

std::string network_shape(const nlohmann::json& net) {
  std::string text = "approxcert-net/1 network";
  if (net.contains("input") && net.at("input").is_object() && net.at("input").contains("dim")) {
    const std::string dim = one_line(net.at("input").at("dim"));
    text += ", " + dim + (dim == "1" ? " input" : " inputs");
  }
  const nlohmann::json& layers = net.at("layers");
  text += "; " + std::to_string(layers.size()) + (layers.size() == 1 ? " layer" : " layers");
  std::string kinds;
  for (const nlohmann::json& layer : layers) {
    if (!layer.is_object() || !layer.contains("type")) continue;
    std::string kind = one_line(layer.at("type"));
    if (kind == "dense" && layer.contains("weight") && layer.at("weight").is_array() && !layer.at("weight").empty() &&
        layer.at("weight").at(0).is_array())
      kind += " " + std::to_string(layer.at("weight").at(0).size()) + "->" + std::to_string(layer.at("weight").size());
    kinds += (kinds.empty() ? "" : ", ") + kind;
  }
  if (kinds.size() > kMaxInlineText) kinds = kinds.substr(0, kMaxInlineText) + "...";
  return kinds.empty() ? text : text + ": " + kinds;
}

void bullet(std::string& out, int depth, const std::string& name, const nlohmann::json& v) {
  out += std::string(2 * depth, ' ') + "- " + code(name) + ": ";
  const std::string text = one_line(v);
  if (is_network(v)) {
    out += network_shape(v) + "\n";
  } else if (text.size() <= kMaxInlineText) {
    out += code(text) + "\n";
  } else if (depth < kMaxDepth && v.is_object()) {
    out += std::to_string(v.size()) + (v.size() == 1 ? " entry" : " entries") + "\n";
    for (const auto& [k, item] : v.items()) bullet(out, depth + 1, k, item);
  } else if (v.is_array()) {
    out += std::to_string(v.size()) + (v.size() == 1 ? " entry" : " entries") + " (in the certificate)\n";
  } else {
    out += std::to_string(text.size()) + " characters (in the certificate)\n";
  }
}

}  // namespace

std::string parameters_markdown(const nlohmann::json& parameters) {
  if (!parameters.is_object() || parameters.empty()) return "none\n";
  std::string out;
  for (const auto& [k, v] : parameters.items()) bullet(out, 0, k, v);
  return out;
}

}  // namespace approxcert::chain
