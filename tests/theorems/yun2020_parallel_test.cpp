// Yun et al. 2020: the exhaustive contextual-mapping claims give the same verdicts, counts and
// decisive points (counterexamples included) on 1, 2 and 3 threads, with Ball and with Rational.
#include <doctest/doctest.h>

#include <vector>

#include "yun2020_outcomes.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;
using namespace approxcert::theorems::yun2020::testing;

namespace {

// Y-B (2, 3, 1/2) with the recalled J and loose thresholds: property 4 (Y-9) is refuted (spec E1).
Config yb_recalled() {
  Config c;
  c.shape = Shape{2, 3, 2};
  c.J = j_recalled(c.shape);
  c.K = global_scale_default(c.shape);
  c.t_l = loose_t_l(c.shape, c.K);
  c.t_r = loose_t_r(c.shape, c.K);
  return c;
}

template <RigorousScalar S>
void check_thread_independence() {
  const Config c = yb_recalled();
  const Grid g(c.shape, c.J, true);
  const ContextualPrograms p = contextual_programs(c);
  const ContextualValues<S> one = sweep_contextual<S>(g, p, Prec(64), 1);
  const std::vector<chain::Outcome> want = claims(c, g, one, 1);
  CHECK(want[5].for_all->refuted > 0);  // Y-9 has counterexamples: the decisive one must not move
  for (unsigned threads : {2u, 3u}) {
    const ContextualValues<S> v = sweep_contextual<S>(g, p, Prec(64), threads);
    for (std::size_t k = 0; k < v.q.size(); ++k) CHECK(chain::Enclosure::of(v.q[k]) == chain::Enclosure::of(one.q[k]));
    const std::vector<chain::Outcome> got = claims(c, g, v, threads);
    for (std::size_t k = 0; k < want.size(); ++k) check_same(got[k], want[k]);
  }
}

}  // namespace

TEST_CASE("yun2020: contextual claims do not depend on the thread count (Rational and Ball, Y-9 refuted)") {
  check_thread_independence<Rational>();
  check_thread_independence<Ball>();
}
