#pragma once
// A search option switched on and off on the same random network error programs (every hidden
// layer type, d = d_min..d_max, APPROXCERT_TEST_MULTIPLIER networks each, 4 neurons, [-1,1]^d,
// rel-tol 1e-3, one thread): both runs give an upper bound, and each lower bound is at most the
// other's upper bound (both enclosures hold).
#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <string>

#include "../test_multiplier.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

namespace approxcert::test {

inline void check_on_off_consistent(std::uint64_t seed, std::size_t d_min, std::size_t d_max, std::size_t max_boxes,
                                    const std::function<std::string(std::size_t)>& target,
                                    const std::function<void(SupNormOptions&, bool)>& set_option) {
  RandomNetworks gen(seed);
  for (std::size_t d = d_min; d <= d_max; ++d) {
    const Box domain = cube(Rational(-1), Rational(1), d);
    for (Hidden kind : kAllHidden) {
      for (int rep = 0; rep < approxcert::test::random_cases(1); ++rep) {
        const Program prog = net_error_program(lower(gen.network(d, kind, 4)), 0, target(d));
        CAPTURE(d);
        CAPTURE(static_cast<int>(kind));
        SupNormOptions o;
        o.rel_tol = parse_rational("1e-3");
        o.max_boxes = max_boxes;
        o.threads = 1;
        set_option(o, true);
        const SupNormResult on = sup_norm(prog, domain, o);
        set_option(o, false);
        const SupNormResult off = sup_norm(prog, domain, o);
        REQUIRE(on.upper.has_value());
        REQUIRE(off.upper.has_value());
        CHECK(on.lower <= *off.upper);
        CHECK(off.lower <= *on.upper);
        CHECK(on.boxes <= max_boxes);
      }
    }
  }
}

}  // namespace approxcert::test
