#pragma once
// The theorem behind user claim files (chain/claims_file.hpp, docs/claims.md): its chain is the
// file's steps, each side an expression in the file's named quantities, every quantity computed by
// the core (the sup-norm engine, the generic evaluator, net/lipschitz.hpp, target/constant.hpp).
#include "chain/registry.hpp"

namespace approxcert::theorems::claims {

// Registers chain::kClaimsTheorem.
void register_theorems(chain::TheoremRegistry& r);

}  // namespace approxcert::theorems::claims
