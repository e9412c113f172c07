// Frontier (supnorm/frontier.hpp) against a plain list model: pops come largest upper bound
// first (unbounded first, ties first-in first-out), and upper_bound() is the maximum over the
// boxes still in it and those dropped or retired, or absent when any of them is unbounded.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <vector>

#include "../test_multiplier.hpp"
#include "supnorm/frontier.hpp"

using namespace approxcert;

namespace {

FrontierBox box_with(std::optional<Rational> upper, std::size_t node) {
  FrontierBox b;
  b.box = Box{{Rational(0)}, {Rational(1)}};
  b.upper = std::move(upper);
  b.node = node;
  return b;
}

// The model: every upper bound still counted (frontier, dropped, retired); nullopt = unbounded.
std::optional<Rational> model_bound(const std::vector<std::optional<Rational>>& counted) {
  Rational u(0);
  for (const auto& x : counted) {
    if (!x) return std::nullopt;
    u = max(u, *x);
  }
  return u;
}

}  // namespace

TEST_CASE("frontier: an empty frontier bounds by 0, unbounded boxes pop first, ties in insertion order") {
  Frontier f;
  CHECK(f.empty());
  CHECK(f.upper_bound() == Rational(0));
  f.push(box_with(Rational(3), 0));
  f.push(box_with(std::nullopt, 1));
  f.push(box_with(Rational(5), 2));
  f.push(box_with(Rational(5), 3));
  f.push(box_with(std::nullopt, 4));
  CHECK(!f.upper_bound().has_value());
  std::vector<std::size_t> order;
  while (!f.empty()) order.push_back(f.pop().node);
  CHECK(order == std::vector<std::size_t>{1, 4, 2, 3, 0});
  CHECK(f.upper_bound() == Rational(0));
}

TEST_CASE("frontier: random pushes, pops, drops and retirements agree with the list model") {
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<int> action(0, 9), value(-50, 400);
  for (int run = 0; run < approxcert::test::random_cases(50); ++run) {
    Frontier f;
    std::vector<std::pair<std::optional<Rational>, std::size_t>> open;  // the model's frontier
    std::vector<std::optional<Rational>> gone;                          // dropped and retired
    std::size_t node = 0;
    for (int step = 0; step < 200; ++step) {
      const int a = action(rng);
      auto draw = [&]() -> std::optional<Rational> {
        const int v = value(rng);
        if (v < 0) return std::nullopt;  // about one in ten: no finite bound (bounds of |f| are >= 0)
        return Rational(mpz_class(v), mpz_class(7));
      };
      if (a < 5 || open.empty()) {
        const auto u = draw();
        f.push(box_with(u, node));
        open.emplace_back(u, node++);
      } else if (a < 8) {
        // the model's pick: unbounded first, then largest, ties by insertion (smallest node)
        auto best = open.begin();
        for (auto it = open.begin(); it != open.end(); ++it) {
          const bool it_unb = !it->first, best_unb = !best->first;
          if (it_unb != best_unb ? it_unb : (!it_unb && *best->first < *it->first)) best = it;
        }
        const FrontierBox b = f.pop();
        CHECK(b.node == best->second);
        open.erase(best);
      } else {
        const auto u = draw();
        if (a == 8) f.drop(u);
        else f.retire(u);
        gone.push_back(u);
      }
      std::vector<std::optional<Rational>> counted = gone;
      for (const auto& o : open) counted.push_back(o.first);
      CHECK(f.upper_bound() == model_bound(counted));
      CHECK(f.size() == open.size());
    }
  }
}
