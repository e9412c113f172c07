#pragma once
// Helpers for the chain tests: a registry with the demo theorem, data files, file edits (scratch
// folders are reference/scratch_dir.hpp).
#include <string>

#include "chain/registry.hpp"
#include "reference/scratch_dir.hpp"
#include "scalar/exact_json.hpp"
#include "theorems/demo/demo_theorem.hpp"

namespace approxcert::chain::test {

inline const TheoremRegistry& demo_registry() {
  static const TheoremRegistry r = [] {
    TheoremRegistry reg;
    theorems::demo::register_demo_theorem(reg);
    return reg;
  }();
  return r;
}

inline std::string data_file(const std::string& name) {
  return std::string(APPROXCERT_SOURCE_DIR) + "/tests/chain/data/" + name;
}

using approxcert::test::ScratchDir;

inline std::string read_file(const std::string& path) { return read_text_file(path); }
void write_file(const std::string& path, const std::string& text);
// Replaces the first occurrence of `from` after the first occurrence of `anchor` (which must both
// exist, else the test fails via an exception).
std::string replace_after(const std::string& text, const std::string& anchor, const std::string& from,
                          const std::string& to);

}  // namespace approxcert::chain::test
