// Fuzz target: the network reader (parse_network), then lowering and the canonical writer:
// a network the reader accepts must lower, and save/parse must give it back unchanged.
#include <stdexcept>

#include "fuzz_support.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  fuzz::only_input_errors([&] {
    const Network net = parse_network(fuzz::as_text(data, size), "fuzz.json");
    const Program prog = lower(net);
    if (prog.num_inputs() != input_dim(net)) throw std::logic_error("lowered program has the wrong input count");
    if (!(parse_network(save_network(net), "saved.json") == net))
      throw std::logic_error("save/parse round trip differs");
  });
  return 0;
}
