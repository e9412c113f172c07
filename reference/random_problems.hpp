#pragma once
// Random networks of every layer type (vector, residual, inner-product relation models, sequence
// models with softmax and hardmax attention, tokenwise, positional encoding) and random sup-norm
// problems for the soundness soak. Numbers are small rationals, mostly dyadic.
#include <cstdint>
#include <functional>
#include <random>
#include <string>

#include "domain/domain.hpp"
#include "net/network.hpp"
#include "reference/reference_interpreter.hpp"

namespace approxcert::soak {

class RandomProblems {
 public:
  explicit RandomProblems(std::uint64_t seed) : rng_(seed) {}

  std::size_t size(std::size_t lo, std::size_t hi);
  Rational number();  // k / 2^j mostly, sometimes k / 3 or k / 5; |value| <= 2
  RationalVector vector(std::size_t n);
  RationalMatrix matrix(std::size_t rows, std::size_t cols);

  // A network with total input dimension 1..4 (vector networks, or sequence networks D x N).
  Network network();
  // A point of the box (a corner, the centre, or a random rational point).
  std::vector<Rational> point_in(const Box& box);
  Box box(std::size_t dim);

 private:
  LayerList vector_layers(std::size_t& d, int depth);
  std::mt19937_64 rng_;
};

// A target with an independent MPFR form: text for the target parser, closed form for the reference.
struct SoakTarget {
  std::string text;                                                 // "SUM" stands for x0 + x1 + ... + x{D-1}
  std::function<void(mpfr_ptr, const std::vector<Mp>&)> reference;  // value at x (dim >= 1)
};
const SoakTarget& random_target(RandomProblems& r);

}  // namespace approxcert::soak
