#pragma once
// The Coq conclusions of the fang2022 theorems for `approxcert coq` (docs/proofs.md), registered
// in register.cpp. The identity steps are concluded formally: the built construction, lowered to
// approxcert's straight-line program, is written into the export as a proofs/ProgramIdentity.v
// `program`, and `program_identity` proves its real semantics equal to the target polynomial for
// ALL real inputs (symbolic evaluation over sparse rational polynomials by vm_compute, then field).
#include <nlohmann/json_fwd.hpp>
#include "chain/coq_hook.hpp"

namespace approxcert::theorems::fang2022 {

// zero-error: T_c(x) = p(x) for all x in R^d (F-C7).
chain::CoqConclusion coq_conclude_zero_error(const nlohmann::json& certificate,
                                             const std::vector<chain::CoqStep>& steps,
                                             const std::string& instance_identifier);
// unreduced (2.7(b)): T_c(x) = p(x) for all x with the read-out on the nondecreasing tuples.
chain::CoqConclusion coq_conclude_unreduced(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);
// one-token: R_l(x) = x_{b_1} ... x_{b_l} for all x, l = 0..k (F-C7 of variant 2.7(a)).
chain::CoqConclusion coq_conclude_one_token(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);
// cube-blocks: h_b(x) = x^(3^b) for all x, hence no polynomial of degree <= b equals the output
// (W2 refuted).
chain::CoqConclusion coq_conclude_cube_blocks(const nlohmann::json& certificate,
                                              const std::vector<chain::CoqStep>& steps,
                                              const std::string& instance_identifier);
// size-table: every row (d, k, tokens, width, free parameters, unreduced tokens) equals the closed
// forms of (F5) computed in Coq; FangGlue.fang_width proves the width formula for all d, k.
chain::CoqConclusion coq_conclude_size_table(const nlohmann::json& certificate,
                                             const std::vector<chain::CoqStep>& steps,
                                             const std::string& instance_identifier);
// bernstein: |T_c - f| <= eps on [0,1]^2 (with the network: T_c = B_n f proved by program_identity),
// or |B_n f - f| <= eps (without), from the sup-norm bound of F-C13-i as the hypothesis.
chain::CoqConclusion coq_conclude_bernstein(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);
// tempered and conditioning conclude nothing, and say why (their steps are exported as leaves and
// step facts only): the tempered reading is unconfirmed ([U]) and its constant C is chosen from the
// enclosures; the condition number needs certified eigenvalues, which proofs/ does not have.
chain::CoqConclusion coq_conclude_tempered(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                           const std::string& instance_identifier);
chain::CoqConclusion coq_conclude_conditioning(const nlohmann::json& certificate,
                                               const std::vector<chain::CoqStep>& steps,
                                               const std::string& instance_identifier);

}  // namespace approxcert::theorems::fang2022
