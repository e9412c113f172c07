#pragma once
// Which lemma of proofs/ justifies each chain step, keyed by the step's `coq_lemma` field.
//
// The chain engine requires `coq_lemma` to be a plain Coq identifier unique within a chain (it is
// the name of the step's numeric leaf in the exported file, lib/chain/step.hpp), so it cannot
// hold a qualified proofs/ name such as "AltabaaSoftmax.altabaa_a7_beta_choice", and two steps
// justified by one lemma (R1, R2, R5 by altabaa_thm41_chain) cannot both name it. This table is
// the bridge: engine leaf name -> "File.lemma" of proofs/, or no lemma with the reason
// (docs/proofs.md, "Chain steps and their Coq lemmas"). A test checks that every coq_lemma of
// the registered chains is either a lemma of proofs/ itself or listed here, and that every lemma
// named here exists in proofs/.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace approxcert::chain {

struct CoqJustification {
  std::string lemma;  // "File.lemma" of proofs/ (File = the .v file's base name); empty: none
  std::string note;   // how the step enters that lemma, or why there is no lemma
};

// nullopt if the exporter does not know the name.
std::optional<CoqJustification> coq_justification(std::string_view coq_lemma);
const std::map<std::string, CoqJustification, std::less<>>& coq_justifications();

}  // namespace approxcert::chain
