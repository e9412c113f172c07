#pragma once
// Every built-in theorem family, registered once: what check / verify / regress look theorems up in.
// A new family adds one line to builtin.cpp.
#include "chain/registry.hpp"

namespace approxcert::theorems {
const chain::TheoremRegistry& builtin_theorems();
}
