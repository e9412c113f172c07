#include "chain/recorded_networks.hpp"
#include <nlohmann/json.hpp>

#include "io/sha256.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

RecordedNetwork record_network(const Network& net) {
  auto text = std::make_shared<const std::string>(save_network(net));
  return {sha256_hex(*text), std::move(text)};
}

std::map<std::string, Program, std::less<>> read_recorded_networks(const nlohmann::json& networks) {
  if (!networks.is_object()) throw InputError("networks: expected an object");
  std::map<std::string, Program, std::less<>> programs;
  for (const auto& [key, value] : networks.items()) {
    const std::string where = "networks/" + key;
    if (!value.is_string()) throw InputError(where + ": expected the network's approxcert-net/1 text");
    const std::string& text = value.get_ref<const std::string&>();
    if (text.size() > kMaxRecordedNetworkBytes) throw InputError(where + ": larger than the recorded-network budget");
    const CheckedNetwork net = parse_network(text, where);  // JSON only: never the ONNX sniffing of network_from_bytes
    const std::string canonical = save_network(net.network());
    if (sha256_hex(canonical) != key)
      throw InputError(where + ": the key is not the SHA-256 of the network's canonical text (" +
                       sha256_hex(canonical) + ")");
    programs.emplace(key, lower(net));
  }
  return programs;
}

}  // namespace approxcert::chain
