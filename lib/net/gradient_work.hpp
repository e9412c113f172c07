#pragma once
// How much one gradient (Jet) pass over a program costs, so that the bounders and the cover checker
// use the gradient-based forms only where they can pay: a Jet carries one number per input, so a
// pass computes about inputs x (nodes + arguments) numbers, which grows like the square of the
// dimension (the inputs alone are d jets of d numbers). This is a cost policy, not a bound: any
// choice of forms keeps the enclosure contract.
#include <cstddef>

#include "net/program.hpp"

namespace approxcert {

// Above this many numbers per pass, only the natural form (the program run on the box) is used.
// A pass of 2^20 numbers takes about 1 s and 300 MB with Ball jets (docs/robustness.md, "Limits").
inline constexpr std::size_t kMaxGradientWork = std::size_t(1) << 20;

// inputs x (nodes + arguments) of `prog`, saturating at SIZE_MAX.
std::size_t gradient_work(const Program& prog);

inline bool gradient_forms_affordable(const Program& prog) { return gradient_work(prog) <= kMaxGradientWork; }

}  // namespace approxcert
