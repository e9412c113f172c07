#pragma once
// The StepSpec of a Yun 2020 step from its fields in the order the spec lists them, with the
// proofs/ lemma of its coq_lemma (coq_glue.hpp).
#include <string>

#include "chain/step.hpp"
#include "theorems/yun2020/coq_glue.hpp"

namespace approxcert::theorems::yun2020 {

inline chain::StepSpec spec(std::string id, std::string claim, std::string symbols, chain::Relation rel,
                            std::string lhs, std::string rhs, std::string reference, std::string status,
                            std::string mode, std::string coq) {
  return with_coq_proof(chain::StepSpec{.id = std::move(id),
                                        .claim = std::move(claim),
                                        .symbols = std::move(symbols),
                                        .relation = rel,
                                        .lhs_name = std::move(lhs),
                                        .rhs_name = std::move(rhs),
                                        .reference = std::move(reference),
                                        .status = std::move(status),
                                        .mode = std::move(mode),
                                        .coq_lemma = std::move(coq)});
}

}  // namespace approxcert::theorems::yun2020
