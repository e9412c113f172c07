// Exact references: the N-piece ReLU interpolant of x^2 on [0,1] has sup error exactly 1/(4N^2);
// a network equal to its target has sup error 0.
#include <doctest/doctest.h>

#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

TEST_CASE("supnorm: ReLU interpolant of x^2 on [0,1], sup error 1/(4N^2), converges to relative gap 1e-9") {
  for (long n : {8, 64}) {
    CAPTURE(n);
    SupNormOptions o;
    o.rel_tol = parse_rational("1e-9");
    for (const std::optional<Arithmetic> a :
         {std::optional<Arithmetic>(), std::optional(Arithmetic::Ball)}) {  // auto, arb
      o.arithmetic = a;
      const SupNormResult r = sup_norm(relu_interpolant_error(n), cube(Rational(0), Rational(1), 1), o);
      const Rational exact = frac(1, 4 * n * n);
      REQUIRE(r.upper.has_value());
      CHECK(r.status == SupNormStatus::Converged);
      CHECK(r.lower <= exact);
      CHECK(exact <= *r.upper);
      CHECK(*r.upper <= r.lower * (Rational(1) + parse_rational("1e-9")));
      // The error is attained at the piece midpoints (2k+1)/(2N), and only there.
      REQUIRE(r.witness.has_value());
      const Rational k = ((*r.witness)[0] * Rational(2 * n) - Rational(1)) / Rational(2);
      if (r.lower == exact) CHECK(k.is_integer());
      // Every local maximum needs at most a few boxes.
      CHECK(r.boxes <= static_cast<std::uint64_t>(8 * n));
    }
  }
}

TEST_CASE("supnorm: a network equal to its target gives upper bound 0 or tiny, status converged") {
  SupNormOptions o;
  // relu(x) - relu(-x) against x, kink at 0; and with a kink at 1/3 that no dyadic cut hits.
  struct Case {
    Program prog;
    Box domain;
  };
  const Case cases[] = {
      {exact_relu_identity_error(), cube(Rational(-1), Rational(1), 1)},
      {exact_relu_identity_error(), cube(Rational(-1), Rational(2), 1)},
      {exact_relu_identity_error(Rational(3), Rational(-1)), cube(Rational(0), Rational(1), 1)},
  };
  for (const Case& c : cases) {
    for (const std::optional<Arithmetic> a :
         {std::optional<Arithmetic>(), std::optional(Arithmetic::Ball)}) {  // auto, arb
      o.arithmetic = a;
      const SupNormResult r = sup_norm(c.prog, c.domain, o);
      REQUIRE(r.upper.has_value());
      CHECK(r.status == SupNormStatus::Converged);
      CHECK(r.lower == Rational(0));
      CHECK(*r.upper <= o.abs_tol);
    }
  }
}
