// Jet<S>: forward-mode derivatives through the generic evaluator. Exact oracles (Jet<Rational>
// and Jet<Jet<Rational>> give exact gradients and Hessians of rational programs), Clarke hulls
// and flags at kinks and jumps, and containment of 200-bit point derivatives in box enclosures.
#include <doctest/doctest.h>

#include <random>
#include <span>
#include <vector>

#include "../test_multiplier.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/jet.hpp"
#include "net/program.hpp"
#include "scalar/scalar.hpp"

using namespace approxcert;

static_assert(Scalar<Jet<Ball>>);
static_assert(Scalar<Jet<Interval>>);
static_assert(Scalar<Jet<Rational>>);
static_assert(Scalar<Jet<Jet<Ball>>>);
static_assert(Scalar<Jet<Dirty>>);

namespace {

Rational q(long p, long d = 1) { return Rational(mpz_class(p), mpz_class(d)); }

template <class S>
std::vector<Jet<S>> seeds(const std::vector<S>& x, Prec p) {
  std::vector<Jet<S>> in;
  for (std::size_t i = 0; i < x.size(); ++i) in.push_back(jet_variable(x[i], i, x.size(), p));
  return in;
}
template <class S>
std::vector<Jet<Jet<S>>> seeds2(const std::vector<S>& x, Prec p) {
  std::vector<Jet<Jet<S>>> in;
  for (std::size_t i = 0; i < x.size(); ++i)
    in.push_back(jet_variable(jet_variable(x[i], i, x.size(), p), i, x.size(), p));
  return in;
}
template <class S>
Jet<S> run(const Program& prog, const std::vector<Jet<S>>& in, Prec p) {
  return evaluate<Jet<S>>(prog, std::span<const Jet<S>>(in), p)[0];
}
template <class S = Ball>
S ball(const Rational& lo, const Rational& hi) {
  S b;
  set_interval(b, lo, hi, Prec(64));
  return b;
}
template <class S>
const S& grad(const Jet<S>& j, std::size_t i) {
  return i < j.g.size() ? j.g[i] : jet_detail::zero<S>();
}

}  // namespace

TEST_CASE("jet: exact gradient and Hessian of a rational program (Jet<Rational> oracle)") {
  // f = x^3 y - x / y + (x - 2y)^2 min(x, 1 - y) at (x, y) = (1/3, 2/5): min picks x there.
  const Program prog = compile_target("x0^3*x1 - x0/x1 + (x0 - 2*x1)^2 * min(x0, 1 - x1)", 2);
  const Rational x = q(1, 3), y = q(2, 5);
  const Prec p(64);
  const Jet<Rational> f = run(prog, seeds<Rational>({x, y}, p), p);
  const Rational u = x - Rational(2) * y;
  CHECK(f.v == x * x * x * y - x / y + u * u * x);
  CHECK(grad(f, 0) == Rational(3) * x * x * y - Rational(1) / y + Rational(2) * u * x + u * u);
  CHECK(grad(f, 1) == x * x * x + x / (y * y) - Rational(4) * u * x);
  CHECK(!f.discontinuous);
  CHECK(!f.kinked);
  const Jet<Jet<Rational>> h = run(prog, seeds2<Rational>({x, y}, p), p);
  CHECK(h.v.v == f.v);
  const Rational hxx = Rational(6) * x * y + Rational(2) * x + Rational(4) * u;
  const Rational hxy = Rational(3) * x * x + Rational(1) / (y * y) - Rational(4) * x - Rational(4) * u;
  const Rational hyy = Rational(-2) * x / (y * y * y) + Rational(8) * x;
  CHECK(grad(h.g[0], 0) == hxx);
  CHECK(grad(h.g[0], 1) == hxy);
  CHECK(grad(h.g[1], 0) == hxy);
  CHECK(grad(h.g[1], 1) == hyy);
}

// Interval keeps exact endpoints exact, so the hulls can be compared exactly.
TEST_CASE("jet: Clarke hulls at kinks, flags at jumps, constants where the sign is decided") {
  const Prec p(64);
  Program prog(1);
  const NodeId x = prog.input(0);
  const NodeId ops[] = {prog.unary(Op::Relu, x), prog.unary(Op::Abs, x), prog.unary(Op::Step, x),
                        prog.binary(Op::Max, x, prog.unary(Op::Neg, x))};
  prog.set_outputs({ops[0], ops[1], ops[2], ops[3]});
  auto eval = [&](const Rational& lo, const Rational& hi) {
    const std::vector<Jet<Interval>> in = seeds<Interval>({ball<Interval>(lo, hi)}, p);
    return evaluate<Jet<Interval>>(prog, std::span<const Jet<Interval>>(in), p);
  };
  const auto straddle = eval(q(-1), q(1));
  CHECK(lower(grad(straddle[0], 0)) == 0);  // relu' in [0, 1]
  CHECK(upper(grad(straddle[0], 0)) == 1);
  CHECK(straddle[0].kinked);
  CHECK(!straddle[0].discontinuous);
  CHECK(lower(grad(straddle[1], 0)) == -1);  // abs' in [-1, 1]
  CHECK(upper(grad(straddle[1], 0)) == 1);
  CHECK(straddle[2].discontinuous);          // step jumps inside
  CHECK(lower(grad(straddle[3], 0)) == -1);  // max(x, -x)' in hull(1, -1)
  CHECK(upper(grad(straddle[3], 0)) == 1);
  CHECK(straddle[3].kinked);

  const auto right = eval(q(0), q(1));  // kink on the edge: one branch on the whole box
  CHECK(lower(grad(right[0], 0)) == 1);
  CHECK(upper(grad(right[0], 0)) == 1);
  CHECK(!right[0].kinked);
  CHECK(lower(grad(right[1], 0)) == 1);
  CHECK(!right[2].discontinuous);  // step is 1 on [0, 1]
  CHECK(right[2].g.empty());

  const auto left = eval(q(-1), q(0));
  CHECK(left[0].g.empty());  // relu is 0 on [-1, 0]
  CHECK(!left[0].kinked);
  CHECK(upper(grad(left[1], 0)) == -1);
}

TEST_CASE("jet: box enclosures contain 200-bit derivatives at points of the box") {
  const char* const exprs[] = {"sin(x0*x1) + exp(-x0^2) * tanh(x1)", "sigmoid(3*x0 - x1) / (2 + cos(x1))",
                               "atan(x0 + x1^3) * sqrt(2 + x0) - log(3 + x1) + tan(x0/3)"};
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<long> num(-1000, 1000);
  for (const char* e : exprs) {
    CAPTURE(e);
    const Program prog = compile_target(e, 2);
    for (int k = 0; k < approxcert::test::random_cases(10); ++k) {
      std::vector<Rational> lo{q(num(rng), 1000), q(num(rng), 1000)};
      std::vector<Rational> hi{lo[0] + q(1, 8), lo[1] + q(1, 16)};
      const Prec p(64), hp(200);
      const Jet<Jet<Ball>> box = run(prog, seeds2<Ball>({ball(lo[0], hi[0]), ball(lo[1], hi[1])}, p), p);
      for (int j = 0; j < 4; ++j) {
        std::vector<Ball> pt(2);
        for (std::size_t i = 0; i < 2; ++i) set(pt[i], lo[i] + (hi[i] - lo[i]) * q(j, 3), hp);
        const Jet<Jet<Ball>> at = run(prog, seeds2<Ball>(pt, hp), hp);
        auto overlaps = [](const Ball& a, const Ball& b) { return lower(a) <= upper(b) && lower(b) <= upper(a); };
        CHECK(overlaps(box.v.v, at.v.v));
        for (std::size_t i = 0; i < 2; ++i) {
          CHECK(overlaps(grad(box, i).v, grad(at, i).v));
          for (std::size_t m = 0; m < 2; ++m) CHECK(overlaps(grad(grad(box, i), m), grad(grad(at, i), m)));
        }
      }
    }
  }
}
