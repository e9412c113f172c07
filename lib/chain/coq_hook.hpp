#pragma once
// What a theorem module gives `approxcert coq` to conclude its instance theorem (docs/proofs.md):
// a CoqConclusionHook, registered with the theorem (registry.hpp), turns the certificate and its
// recorded steps into Coq text that applies a chain lemma of proofs/ to the certified facts. The
// per-step lemma names live in each StepSpec (coq_proof, coq_note). This file names no theorem;
// the helpers below read a certificate exactly for the hooks.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

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
  std::vector<std::string> modules;   // Approxcert modules of proofs/ to import
  std::string text;                   // leaves + theorem, or a comment saying why nothing is concluded
  std::vector<std::string> theorems;  // names of the Coq theorems concluded
};

// (certificate, its steps, the instance as a Coq identifier) -> the conclusion. A hook reads the
// parameters and reported values it needs exactly (InputError if malformed) and returns
// coq_not_concluded(why) when the certificate does not support the conclusion.
using CoqConclusionHook = std::function<CoqConclusion(
    const nlohmann::json& certificate, const std::vector<CoqStep>& steps, const std::string& instance_identifier)>;

// Helpers for hooks.
// The exact parameter `name` of the certificate (a number or its source text; InputError naming
// "certificate/parameters/<name>" otherwise).
Rational coq_parameter(const nlohmann::json& certificate, const std::string& name);
// The length of the array parameter `name` (InputError if it is not an array).
std::size_t coq_parameter_array_size(const nlohmann::json& certificate, const std::string& name);
// The step with this id, or nullptr.
const CoqStep* find_coq_step(const std::vector<CoqStep>& steps, const std::string& id);
// The exact value a step reported under `name`, if the step exists and the value is one point.
std::optional<Rational> reported_exact(const CoqStep* step, const std::string& name);
// A conclusion that is only a comment: "(* The chain lemma is not applied: <why>. *)".
CoqConclusion coq_not_concluded(const std::string& why);

}  // namespace approxcert::chain
