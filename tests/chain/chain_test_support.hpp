#pragma once
// Helpers for the chain tests: a registry with the demo theorem, temporary folders, file edits.
#include <filesystem>
#include <string>
#include <unistd.h>

#include "chain/registry.hpp"
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

// A fresh empty folder under the system temp dir, removed when the object dies.
class TempDir {
 public:
  explicit TempDir(const std::string& tag) {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("approxcert_chain_" + tag + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string str() const { return path_.string(); }
  std::string operator/(const std::string& rel) const { return (path_ / rel).string(); }

 private:
  std::filesystem::path path_;
};

inline std::string read_file(const std::string& path) { return read_text_file(path); }
void write_file(const std::string& path, const std::string& text);
// Replaces the first occurrence of `from` after the first occurrence of `anchor` (which must both
// exist, else the test fails via an exception).
std::string replace_after(const std::string& text, const std::string& anchor, const std::string& from, const std::string& to);

}  // namespace approxcert::chain::test
