#pragma once
// Random networks of every layer type for the tests/net suites. `exact` keeps to the layers whose
// exact evaluation is rational (no sigmoid, tanh, softmax, layer_norm); `small_integers` draws
// weights from {-2, ..., 2} so that exact ties and kinks (hardmax ties, relu and step at 0) are
// frequent.
#include <random>

#include "net/network.hpp"

namespace approxcert::test {

class RandomNets {
 public:
  explicit RandomNets(std::uint64_t seed, bool small_integers = false) : rng_(seed), small_integers_(small_integers) {}

  std::size_t size(std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng_); }
  bool coin() { return size(0, 1) == 1; }
  Rational number() {
    if (small_integers_) return Rational(static_cast<long>(size(0, 4)) - 2);
    return Rational(mpz_class(static_cast<long>(size(0, 40)) - 20), mpz_class(static_cast<long>(size(1, 16))));
  }
  // A point coordinate in [-2, 2] with denominator the prime 1000003: at such generic points an
  // irrational network value sits exactly at a kink or tie only where the weights force it.
  RationalVector generic_vector(std::size_t n) {
    RationalVector v;
    for (std::size_t i = 0; i < n; ++i)
      v.push_back(Rational(mpz_class(static_cast<long>(size(0, 4'000'000)) - 2'000'000), mpz_class(1'000'003)));
    return v;
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

  LayerNormLayer layer_norm(std::size_t d) {
    LayerNormLayer ln{Rational(mpz_class(1), mpz_class(static_cast<long>(size(1, 100000)))), std::nullopt, std::nullopt};
    if (coin()) ln.gamma = vector(d);
    if (coin()) ln.beta = vector(d);
    return ln;
  }

  // Vector layers from d inputs. Updates d.
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
          PiecewiseLinearLayer pwl;
          Rational b = number();
          for (std::size_t k = size(1, 4); k > 0; --k) {
            pwl.breakpoints.push_back(b);
            pwl.values.push_back(number());
            b = b + Rational(mpz_class(static_cast<long>(size(1, 8))), mpz_class(3));
          }
          layers.push_back({pwl});
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
  bool small_integers_;
};

}  // namespace approxcert::test
