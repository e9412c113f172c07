#pragma once
// Shared by the check-file and claim-file fuzz targets: read a file and build its chain (not run),
// which validates every parameter the theorem reads.
#include <string>

#include "chain/instance.hpp"
#include "chain/parameters.hpp"
#include "chain/registry.hpp"
#include "scalar/exact_json.hpp"

namespace approxcert::fuzz {

inline void build_instance(const chain::TheoremRegistry& registry, const std::string& path) {
  const chain::CheckFile file = chain::read_check_file(path);
  const JsonAt top(path);
  const chain::Theorem& theorem = registry.get(file.theorem, top.key("theorem"));
  const chain::Parameters params(file.parameters, top.key("parameters"));
  (void)theorem.build(params);
  params.check_all_read();
}

}  // namespace approxcert::fuzz
