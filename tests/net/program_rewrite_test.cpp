// Program::replace_by_affine / replace_by_constant / replace_by_input: node k is overwritten, every
// node id is kept, and the rewritten program computes the function with node k replaced, checked by
// exact evaluation against the formula written here.
#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "net/evaluate.hpp"
#include "net/program.hpp"

using namespace approxcert;

namespace {

// f(x0, x1) = relu(x0 - x1) * 3 + x1: nodes 0 x0, 1 x1, 2 x0 - x1, 3 relu, 4 output.
Program sample() {
  Program p(2);
  const NodeId x0 = p.input(0), x1 = p.input(1);
  const NodeId xs[] = {x0, x1};
  const Rational w[] = {Rational(1), Rational(-1)};
  const NodeId z = p.affine(xs, w, Rational(0));
  const NodeId r = p.unary(Op::Relu, z);
  const NodeId ys[] = {r, x1};
  const Rational v[] = {Rational(3), Rational(1)};
  p.add_output(p.affine(ys, v, Rational(0)));
  return p;
}

Rational run(const Program& p, std::vector<Rational> x) {
  return evaluate<Rational>(p, std::span<const Rational>(x), Prec(64))[0];
}

}  // namespace

TEST_CASE("program rewrite: a relu replaced by an affine function, a constant and an input") {
  const Rational half = Rational(1) / Rational(2);
  for (long a = -3; a <= 3; ++a)
    for (long b = -3; b <= 3; ++b) {
      const Rational x0(a), x1 = Rational(b) / Rational(2);
      const Rational z = x0 - x1;
      Program affine = sample();
      affine.replace_by_affine(3, 2, half, Rational(1));
      CHECK(affine.nodes().size() == 5);
      CHECK(run(affine, {x0, x1}) == (half * z + Rational(1)) * Rational(3) + x1);
      Program constant = sample();
      constant.replace_by_constant(3, Rational(-2));
      CHECK(run(constant, {x0, x1}) == Rational(-6) + x1);
      Program free = sample();
      free.replace_by_input(3, 2);
      CHECK(free.num_inputs() == 3);
      CHECK(run(free, {x0, x1, Rational(5)}) == Rational(15) + x1);
      CHECK(run(sample(), {x0, x1}) == max(z, Rational(0)) * Rational(3) + x1);  // the original is untouched
    }
}

TEST_CASE("program rewrite: operands must precede the node") {
  Program p = sample();
  CHECK_THROWS_AS(p.replace_by_affine(2, 3, Rational(1), Rational(0)), std::logic_error);
  CHECK_THROWS_AS(p.replace_by_affine(2, 2, Rational(1), Rational(0)), std::logic_error);
  CHECK_THROWS_AS(p.replace_by_constant(9, Rational(0)), std::logic_error);
  CHECK_THROWS_AS(p.replace_by_input(9, 0), std::logic_error);
}
