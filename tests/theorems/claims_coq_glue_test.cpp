// Claim-level Coq glue (theorems/claims/coq_glue.hpp, docs/claims.md "coq"): the worked example's
// step C3 ("coq": "sup_triangle") is concluded by ClaimsGlue.claims_sup_triangle with the two
// sup-norms' recorded upper bounds and the step's exact bound 3/20 (the hand-computed sup-norms
// are 1/64 and 1/8); a forged certificate whose bounds no longer add up below 3/20 concludes
// nothing; misused glue is an input error naming the JSON pointer. (The export is compiled by coqc
// in ctest proofs.export.claims_xy_relu.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "chain/certificate.hpp"
#include "chain/coq_export.hpp"
#include "chain/coq_text.hpp"
#include "chain/instance.hpp"
#include "claims_test_support.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"
#include "theorems/claims/coq_glue.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

nlohmann::json example_certificate(const ScratchDir& dir) {
  const CheckRun run = run_check(theorems::builtin_theorems(), read_check_file(kClaimsExample));
  return read_certificate(write_certificate(dir.dir().string(), make_certificate(run.run)));
}

std::string glue_error(const ScratchDir& dir, const std::string& quantities, const std::string& step) {
  write_file(dir.path("f.json"), R"({"format": "approxcert-net/1", "input": {"dim": 1},
    "layers": [{"type": "dense", "weight": [[1]], "bias": [0]}]})");
  write_file(dir.path("bad.json"), R"({"format": "approxcert-claims/1", "networks": {"f": "f.json", "g": "f.json"},
    "quantities": )" + quantities + R"(, "steps": [)" +
                                       step + R"(], "expected": {"overall": "proved"}})");
  return check_file_error(dir.path("bad.json"));
}

}  // namespace

TEST_CASE("claims_coq_glue: the example's C3 is concluded by the sup-norm triangle inequality") {
  ScratchDir dir("claims_coq_glue");
  const nlohmann::json cert = example_certificate(dir);
  const CoqExport e = coq_export(theorems::builtin_theorems(), cert, "xy-relu.json");
  REQUIRE(e.theorems == std::vector<std::string>{"xy_relu_C3_sup_triangle"});
  CHECK(e.text.find("From Approxcert Require Import Leaf Sums ClaimsGlue.") != std::string::npos);
  // The recorded upper bound of err_f (the true value is 1/64), gap_g = 1/8 exactly, and 3/20.
  std::string err_f_upper;
  for (const auto& s : cert["steps"])
    if (s["id"] == "C3")
      for (const auto& r : s["reported"])
        if (r["name"] == "err_f") err_f_upper = r["value"]["upper"].get<std::string>();
  const Rational ua = parse_rational(err_f_upper);
  CHECK(ua >= Rational(1) / Rational(64));
  CHECK(e.text.find("Lemma leaf_xy_relu_C3_sup_triangle : " + coq_real(ua) + " + (1 / 8) <= (3 / 20).") !=
        std::string::npos);
  CHECK(e.text.find("  (forall x, inbox x -> Rabs (t x - f x) <= " + coq_real(ua) +
                    ") ->\n"
                    "  (forall x, inbox x -> Rabs (f x - g x) <= (1 / 8)) ->\n"
                    "  forall x, inbox x -> Rabs (t x - g x) <= (3 / 20).") != std::string::npos);
  CHECK(e.text.find("err_f = sup |x0*x1 - f| over [0,1]^2;") != std::string::npos);
  CHECK(e.text.find("gap_g = sup |f - g| over [0,1]^2.") != std::string::npos);

  // Bounds that do not add up below 3/20 (recorded gap_g upper raised to 1/7): nothing concluded.
  nlohmann::json forged = cert;
  for (auto& s : forged["steps"])
    if (s["id"] == "C3")
      for (auto& r : s["reported"])
        if (r["name"] == "gap_g") {
          r["value"].erase("exact");
          r["value"]["upper"] = "0.142857142857142857143";
        }
  const CoqExport f = coq_export(theorems::builtin_theorems(), forged, "forged.json");
  CHECK(f.theorems.empty());
  CHECK(f.text.find("the glue steps C3 are not proved with finite sup-norm bounds") != std::string::npos);
}

TEST_CASE("claims_coq_glue: sup_triangle_terms reads A + B only") {
  using theorems::claims::sup_triangle_terms;
  CHECK(sup_triangle_terms(" err_f +gap_g ") == std::make_pair(std::string("err_f"), std::string("gap_g")));
  CHECK_FALSE(sup_triangle_terms("a + b + c"));
  CHECK_FALSE(sup_triangle_terms("a - b"));
  CHECK_FALSE(sup_triangle_terms("2*a + b"));
  CHECK_FALSE(sup_triangle_terms("a + a"));
}

TEST_CASE("claims_coq_glue: misused glue is an input error naming the JSON pointer") {
  ScratchDir dir("claims_coq_glue_errors");
  const std::string chained = R"({"a": {"supnorm": {"net": "f", "target": "x0", "domain": "[0,1]"}},
    "b": {"supnorm": {"net": "g", "target_net": "f", "domain": "[0,1]"}},
    "c": {"supnorm": {"net": "g", "target_net": "f", "domain": "[0,1/2]"}},
    "k": {"constant": "1"}})";
  CHECK(glue_error(dir, chained,
                   R"({"id": "C1", "lhs": "a + b", "relation": "<=", "rhs": "1", "coq": "sup_triangle"})") ==
        "<accepted>");
  CHECK(glue_error(dir, chained, R"({"id": "C1", "lhs": "a + b", "relation": "<=", "rhs": "1", "coq": "sum"})")
            .find("bad.json: /steps/0/coq: unknown glue \"sum\" (known: sup_triangle)") != std::string::npos);
  CHECK(glue_error(dir, chained, R"({"id": "C1", "lhs": "a + k", "relation": "<=", "rhs": "1", "coq": "sup_triangle"})")
            .find("/steps/0/lhs: \"coq\": \"sup_triangle\" needs lhs \"A + B\" with A and B supnorm quantities") !=
        std::string::npos);
  CHECK(glue_error(dir, chained, R"({"id": "C1", "lhs": "a + c", "relation": "<=", "rhs": "1", "coq": "sup_triangle"})")
            .find("/steps/0/lhs: \"coq\": \"sup_triangle\" needs c = sup |f - g|") != std::string::npos);
  CHECK(glue_error(dir, chained, R"({"id": "C1", "lhs": "a + b", "relation": ">=", "rhs": "1", "coq": "sup_triangle"})")
            .find("/steps/0/relation: \"coq\": \"sup_triangle\" needs the relation <= or <") != std::string::npos);
  CHECK(glue_error(dir, chained, R"({"id": "C1", "lhs": "a + b", "relation": "<=", "rhs": "k", "coq": "sup_triangle"})")
            .find("/steps/0/rhs: \"coq\": \"sup_triangle\" needs an exact number on the right") != std::string::npos);
}
