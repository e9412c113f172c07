// The small cover checker against exact references: x^2 - x (an expression program) and the ReLU
// interpolant error of programs.hpp, whose sup on any interval is known in closed form. Sound
// covers pass; a cut outside its box, a malformed tree, or a leaf bound below the exact sup on
// that leaf is rejected; the natural/centred bound is never below the exact sup.
#include <doctest/doctest.h>

#include <functional>
#include <random>

#include "../supnorm/square_minus_x.hpp"
#include "../test_multiplier.hpp"
#include "check/cover_check.hpp"
#include "net/expression.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

Box interval(const Rational& a, const Rational& b) { return Box{{a}, {b}}; }

// A uniform cover of [-1, 1] by 2^k leaves (midpoint cuts), each leaf with the exact sup on it.
RecordedCover uniform_cover(int k) { return uniform_square_minus_x_cover(Rational(-1), Rational(1), k); }

}  // namespace

TEST_CASE("cover check: natural/centred bound is never below the exact sup (x^2 - x, random boxes)") {
  const Program prog = expression_error_program("x0", "x0^2", 1);  // x^2 - x
  std::mt19937 rng(7);
  std::uniform_int_distribution<long> num(-64, 64);
  for (int trial = 0; trial < approxcert::test::random_cases(200); ++trial) {
    Rational a = frac(num(rng), 32), b = frac(num(rng), 32);
    if (b < a) std::swap(a, b);
    for (long bits : {64L, 200L}) {
      const std::optional<Rational> u = natural_centred_abs_bound(prog, interval(a, b), bits);
      REQUIRE(u.has_value());
      CHECK(sup_abs_square_minus_x(a, b) <= *u);
    }
  }
}

TEST_CASE("cover check: the ReLU interpolant error is bounded soundly on every piece") {
  const long n = 8;
  const Program prog = relu_interpolant_error(n);
  for (long k = 0; k < n; ++k) {
    const std::optional<Rational> u = natural_centred_abs_bound(prog, interval(frac(k, n), frac(k + 1, n)), 64);
    REQUIRE(u.has_value());
    CHECK(frac(1, 4 * n * n) <= *u);  // the exact sup on every piece
  }
}

TEST_CASE("cover check: exact covers pass, bad tilings and under-bounds are rejected") {
  const Program prog = expression_error_program("x0", "x0^2", 1);
  const Box domain = interval(Rational(-1), Rational(1));
  CoverCheckOptions o;
  o.bits = 64;
  o.max_bits = 128;
  o.max_split_depth = 12;

  for (int k : {0, 1, 3, 5}) {
    RecordedCover c = uniform_cover(k);
    // The exact sup is a valid bound but the checker's forms overestimate on wide leaves: only the
    // bisection fallback can re-prove it, and then only up to its depth. Bound each leaf by its
    // exact sup plus 1/64 (still exact rationals): re-provable by bisection.
    for (auto& b : c.bounds) b = *b + frac(1, 64);
    const CoverCheckReport r = check_cover(prog, domain, c, o);
    CAPTURE(k);
    CHECK(r.ok());
    CHECK(r.leaves == (1u << k));
  }

  RecordedCover c = uniform_cover(3);
  for (auto& b : c.bounds) b = *b + frac(1, 64);

  SUBCASE("a leaf bound below the exact sup on the leaf is rejected") {
    for (std::size_t k = 0; k < c.bounds.size(); ++k) {
      RecordedCover bad = c;
      bad.bounds[k] = *c.bounds[k] - frac(1, 64) - frac(1, 1000);  // exact sup - 1/1000 < sup
      const CoverCheckReport r = check_cover(prog, domain, bad, o);
      CAPTURE(k);
      CHECK_FALSE(r.ok());
    }
  }
  SUBCASE("a cut outside its box is rejected") {
    RecordedCover bad = c;
    bad.cuts[1].at = Rational(3);
    CHECK_FALSE(check_cover(prog, domain, bad, o).ok());
    bad.cuts[1].at = Rational(-1);  // on the box's edge: not strictly inside
    CHECK_FALSE(check_cover(prog, domain, bad, o).ok());
    bad.cuts[1].dim = 1;
    bad.cuts[1].at.reset();
    CHECK_FALSE(check_cover(prog, domain, bad, o).ok());
  }
  SUBCASE("a malformed tree is rejected") {
    RecordedCover bad = c;
    bad.tree.back() = 'S';
    CHECK_FALSE(check_cover(prog, domain, bad, o).ok());
    bad = c;
    bad.tree += 'L';
    CHECK_FALSE(check_cover(prog, domain, bad, o).ok());
    bad = c;
    bad.bounds.pop_back();
    CHECK_FALSE(check_cover(prog, domain, bad, o).ok());
    bad = c;
    bad.tree[0] = 'X';
    CHECK_FALSE(check_cover(prog, domain, bad, o).ok());
  }
  SUBCASE("an unbounded leaf proves nothing and needs nothing") {
    RecordedCover inf = c;
    inf.bounds[2].reset();
    CHECK(check_cover(prog, domain, inf, o).ok());
  }
}

TEST_CASE("cover check: its own bisection covers the whole leaf (a violation inside the upper half)") {
  // |f| = relu(1 - 8 |x - 3/4|): 0 on [0, 5/8], a peak of 1 at 3/4, f(1) = 0. One leaf over
  // [0, 1] claiming |f| <= 1/2 is false; the natural form (bound 1) does not decide it, so the
  // checker bisects, and only the inside of the upper half shows the violation.
  const Program prog = compile_target("relu(1 - 8*abs(x - 3/4))", 1);
  const Box domain{{Rational(0)}, {Rational(1)}};
  CoverCheckOptions o;
  o.max_split_depth = 12;
  const RecordedCover wrong{"L", {}, {Rational(mpz_class(1), mpz_class(2))}};
  CHECK_FALSE(check_cover(prog, domain, wrong, o).ok());
  const RecordedCover right{"L", {}, {Rational(1)}};
  CHECK(check_cover(prog, domain, right, o).ok());
}
