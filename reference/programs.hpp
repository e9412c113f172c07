#pragma once
// Problems for the sup-norm suite: exact-reference programs built with the Program builder,
// random networks of every vector layer type (lowered by lib/net), and a 200-bit reference.
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "forms/range.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network.hpp"
#include "net/program.hpp"
#include "scalar/scalar.hpp"
#include "target/domain.hpp"

namespace approxcert::test {

inline Rational frac(long p, long q) { return Rational(mpz_class(p), mpz_class(q)); }

// [a, b]^d with exact endpoints.
inline Box cube(const Rational& a, const Rational& b, std::size_t d) {
  return Box{std::vector<Rational>(d, a), std::vector<Rational>(d, b)};
}

// x^2 - f(x) where f is the N-piece ReLU interpolant of x^2 on [0,1] (knots k/N), a hidden layer
// of N ReLUs: f(x) = sum_j c_j relu(x - j/N), c_0 = 1/N, c_j = 2/N. On each piece the error is
// -(x - k/N)((k+1)/N - x), so sup |error| is exactly 1/(4N^2), attained at the N piece midpoints.
inline Program relu_interpolant_error(long n) {
  Program p(1);
  const NodeId x = p.input(0);
  std::vector<NodeId> hidden;
  std::vector<Rational> c;
  for (long j = 0; j < n; ++j) {
    const Rational w[] = {Rational(1)};
    const NodeId xs[] = {x};
    hidden.push_back(p.unary(Op::Relu, p.affine(xs, w, -frac(j, n))));
    c.push_back(frac(j == 0 ? 1 : 2, n));
  }
  const NodeId net = p.affine(hidden, c, Rational(0));
  p.set_outputs({p.binary(Op::Sub, p.pow_int(x, 2), net)});
  return p;
}

// x - (relu(a x + b) - relu(-a x - b) - b) / a: identically zero, kink at -b/a.
inline Program exact_relu_identity_error(const Rational& a = Rational(1), const Rational& b = Rational(0)) {
  Program p(1);
  const NodeId x = p.input(0);
  const Rational w[] = {a}, mw[] = {-a};
  const NodeId xs[] = {x};
  const NodeId pos = p.unary(Op::Relu, p.affine(xs, w, b));
  const NodeId neg = p.unary(Op::Relu, p.affine(xs, mw, -b));
  const NodeId d[] = {pos, neg};
  const Rational coef[] = {Rational(1) / a, -Rational(1) / a};
  p.set_outputs({p.binary(Op::Sub, x, p.affine(d, coef, -b / a))});
  return p;
}

// The vector layer kinds a random network's hidden layer may use.
enum class Hidden { Relu, Step, Sigmoid, Tanh, PiecewiseLinear, Residual };
inline constexpr Hidden kAllHidden[] = {Hidden::Relu, Hidden::Step, Hidden::Sigmoid,
                                        Hidden::Tanh, Hidden::PiecewiseLinear, Hidden::Residual};

class RandomNetworks {
 public:
  explicit RandomNetworks(std::uint64_t seed) : rng_(seed) {}

  long integer(long lo, long hi) { return std::uniform_int_distribution<long>(lo, hi)(rng_); }
  // p/q with |p/q| <= 2, q in 1..12 (not only dyadic).
  Rational number() { return frac(integer(-24, 24), integer(1, 12)); }
  RationalMatrix matrix(std::size_t rows, std::size_t cols) {
    RationalMatrix m(rows);
    for (auto& row : m)
      for (std::size_t c = 0; c < cols; ++c) row.push_back(number());
    return m;
  }
  RationalVector vector(std::size_t n) { return matrix(1, n)[0]; }
  NumberVector nvector(std::size_t n) { return numbers(vector(n)); }
  NumberMatrix nmatrix(std::size_t rows, std::size_t cols) { return numbers(matrix(rows, cols)); }

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
        PiecewiseLinearLayer pwl;
        Rational b = frac(integer(-8, -2), 4);
        for (int k = 0; k < 4; ++k) {
          pwl.breakpoints.push_back(b);
          pwl.values.push_back(number());
          b = b + frac(integer(1, 6), 3);
        }
        net.layers.push_back({pwl});
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

  // A uniformly random exact point of the box (dyadic coordinates with 20 random bits, and the
  // box's own endpoints with probability 1/8 each).
  std::vector<Rational> point(const Box& box) {
    std::vector<Rational> x(box.dim());
    for (std::size_t i = 0; i < x.size(); ++i) {
      const long u = integer(0, 1 << 20), pick = integer(0, 7);
      if (pick == 0) x[i] = box.lo[i];
      else if (pick == 1) x[i] = box.hi[i];
      else x[i] = box.lo[i] + (box.hi[i] - box.lo[i]) * frac(u, 1 << 20);
    }
    return x;
  }

 private:
  std::mt19937_64 rng_;
};

// The reference: output 0 of prog at an exact point, with Arb at 200 bits.
inline Ball reference_value(const Program& prog, const std::vector<Rational>& x) {
  std::vector<Ball> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(200));
  return evaluate<Ball>(prog, std::span<const Ball>(in), Prec(200))[0];
}

// The points of a grid with `n` points per coordinate (the box's corners included).
inline std::vector<std::vector<Rational>> grid(const Box& box, long n) {
  std::vector<std::vector<Rational>> pts{{}};
  for (std::size_t i = 0; i < box.dim(); ++i) {
    std::vector<std::vector<Rational>> next;
    for (const auto& p : pts)
      for (long k = 0; k < n; ++k) {
        auto q = p;
        q.push_back(box.lo[i] + (box.hi[i] - box.lo[i]) * frac(k, n - 1));
        next.push_back(std::move(q));
      }
    pts = std::move(next);
  }
  return pts;
}

}  // namespace approxcert::test
