#include "cli/interface_json.hpp"

namespace approxcert::cli {
namespace {

// The set of a CLI::IsMember check, from the option's type name ("TEXT:{auto,arb,mpfi}").
nlohmann::json choices_of(const CLI::Option& opt) {
  nlohmann::json out = nlohmann::json::array();
  const std::string type = opt.get_type_name();
  const auto open = type.find('{'), close = type.find('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::string item;
  for (std::size_t i = open + 1; i <= close; ++i) {
    if (type[i] == ',' || i == close) {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else if (type[i] != ' ') {
      item += type[i];
    }
  }
  return out;
}

nlohmann::json describe_option(const CLI::Option& opt) {
  nlohmann::json names = nlohmann::json::array();
  for (const auto& l : opt.get_lnames()) names.push_back("--" + l);
  for (const auto& s : opt.get_snames()) names.push_back("-" + s);
  nlohmann::json o = {{"names", names}, {"takes_value", opt.get_items_expected_max() > 0}};
  if (auto c = choices_of(opt); !c.empty()) o["choices"] = c;
  if (opt.get_items_expected_max() > 0) {
    const std::string type = opt.get_type_name();
    o["value"] = type.substr(0, type.find(':'));  // "FILE", "NUMBER", ...; "TEXT" for choices
  }
  return o;
}

}  // namespace

nlohmann::json describe_interface(const CLI::App& app) {
  nlohmann::json commands = nlohmann::json::array();
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    nlohmann::json options = nlohmann::json::array();
    for (const CLI::Option* opt : sub->get_options([](const CLI::Option* o) { return o->nonpositional(); }))
      options.push_back(describe_option(*opt));
    commands.push_back({{"name", sub->get_name()}, {"description", sub->get_description()}, {"options", options}});
  }
  return {{"commands", commands}};
}

std::string command_names(const CLI::App& app) {
  std::string out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    out += (out.empty() ? "" : ", ") + sub->get_name();
  return out;
}

}  // namespace approxcert::cli
