#include "net/gradient_work.hpp"

#include <limits>

namespace approxcert {

std::size_t gradient_work(const Program& prog) {
  std::size_t per_input = prog.nodes().size();
  for (const Node& n : prog.nodes()) per_input += n.num_args;
  const std::size_t d = prog.num_inputs();
  if (d != 0 && per_input > std::numeric_limits<std::size_t>::max() / d) return std::numeric_limits<std::size_t>::max();
  return d * per_input;
}

}  // namespace approxcert
