// The bounders one by one, with and without the FastInterval fast path: each form (natural,
// centred, Taylor) encloses f at random points of random boxes (200-bit references, no slack; half
// of the boxes with double ends, where the fast centred form is assembled in doubles), and
// no two methods contradict each other: every upper bound is at least the best lower bound found
// by any method on the same box.
#include <doctest/doctest.h>

#include <optional>
#include <vector>

#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/second_order_form.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

const char* const kTargets[3] = {"sin(3*x0) + x0^2", "exp(x0) * x1 - relu(x1 - x0)", "x0 * x1 * x2 + tanh(x2)"};

// A random sub-box of the domain of random size (sometimes thin, sometimes a point in one axis).
Box random_box(const Box& domain, RandomNetworks& gen) {
  Box b = domain;
  const long scale = gen.integer(0, 12);
  for (std::size_t i = 0; i < b.dim(); ++i) {
    const Rational a = gen.point(domain)[i];
    Rational w = (domain.hi[i] - domain.lo[i]) * pow2(-scale) * frac(gen.integer(0, 8), 8);
    b.lo[i] = a;
    b.hi[i] = min(a + w, domain.hi[i]);
  }
  return b;
}

// The smallest box with ends on the grid 2^-bits containing b (ends that are doubles).
Box dyadic_box(Box b, long bits) {
  for (std::size_t i = 0; i < b.dim(); ++i) {
    b.lo[i] = floor_div(b.lo[i] * pow2(bits)) * pow2(-bits);
    b.hi[i] = -floor_div(-b.hi[i] * pow2(bits)) * pow2(-bits);
  }
  return b;
}

void check_box(Bounder& bounder, const Program& prog, const Box& box, RandomNetworks& gen) {
  const BoxBounds b = bounder.bound(box, Rational(0));
  std::vector<Range> forms;
  for (const auto& f : {b.natural, b.centred, b.taylor})
    if (f) forms.push_back(*f);
  // The exact values at sample points (and the bounder's own witness) lie in every form.
  std::vector<Range> values;
  for (int k = 0; k < 6; ++k) {
    const Ball y = reference_value(prog, gen.point(box));
    REQUIRE(is_finite(y));
    values.push_back(range_of(y));
  }
  if (b.best) values.push_back(b.best->value);
  for (const Range& form : forms)
    for (const Range& v : values) {
      CHECK(form.lo <= v.hi);
      CHECK(v.lo <= form.hi);
    }
  // No two forms contradict: each upper end >= every lower end.
  for (const Range& f : forms)
    for (const Range& g : forms) CHECK(g.lo <= f.hi);
  // The box's |f| bound is at least the best certified lower bound found in it.
  if (b.best) {
    REQUIRE(b.abs_upper.has_value());
    CHECK(b.best->abs_lower <= *b.abs_upper);
  }
}

}  // namespace

TEST_CASE("supnorm bounders: every form encloses f, and no form contradicts another or a witness") {
  RandomNetworks gen(31337);
  int taylor_used = 0, centred_used = 0;
  for (std::size_t d = 1; d <= 3; ++d) {
    const Box domain = cube(Rational(-1), Rational(1), d);
    for (Hidden kind : kAllHidden) {
      const Program prog = net_error_program(lower(gen.network(d, kind, 3)), 0, kTargets[d - 1]);
      for (Arithmetic a : {Arithmetic::Ball, Arithmetic::Interval})
        for (bool fast : {false, true}) {  // fast: FastInterval first (prune_at 0: its forms are returned)
          CAPTURE(d);
          CAPTURE(static_cast<int>(kind));
          CAPTURE(fast);
          BounderOptions opts{4, true};
          opts.fast_path = fast;
          const auto bounder = make_bounder(prog, Prec(64), a, opts);
          for (int k = 0; k < 12; ++k) {
            // Odd k: ends on the grid 2^-12, doubles, so the fast path's centred form runs in doubles.
            const Box box = k % 2 ? dyadic_box(random_box(domain, gen), 12) : random_box(domain, gen);
            check_box(*bounder, prog, box, gen);
            const BoxBounds b = bounder->bound(box, Rational(0));
            taylor_used += b.taylor.has_value();
            centred_used += b.centred.has_value();
          }
        }
    }
  }
  CHECK(taylor_used > 100);  // the test exercises every form
  CHECK(centred_used > 200);
}

TEST_CASE("supnorm bounders: max_quadratic is the exact maximum of a u + b u^2 on [0, r]") {
  const Rational r = frac(3, 2);
  for (long ai = -4; ai <= 4; ++ai)
    for (long bi = -4; bi <= 4; ++bi) {
      const Rational a = frac(ai, 2), b = frac(bi, 3);
      // The maximum is attained at 0, r, or the vertex -a/(2b); compare with a fine grid too.
      Rational best(0);
      for (long k = 0; k <= 300; ++k) {
        const Rational u = r * frac(k, 300);
        best = max(best, a * u + b * u * u);
      }
      const Rational m = max_quadratic(a, b, r);
      CHECK(best <= m);
      if (b.sign() < 0 && a.sign() > 0 && a / (Rational(-2) * b) < r) CHECK(m == a * a / (Rational(-4) * b));
      else CHECK(m == best);
    }
}
