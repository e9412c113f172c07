// Altabaa Theorem 3.1 in d >= 2 (voronoi_grid.hpp, cell_pairs.hpp cell_box_pair_sup_norms,
// theorem_3_1_grid.cpp): the grid sites and cells by hand, the quantiser network against a
// brute-force nearest site (written here, scanning squared distances) at random rational points and
// at boundary points with ties, and the chain's V5 against the closed-form sup of x1 y2 - x2 y1.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "../test_multiplier.hpp"
#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/exact_json.hpp"
#include "theorems/altabaa2024/register.hpp"
#include "theorems/altabaa2024/voronoi_grid.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

Rational q(long p, long r) { return Rational(mpz_class(p), mpz_class(r)); }

// Reference: the site of smallest squared distance, the smallest index on ties (strict < scan).
std::size_t brute_nearest(const SiteList& s, const RationalVector& x) {
  std::size_t best = 0;
  auto dist = [&](std::size_t i) {
    Rational t(0);
    for (std::size_t a = 0; a < x.size(); ++a) t += (x[a] - s[i][a]) * (x[a] - s[i][a]);
    return t;
  };
  for (std::size_t i = 1; i < s.size(); ++i)
    if (dist(i) < dist(best)) best = i;
  return best;
}

void check_one_hot(const Program& prog, const SiteList& s, const RationalVector& x) {
  const std::vector<Rational> out = evaluate<Rational>(prog, x, Prec(64));
  const std::size_t k = brute_nearest(s, x);
  REQUIRE(out.size() == s.size());
  for (std::size_t i = 0; i < out.size(); ++i) CHECK(out[i] == Rational(i == k ? 1 : 0));
}

chain::InstanceRun run_grid(const std::string& params) {
  chain::TheoremRegistry reg;
  register_theorems(reg);
  return chain::run_instance(reg, "altabaa2024/theorem-3.1-grid", parse_exact_json(params, "<test>"), JsonAt("<test>"),
                             "t", {});
}

}  // namespace

TEST_CASE("altabaa2024 grid sites and cells in d = 2 (k = 2) by hand") {
  const SiteList s = grid_sites_nd(2, 2);
  CHECK(s == SiteList{{q(1, 4), q(1, 4)}, {q(1, 4), q(3, 4)}, {q(3, 4), q(1, 4)}, {q(3, 4), q(3, 4)}});
  const std::vector<Box> c = grid_cells_nd(2, 2);
  REQUIRE(c.size() == 4);
  CHECK(c[1] == Box{{Rational(0), q(1, 2)}, {q(1, 2), Rational(1)}});
  CHECK(lattice_points_nd(2, 2, 2).size() == 81);      // (4k + 1)^2
  CHECK(nearest_site_nd(s, {q(1, 2), q(1, 2)}) == 0);  // all four tie: smallest
  CHECK(nearest_site_nd(s, {q(1, 2), q(1, 2)}, VoronoiTie::Largest) == 3);
}

TEST_CASE("altabaa2024 grid quantiser = brute-force nearest site at random and boundary points (d = 2, 3)") {
  std::mt19937_64 rng(31);
  for (auto [k, d] : {std::pair<std::uint64_t, std::size_t>{3, 2}, {4, 2}, {2, 3}}) {
    CAPTURE(k);
    CAPTURE(d);
    const SiteList s = grid_sites_nd(k, d);
    const Program prog = lower(Network{{d, std::nullopt}, voronoi_layers_nd(s)});
    std::uniform_int_distribution<long> num(0, 1000);
    for (int t = 0; t < approxcert::test::random_cases(200); ++t) {  // random rational points of [0,1]^d
      RationalVector x;
      for (std::size_t a = 0; a < d; ++a) x.push_back(q(num(rng), 1000));
      check_one_hot(prog, s, x);
    }
    // Boundary points: each coordinate a cell boundary i/k, a site, or random; ties of every kind.
    std::uniform_int_distribution<std::uint64_t> idx(0, k);
    std::uniform_int_distribution<int> kind(0, 2);
    for (int t = 0; t < approxcert::test::random_cases(200); ++t) {
      RationalVector x;
      for (std::size_t a = 0; a < d; ++a) {
        const int c = kind(rng);
        const auto i = static_cast<long>(idx(rng));
        x.push_back(c == 0   ? q(i, static_cast<long>(k))
                    : c == 1 ? q(2 * std::min<long>(i, k - 1) + 1, 2 * k)
                             : q(num(rng), 1000));
      }
      check_one_hot(prog, s, x);
    }
  }
}

TEST_CASE("altabaa2024 theorem-3.1-grid: V5 encloses the closed-form sup 4h(1-h) of x1 y2 - x2 y1 (k = 5, h = 1/10)") {
  // On the cell pair of the corner sites (1-h, 1-h), (1-h, 1-h), at x = (1, 1-2h), y = (1-2h, 1): the error
  // is 4h(1-h) = 9/25 (each of the four first-order terms h(1-h), second-order terms cancel).
  const chain::InstanceRun run = run_grid(R"j({"r": "x0*x3 - x1*x2", "d": 2, "k": 5, "eps": "1", "delta": "1/3"})j");
  CHECK(run.result.overall == chain::Verdict::Proved);
  bool seen = false;
  for (const auto& st : run.result.steps)
    if (st.spec.id == "V5") {
      seen = true;
      CHECK(st.outcome.lhs.value.contains(q(9, 25)));
      CHECK(st.outcome.lhs.value.lower() <= q(9, 25));
    }
  CHECK(seen);
  // Too coarse (k = 2): the certified sup 3/4 exceeds eps = 1/2, V5 refuted.
  const chain::InstanceRun coarse =
      run_grid(R"j({"r": "x0*x3 - x1*x2", "d": 2, "k": 2, "eps": "1/2", "delta": "1/6"})j");
  for (const auto& st : coarse.result.steps)
    if (st.spec.id == "V5") {
      CHECK(st.verdict == chain::Verdict::Refuted);
      CHECK(st.outcome.lhs.value.contains(q(3, 4)));
    }
  // A transcendental relation is refused (R would not be exact): InputError naming r.
  CHECK_THROWS_WITH_AS(run_grid(R"j({"r": "sin(x0*x3)", "d": 2, "k": 2, "eps": "1", "delta": "1"})j"),
                       doctest::Contains("/parameters/r"), InputError);
  CHECK_THROWS_WITH_AS(run_grid(R"j({"r": "x0", "d": 4, "k": 2, "eps": "1", "delta": "1"})j"),
                       doctest::Contains("/parameters/d"), InputError);
}

TEST_CASE("altabaa2024 build voronoi-grid-relation: the model is r at the nearest sites (d = 2, k = 2)") {
  ConstructionRegistry reg;
  register_constructions(reg);
  const Network net =
      build_construction(reg, "altabaa2024/voronoi-grid-relation", {"r=x0*x3 + 2*x1", "d=2", "k=2"}, "parameters");
  // x = (3/10, 1/10) -> site (1/4, 1/4); y = (9/10, 3/5) -> site (3/4, 3/4): r = (1/4)(3/4) + 2 (1/4) = 11/16.
  CHECK(evaluate<Rational>(lower(net), RationalVector{q(3, 10), q(1, 10), q(9, 10), q(3, 5)}, Prec(64)) ==
        std::vector<Rational>{q(11, 16)});
  // A tie at x = (1/2, 1/2) goes to the smallest index, site (1/4, 1/4); y = (1, 0) -> site (3/4, 1/4).
  CHECK(evaluate<Rational>(lower(net), RationalVector{q(1, 2), q(1, 2), Rational(1), Rational(0)}, Prec(64)) ==
        std::vector<Rational>{q(1, 16) + q(1, 2)});
  CHECK_THROWS_AS(build_construction(reg, "altabaa2024/voronoi-grid-relation", {"r=x0", "d=2", "k=1"}, "parameters"),
                  InputError);
}

}  // namespace approxcert::theorems::altabaa2024
