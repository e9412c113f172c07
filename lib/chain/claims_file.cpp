#include "chain/claims_file.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "net/expression.hpp"
#include "net/network_json.hpp"

namespace approxcert::chain {

namespace fs = std::filesystem;

namespace {

bool is_identifier(std::string_view s) {
  if (s.empty() || s.size() > 64) return false;
  const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(s[0])) return false;
  for (char c : s)
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

}  // namespace

void check_claims_name(std::string_view name, const JsonAt& at) {
  if (!is_identifier(name))
    at.fail("the name \"" + std::string(name.substr(0, 64)) +
            "\" is not an identifier (a letter or '_', then letters, digits or '_'; at most 64 characters)");
  if (is_reserved_expression_name(name))
    at.fail("the name \"" + std::string(name) +
            "\" is reserved by the expression language (pi, e, x, x0, x1, ..., function names)");
}

CheckFile read_claims_file(const std::string& path, const ExactJson& doc) {
  const JsonAt top(path);
  json_check_file_keys(doc, top, {"format", "description", "networks", "quantities", "steps", "precision", "expected"},
                       "a claim file");
  CheckFile f;
  f.path = path;
  f.instance = fs::path(path).stem().string();
  f.theorem = std::string(kClaimsTheorem);
  f.parameters_at = top;
  if (const ExactJson* d = json_optional(doc, "description")) f.description = json_string(*d, top.key("description"));

  ExactJson networks = ExactJson::object();
  if (const ExactJson* n = json_optional(doc, "networks")) {
    const JsonAt at = top.key("networks");
    json_object(*n, at);
    const fs::path folder = fs::path(path).parent_path();
    for (const auto& item : n->items()) {
      const JsonAt item_at = at.key(item.key());
      check_claims_name(item.key(), item_at);
      const std::string file = json_string(item.value(), item_at);
      if (file.empty()) item_at.fail("empty network file name");
      const fs::path resolved = fs::path(file).is_absolute() ? fs::path(file) : folder / file;
      networks[item.key()] =
          parse_exact_json(save_network(load_network(resolved.string()).network()), resolved.string());
    }
  }
  f.parameters = ExactJson::object();
  f.parameters["networks"] = std::move(networks);
  f.parameters["quantities"] =
      json_object(json_required(doc, "quantities", top, "a claim file"), top.key("quantities"));
  f.parameters["steps"] = json_array(json_required(doc, "steps", top, "a claim file"), top.key("steps"));
  read_precision_and_expected(doc, top, f);
  return f;
}

}  // namespace approxcert::chain
