// Fuzz target: user claim files (approxcert-claims/1): the file is read, its networks loaded and
// its chain built (not run), which validates every quantity and step. The input is written where
// the seed claim files lie relative to the example networks they name (checks/claims/ and
// docs/examples/claims/ under one scratch root), so that mutated files reach the quantity and
// step readers instead of stopping at a missing network file.
#include <filesystem>

#include "fuzz_instance_support.hpp"
#include "fuzz_support.hpp"
#include "theorems/builtin.hpp"

namespace {

namespace fs = std::filesystem;

// The scratch folder as the root, with a copy of the example networks the seeds name (made once
// per process).
void copy_example_networks() {
  static const bool copied = [] {
    const fs::path& root = approxcert::fuzz::scratch_dir().dir();
    fs::create_directories(root / "docs" / "examples");
    fs::copy(fs::path(APPROXCERT_SOURCE_DIR) / "docs" / "examples" / "claims", root / "docs" / "examples" / "claims",
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    return true;
  }();
  (void)copied;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  static const chain::TheoremRegistry& registry = theorems::builtin_theorems();
  copy_example_networks();
  const std::string path = fuzz::scratch_file(fuzz::as_text(data, size), "checks/claims/fuzzed.json");
  fuzz::only_input_errors([&] { fuzz::build_instance(registry, path); });
  return 0;
}
