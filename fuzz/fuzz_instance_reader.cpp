// Fuzz target: the check-file (instance) reader and the theorem's parameter reading: the file is
// read and its chain built (not run), which validates every parameter.
#include "fuzz_instance_support.hpp"
#include "fuzz_support.hpp"
#include "theorems/builtin.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  static const chain::TheoremRegistry& registry = theorems::builtin_theorems();
  const std::string path = fuzz::scratch_file(fuzz::as_text(data, size), "instance.json");
  fuzz::only_input_errors([&] { fuzz::build_instance(registry, path); });
  return 0;
}
