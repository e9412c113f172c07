// --json (one JSON object on stdout, shapes of docs/cli.md), progress lines on a non-terminal
// stderr (newline-terminated, no carriage return, silent with --quiet) and regress --junit.
#include <doctest/doctest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;
using namespace approxcert::cli::test;
using nlohmann::json;

namespace {

json parse_one_object(const Run& r) {
  const json j = json::parse(r.out);  // throws (test error) unless stdout is exactly one JSON value
  REQUIRE(j.is_object());
  return j;
}

}  // namespace

TEST_CASE("cli json: supnorm, eval and build print one object of the documented shape") {
  ScratchDir s("json-supnorm");
  // sup |x0^2 + sin(x0)/1000 - x0^2| on [0,1] = sin(1)/1000 = 0.000841470984807896...
  const Run r = run_cli(
      "supnorm --approx 'x0^2' --target 'x0^2 + sin(x0)/1000' --domain '[0,1]' --rel-tol 1e-12 --json "
      "--cert " +
          s.path("c.json"),
      s);
  CHECK(r.status == 0);
  const json j = parse_one_object(r);
  CHECK(j["command"] == "supnorm");
  CHECK(j["status"] == "converged");
  CHECK(j["stopped_by"] == "rel_tol");
  CHECK_FALSE(j.contains("require_upper"));
  CHECK(parse_rational(j["lower"].get<std::string>()) <= parse_rational("0.000841470984807896507"));
  CHECK(parse_rational("0.000841470984807896506") <= parse_rational(j["upper"].get<std::string>()));
  CHECK(j["witness"] == json::array({"1"}));
  CHECK(j["boxes"].get<int>() >= 1);
  CHECK(j["certificate"] == s.path("c.json"));
  CHECK(j["exit_status"] == 0);

  // the claim sup <= 3/2 is a stopping rule: sup |1 - |x0 - 1/3|| on [0,1] = 1 (at the kink 1/3),
  // which the first bound decides, where --rel-tol 1e-12 takes dozens of boxes
  const std::string kink = "supnorm --approx 0 --target '1 - abs(x0 - 1/3)' --domain '[0,1]' --rel-tol 1e-12 --json";
  const json jt = parse_one_object(run_cli(kink, s));
  CHECK(jt["status"] == "converged");
  const Run claim = run_cli(kink + " --require-upper 3/2", s);
  CHECK(claim.status == 0);
  const json jc = parse_one_object(claim);
  CHECK(jc["status"] == "claim_decided");
  CHECK(jc["stopped_by"] == "require_upper");
  CHECK(jc["require_upper"]["bound"] == "3/2");
  CHECK(jc["require_upper"]["verdict"] == "proved");
  CHECK(parse_rational(jc["lower"].get<std::string>()) <= Rational(1));
  CHECK(Rational(1) <= parse_rational(jc["upper"].get<std::string>()));
  CHECK(parse_rational(jc["upper"].get<std::string>()) <= parse_rational("3/2"));
  CHECK(jc["boxes"].get<int>() * 10 < jt["boxes"].get<int>());

  const Run inf = run_cli("supnorm --approx 0 --target '1/x0' --domain '[-1,1]' --max-boxes 20 --json", s);
  CHECK(inf.status == 3);
  const json ji = parse_one_object(inf);
  CHECK(ji["upper"] == "inf");
  CHECK(ji["certificate"].is_null());
  CHECK(ji["exit_status"] == 3);
  CHECK_FALSE(ji.contains("require_upper"));

  const json e = parse_one_object(run_cli("eval --expr 'x0/3' --at 1 --json", s));
  REQUIRE(e["outputs"].size() == 1);
  CHECK(parse_rational(e["outputs"][0]["lower"].get<std::string>()) <= parse_rational("1/3"));
  CHECK(parse_rational("1/3") <= parse_rational(e["outputs"][0]["upper"].get<std::string>()));

  const json list = parse_one_object(run_cli("build --list --json", s));
  CHECK(list["command"] == "build");
  CHECK(list["constructions"].size() >= 1);
  const std::string name = list["constructions"][0]["name"];
  CHECK(!name.empty());
}

TEST_CASE("cli json: check, regress and coq, and regress --junit") {
  ScratchDir s("json-check");
  const Run c = run_cli("check " + data_dir() + " --out " + s.path("certs") + " --json", s);
  CHECK(c.status == 0);
  const json j = parse_one_object(c);
  CHECK(j["command"] == "check");
  CHECK(j["out"] == s.path("certs"));
  REQUIRE(j["instances"].size() == 2);
  for (const auto& i : j["instances"]) {
    CHECK(i["as_expected"] == true);
    CHECK(std::filesystem::exists(i["certificate"].get<std::string>()));
    CHECK(i["steps"].get<int>() == i["proved"].get<int>() + i["refuted"].get<int>() + i["unknown"].get<int>());
  }
  CHECK(j["mismatches"].empty());
  CHECK(j["exit_status"] == 0);

  const Run r = run_cli(
      "regress --baseline " + s.path("certs") + " --checks " + data_dir() + " --json --junit " + s.path("junit.xml"),
      s);
  CHECK(r.status == 0);
  const json rj = parse_one_object(r);
  CHECK(rj["command"] == "regress");
  CHECK(rj["instances"] == 2);
  CHECK(rj["rows"].empty());
  const std::string xml = slurp(s.path("junit.xml"));
  CHECK(xml.find("<testsuite name=\"regress\" tests=\"2\" failures=\"0\"") != std::string::npos);
  CHECK(xml.find("name=\"demo/demo_proved\"/>") != std::string::npos);

  const json q = parse_one_object(
      run_cli("coq " + s.path("certs/demo/demo_proved.json") + " -o " + s.path("demo.v") + " --json", s));
  CHECK(q["command"] == "coq");
  CHECK(q["output"] == s.path("demo.v"));
  CHECK(q["facts"].get<int>() >= 1);
  CHECK(std::filesystem::exists(s.path("demo.v")));
}

TEST_CASE("cli progress: plain newline-terminated lines when stderr is not a terminal, none with --quiet") {
  ScratchDir s("progress");
  const std::string problem =
      "supnorm --approx 'x0*x1' --target 'sin(x0)*sin(x1)' --domain '[-1,1]^2' --max-boxes 2000 ";
  const Run r = run_cli(problem + "--progress-interval 0", s);
  CHECK(r.err.find("supnorm: boxes ") == 0);
  CHECK(r.err.find('\r') == std::string::npos);
  CHECK(r.err.find("\x1b") == std::string::npos);
  CHECK(r.err.back() == '\n');
  CHECK(r.out.find("sup |target - approx|") == 0);  // the result alone on stdout
  const Run quiet = run_cli(problem + "--progress-interval 0 --quiet", s);
  CHECK(quiet.err.empty());
  CHECK(quiet.out.find("sup |target - approx|") == 0);
  const Run default_interval = run_cli(problem, s);  // a short run: no line before the 10 s interval
  CHECK(default_interval.err.empty());

  const Run c = run_cli("check " + data_dir() + " --out " + s.path("certs") + " --progress-interval 0", s);
  CHECK(c.status == 0);
  CHECK(c.err.find("check: 1/2 ") != std::string::npos);
  CHECK(c.err.find("check: 2/2 ") != std::string::npos);
  CHECK(c.err.find('\r') == std::string::npos);
  const Run g =
      run_cli("regress --baseline " + s.path("certs") + " --checks " + data_dir() + " --progress-interval 0", s);
  CHECK(g.err.find("regress: 2/2 ") != std::string::npos);
  CHECK(run_cli("check " + data_dir() + " --out " + s.path("certs") + " -q --progress-interval 0", s).err.empty());
  std::string certs;
  for (const auto& e : std::filesystem::recursive_directory_iterator(s.path("certs")))
    if (e.path().extension() == ".json") certs += " " + e.path().string();
  const Run v = run_cli("verify --no-recompute --progress-interval 0" + certs, s);
  CHECK(v.status == 0);
  CHECK(v.err.find("verify: 1/2 ") != std::string::npos);
  CHECK(v.err.find("verify: 2/2 ") != std::string::npos);
  CHECK(v.err.find('\r') == std::string::npos);
  CHECK(run_cli("verify --no-recompute -q --progress-interval 0" + certs, s).err.empty());
}
