// Must not compile: only CheckedNetwork::check makes a CheckedNetwork, so lower() may trust that the
// network was checked. With -DCONTROL the checked construction proves the harness compiles.
#include <utility>

#include "net/network.hpp"

approxcert::CheckedNetwork make(approxcert::Network net) {
#ifdef CONTROL
  return approxcert::CheckedNetwork::check(std::move(net), "net");
#else
  return approxcert::CheckedNetwork(std::move(net), 1);
#endif
}
