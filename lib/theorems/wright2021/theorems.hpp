#pragma once
// The chain builders of Wright & Gonzalez 2021 (spec: shared/theorems/wright2021.md). Each step's
// id is the spec's claim id (W-C1 .. W-C20); sub-claims add a suffix (W-C6.a), and a step that
// compares a certified value with a number the spec printed ends in ".C".
#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "net/network.hpp"

namespace approxcert::theorems::wright2021 {

chain::Chain build_antisymmetric(const chain::Parameters& p);        // §4.1: W-C2, W-C3
chain::Chain build_asymmetric_pd_part(const chain::Parameters& p);   // §4.2: W-C2, W-C6 (W4)
chain::Chain build_mercer_controls(const chain::Parameters& p);      // §4.3: W-C4, W-C5
chain::Chain build_truncation(const chain::Parameters& p);           // §4.4: W-C7, W-C8
chain::Chain build_infinite_rank(const chain::Parameters& p);        // §4.7: W-C9
chain::Chain build_attention_smoother(const chain::Parameters& p);   // §4.5, §4.9: W-C1, W-C11, W-C17, W-C19
chain::Chain build_per_query_rescaling(const chain::Parameters& p);  // §4.6: W-C12
chain::Chain build_representer(const chain::Parameters& p);          // §4.8: W-C10, W-C13, W-C16, W-C20
chain::Chain build_lr_representer(const chain::Parameters& p);       // §4.8: W-C14 (search, then certify)
chain::Chain build_binary_representer(const chain::Parameters& p);   // §4.8: W-C15 (search, then certify)
chain::Chain build_uat_chain(const chain::Parameters& p);            // §4.10: W-C18 (C1-C5)

}  // namespace approxcert::theorems::wright2021
