#pragma once
// A test theorem whose steps use every step kind of issue #10 (extreme magnitudes, log-space
// comparison, encloses zero within tau, search then certify, polynomial identity), so that their
// certificates can be written, read back and re-verified end to end.
#include "chain/registry.hpp"

namespace approxcert::chain::test {

// Registers "test/chain-kinds" (paper "test"); parameter "tau" (the encloses-zero tolerance).
void register_kinds_theorem(TheoremRegistry& registry);
const TheoremRegistry& kinds_registry();

}  // namespace approxcert::chain::test
