#pragma once
// The one certificate envelope shared by every kind ("format": "approxcert-cert/1", "kind":
// "chain" | "supnorm"): one exact reader, one canonical text, one SHA-256 member.
//
// Canonical content and hash: "sha256" is the SHA-256 (lowercase hex) of the canonical text: the
// certificate without its top-level "sha256" member and without every timing member
// (kTimingMembers, at any depth: timings are volatile and are decimal strings, not part of any
// claim), serialised as compact JSON with object keys sorted bytewise (nlohmann::json::dump() with
// no indent). A certificate holds only strings, integers, booleans, null, arrays and objects: no
// binary floating-point numbers.
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace approxcert {

inline constexpr const char* kCertificateFormat = "approxcert-cert/1";
// Wall times, left out of the hash. "build_seconds" and "steps_seconds" are chain certificates'
// (building the chain, running its steps); "elapsed_seconds" is the total.
inline constexpr const char* kTimingMembers[] = {"elapsed_seconds", "build_seconds", "steps_seconds"};

std::string canonical_certificate_text(const nlohmann::json& certificate);
std::string certificate_sha256(const nlohmann::json& certificate);  // SHA-256 of the canonical text

// Reads a certificate file exactly: malformed JSON, duplicate keys, a non-integer number, an
// integer outside 64 bits, a missing or wrong "format", or a missing "kind" string are
// InputErrors naming the file and the JSON path. The kind is not checked (the caller dispatches).
nlohmann::json read_certificate_file(const std::string& path);

// The "kind" member of a certificate read by read_certificate_file.
std::string certificate_kind(const nlohmann::json& certificate);

}  // namespace approxcert
