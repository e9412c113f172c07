#pragma once
// Claim-level Coq glue (docs/claims.md, "coq"): a step of a claim file may name a glue lemma of
// proofs/ClaimsGlue.v that combines it with the sup-norms it uses; `approxcert coq` then concludes
// the lemma's statement for the instance. One glue so far, "sup_triangle": a proved step
// "A + B <= c" (or <) with A = sup |t - f| and B = sup |f - g| on one box gives the theorem
//   forall t f g, |t - f| <= upper(A) on the box -> |f - g| <= upper(B) on the box ->
//                 |t - g| <= c on the box,
// whose hypotheses are what the two sup-norm certificates establish and whose numeric side
// condition upper(A) + upper(B) <= c is a leaf re-checked in Coq.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "chain/coq_hook.hpp"

namespace approxcert::theorems::claims {

inline constexpr std::string_view kSupTriangleLemma = "ClaimsGlue.claims_sup_triangle";

// "A + B" -> (A, B) (names trimmed, each a run of letters, digits and '_'); nullopt otherwise.
std::optional<std::pair<std::string, std::string>> sup_triangle_terms(const std::string& lhs);

// The claims theorem's CoqConclusionHook: one theorem per proved step with "coq": "sup_triangle".
chain::CoqConclusion coq_conclude_claims(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                         const std::string& instance_identifier);

}  // namespace approxcert::theorems::claims
