#pragma once
// The Coq glue of Kajitsuka & Sato 2024 for `approxcert coq` (docs/proofs.md): which lemma of
// proofs/KajitsukaChain.v each step enters (CoqChain fills coq_proof / coq_note from coq_lemma), and
// the Theorem 2 conclusion by kajitsuka_contextual_mapping, registered with the theorem.
#include <nlohmann/json_fwd.hpp>
#include "chain/chain.hpp"
#include "chain/coq_hook.hpp"
#include "chain/step.hpp"

namespace approxcert::theorems::kajitsuka2024 {

// `spec` with coq_proof and coq_note set from its coq_lemma ("kajitsuka_K_7", ...).
chain::StepSpec with_coq_proof(chain::StepSpec spec);

// A Chain whose add() fills coq_proof / coq_note of every step.
struct CoqChain {
  chain::Chain& chain;
  CoqChain& add(chain::StepSpec spec, chain::Computation computation) {
    chain.add(with_coq_proof(std::move(spec)), std::move(computation));
    return *this;
  }
};

chain::CoqConclusion coq_conclude_theorem_2(const nlohmann::json& certificate, const std::vector<chain::CoqStep>& steps,
                                            const std::string& instance_identifier);

}  // namespace approxcert::theorems::kajitsuka2024
