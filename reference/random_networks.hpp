#pragma once
// The one generator of random networks for the tests and the benchmarks: every vector layer type,
// residual blocks, inner-product relation models, sequence models with attention, tokenwise and
// positional-encoding layers, the small dense-hidden-dense networks of the sup-norm suites, and
// points of boxes. It lives in reference/ because the benchmarks share the tests' problems and may
// not include tests/; it only builds lib/net's Network values (it evaluates nothing), so the
// reference interpreter the tests check the engines against stays independent of it and of them.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "domain/domain.hpp"
#include "net/network.hpp"

namespace approxcert::test {

// The numbers a generator draws for weights, biases and layer constants: p/q with p uniform in
// [-max_numerator, max_numerator] and q uniform in [1, max_denominator] (q = 1, not drawn, when
// max_denominator is 1).
struct Weights {
  long max_numerator, max_denominator;
};
// |value| <= 2 with denominators 1..12 (not only dyadic): the sup-norm suites.
inline constexpr Weights kFractionsUpTo2{24, 12};
// |value| <= 20 with denominators 1..16: the network suites.
inline constexpr Weights kFractionsUpTo20{20, 16};
// {-2, ..., 2}: exact ties and kinks (hardmax ties, relu and step at 0) are frequent.
inline constexpr Weights kSmallIntegers{2, 1};

// The vector layer kinds the hidden layer of network(d, kind) may be.
enum class Hidden { Relu, Step, Sigmoid, Tanh, PiecewiseLinear, Residual };
inline constexpr Hidden kAllHidden[] = {
    Hidden::Relu, Hidden::Step, Hidden::Sigmoid, Hidden::Tanh, Hidden::PiecewiseLinear, Hidden::Residual};

class RandomNetworks {
 public:
  explicit RandomNetworks(std::uint64_t seed, Weights weights = kFractionsUpTo2) : rng_(seed), weights_(weights) {}

  // Uniform in [lo, hi].
  long integer(long lo, long hi) { return std::uniform_int_distribution<long>(lo, hi)(rng_); }
  std::size_t size(std::size_t lo, std::size_t hi) {
    return static_cast<std::size_t>(integer(static_cast<long>(lo), static_cast<long>(hi)));
  }
  bool coin() { return integer(0, 1) == 1; }

  Rational number() {
    if (weights_.max_denominator == 1) return Rational(integer(-weights_.max_numerator, weights_.max_numerator));
    const long q = integer(1, weights_.max_denominator);
    return Rational(mpz_class(integer(-weights_.max_numerator, weights_.max_numerator)), mpz_class(q));
  }
  RationalVector vector(std::size_t n) {
    RationalVector v;
    for (std::size_t i = 0; i < n; ++i) v.push_back(number());
    return v;
  }
  RationalMatrix matrix(std::size_t rows, std::size_t cols) {
    RationalMatrix m;
    for (std::size_t r = 0; r < rows; ++r) m.push_back(vector(cols));
    return m;
  }
  NumberVector nvector(std::size_t n) { return numbers(vector(n)); }
  NumberMatrix nmatrix(std::size_t rows, std::size_t cols) { return numbers(matrix(rows, cols)); }

  // A point coordinate in [-2, 2] with denominator the prime 1000003: at such generic points an
  // irrational network value sits exactly at a kink or tie only where the weights force it.
  RationalVector generic_vector(std::size_t n) {
    RationalVector v;
    for (std::size_t i = 0; i < n; ++i)
      v.push_back(Rational(mpz_class(integer(-2'000'000, 2'000'000)), mpz_class(1'000'003)));
    return v;
  }

  // A uniformly random exact point of the box (dyadic coordinates with 20 random bits, and the
  // box's own endpoints with probability 1/8 each).
  std::vector<Rational> point(const Box& box) {
    std::vector<Rational> x(box.dim());
    for (std::size_t i = 0; i < x.size(); ++i) {
      const long u = integer(0, 1 << 20), pick = integer(0, 7);
      if (pick == 0) x[i] = box.lo[i];
      else if (pick == 1) x[i] = box.hi[i];
      else x[i] = box.lo[i] + (box.hi[i] - box.lo[i]) * Rational(mpz_class(u), mpz_class(1 << 20));
    }
    return x;
  }

  // dense(d -> h), the hidden kind, dense(h -> 1).
  Network network(std::size_t d, Hidden kind, std::size_t h = 4) {
    Network net;
    net.input.dim = d;
    net.layers.push_back({DenseLayer{nmatrix(h, d), nvector(h)}});
    switch (kind) {
      case Hidden::Relu: net.layers.push_back({ReluLayer{}}); break;
      case Hidden::Step: net.layers.push_back({StepLayer{}}); break;
      case Hidden::Sigmoid: net.layers.push_back({SigmoidLayer{}}); break;
      case Hidden::Tanh: net.layers.push_back({TanhLayer{}}); break;
      case Hidden::PiecewiseLinear: {
        const Rational start(mpz_class(integer(-8, -2)), mpz_class(4));
        net.layers.push_back({piecewise_linear(start, 4, 6)});
        break;
      }
      case Hidden::Residual: {
        LayerList body{{DenseLayer{nmatrix(h, h), nvector(h)}}, {ReluLayer{}}};
        net.layers.push_back({ResidualLayer{std::move(body)}});
        break;
      }
    }
    net.layers.push_back({DenseLayer{nmatrix(1, h), nvector(1)}});
    return net;
  }

  // `pieces` breakpoints from `start` on, each k/3 after the last (k uniform in 1..max_step), with
  // values number().
  PiecewiseLinearLayer piecewise_linear(Rational start, std::size_t pieces, long max_step) {
    PiecewiseLinearLayer pwl;
    for (; pieces > 0; --pieces) {
      pwl.breakpoints.push_back(start);
      pwl.values.push_back(number());
      start = start + Rational(mpz_class(integer(1, max_step)), mpz_class(3));
    }
    return pwl;
  }

  LayerNormLayer layer_norm(std::size_t d) {
    LayerNormLayer ln{Rational(mpz_class(1), mpz_class(integer(1, 100000))), std::nullopt, std::nullopt};
    if (coin()) ln.gamma = vector(d);
    if (coin()) ln.beta = vector(d);
    return ln;
  }

  // One to four vector layers from d inputs; updates d. `exact` keeps to the layers whose exact
  // evaluation is rational (no sigmoid, tanh or layer_norm).
  LayerList vector_layers(std::size_t& d, bool exact, int depth = 0) {
    LayerList layers;
    const std::size_t count = size(1, 4);
    for (std::size_t i = 0; i < count; ++i) {
      switch (size(0, exact ? 4 : 7)) {
        case 0: {
          const std::size_t m = size(1, 4);
          layers.push_back({DenseLayer{nmatrix(m, d), nvector(m)}});
          d = m;
          break;
        }
        case 1: layers.push_back({ReluLayer{}}); break;
        case 2: layers.push_back({StepLayer{}}); break;
        case 3: {
          const Rational start = number();
          const std::size_t pieces = size(1, 4);
          layers.push_back({piecewise_linear(start, pieces, 8)});
          break;
        }
        case 4: {
          if (depth > 1) break;
          std::size_t body_d = d;
          LayerList body = vector_layers(body_d, exact, depth + 1);
          body.push_back({DenseLayer{nmatrix(d, body_d), nvector(d)}});  // back to d
          layers.push_back({ResidualLayer{std::move(body)}});
          break;
        }
        case 5: layers.push_back({SigmoidLayer{}}); break;
        case 6: layers.push_back({TanhLayer{}}); break;
        default: layers.push_back({layer_norm(d)}); break;
      }
    }
    return layers;
  }

  // Vector layers on 1..max_dim inputs, ending half the time in an inner-product relation model.
  Network vector_network(bool exact, std::size_t max_dim = 4) {
    Network net;
    net.input.dim = size(1, max_dim);
    std::size_t d = net.input.dim;
    net.layers = vector_layers(d, exact);
    if (coin()) {  // end with a relation model on the current d (needs d >= 2)
      if (d < 2) {
        net.layers.push_back({DenseLayer{nmatrix(3, d), nvector(3)}});
        d = 3;
      }
      InnerProductLayer ip;
      ip.split = size(1, d - 1);
      std::size_t left_d = ip.split, right_d = d - ip.split;
      ip.left = vector_layers(left_d, exact, 1);
      ip.right = vector_layers(right_d, exact, 1);
      const std::size_t m = size(1, 3);
      ip.left.push_back({DenseLayer{nmatrix(m, left_d), nvector(m)}});
      ip.right.push_back({DenseLayer{nmatrix(m, right_d), nvector(m)}});
      net.layers.push_back({std::move(ip)});
    }
    return net;
  }

  // `exact` leaves out softmax.
  Normalizer normalizer(bool exact) {
    static constexpr Normalizer all[] = {Normalizer::Hardmax, Normalizer::HardmaxFirst, Normalizer::HardmaxLast,
                                         Normalizer::None, Normalizer::Softmax};
    return all[size(0, exact ? 3 : 4)];
  }

  AttentionLayer attention(std::size_t D, bool exact) {
    AttentionLayer att;
    att.normalizer = normalizer(exact);
    att.scale = number();
    for (std::size_t h = size(1, 2); h > 0; --h) {
      const std::size_t dk = size(1, 3), dv = size(1, 3);
      AttentionHead head{nmatrix(dk, D), nmatrix(dk, D), nmatrix(dv, D), nmatrix(D, dv), std::nullopt};
      if (coin()) head.bq = nvector(dk);
      att.heads.push_back(std::move(head));
    }
    return att;
  }

  // A D x N sequence model (D in 1..max_dim, N in 1..4) of positional encodings, attention and
  // tokenwise layers.
  Network sequence_network(bool exact, std::size_t max_dim = 3) {
    Network net;
    std::size_t D = size(1, max_dim);
    const std::size_t N = size(1, 4);
    net.input = {D, N};
    for (std::size_t count = size(1, 4); count > 0; --count) {
      switch (size(0, 2)) {
        case 0: net.layers.push_back({PositionalEncodingLayer{nmatrix(D, N)}}); break;
        case 1: net.layers.push_back({attention(D, exact)}); break;
        default: net.layers.push_back({TokenwiseLayer{vector_layers(D, exact, 1)}}); break;
      }
    }
    return net;
  }

 private:
  std::mt19937_64 rng_;
  Weights weights_;
};

}  // namespace approxcert::test
