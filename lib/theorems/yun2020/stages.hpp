#pragma once
// The Yun 2020 network split into its sub-layers, each lowered to its own program, so that claims
// about internal states at grid inputs (Y-15, Y-16) can read them. Running the stages in order on
// the same inputs computes exactly what the whole network's program computes (each stage is the
// lowering of one layer; the state is passed on unchanged). Each program's outputs are the next
// d x n state, then one probe per column of the stage's INPUT state (extra affine nodes, no
// arithmetic in the theorem module):
//   Phi (token-wise feed-forward) layer: its pre-activation t_j = w1 . Z_j + b1;
//   attention layer: the column id u^T Z_j (every head's query is u^T Z_j - b).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "net/program.hpp"
#include "theorems/yun2020/construction.hpp"

namespace approxcert::theorems::yun2020 {

struct Stage {
  enum class Kind { Encoding, Quantizer, Window, Global, Reject, Negative, ValueWindow };
  Kind kind;
  Program prog;
  // Open ramp zones of the ReLU form of this layer's activation (spec 2.5 table; empty for the
  // hardmax/Phi network, attention layers and zeta_4).
  std::vector<std::pair<Rational, Rational>> ramps;
  std::vector<Rational> query_biases;  // attention: the b of every head
  std::string name;                    // "E", "R_1", "Q_{1,0}", "window l=1/4", "global", "V_0", "V_1", "W_3"
  bool attention() const { return kind == Kind::Window || kind == Kind::Global; }
};

// The quantizer of ONE entry (R_i then Q_{i,k}, k < levels_per_row: they act on entry (i, j) of
// X (+ E) alone, with the same activations for every row), one 1-D program per layer: of g (ReLU
// ramps, in clamp form, the same function) with s, of bar g (Phi) without.
std::vector<Program> entry_quantizer_programs(const Config& c, const std::optional<Smoothing>& s);

// A piece [lo, hi] of the entry quantizer's input line outside the ReLU ramps Omega_1, and the
// grid value g_q^ent takes on it.
struct FlatPiece {
  Rational lo, hi, value;
};
// The flat pieces of [-a, upper + a] (upper = 1, or n with positional encoding: the entry is
// x + (j-1)): [-a, -eta] (if a >= eta), [k delta, (k+1) delta - eta] for k < levels_per_row, and
// [upper, upper + a] (if a > 0); -J on the outer ones.
std::vector<FlatPiece> flat_pieces(const Config& c, const Rational& eta, const Rational& a);

// The stages of `net`, which is a.network(s) (bar g without smoothing; g with softmax lambda and
// ReLU ramps eta) or a form of it computing the same function (clamp_form), in network order.
std::vector<Stage> network_stages(const Config& c, const Network& net, const std::optional<Smoothing>& s);

}  // namespace approxcert::theorems::yun2020
