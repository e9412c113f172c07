// The decisive point of a "for all" step is claimed: ForAll keeps the sides at a watched point
// (Attempt::watch), and verify on rebuild compares the recorded sides with the sides at the
// recorded point when the re-run decides at another one. An honest certificate whose re-run breaks a
// tie differently verifies; a moved point (hash recomputed) is rejected, whether it names another
// point of the claim or none.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/instance.hpp"
#include "chain/verify.hpp"
#include "chain_test_support.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

Point at_x(long num, long den) { return Point{}.add("x", Rational(num) / Rational(den)); }

// "x^2 <= 1 for x in {-1/2, 0, 1/2}", computed for any engine with no recheck recipe, so that only
// the rebuild can check the recorded sides. The two tied decisive points (-1/2 and 1/2 have the
// same margin) are fed in opposite orders by the two engines, so Ball keeps -1/2 and MPFI keeps 1/2.
Chain build_tied(const Parameters&) {
  Chain c;
  c.add({.id = "T1",
         .claim = "x^2 <= 1 at x = -1/2, 0, 1/2",
         .symbols = "x^2 <= 1",
         .relation = Relation::LessEqual,
         .lhs_name = "x^2",
         .rhs_name = "1",
         .reference = "test",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "test_T1",
         .coq_note = "test theorem"},
        generic([]<class S>(const Attempt& a) {
          std::vector<Rational> xs{Rational(-1) / Rational(2), Rational(0), Rational(1) / Rational(2)};
          if (a.engine == Arithmetic::Interval) std::reverse(xs.begin(), xs.end());
          ForAll fa = a.for_all();
          for (const Rational& x : xs) {
            S s, sq;
            set(s, x, a.prec);
            mul(sq, s, s, a.prec);
            fa.add(Point{}.add("x", x), Side::enclosure(sq), Side::exact(1));
          }
          return fa.outcome();
        }));
  return c;
}

const TheoremRegistry& tied_registry() {
  static const TheoremRegistry r = [] {
    TheoremRegistry reg;
    reg.add({.name = "test/tied-points",
             .paper = "test",
             .title = "Tied decisive points",
             .statement = "x^2 <= 1 on three points"},
            build_tied);
    return reg;
  }();
  return r;
}

std::string write_tied(const ScratchDir& dir) {
  const InstanceRun run = run_instance(tied_registry(), "test/tied-points", parse_exact_json("{}", "test"),
                                       JsonAt("test"), "tied", RunOptions{});
  return write_certificate(dir.dir().string(), make_certificate(run));
}

void move_point(const std::string& path, const nlohmann::json& to) {
  nlohmann::json c = read_certificate(path);
  c["steps"][0]["at"] = to;
  c["sha256"] = certificate_hash(c);
  write_file(path, c.dump(2));
}

std::string all_problems(const VerifyReport& r) {
  std::string s;
  for (const auto& p : r.problems) s += p + "\n";
  return s;
}

}  // namespace

TEST_CASE("ForAll keeps the sides at the watched point, across merges, and only there") {
  const Point watch = at_x(1, 3);
  ForAll first(Relation::LessEqual, &watch), later(Relation::LessEqual, &watch);
  first.add(at_x(1, 2), Side::exact(Rational(1) / Rational(4)), Side::exact(1));
  later.add(at_x(1, 3), Side::exact(Rational(1) / Rational(9)), Side::exact(1));
  later.add(at_x(0, 1), Side::exact(0), Side::exact(1));
  CHECK_FALSE(first.outcome().at_watched.has_value());
  first.merge(std::move(later));
  const Outcome o = first.outcome();
  CHECK(o.at == at_x(1, 2));  // the smallest margin decides, as without a watch
  REQUIRE(o.at_watched.has_value());
  CHECK(o.at_watched->lhs.value.lower() == Rational(1) / Rational(9));
  CHECK(o.at_watched->lhs.value.upper() == Rational(1) / Rational(9));
  CHECK(o.at_watched->rhs.value.lower() == Rational(1));

  ForAll unwatched(Relation::LessEqual);
  unwatched.add(at_x(1, 3), Side::exact(0), Side::exact(1));
  CHECK_FALSE(unwatched.outcome().at_watched.has_value());

  const Point nowhere = at_x(5, 1);
  ForAll missed(Relation::LessEqual, &nowhere);
  missed.add(at_x(1, 3), Side::exact(0), Side::exact(1));
  CHECK_FALSE(missed.outcome().at_watched.has_value());
}

TEST_CASE("verify: a tie broken differently on rebuild verifies, a moved decisive point does not") {
  ScratchDir dir("tied");
  const std::string path = write_tied(dir);
  const nlohmann::json cert = read_certificate(path);
  REQUIRE(cert["steps"][0]["at"] == point_json(at_x(-1, 2)));  // Ball kept the first of the tie

  // Honest: the MPFI re-run decides at 1/2, the recorded sides are those of -1/2.
  const VerifyReport honest = verify_certificate(tied_registry(), path);
  CHECK_MESSAGE(honest.ok(), all_problems(honest));

  SUBCASE("moved to another point of the claim") {
    move_point(path, point_json(at_x(0, 1)));
    const VerifyReport r = verify_certificate(tied_registry(), path);
    CHECK_FALSE(r.ok());
    CHECK(all_problems(r).find("at the recorded point") != std::string::npos);
  }
  SUBCASE("moved to a point the claim does not range over") {
    move_point(path, point_json(at_x(7, 1)));
    const VerifyReport r = verify_certificate(tied_registry(), path);
    CHECK_FALSE(r.ok());
    CHECK(all_problems(r).find("never evaluates the recorded one") != std::string::npos);
  }
  SUBCASE("moved to the other tied point: a true statement, accepted") {
    move_point(path, point_json(at_x(1, 2)));
    const VerifyReport r = verify_certificate(tied_registry(), path);
    CHECK_MESSAGE(r.ok(), all_problems(r));
  }
}
