// ForAll with lazily named points, ForAll::merge, and for_all_indices: splitting a sequence of
// points into parts (any split, any thread count) gives exactly the outcome of one ForAll fed in
// order: the same counts, and the same decisive point (the first of the worst, on ties).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <vector>

#include "chain/for_all_parallel.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

// lhs of point k for the claim lhs <= 10: margins repeat (ties), one unknown and two equal
// refutations appear only in `with_bad` sequences.
Side lhs_at(std::uint64_t k, bool with_bad) {
  if (with_bad && k == 37) return Side::derived(Enclosure::between(Rational(9), Rational(11)));
  if (with_bad && (k == 61 || k == 83)) return Side::exact(Rational(12));  // equal violations: 61 is kept
  return Side::exact(Rational(static_cast<long>((k * 7) % 10)));           // 9 (margin 1) first at k = 7
}

Point point_at(std::uint64_t k) { return Point{}.add("k", Rational(static_cast<long>(k))); }

ForAll sequential(std::uint64_t count, bool with_bad) {
  ForAll fa(Relation::LessEqual);
  for (std::uint64_t k = 0; k < count; ++k) fa.add(point_at(k), lhs_at(k, with_bad), Side::exact(Rational(10)));
  return fa;
}

void check_same(const Outcome& a, const Outcome& b) {
  CHECK(a.at == b.at);
  CHECK(a.lhs.value == b.lhs.value);
  CHECK(a.rhs.value == b.rhs.value);
  REQUIRE(a.for_all.has_value());
  REQUIRE(b.for_all.has_value());
  CHECK(a.for_all->points == b.for_all->points);
  CHECK(a.for_all->proved == b.for_all->proved);
  CHECK(a.for_all->refuted == b.for_all->refuted);
  CHECK(a.for_all->unknown == b.for_all->unknown);
}

}  // namespace

TEST_CASE("ForAll: a lazily named point is built only when it becomes the decisive one") {
  ForAll fa(Relation::LessEqual);
  int built = 0;
  const Side two = Side::exact(Rational(2));
  for (long x : {1, 0, 1, 1})
    fa.add(
        [&] {
          ++built;
          return Point{}.add("x", Rational(x));
        },
        Side::exact(Rational(x)), two);
  CHECK(built == 1);  // 1 (margin 1) is kept; 0 has a larger margin, the later 1s tie
  CHECK(fa.outcome().at == Point{}.add("x", Rational(1)));
  CHECK(fa.add(
            [&] {
              ++built;
              return Point{}.add("x", Rational(3));
            },
            Side::exact(Rational(3)), two) == Verdict::Refuted);
  CHECK(built == 2);
  CHECK(fa.outcome().at == Point{}.add("x", Rational(3)));
}

TEST_CASE("ForAll: merging consecutive parts equals feeding the whole sequence") {
  for (bool with_bad : {false, true}) {
    const Outcome whole = sequential(100, with_bad).outcome();
    CHECK(whole.at == point_at(with_bad ? 61 : 7));
    for (std::uint64_t split : {0, 1, 7, 8, 37, 38, 61, 62, 99, 100}) {
      ForAll a(Relation::LessEqual), b(Relation::LessEqual);
      for (std::uint64_t k = 0; k < 100; ++k)
        (k < split ? a : b).add(point_at(k), lhs_at(k, with_bad), Side::exact(Rational(10)));
      a.merge(std::move(b));
      check_same(a.outcome(), whole);
    }
  }
}

TEST_CASE("for_all_indices: the outcome does not depend on the thread count") {
  for (std::uint64_t count : {1, 5, 100, 5000}) {
    const bool with_bad = count >= 100;
    const Outcome whole = sequential(count, with_bad).outcome();
    for (unsigned threads : {1u, 2u, 3u}) {
      std::atomic<std::uint64_t> fed = 0;
      const ForAll fa = for_all_indices(
          Relation::LessEqual, count, threads, [&](ForAll& part, std::uint64_t begin, std::uint64_t end) {
            for (std::uint64_t k = begin; k < end; ++k)
              part.add([k] { return point_at(k); }, lhs_at(k, with_bad), Side::exact(Rational(10)));
            fed += end - begin;
          });
      CHECK(fed == count);
      check_same(fa.outcome(), whole);
    }
  }
}

TEST_CASE("parallel_chunks covers every index once, and an exception in a chunk propagates") {
  std::vector<int> seen(1000, 0);
  parallel_chunks(seen.size(), 2, 7, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t k = begin; k < end; ++k) ++seen[k];
  });
  CHECK(std::count(seen.begin(), seen.end(), 1) == 1000);
  CHECK_THROWS_AS(parallel_chunks(1000, 2, 1,
                                  [](std::uint64_t begin, std::uint64_t) {
                                    if (begin >= 500) throw std::domain_error("chunk failed");
                                  }),
                  std::domain_error);
}
