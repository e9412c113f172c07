// decide() and margin(): every relation at its boundaries, with exact rational enclosures, so that
// each expected verdict follows from the table in relation.hpp by hand.
#include <doctest/doctest.h>

#include "chain/relation.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

Rational q(const char* s) { return parse_rational(s); }
Enclosure iv(const char* lo, const char* hi) { return Enclosure::between(q(lo), q(hi)); }
Enclosure pt(const char* x) { return Enclosure::exact(q(x)); }

}  // namespace

TEST_CASE("relation: <= proved, refuted, unknown at the boundaries") {
  CHECK(decide(Relation::LessEqual, iv("1", "2"), iv("2", "3")) == Verdict::Proved);  // touching: proved
  CHECK(decide(Relation::LessEqual, iv("1", "2"), iv("1.5", "3")) == Verdict::Unknown);
  CHECK(decide(Relation::LessEqual, iv("3", "4"), iv("1", "2")) == Verdict::Refuted);
  CHECK(decide(Relation::LessEqual, iv("2", "4"), iv("1", "2")) == Verdict::Unknown);  // 2 <= 2 possible
  CHECK(decide(Relation::LessEqual, pt("1/3"), pt("1/3")) == Verdict::Proved);
  CHECK(*margin(Relation::LessEqual, iv("1", "2"), iv("2.5", "3")) == q("1/2"));
  CHECK(*margin(Relation::LessEqual, iv("3", "4"), iv("1", "2")) == q("1"));
  CHECK_FALSE(margin(Relation::LessEqual, iv("1", "2"), iv("1.5", "3")).has_value());
}

TEST_CASE("relation: < needs strict separation, > and >= mirror") {
  CHECK(decide(Relation::Less, iv("1", "2"), iv("2", "3")) == Verdict::Unknown);
  CHECK(decide(Relation::Less, iv("1", "2"), iv("2.01", "3")) == Verdict::Proved);
  CHECK(decide(Relation::Less, pt("2"), pt("2")) == Verdict::Refuted);
  CHECK(decide(Relation::Less, iv("2", "3"), iv("1", "2")) == Verdict::Refuted);
  CHECK(decide(Relation::GreaterEqual, iv("2", "3"), iv("1", "2")) == Verdict::Proved);
  CHECK(decide(Relation::GreaterEqual, iv("0", "1"), iv("1.5", "2")) == Verdict::Refuted);
  CHECK(decide(Relation::Greater, iv("2", "3"), iv("1", "2")) == Verdict::Unknown);
  CHECK(decide(Relation::Greater, pt("2"), pt("2")) == Verdict::Refuted);
  CHECK(decide(Relation::Greater, pt("3"), pt("2")) == Verdict::Proved);
}

TEST_CASE("relation: = is proved only for identical exact points, != is its negation") {
  CHECK(decide(Relation::Equal, pt("1/3"), pt("2/6")) == Verdict::Proved);
  CHECK(decide(Relation::Equal, iv("1", "1"), iv("1", "2")) == Verdict::Unknown);
  CHECK(decide(Relation::Equal, iv("0", "1"), iv("0", "1")) == Verdict::Unknown);  // same enclosure, not proof
  CHECK(decide(Relation::Equal, iv("0", "1"), iv("1.1", "2")) == Verdict::Refuted);
  CHECK(decide(Relation::NotEqual, iv("0", "1"), iv("1.1", "2")) == Verdict::Proved);
  CHECK(decide(Relation::NotEqual, pt("5"), pt("5")) == Verdict::Refuted);
  CHECK(decide(Relation::NotEqual, iv("0", "1"), iv("1", "2")) == Verdict::Unknown);
  CHECK(*margin(Relation::Equal, iv("0", "1"), iv("1.25", "2")) == q("1/4"));
}

TEST_CASE("relation: in [a, b] and not in [a, b]") {
  const Enclosure a = pt("3"), b = pt("3.22");
  CHECK(decide(Relation::InClosed, iv("3.14", "3.15"), a, &b) == Verdict::Proved);
  CHECK(*margin(Relation::InClosed, iv("3.14", "3.15"), a, &b) == q("0.07"));
  CHECK(decide(Relation::InClosed, pt("3"), a, &b) == Verdict::Proved);  // closed range
  CHECK(decide(Relation::InClosed, iv("2.9", "3.1"), a, &b) == Verdict::Unknown);
  CHECK(decide(Relation::InClosed, iv("3.3", "3.4"), a, &b) == Verdict::Refuted);
  CHECK(decide(Relation::InClosed, iv("1", "2"), a, &b) == Verdict::Refuted);
  CHECK(decide(Relation::NotInClosed, iv("3.3", "3.4"), a, &b) == Verdict::Proved);
  CHECK(decide(Relation::NotInClosed, iv("3.1", "3.2"), a, &b) == Verdict::Refuted);
  CHECK_THROWS_AS(decide(Relation::InClosed, pt("1"), a), std::logic_error);
  CHECK_THROWS_AS(decide(Relation::LessEqual, pt("1"), a, &b), std::logic_error);
}

TEST_CASE("relation: an unbounded side is never decided") {
  for (Relation r : {Relation::LessEqual, Relation::Less, Relation::GreaterEqual, Relation::Greater, Relation::Equal,
                     Relation::NotEqual}) {
    CHECK(decide(r, Enclosure::whole_line(), pt("1")) == Verdict::Unknown);
    CHECK(decide(r, pt("1"), Enclosure::whole_line()) == Verdict::Unknown);
  }
}

TEST_CASE("relation: names round-trip") {
  for (Relation r : {Relation::LessEqual, Relation::Less, Relation::GreaterEqual, Relation::Greater, Relation::Equal,
                     Relation::NotEqual, Relation::InClosed, Relation::NotInClosed, Relation::Distinct})
    CHECK(parse_relation(to_string(r)) == r);
  CHECK_FALSE(parse_relation("=<").has_value());
  CHECK(parse_verdict("proved") == Verdict::Proved);
  CHECK_FALSE(parse_verdict("true").has_value());
  CHECK(conjunction(Verdict::Proved, Verdict::Unknown) == Verdict::Unknown);
  CHECK(conjunction(Verdict::Unknown, Verdict::Refuted) == Verdict::Refuted);
  CHECK(conjunction(Verdict::Proved, Verdict::Proved) == Verdict::Proved);
}
