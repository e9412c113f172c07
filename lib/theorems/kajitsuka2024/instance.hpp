#pragma once
// One instance of Kajitsuka & Sato 2024, Theorem 2 (spec §1.5, §4): the vocabulary is the set of
// cell centres {(k + 1/2) delta_g}^d of a uniform grid, the data set is one sequence per n-subset of
// the vocabulary (the layer's output depends only on (token, token set), spec §2.4), and the
// temperature lambda is the paper's (§2.3) or the instance-adapted one. Everything here is exact;
// the closed-form constants (lambda, gamma, c, ...) are enclosed in constants.hpp.
#include <cstddef>
#include <string>
#include <vector>

#include "chain/parameters.hpp"
#include "net/network.hpp"
#include "scalar/rational.hpp"

namespace approxcert::theorems::kajitsuka2024 {

struct Instance {
  std::size_t d = 1, n = 2;
  Rational grid;                               // delta_g = epsilon (the minimum token distance)
  std::vector<RationalVector> vocabulary;      // cell centres, lexicographic
  std::vector<std::vector<std::size_t>> sets;  // every n-subset of the vocabulary (indices), lexicographic
  bool paper_lambda = true;                    // false: lambda_inst = (2 ln n + 3) / (g_min a_min)
  Rational rmin2, rmax2;                       // min / max squared token norm (A2 with equality)

  Rational eps() const { return grid; }
  std::size_t vocabulary_size() const { return vocabulary.size(); }
  // The sequence of set `i` as a flattened network input (column by column).
  RationalVector sequence_input(std::size_t i) const;
};

// Reads d, n, grid, lambda ("paper" | "instance") and checks their ranges (InputError naming the key).
Instance read_instance(const chain::Parameters& p);

// Projection and token ids (spec §2.1-2.2) for a unit vector u (exact rational).
struct Projection {
  RationalVector u;
  std::vector<Rational> a;  // a(v) = u . v per vocabulary token
  Rational a_min, a_max;    // min / max |a(v)|
  Rational g_min;           // min_{v != v'} |a(v) - a(v')| (0 if they collide)
};
Projection project(const Instance& inst, RationalVector u);

// The exact rational unit vector of the inverse stereographic projection of t in Q^{d-1}:
// u = ((1 - |t|^2), 2 t) / (1 + |t|^2), so |u| = 1 exactly.
RationalVector stereographic_unit_vector(const RationalVector& t);

// NON-RIGOROUS search (spec §2.1, E4): the direction maximising the minimum projection ratio over
// pairs of V u {0}, among 2000 angles k pi / 2000 (d = 2) or 2000 seeded random directions (d >= 3);
// u = 1 for d = 1. Returned as an exact rational unit vector near the best direction.
RationalVector dirty_search_projection(const Instance& inst);

// Constant-expression texts (docs/target.md) of lambda and gamma for the network's weights.
std::string lambda_text(const Instance& inst, const Projection& pr);
std::string gamma_text(const Instance& inst);

// The rank-1 single-head softmax layer (spec §2.3): W_K = u^T, W_Q = lambda u^T, W_V = u^T,
// W_O = gamma u, on d x n inputs.
Network attention_network(const Instance& inst, const Projection& pr);

}  // namespace approxcert::theorems::kajitsuka2024
