#pragma once
// Problems for the sup-norm suite: exact-reference programs built with the Program builder,
// the random networks (reference/random_networks.hpp, lowered by lib/net), and a 200-bit reference.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network.hpp"
#include "net/program.hpp"
#include "reference/random_networks.hpp"
#include "scalar/scalar.hpp"

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
