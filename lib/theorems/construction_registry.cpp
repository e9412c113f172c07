#include "theorems/construction_registry.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "scalar/input_error.hpp"
#include "theorems/altabaa2024/register.hpp"
#include "theorems/fang2022/register.hpp"
#include "theorems/kajitsuka2024/register.hpp"
#include "theorems/yun2020/constructions.hpp"

namespace approxcert::theorems {

void ConstructionRegistry::add(ConstructionInfo info, ConstructionBuilder build) {
  if (!build) throw std::logic_error("construction registry: " + info.name + " has no builder");
  insert({std::move(info), std::move(build)});
}

const Construction& ConstructionRegistry::get(std::string_view name) const {
  if (const Construction* c = find(name)) return *c;
  throw InputError(unknown_message(name));
}

const ConstructionRegistry& builtin_constructions() {
  static const ConstructionRegistry registry = [] {
    ConstructionRegistry r;
    altabaa2024::register_constructions(r);
    yun2020::register_constructions(r);
    fang2022::register_constructions(r);
    kajitsuka2024::register_constructions(r);
    // One line per family, e.g.: yun2020::register_constructions(r);
    return r;
  }();
  return registry;
}

chain::Parameters construction_parameters(const std::vector<std::string>& key_values, const std::string& origin) {
  ExactJson object = ExactJson::object();
  for (const std::string& item : key_values) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) throw InputError(origin + ": \"" + item + "\": expected key=value");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (object.contains(key)) throw InputError(origin + ": \"" + key + "\" is given twice");
    if (!value.empty() && (value.front() == '[' || value.front() == '{'))
      object[key] = parse_exact_json(value, origin + " " + key);
    else if (value == "true" || value == "false")  // flags (e.g. yun2020's positional_encoding)
      object[key] = value == "true";
    else object[key] = value;
  }
  return chain::Parameters(std::move(object), JsonAt(origin));
}

CheckedNetwork build_construction(const ConstructionRegistry& registry, std::string_view name,
                                  const std::vector<std::string>& key_values, const std::string& origin) {
  const Construction& c = registry.get(name);
  const chain::Parameters params = construction_parameters(key_values, origin);
  Network net = c.build(params);
  params.check_all_read();
  return CheckedNetwork::check(std::move(net), "build " + std::string(name));
}

}  // namespace approxcert::theorems
