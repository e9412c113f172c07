#pragma once
// Corollary 1 (memorization, spec §2.8, §5 "Memorization variant"): the FF memoriser of Zhang et
// al. in its interpolation variant on the M context vectors z(v; S), reading t = u^T z, composed with
// the attention layer. Its weights are constant expressions in lambda: the knots t_(m) (sequence ids)
// and the slopes (rho_(m+1) - rho_(m)) / (t_(m+1) - t_(m)), where a same-token gap t_(m+1) - t_(m) =
// gamma (s - s') is written with the cancellation-free Boltzmann difference, so every weight has a
// finite enclosure at modest precision even when the gap is 10^-6548.
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "chain/step.hpp"
#include "net/network.hpp"
#include "theorems/kajitsuka2024/instance.hpp"

namespace approxcert::theorems::kajitsuka2024 {

// The data set of the memorisation variant: every token set in lexicographic and in reversed order
// (N = 2 * #sets sequences), labels y(v; S) given by a fixed rule of (token, set) (consistent).
struct LabelledData {
  std::vector<std::vector<std::size_t>> sequences;  // token indices, in order
  std::vector<std::size_t> set_of;                  // the token set of each sequence
  std::vector<std::vector<RationalVector>> labels;  // labels[i][k]: d entries
};
LabelledData memorisation_data(const Instance& inst);
// The label rule: y(v; S)_r = ((3 (v+1) + 5 (S+1) + r) mod 11) / 11.
RationalVector label_rule(std::size_t v, std::size_t set, std::size_t r_count);

// The label of the context (token v, token set `set`): d exact entries.
using ContextLabel = std::function<RationalVector(std::size_t v, std::size_t set)>;

// F^(FF)_2 o F^(SA)_S with F^(FF)_2 the memoriser of the M = n * #sets contexts with targets
// `label` (default: the label rule). The order of the knots is decided with certified Ball comparisons
// (std::domain_error if a comparison stays undecided up to 4096 bits: then two context ids collide along u).
Network memoriser_network(const Instance& inst, const Projection& pr, const ContextLabel& label = {});

// The network of the certified projection, built by `build` on first use and again only when the
// projection u changes (every attempt and step of one run uses the same candidate). Thread-safe.
class NetworkPerProjection {
 public:
  using Build = std::function<Network(const Projection&)>;
  explicit NetworkPerProjection(Build build) : build_(std::move(build)) {}
  const Network& get(const Projection& pr);

 private:
  Build build_;
  std::mutex mu_;
  RationalVector u_;
  std::shared_ptr<Network> net_;
};

// Parameters of the memoriser network: 4d (attention) + (M+1)(2d+1) + d (FF), counted on the network.
std::size_t parameter_count(const Network& net);

// K-14 on a memoriser_network: for every row r of the memoriser's output weights, the sides
// |sum_m W2[r, m]| (enclosed at a.prec) <= tau = 1e-20, decided over all rows by a ForAll.
chain::Outcome output_row_sums_within_tau(const Network& net, const chain::Attempt& a);

}  // namespace approxcert::theorems::kajitsuka2024
