// SettledPoints / ForAll::reuse_settled: a retry re-evaluates only the points its earlier attempts
// left undecided, and the step's verdict, counts and decisive point are those of evaluating every
// point at the precision that decided it.
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "chain/chain.hpp"
#include "scalar/ball.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

StepSpec spec(Relation r = Relation::LessEqual) {
  return StepSpec{.id = "E", .claim = "test", .symbols = "test", .relation = r, .status = "R", .coq_lemma = "test_E"};
}

// Point j claims e <= upper(e at bits[j]): decided from about bits[j] working bits on.
struct Points {
  std::vector<Rational> rhs;
  explicit Points(const std::vector<long>& bits) {
    for (long b : bits) {
      Ball one, e;
      set(one, Rational(1), Prec(b));
      exp(e, one, Prec(b));
      rhs.push_back(upper(e));
    }
  }
};

// A step over the points; `evaluated` counts the points evaluated per attempt.
Chain step(const Points& pts, bool reuse, std::shared_ptr<std::vector<int>> evaluated,
           Rational refute_at = Rational(-1)) {
  Chain c;
  c.add(spec(), ball([&pts, reuse, evaluated, refute_at](const Attempt& a) {
          ForAll fa = reuse ? a.for_all_reusing() : a.for_all();
          evaluated->push_back(0);
          for (std::size_t j = 0; j < pts.rhs.size(); ++j) {
            if (fa.reuse_settled(1)) continue;
            ++evaluated->back();
            Ball x, e;
            set(x, Rational(1), a.prec);
            exp(e, x, a.prec);
            const Rational r = Rational(static_cast<long>(j)) == refute_at ? Rational(2) : pts.rhs[j];
            fa.add(Point{}.add("j", static_cast<long>(j)), Side::enclosure(e), Side::exact(r));
          }
          return fa.outcome();
        }));
  return c;
}

}  // namespace

TEST_CASE("settled points: a retry evaluates only the undecided points, with the same verdict and counts") {
  const Points pts({100, 400, 60, 200, 90, 400});  // decided at 128, 512, 128, 256, 128, 512 bits
  auto plain_count = std::make_shared<std::vector<int>>();
  auto reuse_count = std::make_shared<std::vector<int>>();
  RunOptions opts;
  opts.max_bits = 512;
  const ChainResult plain = run_chain(step(pts, false, plain_count), opts);
  const ChainResult reuse = run_chain(step(pts, true, reuse_count), opts);
  CHECK(*plain_count == std::vector<int>{6, 6, 6});
  CHECK(*reuse_count == std::vector<int>{6, 3, 2});  // 128 bits: all; 256: the three undecided; 512: two
  for (const ChainResult* r : {&plain, &reuse}) {
    CHECK(r->steps[0].verdict == Verdict::Proved);
    CHECK(r->steps[0].attempts == 3);
    REQUIRE(r->steps[0].outcome.for_all.has_value());
    CHECK(r->steps[0].outcome.for_all->points == 6);
    CHECK(r->steps[0].outcome.for_all->proved == 6);
  }
  // The decisive point (smallest margin) is a 512-bit point in both.
  CHECK(plain.steps[0].outcome.at == Point{}.add("j", 1L));
  CHECK(reuse.steps[0].outcome.at == Point{}.add("j", 1L));
}

TEST_CASE("settled points: a refutation found at the first attempt stays the counterexample") {
  const Points pts({100, 400, 60});
  auto count = std::make_shared<std::vector<int>>();
  RunOptions opts;
  opts.max_bits = 512;
  // Point 2 claims e <= 2: refuted at 128 bits; the step is refuted at once, no retry.
  const ChainResult r = run_chain(step(pts, true, count, Rational(2)), opts);
  CHECK(r.steps[0].verdict == Verdict::Refuted);
  CHECK(r.steps[0].outcome.at == Point{}.add("j", 2L));
  CHECK(*count == std::vector<int>{3});
}

TEST_CASE("settled points: without a SettledPoints nothing is reused, and reusing ForAlls are not merged") {
  ForAll fa(Relation::LessEqual);
  CHECK_FALSE(fa.reuse_settled(1));
  SettledPoints s;
  ForAll a(Relation::LessEqual, nullptr, &s), b(Relation::LessEqual, nullptr, &s);
  CHECK_THROWS_AS(a.merge(std::move(b)), std::logic_error);
  // A decided point is recorded; an undecided one is not; a second ForAll replays the first only.
  a.add(Point{}.add("j", 0L), Side::exact(Rational(1)), Side::exact(Rational(2)));
  a.add(Point{}.add("j", 1L), Side::derived(Enclosure::between(Rational(1), Rational(3))), Side::exact(Rational(2)));
  ForAll again(Relation::LessEqual, nullptr, &s);
  CHECK(again.reuse_settled(1));
  CHECK_FALSE(again.reuse_settled(1));
  CHECK(again.outcome().at == Point{}.add("j", 0L));
  CHECK(again.summary().points == 1);
}
