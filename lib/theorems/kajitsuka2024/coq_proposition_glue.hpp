#pragma once
// The Coq conclusion of Kajitsuka Proposition 1 for `approxcert coq` (docs/proofs.md):
// KajitsukaChain.kajitsuka_prop1_assembly applied to K-16's recorded numbers, the numeric
// assembly re-checked in Coq. Registered with the theorem (register.cpp).
#include <nlohmann/json_fwd.hpp>
#include "chain/coq_hook.hpp"

namespace approxcert::theorems::kajitsuka2024 {

// d_p(f, F) <= eps when K-12 and K-16 are proved: for p = 1 by kajitsuka_prop1_assembly, for p > 1 by
// kajitsuka_prop1_assembly_root (a rational root bound Rt); otherwise a comment saying why not.
chain::CoqConclusion coq_conclude_proposition_1(const nlohmann::json& certificate,
                                                const std::vector<chain::CoqStep>& steps,
                                                const std::string& instance_identifier);

}  // namespace approxcert::theorems::kajitsuka2024
