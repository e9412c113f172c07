// Certificates: canonical hash (stable through write/read, blind to timings, sensitive to content),
// recorded numbers that re-decide every verdict, and the Markdown pages.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/instance.hpp"
#include "chain_test_support.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

nlohmann::json demo_certificate(const std::string& file) {
  return make_certificate(run_check(demo_registry(), read_check_file(data_file(file))).run);
}

Verdict recorded_verdict(const nlohmann::json& step) {
  const Relation r = *parse_relation(step.at("relation").get<std::string>());
  const Enclosure lhs = recorded_enclosure(step.at("lhs"), "lhs");
  const Enclosure rhs = recorded_enclosure(step.at("rhs"), "rhs");
  if (!step.contains("rhs_high")) return decide(r, lhs, rhs);
  const Enclosure high = recorded_enclosure(step.at("rhs_high"), "rhs_high");
  return decide(r, lhs, rhs, &high);
}

// A one-step chain "lhs < 1" with lhs = [1 - gap, 1 - gap + gap/2^20]: proved with margin gap.
InstanceRun tiny_margin_run(const Rational& gap) {
  TheoremRegistry reg;
  reg.add({.name = "t/tiny", .paper = "t", .title = "tiny", .statement = "tiny"}, [gap](const Parameters&) {
    Chain c;
    c.add(
        {.id = "T", .claim = "tiny", .symbols = "x < 1", .relation = Relation::Less, .status = "R", .coq_lemma = "t_T"},
        exact([gap] {
          const Rational lo = Rational(1) - gap;
          return Outcome(Side::derived(Enclosure::between(lo, lo + gap / pow2(20))), Side::exact(1));
        }));
    return c;
  });
  return run_instance(reg, "t/tiny", ExactJson::object(), JsonAt("test"), "tiny", RunOptions{});
}

}  // namespace

TEST_CASE("certificate: the hash survives write and read, ignores timings, and covers the content") {
  ScratchDir dir("cert");
  const nlohmann::json cert = demo_certificate("demo_proved.json");
  const std::string path = write_certificate(dir.dir().string(), cert);
  CHECK(path == dir.path("demo/demo_proved.json"));
  nlohmann::json back = read_certificate(path);
  CHECK(certificate_hash(back) == cert.at("sha256").get<std::string>());
  CHECK(back.at("sha256").get<std::string>().size() == 64);

  back["elapsed_seconds"] = "99.000";
  back["steps"][0]["elapsed_seconds"] = "12.000";
  CHECK(certificate_hash(back) == cert.at("sha256").get<std::string>());
  back["steps"][0]["claim"] = "Euler's number is at most b!";
  CHECK(certificate_hash(back) != cert.at("sha256").get<std::string>());
  CHECK(canonical_text(cert).find("elapsed_seconds") == std::string::npos);
  CHECK(canonical_text(cert).find("sha256") == std::string::npos);
}

TEST_CASE("certificate: the recorded numbers re-decide every verdict, refuted steps carry a counterexample") {
  const nlohmann::json cert = demo_certificate("demo_refuted.json");
  CHECK(cert.at("overall") == "refuted");
  for (const auto& step : cert.at("steps")) {
    CAPTURE(step.at("id"));
    CHECK(to_string(recorded_verdict(step)) == step.at("verdict").get<std::string>());
    CHECK(step.contains("counterexample") == (step.at("verdict") == "refuted"));
  }
  const auto& d1 = cert.at("steps").at(0);
  CHECK(d1.at("id") == "D1");
  CHECK(d1.at("verdict") == "refuted");
  CHECK(d1.at("counterexample").at("instance") == true);
  CHECK(d1.at("rhs").at("exact") == "2.71");  // exact_text: the short exact decimal
  // lower(e) - 2.71 rounded down: e = 2.718281828459045235...
  CHECK(d1.at("margin") == "0.0082818284590452");
  CHECK(cert.at("parameters").at("b") == "2.71");  // JSON number kept as its exact text
}

TEST_CASE("certificate: more digits, then exact endpoints, when 17 digits cannot carry the verdict") {
  const nlohmann::json fine = make_certificate(tiny_margin_run(pow10(-25)));
  const auto& s = fine.at("steps").at(0);
  CHECK(s.at("verdict") == "proved");
  CHECK(to_string(recorded_verdict(s)) == "proved");
  CHECK(s.at("lhs").at("upper").get<std::string>().size() > 20);
  CHECK_FALSE(s.at("lhs").contains("upper_exact"));

  const nlohmann::json finer = make_certificate(tiny_margin_run(pow10(-80)));
  const auto& t = finer.at("steps").at(0);
  CHECK(t.at("verdict") == "proved");
  CHECK(t.at("lhs").contains("upper_exact"));
  CHECK(to_string(recorded_verdict(t)) == "proved");
}

TEST_CASE("certificate: Markdown shows findings first, and the index lists every certificate") {
  const nlohmann::json refuted = demo_certificate("demo_refuted.json");
  const std::string md = render_markdown(refuted);
  const auto findings = md.find("## Findings: refuted steps");
  const auto steps = md.find("## Steps");
  REQUIRE(findings != std::string::npos);
  REQUIRE(steps != std::string::npos);
  CHECK(findings < steps);
  CHECK(md.find("**D1**") > findings);
  CHECK(md.find("Overall verdict: REFUTED") != std::string::npos);
  CHECK(md.find(refuted.at("sha256").get<std::string>()) != std::string::npos);

  const std::string proved_md = render_markdown(demo_certificate("demo_proved.json"));
  CHECK(proved_md.find("## Findings") == std::string::npos);

  ScratchDir dir("index");
  write_certificate(dir.dir().string(), refuted);
  write_certificate(dir.dir().string(), demo_certificate("demo_proved.json"));
  write_index(dir.dir().string());
  const std::string index = read_file(dir.path("index.md"));
  CHECK(index.find("[demo_proved](demo/demo_proved.md)") != std::string::npos);
  CHECK(index.find("[demo_refuted](demo/demo_refuted.md)") != std::string::npos);
  CHECK(index.find("**REFUTED**") != std::string::npos);
}

TEST_CASE("certificate: reading refuses what is not a chain certificate") {
  ScratchDir dir("badcert");
  write_file(dir.path("a.json"), R"({"format": "approxcert-cert/1", "kind": "supnorm"})");
  CHECK_THROWS_WITH_AS(read_certificate(dir.path("a.json")), doctest::Contains("/kind"), InputError);
  write_file(dir.path("b.json"), R"({"format": "approxcert-cert/1", "kind": "chain", "x": 1.5})");
  CHECK_THROWS_WITH_AS(read_certificate(dir.path("b.json")), doctest::Contains("/x"), InputError);
  write_file(dir.path("c.json"), R"({"format": "approxcert-cert/1", "kind": "chain", "kind": "chain"})");
  CHECK_THROWS_AS(read_certificate(dir.path("c.json")), InputError);
}
