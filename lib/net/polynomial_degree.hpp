#pragma once
// Certified degree bound of a polynomial Program: a structural pass over the nodes, no arithmetic
// on values. Only Input, Const, Add, Sub, Neg, Mul, Affine, Dot and PowInt with exponent >= 0
// are polynomial; any other node (Exp, Div, Relu, Pi, ...) is refused.
#include <cstdint>
#include <vector>

#include "net/program.hpp"

namespace approxcert {

// Degree bounds of every output of a program, taken together.
struct PolynomialDegree {
  std::vector<std::uint64_t> per_variable;  // [k]: >= the degree in input k of every output
  std::uint64_t total = 0;                  // >= the total degree of every output
};

// Largest degree the pass tracks (a bigger bound is refused: no one evaluates such a polynomial).
inline constexpr std::uint64_t kMaxPolynomialDegree = 1000000;

// Guarantee: every output of `prog` is a polynomial in the inputs whose degree in input k is at
// most per_variable[k] and whose total degree is at most total (rules: Add/Sub take the maximum of
// their operands, Affine the maximum of its operands with a nonzero coefficient, Mul/Dot add them, PowInt n multiplies
// by n, Neg keeps, Const is 0, Input k is 1 in variable k). InputError naming the node and its op if a node is not
// polynomial or a bound exceeds kMaxPolynomialDegree.
PolynomialDegree polynomial_degree(const Program& prog);

}  // namespace approxcert
