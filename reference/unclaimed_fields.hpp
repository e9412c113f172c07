#pragma once
// The fields of a chain certificate that claim nothing (docs/chain.md, "What a chain certificate
// claims"): descriptive texts and provenance that `verify` does not compare, so a forger may change
// them without changing what the certificate proves. Patterns are JSON pointers with '#' for array
// indices. Everything else must be rejected by `verify` when changed.
#include <string>

namespace approxcert::reference {

bool unclaimed_field(const std::string& pattern);

}  // namespace approxcert::reference
