#pragma once
// Shared pieces of the Wright & Gonzalez 2021 chains (spec: shared/theorems/wright2021.md): the
// exponentiated dot-product (EDP) kernel of one attention head, kappa(t, s) = exp(t^T A s / sqrt d)
// with A = W_Q^T W_K and d the key width, read from an instance's parameters; and the steps that
// compare a certified value with a number the specification printed ([C] numbers).
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "linalg/ball_matrix.hpp"
#include "linalg/exact_matrix.hpp"
#include "scalar/ball.hpp"

namespace approxcert::theorems::wright2021 {

// The Coq note of a step that no lemma of proofs/WrightGlue.v combines (docs/theorems/wright2021.md).
inline constexpr const char* kNoCoqLemma =
    "numeric leaf checked in C++; no WrightGlue lemma combines it (the instance theorem states what the certified leaves give)";

// The head's projections (W_Q: d x d_t, W_K: d x d_s), exact.
struct EdpKernel {
  ExactMatrix wq, wk;
  long d() const { return wq.rows(); }
  ExactMatrix A() const { return mul(transpose(wq), wk); }  // d_t x d_s
  // Contains 1/sqrt(d).
  Ball scale(Prec p) const;
  // Contains [kappa(t_i, s_j)] for the rows t_i of T and s_j of S.
  BallMatrix gram(const ExactMatrix& T, const ExactMatrix& S, Prec p) const;
};

// Reads W_Q and W_K (parameters `wq`, `wk`: equal numbers of rows d >= 1, at most 16 x 16).
EdpKernel read_kernel(const chain::Parameters& p, const std::string& wq = "wq", const std::string& wk = "wk");
// Reads W_Q alone (parameter `wq`, at most 16 x 16), for constructions over the query features only
// (an unused `wk` would be a parameter the certificate claims but nothing checks).
ExactMatrix read_query_map(const chain::Parameters& p);
// Reads a list of points (rows) of dimension `dim`: at least `min_count`, at most 64.
ExactMatrix read_points(const chain::Parameters& p, const std::string& name, long dim, long min_count = 1);
// An exact vector of length n (parameter `name`), not all zero.
std::vector<Rational> read_vector(const chain::Parameters& p, const std::string& name, long n);

// A number the specification printed: its text and its exact value. The tolerance is one unit in
// the last printed digit (the spec rounds or truncates to the digits it prints).
struct SpecNumber {
  std::string text;
  Rational value, unit;
  Rational low() const { return value - unit; }
  Rational high() const { return value + unit; }
};
// Parameter `name`: a string holding a decimal ("-0.521183673", "-2.416496083e10") or a list of
// such strings; InputError at the parameter otherwise.
std::vector<SpecNumber> read_spec(const chain::Parameters& p, const std::string& name, std::size_t count);
SpecNumber read_spec1(const chain::Parameters& p, const std::string& name);

// Outcome of "certified value lies within the spec's printed digits" (relation "in").
chain::Outcome matches_spec(const Ball& value, const SpecNumber& spec, std::string note = {});
// The same as one point of a ForAll over relation "in": value at `at` within spec +- 1 unit.
template <class S>
void add_within_spec(chain::ForAll& fa, chain::Point at, const S& value, const SpecNumber& spec) {
  fa.add(std::move(at), chain::Side::enclosure(value), chain::Side::exact(spec.low()), chain::Side::exact(spec.high()));
}

// A ball that encloses nothing finite (is_finite false): the value of a quantity that could not be
// enclosed, which makes its step unknown.
Ball indeterminate(Prec p);

}  // namespace approxcert::theorems::wright2021
