#pragma once
// The Coq conclusions of Kajitsuka Theorem 1 (hardmax cannot memorise the witness) and Corollary 1
// (memorisation with a parameter count linear in N) for `approxcert coq` (docs/proofs.md), by
// proofs/KajitsukaChain.v. Registered with the theorems (register.cpp).
#include <nlohmann/json_fwd.hpp>
#include "chain/coq_hook.hpp"

namespace approxcert::theorems::kajitsuka2024 {

// When T1-a and T1-b are proved: kajitsuka_hardmax_cannot_memorise (any heads, weights, tie
// rule split/first/last and token-wise FF layer), proved in Coq for the witness of spec §2.7.
chain::CoqConclusion coq_conclude_theorem_1(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);

// When K-12, C1 and C1b are proved: kajitsuka_memorisation with the certificate's d, n, N, M, the
// counted parameters and K-12's tau; the fit is K-12 (a hypothesis), the count leaves are checked.
chain::CoqConclusion coq_conclude_corollary_1(const nlohmann::json& certificate,
                                              const std::vector<chain::CoqStep>& steps,
                                              const std::string& instance_identifier);

}  // namespace approxcert::theorems::kajitsuka2024
