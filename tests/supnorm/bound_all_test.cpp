// Bounder::bound_all (bounder.hpp) gives, box by box, exactly what bound() gives alone: with the
// fast path, where the jets and centre values of up to 8 boxes come from batched passes
// (net/batched_passes.hpp), every field of every BoxBounds (every form's range, the combined range
// and its bound, the witness candidate, the gradient, the rounding estimate, the monotonicity
// result) equals that of a fresh bounder's bound() on the same box, on random networks of every
// hidden layer type (smooth ones take the batched path, the others the loop) against targets in
// their inputs, over dyadic boxes of several widths and several pruning thresholds.
#include <doctest/doctest.h>

#include <random>

#include "../test_multiplier.hpp"
#include "net/batched_passes.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/bounder.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

bool same_range(const std::optional<Range>& a, const std::optional<Range>& b) {
  return a.has_value() == b.has_value() && (!a || (a->lo == b->lo && a->hi == b->hi));
}

void check_same(const BoxBounds& a, const BoxBounds& b) {
  CHECK(same_range(a.natural, b.natural));
  CHECK(same_range(a.centred, b.centred));
  CHECK(same_range(a.taylor, b.taylor));
  CHECK(same_range(a.taylor_model, b.taylor_model));
  CHECK(same_range(a.linear, b.linear));
  CHECK(same_range(a.relu_substitution, b.relu_substitution));
  CHECK(same_range(a.combined, b.combined));
  CHECK(a.abs_upper == b.abs_upper);
  REQUIRE(a.best.has_value() == b.best.has_value());
  if (a.best) {
    CHECK(a.best->point == b.best->point);
    CHECK(same_range(a.best->value, b.best->value));
    CHECK(a.best->abs_lower == b.best->abs_lower);
  }
  REQUIRE(a.gradient.size() == b.gradient.size());
  for (std::size_t i = 0; i < a.gradient.size(); ++i) CHECK(same_range(a.gradient[i], b.gradient[i]));
  CHECK(a.dirty_gradient == b.dirty_gradient);
  CHECK(a.dirty_rounding == b.dirty_rounding);
  CHECK(a.monotone.has_value() == b.monotone.has_value());
  if (a.monotone && b.monotone) {
    CHECK(a.monotone->dim == b.monotone->dim);
    CHECK(a.monotone->sign == b.monotone->sign);
  }
}

// A dyadic box inside [-1, 1]^d: each side k/2^j .. (k+1)/2^j, j in 1..5.
Box random_box(std::size_t d, std::mt19937_64& rng) {
  Box b;
  for (std::size_t i = 0; i < d; ++i) {
    const long j = std::uniform_int_distribution<long>(1, 5)(rng), n = 1L << j;
    const long k = std::uniform_int_distribution<long>(-n, n - 1)(rng);
    b.lo.push_back(Rational(k) / Rational(n));
    b.hi.push_back(Rational(k + 1) / Rational(n));
  }
  return b;
}

}  // namespace

TEST_CASE("bound_all: every box's bounds equal bound() alone, on random networks (batched and looped)") {
  RandomNetworks gen(9191);
  std::mt19937_64 rng(9292);
  long batched = 0, looped = 0, boxes = 0, trial = 0;
  for (std::size_t d = 1; d <= 4; ++d) {
    for (Hidden kind : kAllHidden) {
      for (int rep = 0; rep < approxcert::test::random_cases(2); ++rep, ++trial) {
        CAPTURE(d);
        CAPTURE(static_cast<int>(kind));
        std::string target = "sin(2*x0)";
        for (std::size_t i = 1; i < d; ++i) target += "*sin(2*x" + std::to_string(i) + ")";
        const Program prog = net_error_program(lower(gen.network(d, kind, 4 + 4 * rep)), 0, target);
        (BatchedPasses::lane_exact_jets(prog) ? batched : looped) += 1;
        BounderOptions opts;
        opts.fast_path = true;
        opts.max_taylor_dim = rep ? 3 : 1;  // the second-order form on some boxes or on none
        if (trial % 3 == 0) opts.monotonicity_domain = cube(Rational(-1), Rational(1), d);
        const auto together = make_bounder(prog, Prec(53), Arithmetic::Ball, opts);
        const std::size_t n = 1 + static_cast<std::size_t>(trial) % 12;
        std::vector<Box> box(n);
        std::vector<const Box*> ptr(n);
        for (std::size_t k = 0; k < n; ++k) box[k] = random_box(d, rng), ptr[k] = &box[k];
        for (const Rational& prune_at : {Rational(0), Rational(1) / Rational(4), Rational(2)}) {
          const std::vector<BoxBounds> all = together->bound_all(ptr, prune_at);
          REQUIRE(all.size() == n);
          for (std::size_t k = 0; k < n; ++k) {
            CAPTURE(k);
            const auto alone = make_bounder(prog, Prec(53), Arithmetic::Ball, opts);
            check_same(all[k], alone->bound(box[k], prune_at));
            ++boxes;
          }
        }
      }
    }
  }
  CHECK(batched >= 8);
  CHECK(looped >= 8);
  CHECK(boxes > 500);
}
