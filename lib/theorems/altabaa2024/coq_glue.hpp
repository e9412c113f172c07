#pragma once
// The Coq conclusion of Altabaa Theorem 5.1 for `approxcert coq` (docs/proofs.md): A1-A7 combined
// by AltabaaSoftmax.altabaa_thm51_retrieval_eps, the A7 budget re-checked in Coq over the exact
// beta, eta, eps_1, D, eps. Registered with the theorem (register.cpp).
#include "chain/coq_hook.hpp"

namespace approxcert::theorems::altabaa2024 {

chain::CoqConclusion coq_conclude_theorem_5_1(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                              const std::string& instance_identifier);

}  // namespace approxcert::theorems::altabaa2024
