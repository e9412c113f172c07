// Random networks of every layer type: Ball (Arb) and Interval (MPFI) enclosures must overlap;
// for networks without transcendental operations both must contain the exact Rational output.
// Every random network also goes through the JSON round trip.
#include <doctest/doctest.h>

#include <random>

#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

class RandomNets {
 public:
  explicit RandomNets(std::uint64_t seed) : rng_(seed) {}

  std::size_t size(std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng_); }
  bool coin() { return size(0, 1) == 1; }
  Rational number() {
    return Rational(mpz_class(static_cast<long>(size(0, 40)) - 20), mpz_class(static_cast<long>(size(1, 16))));
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

  // Vector layers from d inputs; `exact` avoids sigmoid and tanh. Updates d.
  LayerList vector_layers(std::size_t& d, bool exact, int depth = 0) {
    LayerList layers;
    const std::size_t count = size(1, 4);
    for (std::size_t i = 0; i < count; ++i) {
      switch (size(0, exact ? 4 : 6)) {
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
        default: layers.push_back({TanhLayer{}}); break;
      }
    }
    return layers;
  }

  Network vector_network(bool exact) {
    Network net;
    net.input.dim = size(1, 4);
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

  Network sequence_network(bool exact) {
    Network net;
    std::size_t D = size(1, 3);
    const std::size_t N = size(1, 4);
    net.input = {D, N};
    for (std::size_t count = size(1, 4); count > 0; --count) {
      switch (size(0, 2)) {
        case 0: net.layers.push_back({PositionalEncodingLayer{nmatrix(D, N)}}); break;
        case 1: {
          AttentionLayer att;
          att.normalizer = exact || coin() ? Normalizer::Hardmax : Normalizer::Softmax;
          att.scale = number();
          for (std::size_t h = size(1, 2); h > 0; --h) {
            const std::size_t dk = size(1, 2), dv = size(1, 2);
            AttentionHead head{nmatrix(dk, D), nmatrix(dk, D), nmatrix(dv, D), nmatrix(D, dv), std::nullopt};
            if (coin()) head.bq = nvector(dk);
            att.heads.push_back(std::move(head));
          }
          net.layers.push_back({std::move(att)});
          break;
        }
        default: net.layers.push_back({TokenwiseLayer{vector_layers(D, exact, 1)}}); break;
      }
    }
    return net;
  }

 private:
  std::mt19937_64 rng_;
};

template <class S>
std::vector<S> eval_at(const Program& prog, const std::vector<Rational>& x) {
  std::vector<S> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(128));
  return evaluate<S>(prog, std::span<const S>(in), Prec(128));
}

// Ball and Interval overlap at each output; with `exact`, both contain the Rational output.
void check_engines_agree(const Network& net, RandomNets& gen, bool exact) {
  const Program prog = lower(net);
  const std::vector<Rational> x = gen.vector(input_dim(net));
  const auto balls = eval_at<Ball>(prog, x);
  const auto intervals = eval_at<Interval>(prog, x);
  REQUIRE(balls.size() == output_dim(net));
  REQUIRE(intervals.size() == balls.size());
  std::vector<Rational> exact_out;
  if (exact) exact_out = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(128));
  for (std::size_t o = 0; o < balls.size(); ++o) {
    CAPTURE(o);
    CAPTURE(to_string(balls[o]));
    CAPTURE(to_string(intervals[o]));
    REQUIRE(is_finite(balls[o]));
    REQUIRE(is_finite(intervals[o]));
    CHECK(lower(balls[o]) <= upper(intervals[o]));
    CHECK(lower(intervals[o]) <= upper(balls[o]));
    if (exact) {
      CHECK(lower(balls[o]) <= exact_out[o]);
      CHECK(exact_out[o] <= upper(balls[o]));
      CHECK(lower(intervals[o]) <= exact_out[o]);
      CHECK(exact_out[o] <= upper(intervals[o]));
    }
  }
}

void check_round_trip(const Network& net) {
  const std::string text = save_network(net);
  const Network back = parse_network(text, "saved.json");
  CHECK(back == net);
  CHECK(save_network(back) == text);
}

}  // namespace

TEST_CASE("random vector networks: Ball and Interval overlap, exact outputs enclosed, JSON round trip") {
  RandomNets gen(20240611);
  for (int trial = 0; trial < 150; ++trial) {
    CAPTURE(trial);
    const bool exact = trial % 2 == 0;
    const Network net = gen.vector_network(exact);
    check_network(net, "random");
    check_engines_agree(net, gen, exact);
    check_round_trip(net);
  }
}

TEST_CASE("random sequence networks: Ball and Interval overlap, exact outputs enclosed, JSON round trip") {
  RandomNets gen(777);
  for (int trial = 0; trial < 100; ++trial) {
    CAPTURE(trial);
    const bool exact = trial % 2 == 0;
    const Network net = gen.sequence_network(exact);
    check_network(net, "random");
    check_engines_agree(net, gen, exact);
    check_round_trip(net);
  }
}
