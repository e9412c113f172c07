#pragma once
// User claim files ("format": "approxcert-claims/1", docs/claims.md): named quantities of the
// user's own networks (sup-norms against a target or another network, evaluations at exact
// points, Lipschitz bounds from the weights, constants) and steps relating them. `approxcert
// check` reads them like check files and runs them as the theorem kClaimsTheorem (registered by
// lib/theorems/claims), so they produce the same chain certificates, pages, verify, regress and
// Coq export as the built-in theorems.
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "chain/instance.hpp"
#include "scalar/exact_json.hpp"

namespace approxcert::chain {

inline constexpr std::string_view kClaimsFormat = "approxcert-claims/1";
inline constexpr std::string_view kClaimsTheorem = "claims/user";

// The instance of a claim file `doc` read from `path`: theorem kClaimsTheorem, parameters
// {"networks": {name: the file's network as approxcert-net/1 JSON}, "quantities", "steps"}, so
// that the certificate is self-contained (verify needs none of the network files). Network files
// are named relative to the claim file's folder and may be ONNX models. The structure of the
// top level and of "networks" is checked here; quantities and steps by the theorem's builder.
// Errors are InputError "<file>: <json pointer>: ...", the pointers those of the claim file.
CheckFile read_claims_file(const std::string& path, const ExactJson& doc);

// InputError at `at` unless `name` can name a network or quantity: an identifier of at most 64
// characters that the expression language does not reserve (pi, e, x, x0, ..., function names).
void check_claims_name(std::string_view name, const JsonAt& at);

}  // namespace approxcert::chain
