// regress: an unchanged tree passes; a stored bound made tighter than what the engine certifies,
// a changed verdict or a missing certificate fails with a row naming instance, step and field;
// the documented tolerance is applied; a baseline edited without its hash is refused; a changed
// instance names its differences by JSON pointer and still compares its steps; certificates
// without a check file fail unless allowed; no check file at all is an input error.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <map>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain/regress.hpp"
#include "chain_test_support.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

// Writes the baseline for every demo check file into `dir`. The edits below re-hash the stored
// certificate: they stand for a baseline another engine wrote, not for a file tampered with.
void write_baseline(const ScratchDir& dir) {
  for (const CheckFile& f : read_check_files({data_file("")}).files)
    write_certificate(dir.dir().string(), make_certificate(run_check(demo_registry(), f).run));
}

void edit(const std::string& path, const std::function<void(nlohmann::json&)>& change) {
  nlohmann::json c = read_certificate(path);
  change(c);
  c["sha256"] = certificate_hash(c);
  write_file(path, c.dump(2));
}

// A checks folder holding only demo_proved.json: demo_refuted's stored certificate has no check file there.
void write_proved_check_only(const ScratchDir& checks) {
  write_file(checks.path("demo_proved.json"), read_file(data_file("demo_proved.json")));
}

RegressReport run(const ScratchDir& dir, RegressOptions o = {}) {
  o.baseline = dir.dir().string();
  return regress(demo_registry(), {data_file("")}, o);
}

}  // namespace

TEST_CASE("regress: an unchanged tree passes") {
  ScratchDir dir("regress_ok");
  write_baseline(dir);
  const RegressReport r = run(dir);
  CHECK(r.ok());
  CHECK(r.instances == 2);
  CHECK(r.steps == 14);
}

TEST_CASE("regress: a stored bound tighter than the engine certifies fails") {
  ScratchDir dir("regress_tight");
  write_baseline(dir);
  // D7's tail is certified in [1/9, 1/8] for m = 8; store a tighter upper end 0.12.
  edit(dir.path("demo/demo_proved.json"), [](nlohmann::json& c) {
    REQUIRE(c["steps"][6]["lhs"]["upper"] == "0.125");
    c["steps"][6]["lhs"]["upper"] = "0.12";
  });
  const RegressReport r = run(dir);
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0].instance == "demo/demo_proved");
  CHECK(r.rows[0].step == "D7");
  CHECK(r.rows[0].field == "lhs.upper");
  CHECK(r.rows[0].stored == "0.12");
  CHECK(r.rows[0].current == "0.125");
  CHECK(r.rows[0].problem == "upper bound got worse");
}

TEST_CASE("regress: a baseline in the older spelling (\"ball\", fractions) compares as today's") {
  ScratchDir dir("regress_old_spelling");
  write_baseline(dir);
  // Respell every stored engine and exact number as certificates did before: "ball", "p/q".
  std::size_t respelled = 0;
  const auto old_text = [&respelled](nlohmann::json& v) {
    const std::string old = parse_rational(v.get<std::string>()).to_string();
    respelled += old != v.get<std::string>();
    v = old;
  };
  for (const char* name : {"demo/demo_proved.json", "demo/demo_refuted.json"})
    edit(dir.path(name), [&](nlohmann::json& c) {
      REQUIRE(c["precision"]["engine"] == "arb");
      c["precision"]["engine"] = "ball";
      for (auto& step : c["steps"]) {
        for (auto& coordinate : step["at"]) old_text(coordinate["value"]);
        for (const char* side : {"lhs", "rhs"})
          if (step[side].contains("exact")) old_text(step[side]["exact"]);
      }
    });
  REQUIRE(respelled > 0);  // the baseline does differ in text
  const RegressReport same = run(dir);
  CAPTURE(same.rows.size());
  CHECK(same.ok());
  CHECK(same.rows.empty());
  // Its bounds are still compared: the tighter upper end of D7 fails as in today's spelling.
  edit(dir.path("demo/demo_proved.json"), [](nlohmann::json& c) { c["steps"][6]["lhs"]["upper"] = "0.12"; });
  const RegressReport tight = run(dir);
  REQUIRE(tight.rows.size() == 1);
  CHECK(tight.rows[0].problem == "upper bound got worse");
}

TEST_CASE("regress: the tolerance is relative to the stored value") {
  ScratchDir dir("regress_tol");
  write_baseline(dir);
  // Stored margin larger by 1e-16 than what the engine certifies (relative change ~1e-15).
  edit(dir.path("demo/demo_proved.json"), [](nlohmann::json& c) {
    REQUIRE(c["steps"][0]["margin"] == "0.0017181715409547");
    c["steps"][0]["margin"] = "0.0017181715409548";
  });
  CHECK(run(dir).ok());  // within rel_tol = 1e-9
  RegressOptions strict;
  strict.rel_tol = Rational(0);
  const RegressReport r = run(dir, strict);
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0].field == "margin");
}

TEST_CASE("regress: a changed verdict, a changed step list and a missing certificate fail") {
  ScratchDir dir("regress_verdict");
  write_baseline(dir);
  edit(dir.path("demo/demo_refuted.json"), [](nlohmann::json& c) {
    c["steps"][0]["verdict"] = "proved";
    c["overall"] = "proved";
    c["steps"][5]["id"] = "D8";
  });
  RegressReport r = run(dir);
  std::set<std::string> fields;
  for (const auto& row : r.rows) fields.insert(row.step + ":" + row.field);
  CHECK(fields.count("overall:verdict") == 1);
  CHECK(fields.count("D1:verdict") == 1);
  CHECK(fields.count("D6:step") == 1);
  CHECK(fields.count("D8:step") == 1);

  std::filesystem::remove(dir.path("demo/demo_proved.json"));
  r = run(dir);
  bool missing = false;
  for (const auto& row : r.rows) missing |= row.instance == "demo/demo_proved" && row.field == "certificate";
  CHECK(missing);
}

TEST_CASE("regress: a stored certificate edited without its hash is not used as the baseline") {
  ScratchDir dir("regress_hash");
  write_baseline(dir);
  const std::string path = dir.path("demo/demo_proved.json");
  nlohmann::json c = read_certificate(path);
  c["steps"][6]["lhs"]["upper"] = "0.2";  // loosened: would hide a worse bound
  write_file(path, c.dump(2));
  const RegressReport r = run(dir);
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0].instance == "demo/demo_proved");
  CHECK(r.rows[0].kind == "certificate");
  CHECK(r.rows[0].field == "sha256");
  CHECK(r.rows[0].problem.find("the certificate was modified") != std::string::npos);
  CHECK_FALSE(r.ok());
}

TEST_CASE("regress: a changed instance names its differences by pointer and still compares its steps") {
  ScratchDir dir("regress_moved");
  write_baseline(dir);
  // The stored instance had b = 27/10 (the demo file says 2.72) and another margin for D1: a
  // row at /parameters/b, and D1's margin still compared, as a "moved" row.
  ScratchDir checks("regress_moved_checks");
  write_proved_check_only(checks);
  edit(dir.path("demo/demo_proved.json"), [](nlohmann::json& c) {
    c["parameters"]["b"] = "27/10";
    c["steps"][0]["margin"] = "0.001";
  });
  RegressOptions o;
  o.baseline = dir.dir().string();
  o.allow_orphans = true;  // demo_refuted has no check file in `checks`
  const RegressReport r = regress(demo_registry(), {checks.dir().string()}, o);
  std::map<std::string, const RegressRow*> by_field;
  for (const auto& row : r.rows) by_field[row.step + " " + row.field] = &row;
  REQUIRE(by_field.count("- /parameters/b") == 1);
  CHECK(by_field["- /parameters/b"]->kind == "instance");
  CHECK(by_field["- /parameters/b"]->stored == "27/10");
  REQUIRE(by_field.count("D1 margin") == 1);
  CHECK(by_field["D1 margin"]->kind == "moved");
  CHECK(by_field["D1 margin"]->stored == "0.001");
  CHECK(by_field["D1 margin"]->problem.rfind("margin rose by 0.000", 0) == 0);
  CHECK_FALSE(r.ok());

  // Equal numbers written differently are no difference.
  edit(dir.path("demo/demo_proved.json"), [&](nlohmann::json& c) {
    c = make_certificate(run_check(demo_registry(), read_check_file(data_file("demo_proved.json"))).run);
    c["parameters"]["b"] = "272/100";  // the check file writes 2.72
  });
  const RegressReport same = regress(demo_registry(), {checks.dir().string()}, o);
  std::string rows;
  for (const auto& row : same.rows)
    rows += row.step + " " + row.field + " " + row.stored + " -> " + row.current + " " + row.kind + "\n";
  CAPTURE(rows);
  CHECK(same.ok());
}

TEST_CASE("regress: stored certificates without a check file fail unless allowed") {
  ScratchDir dir("regress_orphans");
  write_baseline(dir);
  ScratchDir checks("regress_orphans_checks");
  write_proved_check_only(checks);
  write_file(dir.path("demo/notes.json"), R"({"not": "a certificate"})");  // not the baseline's: ignored
  RegressOptions o;
  o.baseline = dir.dir().string();
  RegressReport r = regress(demo_registry(), {checks.dir().string()}, o);
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0].kind == "orphan");
  CHECK(r.rows[0].instance == "demo/demo_refuted");
  CHECK_FALSE(r.ok());
  o.allow_orphans = true;
  r = regress(demo_registry(), {checks.dir().string()}, o);
  CHECK(r.rows.size() == 1);
  CHECK(r.ok());
}

TEST_CASE("regress: no check file at all is an input error") {
  ScratchDir dir("regress_empty");
  write_baseline(dir);
  ScratchDir empty("regress_empty_checks");
  RegressOptions o;
  o.baseline = dir.dir().string();
  CHECK_THROWS_WITH_AS(regress(demo_registry(), {empty.dir().string()}, o), doctest::Contains("no check or claim file"),
                       InputError);
}
