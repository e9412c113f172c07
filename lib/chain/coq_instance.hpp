#pragma once
// The chain-lemma part of `approxcert coq`: for theorems whose chain lemmas in proofs/ apply, the
// instance theorem (certified facts Coq does not re-check as hypotheses, the theorem's statement
// for the instance as conclusion), proved by applying the chain lemma to those hypotheses and to
// leaves re-checked in Coq (docs/proofs.md).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chain/enclosure.hpp"
#include "chain/relation.hpp"
#include "chain/verdict.hpp"

namespace approxcert::chain {

// One step as recorded in a certificate, with exact enclosures (certificate_fields.hpp).
struct CoqStep {
  std::string id, coq_lemma, claim, lhs_name, rhs_name, mode;
  Relation relation = Relation::LessEqual;
  Verdict verdict = Verdict::Unknown;
  Enclosure lhs = Enclosure::whole_line(), rhs = Enclosure::whole_line();
  std::optional<Enclosure> rhs_high;
  std::string at;              // the evaluation point in words ("x = 3/4"), empty for the instance
  std::string counterexample;  // description of a refuted step
  std::optional<std::uint64_t> for_all_points;
  std::map<std::string, Enclosure> reported;
};

// Coq text concluding the instance's theorem, and what it needs.
struct CoqConclusion {
  std::vector<std::string> modules;  // Approxcert modules to import ("AltabaaSoftmax")
  std::string text;                  // leaves + theorem, or a comment saying why nothing is concluded
  std::vector<std::string> theorems; // names of the Coq theorems concluded
};

// Empty text if the exporter has no chain lemma for the certificate's theorem. Reads the
// parameters and reported values it needs exactly (InputError if malformed).
CoqConclusion coq_chain_conclusion(const nlohmann::json& certificate, const std::vector<CoqStep>& steps,
                                   const std::string& instance_identifier);

}  // namespace approxcert::chain
