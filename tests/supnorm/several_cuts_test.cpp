// Several cuts at once (SupNormOptions::several_cuts, dirty_split_levels + push_cuts): on and off
// give consistent enclosures (each lower bound at most the other's upper bound) on random networks
// of every hidden layer type in 2 to 4 inputs, and on a smooth 4-input problem whose boxes start far
// above the lower bound it bounds fewer boxes for the same convergence.
#include <doctest/doctest.h>

#include "on_off_consistency.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

TEST_CASE("supnorm several cuts: on and off give consistent enclosures on random networks") {
  check_on_off_consistent(
      9090, 2, 4, 300, [](std::size_t) { return std::string("sin(x0) * x1"); },
      [](SupNormOptions& o, bool on) { o.several_cuts = on; });
}

TEST_CASE("supnorm several cuts: fewer boxes where the bounds start far above the lower bound") {
  const Program prog = expression_error_program("x0*x1*x2*x3", "sin(2*x0)*sin(2*x1)*sin(2*x2)*sin(2*x3)", 4);
  const Box domain = cube(Rational(-1), Rational(1), 4);
  SupNormOptions o;
  o.rel_tol = parse_rational("1e-3");
  o.threads = 1;
  const SupNormResult on = sup_norm(prog, domain, o);
  o.several_cuts = false;
  const SupNormResult off = sup_norm(prog, domain, o);
  CHECK(on.status == SupNormStatus::Converged);
  CHECK(off.status == SupNormStatus::Converged);
  REQUIRE(on.upper.has_value());
  REQUIRE(off.upper.has_value());
  CHECK(on.lower <= *off.upper);
  CHECK(off.lower <= *on.upper);
  MESSAGE("boxes with several cuts " << on.boxes << ", without " << off.boxes);
  CHECK(on.boxes < off.boxes);
}
