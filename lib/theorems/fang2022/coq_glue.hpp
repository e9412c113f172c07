#pragma once
// The Coq conclusion of Fang's Bernstein corollary (F-C13) for `approxcert coq` (docs/proofs.md):
// FangGlue.fang_bernstein_transfer applied to the recorded sup-norm bound of F-C13-i, with the
// Bernstein bound L d / (2 sqrt n) <= eps re-checked in Coq. Registered in register.cpp.
#include "chain/coq_hook.hpp"

namespace approxcert::theorems::fang2022 {

// |T_c - f| <= eps on [0,1]^2 (with the network, F-C13-ii), or |B_n f - f| <= eps (without).
chain::CoqConclusion coq_conclude_bernstein(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);

}  // namespace approxcert::theorems::fang2022
