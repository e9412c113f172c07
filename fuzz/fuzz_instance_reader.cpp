// Fuzz target: the check-file (instance) reader and the theorem's parameter reading: the file is
// read and its chain built (not run), which validates every parameter.
#include "chain/instance.hpp"
#include "fuzz_support.hpp"
#include "theorems/builtin.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  static const chain::TheoremRegistry& registry = theorems::builtin_theorems();
  const std::string path = fuzz::scratch_file(fuzz::as_text(data, size), "-instance.json");
  fuzz::only_input_errors([&] {
    const chain::CheckFile file = chain::read_check_file(path);
    const JsonAt top(path);
    const chain::Theorem& theorem = registry.get(file.theorem, top.key("theorem"));
    const chain::Parameters params(file.parameters, top.key("parameters"));
    (void)theorem.build(params);
    params.check_all_read();
  });
  return 0;
}
