#pragma once
// The spec's T_2 measured directly (spec §1.4, "what the checker should report"; §9): the network
// term of Theorems 2.1 and 4.1 as ONE two-dimensional sup-norm over the built relation model,
//     T_2 = sup_{(x, y) in box} |K_N(x, y) - <psi_x(x), psi_y(y)>|,   K_N(x, y) = sum_i f_i(x) h_i(y),
// run by the chain's sup-norm side (the engine's branch and bound; no arithmetic here), next to the
// per-component bound the chain derives (S5 / R3) and the budget N (2 C eps_NN + eps_NN^2) (S6 / R4).
#include <string>
#include <vector>

#include "chain/enclosure.hpp"
#include "chain/step.hpp"
#include "net/network.hpp"
#include "net/program.hpp"
#include "theorems/altabaa2024/certify.hpp"

namespace approxcert::theorems::altabaa2024 {

// The program with two inputs (x, y) and output sum_i f_i(x) h_i(y) - <left(x), right(y)>, the
// model being the inner-product network of `left` and `right` (one input each, N outputs); f_i, h_i
// are expressions in x0, compiled once on x and once on y. InputError for a bad expression;
// std::logic_error when the feature counts differ from the networks' output counts.
Program truncated_kernel_error_program(const Network& left, const Network& right, const std::vector<std::string>& f,
                                       const std::vector<std::string>& h);

// Guarantee: the side encloses T_2 = sup over `box` (two-dimensional) of |K_N - <left, right>|
// (a two-sided sup-norm side: witness (x, y) for the lower end, a cover for the upper end).
chain::Side truncated_kernel_error(const Network& left, const Network& right, const std::vector<std::string>& f,
                                   const std::vector<std::string>& h, const Box& box, const chain::Attempt& a,
                                   const SupBudget& budget);

// The budget of the direct T_2 against a bound B (S6 / R4): the engine needs about one box per knot
// cell to resolve T_2 itself (about 1.5e-4 against B = 0.05 in the spec's instances: 16,000 to
// 225,000 boxes at 1-6 ms each), so the run stops once upper - lower <= 9 B / 10, which decides the
// claim T_2 <= B whenever T_2 < B / 10; the reported enclosure is what was reached (witness below,
// cover above), never narrowed by assumption.
SupBudget network_term_budget(const Rational& B);

// Guarantee: encloses bound / T_2 for every T_2 in t2 (exact: [bound / upper, bound / lower]); the
// whole line when t2 may be 0 or is unbounded (an enclosure has no half-bounded form). bound >= 0.
chain::Side slack_ratio(const Rational& bound, const chain::Enclosure& t2, std::string note);

// Guarantee: encloses t1 + t2 for every t1, t2 in the enclosures (whole line if one is unbounded).
chain::Side sum_of(const chain::Enclosure& t1, const chain::Enclosure& t2, std::string note);

}  // namespace approxcert::theorems::altabaa2024
