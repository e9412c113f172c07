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

// The scratch root, with a copy of the example networks the seeds name (made once per process,
// removed at exit).
struct ScratchRoot {
  fs::path path = fs::temp_directory_path() / ("approxcert-fuzz-claims-" + std::to_string(::getpid()));
  ScratchRoot() {
    fs::create_directories(path / "checks" / "claims");
    fs::create_directories(path / "docs" / "examples");
    fs::copy(fs::path(APPROXCERT_SOURCE_DIR) / "docs" / "examples" / "claims", path / "docs" / "examples" / "claims",
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  }
  ~ScratchRoot() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

const fs::path& scratch_root() {
  static const ScratchRoot root;
  return root.path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  static const chain::TheoremRegistry& registry = theorems::builtin_theorems();
  const std::string path = (scratch_root() / "checks" / "claims" / "fuzzed.json").string();
  fuzz::write_file(path, fuzz::as_text(data, size));
  fuzz::only_input_errors([&] { fuzz::build_instance(registry, path); });
  return 0;
}
