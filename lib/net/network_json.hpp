#pragma once
// Reading and writing `approxcert-net/1` network files (DESIGN.md "Network files", docs/net.md).
// Loading validates everything (JSON syntax, types, unknown keys, exact numbers, dimensions,
// limits); every problem is one InputError "<file>: <json pointer>: <what>". Numbers are read
// exactly (parse_exact_json): "0.1" and 0.1 both mean 1/10; another string is a constant
// expression ("sqrt(2)/2"), validated here (net/constant.hpp: json_number) and kept as text.
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "net/network.hpp"
#include "scalar/exact_json.hpp"

namespace approxcert {

inline constexpr std::string_view kNetworkFormat = "approxcert-net/1";

// Reads, parses and checks a network file (so it is lowered with no second check); errors name `path`. A file whose
// content is not JSON (looks_like_json) is read as an ONNX model (net/onnx_import.hpp): one loader for both.
CheckedNetwork load_network(const std::string& path);
// Same for text held in memory; errors name `source` (e.g. a file name or "<test>").
CheckedNetwork parse_network(std::string_view text, std::string_view source);
// A file's bytes already read (JSON, or ONNX when not JSON): so that a caller can hash and parse
// the same bytes. load_network(path) is network_from_bytes(read_text_file(path), path).
CheckedNetwork network_from_bytes(std::string_view bytes, std::string_view source);
// Same for an already parsed document.
CheckedNetwork network_from_json(const ExactJson& doc, std::string_view source);

// Canonical JSON text of a checked network: numbers as exact strings (Rational::to_string),
// constant expressions as their text verbatim, fixed key order and layout. parse_network(save_network(n)) == n, and
// saving is deterministic.
std::string save_network(const Network& net);

}  // namespace approxcert
