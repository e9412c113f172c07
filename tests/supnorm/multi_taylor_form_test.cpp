// The multivariate Taylor-model form (supnorm/multi_taylor_form.hpp) against independent
// references, no slack:
//   - random sigmoid and tanh networks of 2 to 4 inputs, orders 2 to 4: the range contains the
//     layer-by-layer MPFR reference interpreter's value at random points and corners of the box;
//   - a cubic polynomial with order 3 (remainder exactly 0): the range contains exact rational
//     values on a grid and is at most twice as wide as their spread;
//   - the order: near a non-degenerate maximum the excess of the order-k form shrinks about
//     2^(k+1)x per halving of the box (8x for k = 2, 16x for k = 3: the cubic terms of P are not
//     bounded by interval products there, polynomial_extremum.hpp);
//   - a box where a relu is undecided gives no bound; the bounder intersects the form.
#include <doctest/doctest.h>

#include <vector>

#include "../test_multiplier.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "reference/reference_interpreter.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/multi_taylor_form.hpp"

using namespace approxcert;
using namespace approxcert::test;

TEST_CASE("multi-Taylor form: contains random sigmoid and tanh networks (MPFR reference)") {
  RandomNetworks gen(17017);
  int used = 0;
  for (std::size_t d = 2; d <= 4; ++d)
    for (const Hidden kind : {Hidden::Tanh, Hidden::Sigmoid})
      for (int n = 0; n < approxcert::test::random_cases(2); ++n) {
        const Network net = gen.network(d, kind, 6);
        const Program prog = lower(net);
        for (const std::size_t order : {2, 3, 4}) {
          MultiTaylorForm form(prog, prog.outputs()[0], order);
          for (int k = 0; k < 6; ++k) {
            const Box domain = cube(Rational(-1), Rational(1), d);
            Box box = domain;
            const Rational w = pow2(-gen.integer(1, 5));
            for (std::size_t i = 0; i < d; ++i) {
              box.lo[i] = min(gen.point(domain)[i], Rational(1) - w);
              box.hi[i] = box.lo[i] + w;
            }
            const std::optional<MultiTaylorBound> b = form.bound(box);
            REQUIRE(b.has_value());
            ++used;
            std::vector<std::vector<Rational>> points{box.lo, box.hi, b->dirty_best_point};
            for (int s = 0; s < 10; ++s) points.push_back(gen.point(box));
            for (const auto& x : points) {
              const Rational y = reference_outputs(net, x).at(0).value();
              CHECK(b->range.lo <= y);
              CHECK(y <= b->range.hi);
            }
            for (std::size_t i = 0; i < d; ++i) {
              CHECK(box.lo[i] <= b->dirty_best_point[i]);
              CHECK(b->dirty_best_point[i] <= box.hi[i]);
            }
          }
        }
      }
  CHECK(used == 3 * 2 * approxcert::test::random_cases(2) * 3 * 6);
}

TEST_CASE("multi-Taylor form: contains a cubic polynomial (rational grid)") {
  const Program prog = expression_error_program("0", "x0^2*x1 - 3*x0*x1 + x1^2/2 - x0 + 1/3", 2);  // f = -(poly)
  MultiTaylorForm form(prog, prog.outputs()[0], 3);
  const Box box{{Rational(-1), frac(-1, 2)}, {frac(1, 2), Rational(1)}};
  const std::optional<MultiTaylorBound> b = form.bound(box);
  REQUIRE(b.has_value());
  Rational lo(1000), hi(-1000);
  for (const auto& x : grid(box, 41)) {
    const Rational y = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(64)).at(0);
    lo = min(lo, y);
    hi = max(hi, y);
    CHECK(b->range.lo <= y);
    CHECK(y <= b->range.hi);
  }
  // The degree-3 term is bounded by interval products, so some overestimation remains; it is a
  // small fraction of the range (the remainder is 0: every coefficient of order 4 is exactly 0).
  CHECK((b->range.hi - b->range.lo) <= (hi - lo) * Rational(2));
}

TEST_CASE("multi-Taylor form: the excess over a non-degenerate maximum is O(w^(k+1))") {
  // f = exp(-(quadratic)) * (1 + x0^3/4): maximum 1 at 0, Hessian not diagonal, cubic terms there.
  const Program prog =
      expression_error_program("0", "exp(-(x0^2 + x0*x1 + x1^2 + x2^2 - x2*x3 + x3^2))*(1 + x0^3/4)", 4);
  for (const std::size_t order : {2, 3}) {
    MultiTaylorForm form(prog, prog.outputs()[0], order);
    std::vector<Rational> excess;
    for (int k = 3; k <= 6; ++k) {
      const Rational w = pow2(-k);
      Box box = cube(-w, w, 4);
      box.hi[0] = w + w / Rational(2);  // off-centre: the gradient at the centre is not 0
      const std::optional<MultiTaylorBound> b = form.bound(box);
      REQUIRE(b.has_value());
      CHECK(Rational(1) <= b->range.hi);  // f(0) = 1
      excess.push_back(b->range.hi - Rational(1));
    }
    for (std::size_t k = 1; k < excess.size(); ++k) {
      CAPTURE(order);
      CAPTURE(k);
      // About 2^(k+1) per halving: 8x (order 2), 16x (order 3); a form losing a lower order shrinks less.
      CHECK(excess[k] * Rational(order == 2 ? 6 : 12) <= excess[k - 1]);
    }
  }
}

TEST_CASE("multi-Taylor form: none across a kink, and the bounder intersects it") {
  const Program kinked = expression_error_program("0", "relu(x0 - x1) + tanh(x0)", 2);
  MultiTaylorForm form(kinked, kinked.outputs()[0], 3);
  CHECK_FALSE(form.bound(cube(frac(-1, 2), frac(1, 2), 2)).has_value());
  CHECK(form.bound(Box{{frac(1, 2), Rational(-1)}, {Rational(1), frac(-1, 2)}}).has_value());
  CHECK_THROWS_AS(MultiTaylorForm(kinked, kinked.outputs()[0], 1), std::invalid_argument);
  CHECK(MultiTaylorForm::affordable(4, 8));         // C(13, 9) = 715 monomials
  CHECK_FALSE(MultiTaylorForm::affordable(20, 3));  // C(24, 4) = 10626

  const Program smooth = expression_error_program("sin(2*x0)*sin(2*x1)", "tanh(3*x0 - x1)*tanh(x1 + 1/2)", 2);
  BounderOptions opts;
  opts.all_forms = true;
  opts.multi_taylor_order = 3;
  for (bool fast : {false, true}) {
    opts.fast_path = fast;
    const auto bounder = make_bounder(smooth, Prec(64), Arithmetic::Ball, opts);
    const Box box{{frac(1, 8), frac(-1, 4)}, {frac(1, 4), frac(-1, 8)}};
    const BoxBounds b = bounder->bound(box, Rational(0));
    REQUIRE(b.multi_taylor.has_value());
    REQUIRE(b.combined.has_value());
    CHECK(b.multi_taylor->lo <= b.combined->lo);
    CHECK(b.combined->hi <= b.multi_taylor->hi);
    for (const auto& x : grid(box, 5)) {
      const Ball y = reference_value(smooth, x);
      CHECK(b.multi_taylor->lo <= upper(y));
      CHECK(lower(y) <= b.multi_taylor->hi);
    }
  }
}
