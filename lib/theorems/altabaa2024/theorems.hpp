#pragma once
// The chain builders and construction builders of Altabaa & Lafferty 2024 (spec:
// shared/theorems/altabaa2024.md). Each chain step's id is the spec's label.
#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "net/network.hpp"

namespace approxcert::theorems::altabaa2024 {

chain::Chain build_theorem_2_1(const chain::Parameters& p);       // S1-S8 (+ W4, T2), spec §1-2
chain::Chain build_lemma_3_1(const chain::Parameters& p);         // L1-L2, spec §3
chain::Chain build_theorem_3_1(const chain::Parameters& p);       // V1-V6 (+ W8), spec §4
chain::Chain build_theorem_3_1_grid(const chain::Parameters& p);  // V1-V6 (+ W8), spec §4, d >= 2
chain::Chain build_theorem_4_1(const chain::Parameters& p);       // R1-R5 (+ T2), spec §5
chain::Chain build_theorem_5_1(const chain::Parameters& p);       // A1-A8, A5' (+ W11, W13, W17, W18), spec §6

// Constructions (also what `approxcert build` writes).
Network construct_kernel_features(const chain::Parameters& p);        // Corollary 2.1 psi
Network construct_rank_factorisation(const chain::Parameters& p);     // Lemma 3.1
Network construct_voronoi_threshold(const chain::Parameters& p);      // phi of §4.2
Network construct_voronoi_relation(const chain::Parameters& p);       // Theorem 3.1 model
Network construct_voronoi_grid_relation(const chain::Parameters& p);  // Theorem 3.1 model, d >= 2
Network construct_rkbs_features(const chain::Parameters& p);          // Theorem 4.1 (psi_1, psi_2)
Network construct_attention_retrieval(const chain::Parameters& p);    // Theorem 5.1 attention

}  // namespace approxcert::theorems::altabaa2024
