#pragma once
// Theorem registry: a theorem module registers, under a theorem name, a builder that turns an
// instance's Parameters into a Chain. Check files and certificates name the theorem; the CLI looks
// it up in theorems::builtin_theorems() (lib/theorems/builtin.cpp lists every family).
// A module's Coq glue also lives with it: each StepSpec names the proofs/ lemma of its step
// (coq_proof, coq_note) and a registration may carry a CoqConclusionHook (coq_hook.hpp).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "chain/chain.hpp"
#include "chain/coq_hook.hpp"
#include "chain/named_registry.hpp"
#include "chain/parameters.hpp"
#include "scalar/exact_json.hpp"

namespace approxcert::chain {

struct TheoremInfo {
  std::string name{};       // what check files write in "theorem": "<paper>/theorem-2.1"
  std::string paper{};      // folder under checks/ and docs/certificates/: "<paper>" (e.g. "demo")
  std::string title{};      // "Author & Author 2024, Theorem 2.1: <what it says>"
  std::string statement{};  // the theorem in one paragraph (Markdown; $...$ allowed)
};

// Builds the chain of one instance. Reads its parameters with Parameters' readers and reports
// bad values with Parameters::fail (InputError naming the JSON path).
using ChainBuilder = std::function<Chain(const Parameters&)>;

struct Theorem {
  TheoremInfo info;
  ChainBuilder build;
  CoqConclusionHook coq_conclusion;  // optional: how `approxcert coq` concludes the instance theorem
};

// NamedRegistry's find(name) and names(); add and get check what a theorem needs.
class TheoremRegistry : private NamedRegistry<Theorem> {
 public:
  TheoremRegistry() : NamedRegistry("theorem") {}
  using NamedRegistry::find;
  using NamedRegistry::names;
  // std::logic_error on an empty or duplicate name, an empty paper or no builder.
  void add(TheoremInfo info, ChainBuilder build, CoqConclusionHook coq_conclusion = {});
  // InputError at `at` (the "theorem" field) listing the known names if unknown.
  const Theorem& get(std::string_view name, const JsonAt& at) const;
};

}  // namespace approxcert::chain
