#pragma once
// Chain certificates: "format": "approxcert-cert/1", "kind": "chain" (docs/chain.md describes
// every field). A certificate is written from an InstanceRun and rendered to Markdown.
//
// Numbers: each side records "lower" and "upper" as decimal strings rounded OUTWARD
// (decimal_down / decimal_up) with at least 17 significant digits, more when needed for the
// recorded verdict to be re-decidable from the strings; "exact" (exact rational text) when the
// side is a single point; and "lower_exact"/"upper_exact" when even 60 digits cannot reproduce
// the verdict. Exact values are written with exact_text() (scalar/exact_text.hpp): "1e-27151",
// not a 27,000-digit fraction. Unbounded sides are written "-inf" / "+inf". A search-then-certify
// step also records its "candidate" (exact).
//
// Envelope (canonical text, "sha256", exact reading, no floating-point numbers): see
// io/certificate_envelope.hpp, shared with supnorm certificates.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "chain/instance.hpp"

namespace approxcert::chain {

// The certificate of a run, including its "sha256".
nlohmann::json make_certificate(const InstanceRun& run);

std::string canonical_text(const nlohmann::json& certificate);
std::string certificate_hash(const nlohmann::json& certificate);  // SHA-256 of canonical_text
// Empty when the recorded "sha256" is the hash of the canonical content; else what is wrong, in
// words ("sha256: recorded ... but the canonical content hashes to ... (the certificate was modified)").
std::string hash_problem(const nlohmann::json& certificate);

// Reads a certificate file through the envelope reader and checks that its kind is "chain".
nlohmann::json read_certificate(const std::string& path);

// Markdown page of a certificate: title, the theorem in one paragraph, parameters, overall
// verdict, refuted findings first (with their counterexamples), then the table of every step with
// verdict and margin, then tool, precision and hash.
std::string render_markdown(const nlohmann::json& certificate);
// Index page listing every certificate (paper, instance, theorem, overall verdict, step counts,
// link to its page); `certificates` are read from `dir`, links are relative to it.
std::string render_index(const std::vector<nlohmann::json>& certificates);

// Writes <dir>/<paper>/<instance>.json and .md atomically (temp file + rename; nothing is left
// behind on error) and returns the JSON path.
std::string write_certificate(const std::string& dir, const nlohmann::json& certificate);
// Regenerates <dir>/index.md from every chain certificate under <dir>/*/*.json. Other JSON files
// there (not a chain certificate, or unreadable) do not make it fail: the index names them under
// "Not listed" with the reason, so it is never stale and never silently incomplete.
void write_index(const std::string& dir);

}  // namespace approxcert::chain
