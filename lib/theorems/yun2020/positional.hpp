#pragma once
// Theorem 3 (positional encoding, spec 2.6): what differs from Theorem 2's chain. The construction
// itself is Theorem 2's with Shape::positional set (E added first, quantizer on [0, n), windows at
// the column-id offsets); this file holds the exhaustive thresholds and the step that replaces
// the duplicate-column analysis.
#include <memory>
#include <utility>

#include "chain/chain.hpp"
#include "theorems/yun2020/construction.hpp"

namespace approxcert::theorems::yun2020 {

struct Context;

// t_l* = min and t_r* = max of q(L)_j over the grid points L (all in range) and columns j, from
// an exhaustive exact evaluation of g_c (sweep.hpp) with c's constants: the tight thresholds of the
// positional variant, which has no closed form here (spec 2.6 asks for them computed, not printed).
std::pair<Rational, Rational> exhaustive_q_range(const Config& c);

// Y-6d: every grid point's columns are pairwise distinct (so G~ = G: no duplicate cells), checked
// on the entries of the quantized X + E.
void add_positional_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx);

}  // namespace approxcert::theorems::yun2020
