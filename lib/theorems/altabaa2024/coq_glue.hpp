#pragma once
// The Coq conclusions of Altabaa's theorems for `approxcert coq` (docs/proofs.md), registered with
// each theorem (register.cpp). Each applies its chain lemma of proofs/ to the recorded numbers and
// re-checks the closing budget as a Coq leaf over the exact rationals.
#include <nlohmann/json_fwd.hpp>
#include "chain/coq_hook.hpp"

namespace approxcert::theorems::altabaa2024 {

// Theorem 2.1: S1-S7 by AltabaaKernel.altabaa_thm21_eps (|K - <psi, psi>| <= eps).
chain::CoqConclusion coq_conclude_theorem_2_1(const nlohmann::json& certificate,
                                              const std::vector<chain::CoqStep>& steps,
                                              const std::string& instance_identifier);
// Lemma 3.1: R = U V^T re-checked entry by entry in Coq (sum_k U_ik V_jk = R_ij for i, j < n).
chain::CoqConclusion coq_conclude_lemma_3_1(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);
// Theorem 3.1: V3, V5 by AltabaaQuantization.altabaa_v5_cellwise (< eps, or the certified bound if V5 is refuted).
chain::CoqConclusion coq_conclude_theorem_3_1(const nlohmann::json& certificate,
                                              const std::vector<chain::CoqStep>& steps,
                                              const std::string& instance_identifier);
// Theorem 4.1: R1-R5 by AltabaaKernel.altabaa_thm41_chain (|K - <psi_1, psi_2>| < eps).
chain::CoqConclusion coq_conclude_theorem_4_1(const nlohmann::json& certificate,
                                              const std::vector<chain::CoqStep>& steps,
                                              const std::string& instance_identifier);
// Theorem 5.1: A1-A7 by AltabaaSoftmax.altabaa_thm51_retrieval_eps, the A7 budget re-checked by interval.
chain::CoqConclusion coq_conclude_theorem_5_1(const nlohmann::json& certificate,
                                              const std::vector<chain::CoqStep>& steps,
                                              const std::string& instance_identifier);

}  // namespace approxcert::theorems::altabaa2024
