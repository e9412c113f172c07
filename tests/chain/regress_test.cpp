// regress: an unchanged tree passes; a stored bound made tighter than what the engine certifies,
// a changed verdict or a missing certificate fails with a row naming instance, step and field;
// the documented tolerance is applied.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain/regress.hpp"
#include "chain_test_support.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

// Writes the baseline for every demo check file into `dir`.
void write_baseline(const TempDir& dir) {
  for (const std::string& f : collect_json_files({data_file("")}))
    write_certificate(dir.str(), make_certificate(run_check(demo_registry(), read_check_file(f)).run));
}

void edit(const std::string& path, const std::function<void(nlohmann::json&)>& change) {
  nlohmann::json c = read_certificate(path);
  change(c);
  write_file(path, c.dump(2));
}

RegressReport run(const TempDir& dir, RegressOptions o = {}) {
  o.baseline = dir.str();
  return regress(demo_registry(), {data_file("")}, o);
}

}  // namespace

TEST_CASE("regress: an unchanged tree passes") {
  TempDir dir("regress_ok");
  write_baseline(dir);
  const RegressReport r = run(dir);
  CHECK(r.ok());
  CHECK(r.instances == 2);
  CHECK(r.steps == 14);
}

TEST_CASE("regress: a stored bound tighter than the engine certifies fails") {
  TempDir dir("regress_tight");
  write_baseline(dir);
  // D7's tail is certified in [1/9, 1/8] for m = 8; store a tighter upper end 0.12.
  edit(dir / "demo/demo_proved.json", [](nlohmann::json& c) {
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

TEST_CASE("regress: the tolerance is relative to the stored value") {
  TempDir dir("regress_tol");
  write_baseline(dir);
  // Stored margin larger by 1e-16 than what the engine certifies (relative change ~1e-15).
  edit(dir / "demo/demo_proved.json", [](nlohmann::json& c) {
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
  TempDir dir("regress_verdict");
  write_baseline(dir);
  edit(dir / "demo/demo_refuted.json", [](nlohmann::json& c) {
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

  std::filesystem::remove(dir / "demo/demo_proved.json");
  r = run(dir);
  bool missing = false;
  for (const auto& row : r.rows) missing |= row.instance == "demo/demo_proved" && row.field == "certificate";
  CHECK(missing);
}
