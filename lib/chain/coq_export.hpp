#pragma once
// `approxcert coq CERT.json -o FILE.v`: a chain certificate as a Coq file that `coqc` checks
// against the library of proofs/ (docs/proofs.md, section "approxcert coq"; the template is
// proofs/examples/ExportExample.v).
//
// For every step of the certificate the file holds, over the recorded exact rational endpoints:
//  - proved: a numeric leaf `leaf_<coq_lemma>` (the recorded enclosures decide the relation, e.g.
//    upper(lhs) <= lower(rhs)), closed by approxcert_leaf (lra / interval), and the step fact
//    `step_<coq_lemma>`: every lhs, rhs in the recorded enclosures satisfy the relation;
//  - refuted: the same for the negated relation (the counterexample), with the point in a comment;
//  - unknown, or a side unbounded: a comment only, never a fact.
// Each step's comment names the proofs/ lemma its StepSpec gives (coq_proof, coq_note; the chain
// is rebuilt from the recorded parameters, not run). Then, if the theorem's registration carries a
// CoqConclusionHook (coq_hook.hpp), the instance theorem it concludes.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "chain/registry.hpp"

namespace approxcert::chain {

struct CoqExport {
  std::string text;                   // the .v file
  std::size_t facts = 0;              // steps exported as leaf + step fact (proved)
  std::size_t negations = 0;          // refuted steps exported as the negated relation
  std::size_t skipped = 0;            // unknown / unbounded steps (comment only)
  std::vector<std::string> theorems;  // instance theorems concluded by chain lemmas
};

// The Coq file of a certificate (read by read_certificate and checked by the caller); the Coq
// glue comes from the theorem's registration in `registry` (none if the theorem is unknown).
// `source` is the name shown in the header. InputError "certificate/steps/3/...: ..." if malformed.
CoqExport coq_export(const TheoremRegistry& registry, const nlohmann::json& certificate, const std::string& source);

// The whole command: checks the certificate (format, kind, hash and recorded verdicts, by
// verify_certificate without recomputation), exports it, and writes `out_path` atomically.
// InputError (nothing written) if the certificate fails any check or `out_path`'s base name is not
// a Coq module name [A-Za-z_][A-Za-z0-9_]*.v.
CoqExport export_certificate_to_coq(const TheoremRegistry& registry, const std::string& cert_path,
                                    const std::string& out_path);

}  // namespace approxcert::chain
