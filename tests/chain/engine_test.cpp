// The chain engine: ForAll keeps the decisive point, distinct(), the precision retry schedule,
// the overall verdict, earlier results, and numerical failures becoming unknown (never proved).
#include <doctest/doctest.h>

#include <stdexcept>

#include "chain/chain.hpp"
#include "scalar/ball.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

Rational q(const char* s) { return parse_rational(s); }
Side ex(const char* s) { return Side::exact(q(s)); }
StepSpec spec(const char* id, Relation r = Relation::LessEqual) {
  return StepSpec{.id = id,
                  .claim = "test",
                  .symbols = "test",
                  .relation = r,
                  .status = "R",
                  .coq_lemma = std::string("test_") + id};
}

}  // namespace

TEST_CASE("engine: ForAll keeps the largest violation as the counterexample") {
  ForAll fa(Relation::LessEqual);
  CHECK(fa.add(Point{}.add("x", 0), ex("1"), ex("2")) == Verdict::Proved);
  CHECK(fa.add(Point{}.add("x", 1), ex("3"), ex("2")) == Verdict::Refuted);
  CHECK(fa.add(Point{}.add("x", 2), ex("5"), ex("2")) == Verdict::Refuted);
  CHECK(fa.add(Point{}.add("x", 3), Side::derived(Enclosure::between(q("1"), q("3"))), ex("2")) == Verdict::Unknown);
  const Outcome o = fa.outcome();
  CHECK(o.at == Point{}.add("x", 2));
  CHECK(o.lhs.value == Enclosure::exact(q("5")));
  REQUIRE(o.for_all.has_value());
  CHECK(o.for_all->points == 4);
  CHECK(o.for_all->proved == 1);
  CHECK(o.for_all->refuted == 2);
  CHECK(o.for_all->unknown == 1);
}

TEST_CASE("engine: ForAll keeps an undecided point over proved ones, else the smallest margin") {
  ForAll fa(Relation::LessEqual);
  fa.add(Point{}.add("x", 0), ex("1"), ex("2"));
  fa.add(Point{}.add("x", 1), ex("1.9"), ex("2"));
  fa.add(Point{}.add("x", 2), ex("1.5"), ex("2"));
  CHECK(fa.outcome().at == Point{}.add("x", 1));
  fa.add(Point{}.add("x", 3), Side::derived(Enclosure::between(q("1"), q("3"))), ex("2"));
  CHECK(fa.outcome().at == Point{}.add("x", 3));
  CHECK_THROWS_AS(ForAll(Relation::Less).outcome(), std::logic_error);
}

TEST_CASE("engine: distinct finds an equal pair, proves disjoint values, and leaves overlaps unknown") {
  const Outcome equal = distinct({ex("1/2"), ex("3"), ex("0.5"), ex("7")});
  CHECK(decide(Relation::Distinct, equal.lhs.value, equal.rhs.value) == Verdict::Refuted);
  CHECK(equal.at == Point{}.add("i", 0).add("j", 2));
  const Outcome disjoint = distinct({ex("3"), ex("1"), ex("2")});
  CHECK(decide(Relation::Distinct, disjoint.lhs.value, disjoint.rhs.value) == Verdict::Proved);
  CHECK(disjoint.for_all->points == 2);
  // An exact point inside another enclosure: not provably distinct, not refuted.
  const Outcome overlap = distinct({Side::derived(Enclosure::between(q("0"), q("2"))), ex("1"), ex("5")});
  CHECK(decide(Relation::Distinct, overlap.lhs.value, overlap.rhs.value) == Verdict::Unknown);
  // Equal exact points separated (in sort order) by an enclosure with the same lower end.
  const Outcome tied = distinct({ex("1"), Side::derived(Enclosure::between(q("1"), q("2"))), ex("1")});
  CHECK(decide(Relation::Distinct, tied.lhs.value, tied.rhs.value) == Verdict::Refuted);
}

TEST_CASE("engine: an unknown step is retried at 128, 256, 512 bits, within the limit") {
  // rhs: an exact upper bound of e that is above e by about 2^-300 only.
  Ball one, e300;
  set(one, Rational(1), Prec(300));
  exp(e300, one, Prec(300));
  const Rational rhs = upper(e300);
  Chain c;
  c.add(spec("E"), ball([rhs](const Attempt& a) {
          Ball x, e;
          set(x, Rational(1), a.prec);
          exp(e, x, a.prec);
          return Outcome(Side::enclosure(e), Side::exact(rhs));
        }));
  const ChainResult proved = run_chain(c);
  CHECK(proved.steps[0].verdict == Verdict::Proved);
  CHECK(proved.steps[0].attempts == 3);
  CHECK(proved.steps[0].prec_bits == 512);
  CHECK(proved.overall == Verdict::Proved);

  const ChainResult limited = run_chain(c, RunOptions{.engine = Arithmetic::Ball, .base_bits = 128, .max_bits = 256});
  CHECK(limited.steps[0].verdict == Verdict::Unknown);
  CHECK(limited.steps[0].attempts == 2);
  CHECK(limited.overall == Verdict::Unknown);
}

TEST_CASE("engine: exact steps run once, the overall verdict is the conjunction") {
  int runs = 0;
  Chain c;
  c.add(spec("A"), exact([&runs] {
          ++runs;
          return Outcome(ex("1"), ex("2"));
        }));
  c.add(spec("B", Relation::Equal), exact([] { return Outcome(ex("1/3"), ex("2/6")); }));
  ChainResult r = run_chain(c);
  CHECK(runs == 1);
  CHECK(r.steps[0].attempts == 1);
  CHECK(r.overall == Verdict::Proved);
  c.add(spec("C", Relation::Less), exact([] { return Outcome(ex("2"), ex("2")); }));
  c.add(spec("D"), exact([] { return Outcome(Side::derived(Enclosure::between(q("0"), q("3"))), ex("2")); }));
  r = run_chain(c);
  CHECK(r.steps[2].verdict == Verdict::Refuted);
  CHECK(r.steps[3].verdict == Verdict::Unknown);
  CHECK(r.overall == Verdict::Refuted);
}

TEST_CASE("engine: later steps read earlier results and reported quantities") {
  Chain c;
  c.add(spec("A"), exact([] { return Outcome(ex("1"), ex("2")).report("N", ex("5")); }));
  c.add(spec("B"), exact([] { return Outcome(ex("0"), ex("1")); }));
  c.add(spec("C", Relation::Equal), generic([]<class S>(const Attempt& a) {
          const Rational n = a.reported("A", "N").value.lower();
          return Outcome(Side::derived(a.result("A").outcome.lhs.value), Side::exact(n - Rational(4)));
        }));
  const ChainResult r = run_chain(c);
  CHECK(r.steps[2].verdict == Verdict::Proved);
  Chain bad;
  bad.add(spec("X"), exact([] { return Outcome(ex("1"), ex("2")); }));
  bad.add(spec("Y"), generic([]<class S>(const Attempt& a) { return Outcome(a.result("Z").outcome.lhs, ex("1")); }));
  CHECK_THROWS_AS(run_chain(bad), std::logic_error);
}

TEST_CASE("engine: a numerical failure is unknown with its message, never proved") {
  Chain c;
  c.add(spec("F"), ball([](const Attempt&) -> Outcome { throw std::domain_error("infinite enclosure"); }));
  const ChainResult r = run_chain(c);
  CHECK(r.steps[0].verdict == Verdict::Unknown);
  CHECK(r.steps[0].error == "infinite enclosure");
  CHECK(r.steps[0].attempts == 3);
  CHECK(r.overall == Verdict::Unknown);
}

TEST_CASE("engine: the Interval engine runs generic steps with MPFI, ball-only steps with Arb") {
  Chain c;
  c.add(spec("G"), generic([]<class S>(const Attempt& a) {
          S pi;
          set_pi(pi, a.prec);
          return Outcome(Side::enclosure(pi), Side::exact(4));
        }));
  c.add(spec("B"), ball([](const Attempt& a) {
          Ball pi;
          set_pi(pi, a.prec);
          return Outcome(Side::enclosure(pi), Side::exact(4));
        }));
  const ChainResult r = run_chain(c, RunOptions{.engine = Arithmetic::Interval, .base_bits = 200, .max_bits = 400});
  CHECK(r.steps[0].engine == Arithmetic::Interval);
  CHECK(r.steps[0].outcome.lhs.evidence.kind == "mpfi");
  CHECK(r.steps[0].prec_bits == 200);
  CHECK(r.steps[1].engine == Arithmetic::Ball);
  CHECK(r.steps[1].outcome.lhs.evidence.kind == "arb");
}

TEST_CASE("engine: chain construction rejects bad specs") {
  Chain c;
  c.add(spec("A"), exact([] { return Outcome(ex("1"), ex("2")); }));
  CHECK_THROWS_AS(c.add(spec("A"), exact([] { return Outcome(ex("1"), ex("2")); })), std::logic_error);
  StepSpec s = spec("B");
  s.coq_lemma = "not an identifier";
  CHECK_THROWS_AS(c.add(s, exact([] { return Outcome(ex("1"), ex("2")); })), std::logic_error);
  s = spec("B");
  s.status = "";
  CHECK_THROWS_AS(c.add(s, exact([] { return Outcome(ex("1"), ex("2")); })), std::logic_error);
}
