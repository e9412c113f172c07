#pragma once
// The StepSpec of a Yun 2020 step from its fields in the order the spec lists them, with the
// proofs/ lemma of its coq_lemma (coq_glue.hpp).
#include <string>
#include <utility>

#include "chain/step_spec.hpp"
#include "theorems/yun2020/coq_glue.hpp"

namespace approxcert::theorems::yun2020 {

inline chain::StepSpec spec(std::string id, std::string claim, std::string symbols, chain::Relation rel,
                            std::string lhs, std::string rhs, std::string reference, std::string status,
                            std::string mode, std::string coq) {
  return with_coq_proof(chain::step_spec(std::move(id), std::move(claim), std::move(symbols), rel, std::move(lhs),
                                         std::move(rhs), std::move(reference), std::move(status), std::move(mode),
                                         std::move(coq)));
}

}  // namespace approxcert::theorems::yun2020
