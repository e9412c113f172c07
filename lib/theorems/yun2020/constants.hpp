#pragma once
// Exact constants of the Yun et al. 2020 construction (the Yun 2020 specification,
// sections 1.8, 2.3, 5 E1). Every function returns an exact Rational; nothing here is heuristic.
// Symbols: d embedding dimension, n tokens, delta = 1/N grid step, J out-of-range magnitude,
// K global-layer scale.
#include <cstdint>
#include <vector>

#include "scalar/rational.hpp"

namespace approxcert::theorems::yun2020 {

struct Shape {
  std::uint64_t d = 1, n = 2, N = 4;  // N = 1/delta
  // Theorem 3 (spec 2.6): E_{:,j} = (j-1) 1_d is added to the input, the quantizer works on [0, n),
  // column j of a grid point lives in [j-1, j)^d, and windows sweep the n id ranges.
  bool positional = false;
  Rational upper() const { return Rational(positional ? nl() : 1); }       // quantizer range [0, upper)
  std::uint64_t levels_per_row() const { return positional ? n * N : N; }  // Q_{i,k} layers per row
  Rational offset(std::size_t j) const { return Rational(positional ? static_cast<long>(j) : 0); }  // E_{r,j}
  Rational delta() const { return Rational(1) / Rational(static_cast<long>(N)); }
  // delta^(-k) = N^k exactly.
  Rational inv_pow(long k) const { return pow_int(Rational(static_cast<long>(N)), k); }
  long dl() const { return static_cast<long>(d); }
  long nl() const { return static_cast<long>(n); }
};

// u = (1, delta^-1, ..., delta^-(d-1)): the column-id weights.
std::vector<Rational> column_id_weights(const Shape& s);

// J presets: delta^(-nd) (recalled as the paper's, [P?]), n + 3n delta^(-dn) (restatement (E.7), [H]),
// (n+1) delta^(-nd) (repair (b) of E1, [R]).
Rational j_recalled(const Shape& s);
Rational j_restatement(const Shape& s);
Rational j_repair(const Shape& s);

Rational window_scale(const Shape& s);  // delta^-d
// The window positions l, increasing: k delta for k < delta^-d; with positional encoding also the
// column-id offsets (j-1) ||u||_1 + k delta for j = 1..n (n delta^-d windows, spec 2.6).
std::vector<Rational> window_positions(const Shape& s);
Rational global_scale_default(const Shape& s);  // K = n delta^(-(n+1)d-1)

// Lemma 10 bounds on the last shifted id: [delta^(-(n-1)d+1)(delta^-d - 1), n delta^(-(n+1)d)].
Rational lemma10_lower(const Shape& s);
Rational lemma10_upper(const Shape& s);
// Tight extremes of the last shifted id over distinct-column grid points (spec 2.3).
Rational tilde_min(const Shape& s);
Rational tilde_max(const Shape& s);

// Threshold pairs (spec 2.3): loose (consequence of Lemma 10 with scale K), tight (exact extremes),
// and the restatement's printed t_l = n delta^(-2(n+1)d)(delta^-d - 1) (E6).
Rational loose_t_l(const Shape& s, const Rational& K);
Rational loose_t_r(const Shape& s, const Rational& K);
Rational tight_t_l(const Shape& s, const Rational& K);
Rational tight_t_r(const Shape& s, const Rational& K);
Rational restatement_printed_t_l(const Shape& s);

// E1 decision rule: the smallest final id of an in-range column of a point with an out-of-range
// column, q+_min = (1 + K) delta^-d (J - delta^(-d+1) + 1). Property 4 fails iff q+_min <= t_r.
Rational q_plus_min(const Shape& s, const Rational& J, const Rational& K);

// Number of permutation classes of distinct-column grid points: binomial(delta^-d, n); with
// positional encoding every grid point is its own class: delta^(-dn).
Rational class_count(const Shape& s);
// Exact volume fraction of duplicate-column cells: 1 - (delta^-d)! / ((delta^-d - n)! delta^(-dn));
// 0 with positional encoding (no grid point has duplicate columns; step Y-6d checks it).
Rational duplicate_fraction(const Shape& s);

}  // namespace approxcert::theorems::yun2020
