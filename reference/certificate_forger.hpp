#pragma once
// Forged copies of a certificate, one per leaf field: every string, integer or boolean anywhere in
// it (the top-level "sha256" and the volatile timings excepted) is changed, and the
// SHA-256 is recomputed as a forger would. A test tool: what `verify` must reject, or what the
// certificate format must declare as not claimed (docs/robustness.md).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chain/registry.hpp"

namespace approxcert::reference {

struct FieldForgery {
  std::string pointer;  // JSON pointer of the changed field, e.g. /steps/3/lhs/upper
  std::string pattern;  // the pointer with array indices replaced by '#': /steps/#/lhs/upper
  std::string change;   // "old -> new"
  // A lower bound moved down or an upper bound moved up: a wider enclosure, i.e. a weaker claim
  // that is still true; verify accepts it while the verdict and margin still follow from it.
  bool widens = false;
  nlohmann::json certificate;  // the forged certificate, its hash recomputed
};

// One forgery per leaf field, in document order; with `one_per_pattern`, only the first field of
// each pattern. Numbers written as text (rationals, decimals, "-inf") are moved by 1 + |value|
// upward, or downward with `downward`; other texts, integers and booleans are changed to a
// different valid-looking value of the same type (a verdict to another verdict, a relation to
// another relation, a name to another name).
std::vector<FieldForgery> forge_every_field(const nlohmann::json& certificate, bool one_per_pattern, bool downward);

// Every forgery of a chain certificate, upward and downward, written to `scratch_file` and checked
// with `verify` (default options: rechecks and the theorem module re-run from `registry`). Fields
// that claim nothing (unclaimed_fields.hpp) are counted but not verified; a widened enclosure may
// pass, and so may another search candidate value that the module re-run certifies again (the
// claim "this candidate certifies the step" is then true: e.g. u -> -u separates the same tokens);
// every other accepted forgery is listed as "POINTER: old -> new".
struct ForgerySweep {
  std::size_t forged = 0, rejected = 0, unclaimed = 0, widened = 0, recertified = 0;
  std::vector<std::string> accepted;
};
ForgerySweep sweep_forgeries(const chain::TheoremRegistry& registry, const nlohmann::json& certificate,
                             const std::string& scratch_file, bool one_per_pattern);

}  // namespace approxcert::reference
