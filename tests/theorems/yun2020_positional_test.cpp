// Yun et al. 2020, Theorem 3 (positional encoding, spec 2.6): the grid with E, the window
// positions, the quantizer on [0, n), g_c against an independent implementation of the spec's
// reference algorithm with the column-id offsets, the exhaustive t_l*, t_r* against a brute force
// written here, and the instances end to end.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "theorems/construction_registry.hpp"
#include "theorems/yun2020/grid.hpp"
#include "theorems/yun2020/positional.hpp"
#include "theorems/yun2020/register.hpp"
#include "theorems/yun2020/sweep.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

Config positional_config(std::uint64_t d, std::uint64_t n, std::uint64_t N, const Rational& J) {
  Config c;
  c.shape = Shape{d, n, N, true};
  c.J = J;
  c.K = global_scale_default(c.shape);
  return c;
}

// The spec's reference algorithm with positional encoding, written here from the spec and not from
// the builders: L is the quantized X + E (column by column), windows l = j ||u||_1 + k delta
// (j < n, k < delta^-d, increasing), scale delta^-d, then the global layer n delta^(-(n+1)d-1)
// Psi(.; 0); hardmax with ties averaged. Returns q(L).
std::vector<Rational> reference_q(const std::vector<Rational>& L, long d, long n, long N) {
  const Rational delta = q(1, N), Nr(N);
  std::vector<Rational> u;
  Rational norm_u(0);
  for (long i = 0; i < d; ++i) u.push_back(pow_int(Nr, i)), norm_u += u.back();
  std::vector<std::vector<Rational>> Z(static_cast<std::size_t>(n));
  for (long j = 0; j < n; ++j) Z[static_cast<std::size_t>(j)].assign(L.begin() + j * d, L.begin() + (j + 1) * d);
  auto ut = [&] {
    std::vector<Rational> t;
    for (const auto& c : Z) {
      Rational s(0);
      for (long i = 0; i < d; ++i) s += u[static_cast<std::size_t>(i)] * c[static_cast<std::size_t>(i)];
      t.push_back(s);
    }
    return t;
  };
  auto psi = [&](const Rational& b) {
    const std::vector<Rational> t = ut();
    std::vector<Rational> out;
    for (const Rational& tj : t) {
      Rational best = t[0] * (tj - b), sum(0);
      for (const Rational& tk : t) best = max(best, tk * (tj - b));
      long count = 0;
      for (const Rational& tk : t)
        if (tk * (tj - b) == best) sum += tk, ++count;
      out.push_back(sum / Rational(count));
    }
    return out;
  };
  for (long j = 0; j < n; ++j)
    for (long k = 0; k < pow_int(Nr, d).num().get_si(); ++k) {
      const Rational l = Rational(j) * norm_u + Rational(k) * delta;
      const std::vector<Rational> a = psi(l - delta / 2), b = psi(l + delta / 2);
      for (std::size_t c = 0; c < Z.size(); ++c) Z[c][0] += pow_int(Nr, d) * (a[c] - b[c]);
    }
  const std::vector<Rational> g = psi(Rational(0));
  for (std::size_t c = 0; c < Z.size(); ++c) Z[c][0] += Rational(n) * pow_int(Nr, (n + 1) * d + 1) * g[c];
  return ut();
}

// Every point of {-J, entries of column j}^(d x n) as the quantized X + E, enumerated here.
std::vector<std::vector<Rational>> reference_points(long d, long n, long N, const Rational& J, bool with_out_of_range) {
  std::vector<std::vector<Rational>> pts{{}};
  for (long j = 0; j < n; ++j)
    for (long r = 0; r < d; ++r) {
      std::vector<Rational> values;
      if (with_out_of_range) values.push_back(-J);
      for (long k = 0; k < N; ++k) values.push_back(Rational(j) + q(k, N));
      std::vector<std::vector<Rational>> next;
      for (const auto& p : pts)
        for (const Rational& v : values) {
          next.push_back(p);
          next.back().push_back(v);
        }
      pts = std::move(next);
    }
  return pts;
}

}  // namespace

TEST_CASE("yun2020 positional: grid points carry E and cell corners do not and no point has duplicate columns") {
  const Shape s{2, 3, 2, true};
  const Grid plus(s, Rational(579), true);
  std::vector<unsigned> lv;
  std::uint64_t in_range = 0;
  for (std::uint64_t i = 0; i < plus.size(); ++i) {
    plus.levels(i, lv);
    const std::vector<Rational> p = plus.point(lv), c = plus.corner(lv);
    for (std::size_t e = 0; e < p.size(); ++e)
      CHECK(p[e] - c[e] == (plus.out_of_range(lv[e]) ? Rational(0) : Rational(static_cast<long>(e / 2))));
    if (!plus.any_out_of_range(lv)) {
      ++in_range;
      CHECK(plus.distinct_in_range(lv));
    }
  }
  CHECK(plus.size() == 729);
  CHECK(in_range == 64);
  CHECK(class_count(s) == Rational(64));
  CHECK(duplicate_fraction(s) == Rational(0));
}

TEST_CASE("yun2020 positional: n delta^-d windows at the column-id offsets") {
  const std::vector<Rational> ls = window_positions(Shape{2, 3, 2, true});  // u = (1, 2), ||u||_1 = 3
  std::vector<Rational> want;
  for (long j = 0; j < 3; ++j)
    for (long k = 0; k < 4; ++k) want.push_back(Rational(3 * j) + q(k, 2));
  CHECK(ls == want);
  CHECK(window_positions(Shape{2, 3, 2, false}) == std::vector<Rational>{0, q(1, 2), 1, q(3, 2)});
}

TEST_CASE("yun2020 positional: the hardmax quantizer maps 0 <= t < n to the delta-grid and the rest to -J") {
  const Config c = positional_config(1, 2, 4, Rational(98));
  const Program prog = lower(sequence_network(c.shape, quantizer_layers(c, std::nullopt)));
  CHECK(quantizer_layers(c, std::nullopt).size() == 1 + 8);  // R_1, then n / delta = 8 layers Q_{1,k}
  for (long k = -24; k <= 56; ++k) {
    const Rational t = q(k, 16);  // every breakpoint k/4 in [-1, 3] and points between
    const std::vector<Rational> out = evaluate<Rational>(prog, std::vector<Rational>{t, t}, Prec(64));
    Rational want = -c.J;
    if (t.sign() >= 0 && t < Rational(2)) want = Rational(k / 4) / Rational(4);  // floor(4t)/4, k >= 0
    CHECK(out[0] == want);
    CHECK(out[1] == want);
  }
}

TEST_CASE(
    "yun2020 positional: g_c as a network agrees with the reference algorithm on all of G+ at Y-A and Y-B sizes") {
  for (const auto& [d, n, N, J] : {std::tuple<long, long, long, long>{1, 2, 4, 16}, {2, 3, 2, 64}}) {
    const Config c = positional_config(static_cast<std::uint64_t>(d), static_cast<std::uint64_t>(n),
                                       static_cast<std::uint64_t>(N), Rational(J));
    const Grid plus(c.shape, c.J, true);
    const ContextualValues<Rational> v = sweep_contextual<Rational>(plus, contextual_programs(c), Prec(64), 1);
    const std::vector<std::vector<Rational>> pts = reference_points(d, n, N, Rational(J), true);
    REQUIRE(pts.size() == plus.size());
    std::vector<unsigned> lv;
    for (std::uint64_t i = 0; i < plus.size(); ++i) {
      plus.levels(i, lv);
      const std::vector<Rational> L = plus.point(lv);
      REQUIRE(std::find(pts.begin(), pts.end(), L) != pts.end());
      const std::vector<Rational> want = reference_q(L, d, n, N);
      for (long j = 0; j < n; ++j)
        CHECK(v.q[i * static_cast<std::size_t>(n) + static_cast<std::size_t>(j)] == want[static_cast<std::size_t>(j)]);
    }
  }
}

TEST_CASE("yun2020 positional: the tight thresholds of the positional grid equal a brute force") {
  for (const auto& [d, n, N] : {std::tuple<long, long, long>{1, 2, 2}, {1, 2, 4}, {2, 3, 2}}) {
    const Config c = positional_config(static_cast<std::uint64_t>(d), static_cast<std::uint64_t>(n),
                                       static_cast<std::uint64_t>(N), Rational(1000));
    std::optional<Rational> lo, hi;
    for (const std::vector<Rational>& L : reference_points(d, n, N, Rational(1000), false))
      for (const Rational& x : reference_q(L, d, n, N)) {
        lo = lo ? min(*lo, x) : x;
        hi = hi ? max(*hi, x) : x;
      }
    const auto [t_l, t_r] = exhaustive_q_range(c);
    CHECK(t_l == *lo);
    CHECK(t_r == *hi);
    if (d == 1 && n == 2 && N == 2) {
      // By hand, windows l = 0, 1/2, 1, 3/2 with scale 2, K = 32. L + E = (1/2, 1): window 1/2 moves
      // column 1 to 3/2, window 1 moves column 2 to 2, window 3/2 fires AGAIN on column 1 (re-entry)
      // -> 5/2; global: q = (5/2 + 80, 2 + 80), min 82. L + E = (0, 3/2): windows 0 and 3/2 give
      // (3, 9/2); q = (3 + 144, 9/2 + 144), max 297/2.
      CHECK(t_l == Rational(82));
      CHECK(t_r == q(297, 2));
    }
  }
}

TEST_CASE(
    "yun2020 positional: Theorem 3 instances end to end with restatement J proved and E1 re-asked refuted at its point") {
  chain::TheoremRegistry r;
  register_theorems(r);
  const std::string dir = std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/";
  const chain::CheckRun good = chain::run_check(r, chain::read_check_file(dir + "pe-yc-restatement-j.json"));
  CHECK(good.mismatches.empty());
  CHECK(good.run.result.overall == chain::Verdict::Proved);
  bool seen_distinct = false;
  for (const chain::StepResult& s : good.run.result.steps) {
    CHECK(s.spec.id != "Y-7P");  // permutation equivariance is Theorem 2's
    if (s.spec.id == "Y-6d") seen_distinct = s.verdict == chain::Verdict::Proved;
  }
  CHECK(seen_distinct);
  const chain::CheckRun bad = chain::run_check(r, chain::read_check_file(dir + "pe-ya-e1-recalled-j.json"));
  CHECK(bad.mismatches.empty());
  CHECK(bad.run.result.overall == chain::Verdict::Refuted);
  bool seen_witness = false;
  for (const chain::StepResult& s : bad.run.result.steps) {
    if (s.spec.id == "Y-9" || s.spec.id == "Y-12o") CHECK(s.verdict == chain::Verdict::Refuted);
    if (s.spec.id == "Y-12") CHECK(s.verdict == chain::Verdict::Proved);  // on the domain [0,1)^(dn)
    if (s.spec.id == "Y-9w") {
      seen_witness = true;
      CHECK(s.verdict == chain::Verdict::Refuted);
      // L + E = (-16, 1): window 1 shifts column 2 by 4 (1 + 16) = 68 to 69; K = 512: q_2 = 69 + 512 * 69.
      CHECK(s.outcome.lhs.value == chain::Enclosure::exact(Rational(35397)));
    }
  }
  CHECK(seen_witness);
}

TEST_CASE(
    "yun2020 positional: a box beyond the domain and absurd grids are refused for Theorem 3 with one clear InputError") {
  chain::TheoremRegistry r;
  register_theorems(r);
  const ExactJson params =
      parse_exact_json(R"({"d": 1, "n": 2, "delta": "1/2", "J": "restatement", "thresholds": "tight",
      "target": ["x0", "x1"], "p": 1, "eps": 3, "lipschitz": 1, "lambda": 100, "eta": "1/100", "eps_grid": 1, "a": "1/2", "S_B": 1})",
                       "<test>");
  CHECK_THROWS_WITH_AS(chain::run_instance(r, "yun2020/theorem-3", params, JsonAt("<test>"), "t", {}),
                       doctest::Contains("/parameters/a"), InputError);
  // An absurd grid is refused before any exhaustive sweep (9^64 points).
  const ExactJson huge = parse_exact_json(R"({"d": 8, "n": 8, "delta": "1/8", "J": "restatement", "thresholds": "tight",
      "target": ["x0"], "p": 1, "eps": 3, "lipschitz": 1})",
                                          "<test>");
  CHECK_THROWS_WITH_AS(chain::run_instance(r, "yun2020/theorem-3", huge, JsonAt("<test>"), "t", {}),
                       doctest::Contains("/parameters/delta"), InputError);
}

TEST_CASE(
    "yun2020 positional: approxcert build with positional_encoding=true writes E first and the network is f on a cell") {
  const Network net = theorems::build_construction(theorems::builtin_constructions(), "yun2020/hardmax",
                                                   {"d=1", "n=2", "delta=1/2", "J=restatement", "thresholds=tight",
                                                    "positional_encoding=true", R"(target=["x0/2 + x1/4", "x1/2"])"},
                                                   "parameters");
  REQUIRE(!net.layers.empty());
  CHECK(std::holds_alternative<PositionalEncodingLayer>(net.layers[0].kind));
  // X = (1/4, 3/4) lies in the cell of the corner (0, 1/2): f there is (0/2 + (1/2)/4, (1/2)/2) = (1/8, 1/4).
  CHECK(evaluate<Rational>(lower(net), std::vector<Rational>{q(1, 4), q(3, 4)}, Prec(64)) ==
        std::vector<Rational>{q(1, 8), q(1, 4)});
}
