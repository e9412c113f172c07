// The cover checker's report does not depend on its thread count, on how far it bisects a leaf
// ahead of its turn, nor on its batch size: on covers of x^2 - x whose leaves need bisection, with false leaf bounds
// (exact reference: sup |x^2 - x| on the leaf in closed form) and with budgets of extra boxes that
// run out mid-leaf, the problems (same text, same order), the counts and the verdict are those of
// the one-thread run; the false leaves are rejected and named. Through the command line, `verify
// --json` prints the same report for --threads 1 and 2 on a certificate with a forged leaf bound.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "../supnorm/cli_support.hpp"
#include "../supnorm/square_minus_x.hpp"
#include "check/cover_check.hpp"
#include "net/expression.hpp"
#include "problem/error_program.hpp"

using namespace approxcert;
using namespace approxcert::supnorm_test;

namespace {

// A uniform cover of [-1, 6/5] by 2^k leaves, each bound its exact sup plus `slack` (the vertex 1/2
// lies inside a leaf, which the forms bound loosely).
RecordedCover uniform_cover(int k, const Rational& slack) {
  RecordedCover c = test::uniform_square_minus_x_cover(Rational(-1), Rational(mpz_class(6), mpz_class(5)), k);
  for (auto& b : c.bounds) b = *b + slack;
  return c;
}

// Checks `cover` on 1 thread and on 2 and 3 threads with several ahead caps and batch sizes; every
// report must equal the first. Returns it.
CoverCheckReport same_for_every_thread_count(const Program& prog, const Box& domain, const RecordedCover& cover,
                                             CoverCheckOptions o) {
  o.threads = 1;
  const CoverCheckReport one = check_cover(prog, domain, cover, o);
  for (const unsigned threads : {1u, 2u, 3u})
    for (const std::uint64_t cap : {std::uint64_t(1), std::uint64_t(2), std::uint64_t(5), std::uint64_t(4096)}) {
      o.threads = threads;
      o.ahead_split_cap = cap;
      o.leaves_per_batch = cap == 4096 ? 8192 : static_cast<std::size_t>(cap + 2);  // 3, 4, 7 leaves: batch edges
      const CoverCheckReport r = check_cover(prog, domain, cover, o);
      CAPTURE(threads);
      CAPTURE(cap);
      CHECK(r.problems == one.problems);
      CHECK(r.leaves == one.leaves);
      CHECK(r.leaves_split == one.leaves_split);
      CHECK(r.extra_boxes == one.extra_boxes);
      CHECK(r.monotone == one.monotone);
    }
  return one;
}

}  // namespace

TEST_CASE("cover check: the report is the same for every thread count and ahead cap") {
  const Program prog = expression_error_program("x0", "x0^2", 1);  // x^2 - x
  const Box domain{{Rational(-1)}, {Rational(mpz_class(6), mpz_class(5))}};
  CoverCheckOptions o;
  o.bits = 64;
  o.max_bits = 128;
  o.max_split_depth = 12;
  const Rational slack(mpz_class(1), mpz_class(65536));
  const RecordedCover sound = uniform_cover(5, slack);

  SUBCASE("a sound cover whose leaves need bisection") {
    const CoverCheckReport r = same_for_every_thread_count(prog, domain, sound, o);
    CHECK(r.ok());
    CHECK(r.leaves == 32);
    CHECK(r.leaves_split > 0);
  }
  SUBCASE("false leaf bounds are rejected, in leaf order") {
    RecordedCover bad = sound;
    for (const std::size_t k : {std::size_t(3), std::size_t(20)})
      bad.bounds[k] = *sound.bounds[k] - slack - Rational(mpz_class(1), mpz_class(1000));
    const CoverCheckReport r = same_for_every_thread_count(prog, domain, bad, o);
    REQUIRE(r.problems.size() == 2);
    CHECK(r.problems[0].rfind("leaf 3:", 0) == 0);
    CHECK(r.problems[1].rfind("leaf 20:", 0) == 0);
    CHECK(r.leaves_split > 0);
  }
  SUBCASE("a budget of extra boxes that runs out mid-leaf") {
    const CoverCheckReport full = same_for_every_thread_count(prog, domain, sound, o);
    REQUIRE(full.extra_boxes > 4);
    for (const std::uint64_t budget : {full.extra_boxes / 3, full.extra_boxes / 2 + 1, full.extra_boxes - 1}) {
      o.max_extra_boxes = budget;
      const CoverCheckReport r = same_for_every_thread_count(prog, domain, sound, o);
      CAPTURE(budget);
      CHECK_FALSE(r.ok());
      CHECK(r.extra_boxes <= budget);
    }
  }
  SUBCASE("checking stops after 10 problems, the same ones") {
    RecordedCover bad = sound;
    for (std::size_t k = 0; k < bad.bounds.size(); k += 2) bad.bounds[k] = Rational(0);
    const CoverCheckReport r = same_for_every_thread_count(prog, domain, bad, o);
    REQUIRE(r.problems.size() == 10);
    CHECK(r.problems[9].rfind("leaf 18:", 0) == 0);
  }
  SUBCASE("a malformed tree after the leaves: leaf problems first, then the tree's") {
    RecordedCover bad = sound;
    bad.bounds[1] = Rational(0);
    bad.tree += 'L';
    const CoverCheckReport r = same_for_every_thread_count(prog, domain, bad, o);
    REQUIRE(r.problems.size() == 2);
    CHECK(r.problems[0].rfind("leaf 1:", 0) == 0);
    CHECK(r.problems[1] == "the cover's tree has nodes after its last leaf");
  }
}

TEST_CASE("verify: the report is the same for --threads 1 and 2 (a forged leaf bound)") {
  ScratchDir s("verify-threads");
  const std::string cert = s.path("c.json");
  REQUIRE(
      run_cli("supnorm --approx 'x0*x1' --target 'sin(x0)*sin(x1)' --domain '[-1,1]^2' --rel-tol 1e-3 --cert " + cert,
              s)
          .status == 0);
  const nlohmann::json doc = read_json(cert);
  REQUIRE(doc["cover"]["bounds"].size() > 8);
  const std::string forged = forge(s, doc, "leaf-bound", [](nlohmann::json& c) { c["cover"]["bounds"][5] = "0"; });
  const Run one = run_cli("verify --json --threads 1 " + forged, s);
  const Run two = run_cli("verify --json --threads 2 " + forged, s);
  CHECK(one.status == 1);
  CHECK(two.status == 1);
  CHECK(one.out == two.out);
  CHECK(one.out.find("cover: leaf 5:") != std::string::npos);
  const Run sound_one = run_cli("verify --json --threads 1 " + cert, s);
  CHECK(sound_one.status == 0);
  CHECK(run_cli("verify --json --threads 2 " + cert, s).out == sound_one.out);
  CHECK(run_cli("verify --threads 1025 " + cert, s).status == 2);  // bad input
}
