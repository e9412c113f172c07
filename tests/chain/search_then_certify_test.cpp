// Search, then certify: the candidate a dirty search proposes is recorded exactly, the verdict
// comes from the rigorous certification of that candidate, and a recorded candidate is
// re-certified without searching again. Reference: exact rational arithmetic (c^2 vs 2).
#include <doctest/doctest.h>

#include <cmath>

#include "chain/chain.hpp"
#include "chain/search_then_certify.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

// Toy property: the candidate c is a square root of 2 to within 10^-9: |c^2 - 2| <= 10^-9.
Chain toy_chain(int& searches) {
  Chain c;
  c.add({.id = "T1",
         .claim = "|c^2 - 2| <= 1e-9 at the searched c",
         .relation = Relation::LessEqual,
         .status = "P",
         .coq_lemma = "toy_T1"},
        search_then_certify(
            [&searches](const Attempt&) {
              ++searches;
              double x = 1;  // dirty Newton iteration
              for (int i = 0; i < 20; ++i) x = (x + 2 / x) / 2;
              return Point{}.add("c1", dirty_candidate_value(x));
            },
            generic([]<class S>(const Attempt& a) {
              S c, sq, two, diff, mag;
              set(c, candidate_values(a, {{"c", 1}}).at(0), a.prec);
              mul(sq, c, c, a.prec);
              set(two, Rational(2), a.prec);
              sub(diff, sq, two, a.prec);
              abs(mag, diff, a.prec);
              return Outcome(Side::enclosure(mag, "|c^2 - 2|"), Side::exact(parse_rational("1e-9")));
            })));
  return c;
}

}  // namespace

TEST_CASE("search_then_certify: the searched candidate is certified and recorded exactly") {
  int searches = 0;
  const ChainResult r = run_chain(toy_chain(searches), {});
  REQUIRE(r.steps.size() == 1);
  CHECK(r.steps[0].verdict == Verdict::Proved);
  CHECK(searches == 1);
  REQUIRE(r.steps[0].outcome.candidate.has_value());
  const Rational c = r.steps[0].outcome.candidate->coordinates.at(0).second;
  // Independent exact check of the recorded candidate: |c^2 - 2| <= 1e-9.
  CHECK(abs(c * c - Rational(2)) <= parse_rational("1e-9"));
  CHECK(r.steps[0].outcome.lhs.value.contains(abs(c * c - Rational(2))));
}

TEST_CASE("search_then_certify: a recorded candidate is re-certified without searching, and a bad one is refuted") {
  for (auto engine : {Arithmetic::Ball, Arithmetic::Interval}) {
    int searches = 0;
    RunOptions opts;
    opts.engine = engine;
    opts.recorded_candidates.emplace("T1", Point{}.add("c1", parse_rational("1.41421356237")));
    const ChainResult good = run_chain(toy_chain(searches), opts);
    CHECK(good.steps[0].verdict == Verdict::Proved);  // |1.41421356237^2 - 2| ~ 8e-12
    CHECK(searches == 0);
    CHECK(good.steps[0].outcome.candidate->coordinates.at(0).second == parse_rational("1.41421356237"));

    opts.recorded_candidates["T1"] = Point{}.add("c1", parse_rational("1.4142"));  // |c^2 - 2| ~ 4e-5
    const ChainResult bad = run_chain(toy_chain(searches), opts);
    CHECK(bad.steps[0].verdict == Verdict::Refuted);
    CHECK(searches == 0);

    opts.recorded_candidates["T1"] = Point{};  // an empty candidate cannot be certified
    CHECK(run_chain(toy_chain(searches), opts).steps[0].verdict == Verdict::Unknown);

    // A good value under a forged coordinate name is not read by position: no verdict.
    opts.recorded_candidates["T1"] = Point{}.add("c1_forged", parse_rational("1.41421356237"));
    CHECK(run_chain(toy_chain(searches), opts).steps[0].verdict == Verdict::Unknown);
  }
  CHECK_THROWS_AS(dirty_candidate_value(std::nan("")), std::domain_error);
  CHECK(dirty_candidate_value(0.375) == Rational(3) / Rational(8));
  Attempt outside{Prec(64), Arithmetic::Ball, 0, Relation::LessEqual, nullptr};
  CHECK_THROWS_AS(candidate_values(outside, {{"c", 1}}), std::logic_error);
}

TEST_CASE("candidate_values: the coordinates must be named exactly as the shape says, in order") {
  const Point good = Point{}.add("xi1", Rational(1)).add("xi2", Rational(2)).add("zeta1", Rational(3));
  const std::vector<Rational> v = candidate_values(good, {{"xi", 2}, {"zeta", 1}});
  REQUIRE(v.size() == 3);
  CHECK(v[0] == Rational(1));
  CHECK(v[1] == Rational(2));
  CHECK(v[2] == Rational(3));
  CHECK(candidate_values(Point{}, {{"u", 0}}).empty());
  // Renamed, reordered, missing and extra coordinates.
  CHECK_THROWS_AS(candidate_values(Point{}.add("xi1", Rational(1)).add("xi3", Rational(2)).add("zeta1", Rational(3)),
                                   {{"xi", 2}, {"zeta", 1}}),
                  std::domain_error);
  CHECK_THROWS_AS(candidate_values(Point{}.add("zeta1", Rational(3)).add("xi1", Rational(1)).add("xi2", Rational(2)),
                                   {{"xi", 2}, {"zeta", 1}}),
                  std::domain_error);
  CHECK_THROWS_AS(candidate_values(Point{}.add("xi1", Rational(1)).add("xi2", Rational(2)), {{"xi", 2}, {"zeta", 1}}),
                  std::domain_error);
  CHECK_THROWS_AS(candidate_values(Point{}.add("u1", Rational(1)).add("u2", Rational(2)), {{"u", 1}}),
                  std::domain_error);
  try {
    candidate_values(Point{}.add("u1_forged", Rational(1)), {{"u", 1}});
    FAIL("a renamed coordinate was accepted");
  } catch (const std::domain_error& e) {
    CHECK(std::string(e.what()) == "candidate coordinate 1 is named 'u1_forged', expected 'u1'");
  }
}
