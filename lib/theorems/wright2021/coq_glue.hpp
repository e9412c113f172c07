#pragma once
// The Coq conclusions of the Wright & Gonzalez 2021 chains for `approxcert coq` (docs/proofs.md),
// applying the lemmas of proofs/WrightGlue.v. Registered in register.cpp.
#include <nlohmann/json_fwd.hpp>
#include "chain/coq_hook.hpp"

namespace approxcert::theorems::wright2021 {

// W-C18: |e^F - exp(<phi_Q, phi_K>/sqrt d)| <= e^S (e^{tau + eps_2} - 1) on [0,1]^2 from C1, C3 and
// sup |F| <= S (hypotheses: the recorded certified sups; budgets re-checked), C4 proved in Coq.
chain::CoqConclusion coq_conclude_uat(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                      const std::string& instance_identifier);

// W-C7, W-C8: the tail bound (W7) for every N and Cauchy-Schwarz (W9) for the instance's kernel value,
// proved in Coq for the exact head and points (no hypothesis).
chain::CoqConclusion coq_conclude_truncation(const nlohmann::json& certificate,
                                             const std::vector<chain::CoqStep>& steps,
                                             const std::string& instance_identifier);

// The Gram witnesses (W-C2, W-C3, W-C5, W-C6.b, W-C12, W-C12.b): the instance's kernel written out
// in Coq from its exact W_Q, W_K and points; asymmetry, a negative quadratic form or 2x2
// determinant, and the per-query rescaling identity proved in Coq (`interval` re-evaluates exp).
chain::CoqConclusion coq_conclude_gram_witness(const nlohmann::json& certificate,
                                               const std::vector<chain::CoqStep>& steps,
                                               const std::string& instance_identifier);

// The other chains (infinite rank, smoother, representers): the statement their certified leaves
// give directly, with the certified enclosures as hypotheses.
chain::CoqConclusion coq_conclude_certified_leaves(const nlohmann::json& certificate,
                                                   const std::vector<chain::CoqStep>& steps,
                                                   const std::string& instance_identifier);

}  // namespace approxcert::theorems::wright2021
