// The core (lib/scalar ... lib/chain, DESIGN.md) names no paper: a paper's knowledge, its Coq glue
// included, lives in lib/theorems/<paper>/. For every registered theorem family, neither its folder
// name ("altabaa2024") nor its author part ("altabaa") may occur in a core source file.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "chain/claims_file.hpp"
#include "chain_test_support.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Core files (relative to lib/) containing `word`, case-insensitively, separated by spaces.
std::string core_files_naming(const std::string& word) {
  std::string hits;
  const std::filesystem::path lib = std::filesystem::path(APPROXCERT_SOURCE_DIR) / "lib";
  for (const char* layer : {"scalar", "io", "linalg", "net", "domain", "problem", "forms", "check", "supnorm", "chain"})
    for (const auto& f : std::filesystem::recursive_directory_iterator(lib / layer))
      if (f.is_regular_file() && lower(chain::test::read_file(f.path().string())).find(word) != std::string::npos)
        hits += (hits.empty() ? "" : " ") + std::filesystem::relative(f.path(), lib).string();
  return hits;
}

}  // namespace

TEST_CASE("core: no file of lib/scalar ... lib/chain names a registered paper") {
  std::set<std::string> words;
  for (const std::string& name : theorems::builtin_theorems().names()) {
    const std::string paper = lower(theorems::builtin_theorems().find(name)->info.paper);
    if (paper == "demo") continue;                // the engine's own test theorem
    if (name == chain::kClaimsTheorem) continue;  // user claim files: a core format, not a paper
    words.insert(paper);
    std::string author = paper;
    while (!author.empty() && std::isdigit(static_cast<unsigned char>(author.back()))) author.pop_back();
    if (author.size() >= 3) words.insert(author);
  }
  REQUIRE(words.count("altabaa2024") == 1);
  REQUIRE(words.count("yun") == 1);
  for (const std::string& w : words) {
    INFO("paper word \"" << w << "\"");
    CHECK(core_files_naming(w) == "");
  }
  // The search can fail: a word every chain file has.
  CHECK_FALSE(core_files_naming("approxcert::chain").empty());
}
