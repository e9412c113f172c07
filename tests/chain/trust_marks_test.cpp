// Trust marks (Evidence::trusted): what a theorem module says verify cannot re-compute, recorded in
// the certificate and named in verify's report (chain::trusting, Chain::trust, Chain::recheck,
// mark_trusted, trust_summary). The demo theorem's sides are counted from its source by hand.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/chain.hpp"
#include "chain/instance.hpp"
#include "chain/trust_reasons.hpp"
#include "chain/verify.hpp"
#include "chain_test_support.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

StepSpec spec(const char* id) {
  return StepSpec{.id = id,
                  .claim = "test",
                  .symbols = "test",
                  .relation = Relation::LessEqual,
                  .status = "R",
                  .coq_lemma = std::string("test_") + id};
}

// Two exact steps: A (1 <= 2) and B (1 <= 3, its rhs already rechecked by the module).
Chain two_steps() {
  Chain c;
  c.add(spec("A"), exact([] { return Outcome(Side::exact(Rational(1)), Side::exact(Rational(2))); }));
  c.add(spec("B"),
        exact([] { return Outcome(Side::exact(Rational(1)), Side::exact(Rational(3)).rechecked_by("3", {})); }));
  return c;
}

}  // namespace

TEST_CASE("trust marks: trust() marks the named sides, never a rechecked one, and recheck() records an expression") {
  Chain c = two_steps();
  c.trust("A", kNetworkEvaluation);
  c.trust("B", kEnumeration, kConstructionData);
  const ChainResult r = run_chain(c);
  CHECK(r.steps[0].outcome.lhs.evidence.trusted == kNetworkEvaluation);
  CHECK(r.steps[0].outcome.rhs.evidence.trusted.empty());  // no rhs reason given
  CHECK(r.steps[1].outcome.lhs.evidence.trusted == kEnumeration);
  CHECK(r.steps[1].outcome.rhs.evidence.trusted.empty());  // rechecked: not trusted
  CHECK(r.steps[1].outcome.rhs.evidence.recheck.has_value());

  c.recheck("A", "lhs", "1", {});
  const ChainResult r2 = run_chain(c);
  REQUIRE(r2.steps[0].outcome.lhs.evidence.recheck.has_value());
  CHECK(r2.steps[0].outcome.lhs.evidence.recheck->expression == "1");
  CHECK(r2.steps[0].outcome.lhs.evidence.trusted.empty());  // a recheck replaces the mark

  CHECK_THROWS_AS(c.trust("Z", kEnumeration), std::logic_error);
  CHECK_THROWS_AS(c.recheck("Z", "lhs", "1", {}), std::logic_error);
  CHECK_THROWS_AS(c.recheck("A", "middle", "1", {}), std::logic_error);
  c.recheck("A", "rhs_high", "1", {});  // A has no range: running it is the module's bug
  CHECK_THROWS_AS(run_chain(c), std::logic_error);
}

TEST_CASE("trust marks: mark_trusted skips steps the chain does not have, and sup-norm sides are marked") {
  Chain c = two_steps();
  mark_trusted(c, {{"A", kConstructionData, kConstructionData}, {"not-here", kEnumeration, ""}});
  const ChainResult r = run_chain(c);
  CHECK(r.steps[0].outcome.lhs.evidence.trusted == kConstructionData);
  CHECK(r.steps[0].outcome.rhs.evidence.trusted == kConstructionData);
  CHECK(r.steps[1].outcome.lhs.evidence.trusted.empty());
  const Side s = Side::sup_norm(Rational(0), Rational(1), "converged", Point{}, 3);
  CHECK(s.evidence.trusted == kSupNormTrusted);
}

TEST_CASE("trust marks: the mark is written to the certificate and not for unmarked sides") {
  const nlohmann::json marked = side_json(Side::exact(Rational(1)).trusted_because("why"), 17, false);
  CHECK(marked["evidence"]["trusted"] == "why");
  CHECK_FALSE(side_json(Side::exact(Rational(1)), 17, false)["evidence"].contains("trusted"));
}

TEST_CASE("trust marks: verify counts the re-computed sides and names every trusted one with its reason") {
  ScratchDir dir("trust_marks");
  const std::string path = write_certificate(
      dir.dir().string(),
      make_certificate(run_check(demo_registry(), read_check_file(data_file("demo_proved.json"))).run));
  const VerifyReport r = verify_certificate(demo_registry(), path, VerifyOptions{.rebuild = false});
  REQUIRE(r.ok());
  // The demo (demo_theorem.cpp): D1 2 sides, D2 3 (a range), D3-D7 2 each = 15; not rechecked:
  // D3's loop sum, both sides of D6 (distinct), D7's integral-comparison bound; none is marked.
  CHECK(r.sides == 15);
  CHECK(r.sides_recomputed == 11);
  REQUIRE(r.trusted.size() == 4);
  CHECK(r.trusted[0].step == "D3");
  CHECK(r.trusted[0].side == "lhs");
  CHECK(r.trusted[3].step == "D7");
  for (const TrustedSide& t : r.trusted) CHECK(t.reason.empty());
  CHECK(
      trust_summary(r) ==
      "11 of 15 sides re-computed from the certificate; 4 trusted as recorded: not marked (D3 lhs, D6 lhs, D6 rhs, D7 lhs)");

  // A marked side is named with its reason, grouped.
  VerifyReport grouped;
  grouped.sides = 5;
  grouped.sides_recomputed = 2;
  grouped.trusted = {{"S1", "lhs", "net"}, {"S2", "rhs", ""}, {"S3", "lhs", "net"}};
  CHECK(
      trust_summary(grouped) ==
      "2 of 5 sides re-computed from the certificate; 3 trusted as recorded: net (S1 lhs, S3 lhs); not marked (S2 rhs)");
}
