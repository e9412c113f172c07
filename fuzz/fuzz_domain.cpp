// Fuzz target: the domain parser; an accepted box must print and parse back to itself.
#include <stdexcept>

#include "domain/domain.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  fuzz::only_input_errors([&] {
    const Box box = parse_domain(fuzz::as_text(data, size));
    if (!(parse_domain(format_domain(box)) == box)) throw std::logic_error("format/parse round trip differs");
  });
  return 0;
}
