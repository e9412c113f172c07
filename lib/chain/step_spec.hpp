#pragma once
// A StepSpec from the fields every specification lists for a step, in the order it lists them (the
// papers whose chains write their specs positionally).
#include <string>
#include <utility>

#include "chain/step.hpp"

namespace approxcert::chain {

inline StepSpec step_spec(std::string id, std::string claim, std::string symbols, Relation relation,
                          std::string lhs_name, std::string rhs_name, std::string reference, std::string status,
                          std::string mode, std::string coq_lemma) {
  return {.id = std::move(id),
          .claim = std::move(claim),
          .symbols = std::move(symbols),
          .relation = relation,
          .lhs_name = std::move(lhs_name),
          .rhs_name = std::move(rhs_name),
          .reference = std::move(reference),
          .status = std::move(status),
          .mode = std::move(mode),
          .coq_lemma = std::move(coq_lemma)};
}

}  // namespace approxcert::chain
