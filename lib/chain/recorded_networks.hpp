#pragma once
// Networks a chain certificate records ("networks": {SHA-256: the network's approxcert-net/1 text,
// compact JSON in one string}, docs/chain.md)
// so that `verify` re-evaluates network sides (recheck.hpp, network recipes) without the theorem
// module. The key is the SHA-256 of the network's canonical text (save_network), so a network is
// stored once however many sides evaluate it, and a changed byte changes its key.
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "net/network.hpp"
#include "net/program.hpp"

namespace approxcert::chain {

// Size budget of one recorded network's canonical text (and of its recorded compact text). A construction above it is
// not recorded: its sides keep their trust mark (docs/verify_coverage.md gives the sizes).
inline constexpr std::size_t kMaxRecordedNetworkBytes = 256 * 1024;

struct RecordedNetwork {
  std::string sha256;                       // of *text
  std::shared_ptr<const std::string> text;  // canonical approxcert-net/1 text (save_network)
};

// Guarantee: text = save_network(net) and sha256 = its SHA-256 (net is checked first; InputError if invalid).
RecordedNetwork record_network(const Network& net);

// Guarantee: every entry of a certificate's "networks" is read through the one exact network
// reader (parse_network, JSON only), its key is the SHA-256 of its canonical text, and the returned
// program is lower() of it. InputError "networks/KEY: ..." otherwise (a wrong key, an invalid or
// oversized network).
std::map<std::string, Program, std::less<>> read_recorded_networks(const nlohmann::json& networks);

}  // namespace approxcert::chain
