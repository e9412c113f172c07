#pragma once
// The Coq glue of Yun Theorem 2 for `approxcert coq` (docs/proofs.md): which proofs/ lemma each
// step's coq_lemma enters (filled into the StepSpecs by spec(), step_spec.hpp) and the conclusion,
// registered with the theorem (register.cpp): Y-13 by YunVolume.yun_y13_duplicate_error; when Y-12,
// Y-13, Y-14 are proved, Steps 1-2 on the hardmax network, d_p(f, bar g) <= 2 eps / 3 (or the certified
// Lip delta + D^(1/p) when above), and, when Y-E2E is proved, d_p(f, g) <= eps, both by
// YunVolume.yun_final_assembly.
#include <nlohmann/json_fwd.hpp>

#include "chain/coq_hook.hpp"
#include "chain/step.hpp"

namespace approxcert::theorems::yun2020 {

// `spec` with coq_proof and coq_note set from its coq_lemma ("yun_thm2_Y13", "yun_thm2_Y5t", ...).
chain::StepSpec with_coq_proof(chain::StepSpec spec);

// Yun Theorem 3 (positional encoding): no duplicate cells, so only Steps 1-2 on the hardmax network
// (the same YunVolume.yun_final_assembly conclusion as Theorem 2's, with Y-13's sum 0).
chain::CoqConclusion coq_conclude_theorem_3(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);

chain::CoqConclusion coq_conclude_theorem_2(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);

}  // namespace approxcert::theorems::yun2020
