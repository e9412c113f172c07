#pragma once
// Steps Y-S1 .. Y-S3 (spec 2.7, sizes): the layer and parameter counts of the formulas, checked
// exactly against the networks the construction builds (the sub-layers and heads of bar g, and of
// the softmax/ReLU network g when the instance has one, are counted; the formulas are not used to
// build anything):
//   Y-S1  sub-layers per part: g_q d + d/delta, g_c delta^-d + 1, g_v 1 + d + n binom(delta^-d, n),
//         total B, and B - 1 blocks (the last attention layer shares a block with V_0);
//   Y-S2  widths: every attention layer has at most 2 heads of size 1, every feed-forward
//         sub-layer hidden width 1 (bar g, one Phi unit) or at most 4 ReLUs (g): the class T^{2,1,4};
//   Y-S3  parameters in T^{2,1,4}, sub-layer by sub-layer (attention 8d + 2, feed-forward 9d + 4)
//         against the formula; reports the parameters the built networks store.
// With positional encoding (Theorem 3) the formulas are reconstructed from spec 2.6 (status R):
// g_q d + dn/delta, g_c n delta^-d + 1, g_v 1 + d + n delta^(-dn) (every grid point its own class),
// total B_P; the encoding layer X + E is counted apart (one, first) and has no width.
#include <memory>
#include <optional>

#include "chain/chain.hpp"
#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/context.hpp"

namespace approxcert::theorems::yun2020 {

void add_size_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx,
                    const std::optional<Smoothing>& smoothing);

}  // namespace approxcert::theorems::yun2020
