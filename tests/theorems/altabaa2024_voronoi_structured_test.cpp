// The structured O(m) quantiser (voronoi_structured.hpp) against brute-force nearest-site in exact
// rationals, and the equality step against the paper's network, including a wrong candidate.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "../test_multiplier.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/threshold_sweep.hpp"
#include "theorems/altabaa2024/voronoi_structured.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

Rational q(long p, long r) { return Rational(mpz_class(p), mpz_class(r)); }

// Brute force, independent of voronoi.cpp: squared distances, ties by index order.
std::size_t brute_nearest(const RationalVector& s, const Rational& x, VoronoiTie tie) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < s.size(); ++i) {
    const Rational di = (x - s[i]) * (x - s[i]), db = (x - s[best]) * (x - s[best]);
    if (di < db || (di == db && tie == VoronoiTie::Largest)) best = i;
  }
  return best;
}

std::vector<Rational> one_hot(std::size_t m, std::size_t k) {
  std::vector<Rational> e(m, Rational(0));
  e[k] = Rational(1);
  return e;
}

// Random points of [0, 1] (denominators up to 997), every cell boundary and both sides of it.
RationalVector probe_points(const RationalVector& s, std::mt19937_64& gen) {
  RationalVector pts{Rational(0), Rational(1)};
  for (int k = 0; k < approxcert::test::random_cases(40); ++k) {
    const long den = 1 + static_cast<long>(gen() % 997);
    pts.push_back(q(static_cast<long>(gen() % static_cast<unsigned long>(den + 1)), den));
  }
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    const Rational b = (s[i] + s[i + 1]) / Rational(2);
    pts.push_back(b);
    pts.push_back(b - q(1, 100000));
    pts.push_back(b + q(1, 100000));
  }
  return pts;
}

std::vector<Rational> eval_at(const Program& prog, const Rational& x) {
  const std::vector<Rational> in{x};
  return evaluate<Rational>(prog, in, Prec(64));
}

const VoronoiTie kTies[] = {VoronoiTie::Smallest, VoronoiTie::Largest};

}  // namespace

TEST_CASE(
    "altabaa2024 structured quantiser = brute-force nearest site (exact, random and boundary points, both ties)") {
  std::mt19937_64 gen(18);
  const std::vector<RationalVector> site_sets{
      grid_sites(2), grid_sites(5), grid_sites(8), {q(0, 1), q(1, 7), q(1, 3), q(9, 10)}};  // uneven sites too
  for (const RationalVector& s : site_sets)
    for (VoronoiTie tie : kTies) {
      const Program prog = lower(Network{{1, std::nullopt}, voronoi_structured_layers(s, tie)});
      for (const Rational& x : probe_points(s, gen))
        CHECK(eval_at(prog, x) == one_hot(s.size(), brute_nearest(s, x, tie)));
    }
}

TEST_CASE("altabaa2024 structured quantiser: hand-computed ties at m = 4 and the counts") {
  const RationalVector s = grid_sites(4);  // boundaries 1/4, 1/2, 3/4
  const Program small = lower(Network{{1, std::nullopt}, voronoi_structured_layers(s, VoronoiTie::Smallest)});
  const Program large = lower(Network{{1, std::nullopt}, voronoi_structured_layers(s, VoronoiTie::Largest)});
  CHECK(eval_at(small, q(1, 4)) == one_hot(4, 0));
  CHECK(eval_at(large, q(1, 4)) == one_hot(4, 1));
  CHECK(eval_at(small, q(3, 4)) == one_hot(4, 2));
  CHECK(eval_at(large, q(3, 4)) == one_hot(4, 3));
  CHECK(voronoi_structured_neurons(8000) == 15999);
  CHECK(voronoi_structured_stored_numbers(4) == 3 + 3 + 6 + 4);
}

TEST_CASE("altabaa2024 paper_pair_row = the rows of voronoi_layers (both ties)") {
  for (std::uint64_t m : {2u, 5u, 8u})
    for (VoronoiTie tie : kTies) {
      const RationalVector s = grid_sites(m);  // a_i = 2i - 1 over D = 2m
      const Rational D(static_cast<long>(2 * m));
      const LayerList layers = voronoi_layers(s, tie);
      const auto& l1 = std::get<DenseLayer>(layers[0].kind);
      std::size_t u = 0;
      for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = i + 1; j < m; ++j, ++u) {
          const PairRow r =
              paper_pair_row(static_cast<std::int64_t>(2 * i + 1), static_cast<std::int64_t>(2 * j + 1), tie);
          CHECK(l1.weight[u][0].rational() == Rational(static_cast<long>(r.w)) / D);
          CHECK(l1.bias[u].rational() == Rational(static_cast<long>(r.b)) / (Rational(2) * D * D));
        }
    }
}

TEST_CASE("altabaa2024 structured quantiser equals the paper's network at every point P/(4D) (both ties)") {
  for (std::uint64_t m : {2u, 3u, 7u, 12u})
    for (VoronoiTie tie : kTies) {
      const RationalVector s = grid_sites(m);
      const QuantiserEquality e = structured_equals_paper(s, tie);
      CHECK_FALSE(e.mismatch.has_value());
      CHECK(e.points == 8 * m + 1);
      CHECK(e.paper_units == m * (m - 1) / 2);
      // Independent: the paper's materialised network, swept, at the same points.
      RationalVector pts;
      for (std::uint64_t p = 0; p <= 8 * m; ++p) pts.push_back(q(static_cast<long>(p), static_cast<long>(8 * m)));
      CHECK(threshold_network_ones(voronoi_layers(s, tie), pts) ==
            threshold_network_ones(voronoi_structured_layers(s, tie), pts));
    }
  const RationalVector uneven{q(0, 1), q(1, 7), q(1, 3), q(9, 10)};
  for (VoronoiTie tie : kTies) CHECK_FALSE(structured_equals_paper(uneven, tie).mismatch.has_value());
}

TEST_CASE("altabaa2024 quantiser equality refutes wrong structured networks") {
  const RationalVector s = grid_sites(6);  // boundaries k/6
  // The other tie rule: differs exactly on the boundaries; the first is 1/6 = 4/24 (D = 12).
  const QuantiserEquality tie =
      quantiser_equals_paper(voronoi_structured_layers(s, VoronoiTie::Largest), s, VoronoiTie::Smallest);
  REQUIRE(tie.mismatch.has_value());
  CHECK(*tie.mismatch == q(1, 6));
  // Boundary b_2 = 1/2 moved to 23/48: cell 2 loses (23/48, 1/2], whose only grid point P/48 is 1/2.
  LayerList moved = voronoi_structured_layers(s, VoronoiTie::Smallest);
  auto& l1 = std::get<DenseLayer>(moved[0].kind);
  l1.bias[2] = Number(l1.bias[2].rational() - q(1, 48));  // g_2 = 1[x <= 1/2 - 1/48]
  const QuantiserEquality shifted = quantiser_equals_paper(moved, s, VoronoiTie::Smallest);
  REQUIRE(shifted.mismatch.has_value());
  CHECK(*shifted.mismatch == q(1, 2));
  // A candidate with the last output's bias 1/2 negated is all-zero on the last cell (5/6, 1]: first at 41/48.
  LayerList dropped = voronoi_structured_layers(s, VoronoiTie::Smallest);
  std::get<SparseDenseLayer>(dropped[2].kind).bias[5] = Number(q(-1, 2));
  const QuantiserEquality last = quantiser_equals_paper(dropped, s, VoronoiTie::Smallest);
  REQUIRE(last.mismatch.has_value());
  CHECK(*last.mismatch == q(41, 48));
}

}  // namespace approxcert::theorems::altabaa2024

#include "chain/instance.hpp"
#include "chain/registry.hpp"
#include "scalar/exact_json.hpp"
#include "theorems/altabaa2024/register.hpp"

namespace approxcert::theorems::altabaa2024 {

// Theorem 5.1 with "quantiser": "structured" gives every step of the paper form the same verdict
// and the same lhs and rhs, and proves Q=; both tie rules, keys on cell boundaries (ties) and off.
TEST_CASE("altabaa2024 theorem 5.1: structured and paper quantisers give identical steps (m = 40, both ties)") {
  chain::TheoremRegistry r;
  register_theorems(r);
  for (const std::string tie : {"smallest", "largest"})
    for (const std::string keys : {R"(["0.1", "0.5", "0.9"])", R"(["1/7", "0.5", "5/6"])"}) {
      const std::string base =
          R"({"y": )" + keys + R"(, "eta": "0.02", "eps": "0.01", "delta": "0.1", "m": 40, "tie_rule": ")" + tie + "\"";
      const chain::InstanceRun paper =
          chain::run_instance(r, "altabaa2024/theorem-5.1", parse_exact_json(base + "}", "test"), JsonAt("test"),
                              "paper", chain::RunOptions{});
      const chain::InstanceRun structured = chain::run_instance(
          r, "altabaa2024/theorem-5.1", parse_exact_json(base + R"(, "quantiser": "structured"})", "test"),
          JsonAt("test"), "structured", chain::RunOptions{});
      const auto& ps = paper.result.steps;
      const auto& ss = structured.result.steps;
      REQUIRE(ss.size() == ps.size() + 1);
      CHECK(ss[0].spec.id == "Q=");
      CHECK(ss[0].verdict == chain::Verdict::Proved);
      for (std::size_t k = 0; k < ps.size(); ++k) {
        CHECK(ss[k + 1].spec.id == ps[k].spec.id);
        CHECK(ss[k + 1].verdict == ps[k].verdict);
        CHECK(ss[k + 1].outcome.lhs.value == ps[k].outcome.lhs.value);
        CHECK(ss[k + 1].outcome.rhs.value == ps[k].outcome.rhs.value);
      }
    }
}

}  // namespace approxcert::theorems::altabaa2024
