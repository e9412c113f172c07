#pragma once
// Step computations shared by the fang2022 chains: parameter readers, size counts of the built
// networks, degree profiles and the softmax / LayerNorm ablations. Sides come from the core
// (exact Rational evaluation, the generic evaluator, polynomial_degree, FLINT matrices).
#include <string>
#include <vector>

#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "net/network.hpp"
#include "net/program.hpp"
#include "theorems/fang2022/monomials.hpp"

namespace approxcert::theorems::fang2022 {

// What `approxcert coq` says for the fang2022 steps that no proofs/ lemma combines.
inline constexpr const char* kCoqNote =
    "this step is an exact or numeric leaf; the polynomial identities (F-C7, 2.7(a), W2, F-C13-ii) are concluded "
    "formally at the end of the export (ProgramIdentity.program_identity on the built construction's program)";

// An exact step whose computation reads earlier results: f(const Attempt&) -> Outcome, run once.
template <class F>
chain::Computation exact_with(F f) {
  return {chain::Computation::Kind::Exact, std::move(f)};
}

// The target expression `text` (parameter `name`) over x0..x{d-1}, refused unless it is a
// polynomial (polynomial_degree accepts it).
Program polynomial_target(const chain::Parameters& prm, std::string_view name, const std::string& text, std::size_t d);
// A list of `n` reals (exact numbers or constant expressions such as "sqrt(2)").
std::vector<Number> number_list(const chain::Parameters& prm, std::string_view name, std::size_t n);
// A list of non-negative integers.
std::vector<std::uint64_t> count_list(const chain::Parameters& prm, std::string_view name);

// prod_t xt_{a_t} at x, exactly.
Rational monomial_value(const Tuple& a, const std::vector<Rational>& x);
// The point (x0, x1, ...) for a certificate.
chain::Point point_of(const std::vector<Rational>& x);
// The recipe inputs (chain/recheck.hpp) that feed a recorded network what `embedding` (one
// sparse_dense layer whose rows are each a constant or one input with weight 1) makes of the inputs
// named `names`: per row "number:B" or names[c]. So verify re-evaluates composed_program(embedding,
// net) through the recorded `net` alone. std::logic_error for an embedding of another form.
std::vector<std::string> embedded_inputs(const Network& embedding, const std::vector<std::string>& names);
// "at:x0" .. "at:x{d-1}": the coordinates of point_of().
std::vector<std::string> point_inputs(std::size_t d);

// The sizes the built (E, W) has: tokens, width, key width per block, nonzero weights (W_Q, W_K and
// the product W_O W_V, FLINT), free parameters; in this order, with their names.
struct CountedSizes {
  std::vector<std::string> names;
  std::vector<Rational> counted;
};
CountedSizes counted_sizes(const Network& embedding, const Network& blocks, std::size_t free_parameters);
// The same sizes by the closed forms of (F5), (F7).
std::vector<Rational> closed_form_sizes(std::size_t d, std::size_t k);
// F-C1: counted = closed form for every size (ForAll "=").
chain::Outcome sizes_outcome(const Monomials& mono, const Network& embedding, const Network& blocks,
                             std::size_t free_parameters);
// F-C1-C: (tokens, width, nonzero weights, free parameters) counted = the spec's numbers.
chain::Outcome counted_vs_spec(const Monomials& mono, const Network& embedding, const Network& blocks,
                               std::size_t free_parameters, const std::vector<Rational>& expected);
// F-C2: the number of entries and biases of the embedding's one sparse_dense layer outside {0, 1}.
chain::Outcome zero_one_outcome(const Network& embedding);
// F-C9: for l = 1..k, [lower, upper] on the total degree of R_l after l blocks vs l (lower = l iff
// F-C4, R_l = M^(l) for all x, was proved).
chain::Outcome degree_profile_outcome(const Monomials& mono, const Network& embedding, chain::Verdict states_proved);
// F-C9-need: degree bound of R_{k-1} after k-1 blocks < deg p (exact iff F-C7, T_c = p, was proved).
chain::Outcome needs_all_blocks_outcome(const Monomials& mono, const Network& embedding, const std::vector<Rational>& c,
                                        chain::Verdict identity_proved);
std::size_t differing_bytes(const std::string& a, const std::string& b);

// F-C11: the softmax and LayerNorm ablations of the same weights and read-out at `x`: each differs
// from p(x) (certified disjoint enclosures) and lies in the spec's range.
void add_ablation_steps(chain::Chain& ch, const Monomials& mono, const Network& embedding,
                        const std::vector<Rational>& c, const Program& p, const std::vector<Rational>& x,
                        const std::vector<Rational>& softmax_range, const std::vector<Rational>& ln_range,
                        const Rational& ln_eps);

}  // namespace approxcert::theorems::fang2022
