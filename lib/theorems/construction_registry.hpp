#pragma once
// Construction registry: what `approxcert build CONSTRUCTION --param k=v ... -o NET.json` runs.
// A theorem family registers, under "<paper>/<name>", a builder that turns exact parameters into
// the Network its proof constructs (the same builder its chain certifies). Parameters are read
// with chain::Parameters, so `build` and check files share readers, exactness and error messages.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "chain/named_registry.hpp"
#include "chain/parameters.hpp"
#include "net/network.hpp"

namespace approxcert::theorems {

struct ConstructionInfo {
  std::string name;         // "altabaa2024/voronoi-threshold"
  std::string description;  // one line: what the network is and which parameters it takes
};

using ConstructionBuilder = std::function<Network(const chain::Parameters&)>;

struct Construction {
  ConstructionInfo info;
  ConstructionBuilder build;
};

// chain::NamedRegistry's find(name) and names(); add and get check what a construction needs.
class ConstructionRegistry : private chain::NamedRegistry<Construction> {
 public:
  ConstructionRegistry() : NamedRegistry("construction") {}
  using NamedRegistry::find;
  using NamedRegistry::names;
  // std::logic_error on an empty or duplicate name, or no builder.
  void add(ConstructionInfo info, ConstructionBuilder build);
  // InputError listing the known names if unknown.
  const Construction& get(std::string_view name) const;
};

// Every built-in construction (construction_registry.cpp lists one line per family).
const ConstructionRegistry& builtin_constructions();

// "k=v" strings -> Parameters located at `origin` (where they were given: the command line names
// its option). A value starting with '[' or '{' is parsed as JSON (lists, matrices); any other
// value is kept as exact text ("0.1", "40", "brownian"). Malformed items (no '=', empty key,
// duplicate key) throw InputError beginning with `origin`.
chain::Parameters construction_parameters(const std::vector<std::string>& key_values, const std::string& origin);

// Runs the named builder on the parameters (construction_parameters(key_values, origin)), rejects
// parameters it did not read, and checks the network (InputError naming "build <name>" if it is invalid).
CheckedNetwork build_construction(const ConstructionRegistry& registry, std::string_view name,
                                  const std::vector<std::string>& key_values, const std::string& origin);

}  // namespace approxcert::theorems
