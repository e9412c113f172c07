#pragma once
// A tiny built-in theorem, "demo/constants", for testing check / verify / regress end to end
// before (and independently of) the real theorem families. Its steps are honest facts about e
// and pi for a user-chosen bound b (parameters "b": exact number, "n": count, "m": count >= 1):
//   D1  e <= b                         Generic (Ball/MPFI); proved for b = 2.72, refuted for 2.71
//   D2  pi in [3, b + 1/2]             Generic, a range claim
//   D3  1 + 2 + ... + n = n(n+1)/2     exact
//   D4  sin(i/m) >= i/m - (i/m)^3/6 for i = 1..m      Generic, a "for all points" claim
//   D5  e + pi < 6                     derived exactly from the enclosures of D1 and D2
//   D6  the values (i/m)^2, i = 0..m, are pairwise distinct       exact, Relation::Distinct
//   D7  sum_{k>m} 1/k^2 <= 2/m, the tail enclosed in [1/(m+1), 1/m]  exact, a two-sided bound
// Sides that an expression computes record it (Side::rechecked_by), so `verify` re-computes them
// without this module: D1, D2, D5 both sides, D4 both sides at the decisive point, the right sides
// of D3 and D7. The D3 loop sum, D6 and the D7 tail are re-decided from recorded numbers only.
#include "chain/registry.hpp"

namespace approxcert::theorems::demo {
void register_demo_theorem(chain::TheoremRegistry& registry);
}
