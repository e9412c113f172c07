// The supnorm fast path (FastInterval first per box, bounder.hpp) against the precise path on the
// same problems: both enclosures hold, so each lower bound is at most the other's upper bound, and
// both contain the exact sup of problems with a known answer (exact-reference problems of
// reference/programs.hpp). The fast path must also leave the one-thread and two-thread results
// identical (status_test.cpp) and pass the random-network soundness suite (soundness_test.cpp).
#include <doctest/doctest.h>

#include "on_off_consistency.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

TEST_CASE("supnorm fast path: on and off give consistent enclosures on random networks") {
  check_on_off_consistent(
      4242, 1, 3, 150, [](std::size_t d) { return std::string(d == 1 ? "sin(2*x0)" : "sin(x0) * x1"); },
      [](SupNormOptions& o, bool on) { o.fast_path = on; });
}

TEST_CASE("supnorm fast path: the exact sup of a ReLU interpolant lies in the enclosure") {
  for (long n : {4L, 16L}) {
    CAPTURE(n);
    SupNormOptions o;
    o.threads = 1;
    o.fast_path = true;
    const SupNormResult r = sup_norm(relu_interpolant_error(n), Box{{Rational(0)}, {Rational(1)}}, o);
    const Rational exact = Rational(1) / Rational(4 * n * n);
    REQUIRE(r.upper.has_value());
    CHECK(r.lower <= exact);
    CHECK(exact <= *r.upper);
    CHECK(r.status == SupNormStatus::Converged);
  }
}
