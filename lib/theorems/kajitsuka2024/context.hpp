#pragma once
// What the steps of one instance share: the instance, the certified projection (read from K-1's
// candidate), the context vectors z(v; S) produced by the ONE generic evaluator on the constructed
// attention network, and the Boltzmann differences of same-token pairs (core: scalar/boltzmann.hpp).
#include <vector>

#include "chain/step.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/boltzmann.hpp"
#include "theorems/kajitsuka2024/constants.hpp"
#include "theorems/kajitsuka2024/instance.hpp"

namespace approxcert::theorems::kajitsuka2024 {

// The projection certified by step K-1 (its candidate: "u1".."ud"); std::domain_error if K-1 has
// none (the step using it is then unknown).
Projection projection_of(const Instance& inst, const chain::Attempt& a);
Projection projection_from(const Instance& inst, const chain::Point& candidate);
chain::Point candidate_point(const RationalVector& u);

// A same-token pair: token index v, two different token sets i < j that both contain v.
struct SameTokenPair {
  std::size_t v, i, j;
};
std::vector<SameTokenPair> same_token_pairs(const Instance& inst);
// Position of token v in set i (precondition: it is there).
std::size_t column_of(const Instance& inst, std::size_t i, std::size_t v);
// The token ids of set i, in the set's order.
std::vector<Rational> ids_of_set(const Instance& inst, const Projection& pr, std::size_t i);
chain::Point pair_point(const SameTokenPair& q);

// Context vectors: z[i][l * d + r] = F_S^{SA}(X^{(i)})[r, l], by the generic evaluator.
template <class S>
std::vector<std::vector<S>> context_vectors(const Instance& inst, const Projection& pr, Prec p) {
  const Program prog = lower(attention_network(inst, pr));
  Evaluator<S> ev(prog, p);
  std::vector<std::vector<S>> out;
  for (std::size_t i = 0; i < inst.sets.size(); ++i) {
    std::vector<S> x;
    for (const Rational& q : inst.sequence_input(i)) x.push_back(exact_value<S>(q, p));
    ev.run(x);
    out.push_back(ev.outputs());
  }
  return out;
}

// boltz(lambda a(v) a_{S_i}) - boltz(lambda a(v) a_{S_j}), cancellation-free.
template <class S>
S boltz_difference(const Instance& inst, const Projection& pr, const S& lambda, std::size_t v, std::size_t i,
                   std::size_t j, Prec p) {
  S scale, r;
  mul(scale, lambda, exact_value<S>(pr.a[v], p), p);
  const std::vector<Rational> x = ids_of_set(inst, pr, i), y = ids_of_set(inst, pr, j);
  boltzmann_difference(r, scale, std::span<const Rational>(x), std::span<const Rational>(y), p);
  return r;
}

// boltz(lambda a(v) a_{S_i}) evaluated directly (for values of order 1 only).
template <class S>
S boltz_value(const Instance& inst, const Projection& pr, const S& lambda, std::size_t v, std::size_t i, Prec p) {
  S scale, r;
  mul(scale, lambda, exact_value<S>(pr.a[v], p), p);
  std::vector<S> b;
  for (const Rational& q : ids_of_set(inst, pr, i)) {
    S t;
    mul(t, scale, exact_value<S>(q, p), p);
    b.push_back(t);
  }
  boltzmann(r, std::span<const S>(b), p);
  return r;
}

// Euclidean norm of the difference of two d-vectors starting at offsets oa, ob.
template <class S>
S distance(const std::vector<S>& za, std::size_t oa, const std::vector<S>& zb, std::size_t ob, std::size_t d, Prec p) {
  S s, t;
  set(s, Rational(0), p);
  for (std::size_t r = 0; r < d; ++r) {
    sub(t, za[oa + r], zb[ob + r], p);
    addmul(s, t, t, p);
  }
  sqrt(s, s, p);
  return s;
}

}  // namespace approxcert::theorems::kajitsuka2024
