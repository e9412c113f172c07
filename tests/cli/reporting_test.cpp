// Honest reporting: check validates and runs every input before writing anything, tolerates
// foreign JSON files in --out (the index names them); regress tells a changed instance apart from
// a worse bound and prints an aligned table.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "cli_support.hpp"

using namespace approxcert::cli::test;

namespace {

const char* demo(const char* b, const char* m) {
  static std::string text;
  text = std::string(R"({"format": "approxcert-check/1", "theorem": "demo/constants", "parameters": {"b": ")") + b +
         R"(", "n": 3, "m": )" + m +
         R"(}, "expected": {"D1": "proved", "D2": "proved", "D3": "proved", "D4": "proved", "D5": "proved",
         "D6": "proved", "D7": "proved"}})";
  return text.c_str();
}

}  // namespace

TEST_CASE("cli check: one bad instance among several writes nothing") {
  ScratchDir s("check-atomic");
  s.write("in/a_good.json", demo("2.72", "2"));
  s.write("in/b_bad.json", demo("2.72", "0"));  // m >= 1: refused by the theorem, after a_good has run
  const Run r = run_cli("check " + s.path("in") + " --out " + s.path("certs"), s);
  CHECK(r.status == 2);
  CHECK(r.err.find("b_bad.json") != std::string::npos);
  CHECK(r.out.empty());
  CHECK_FALSE(std::filesystem::exists(s.path("certs/demo/a_good.json")));
  CHECK_FALSE(std::filesystem::exists(s.path("certs/index.md")));
}

TEST_CASE("cli check: a foreign JSON file in --out does not make it fail, and the index names it") {
  ScratchDir s("check-foreign");
  s.write("certs/demo/notes.json", R"({"hello": "not a certificate"})");
  s.write("certs/other/broken.json", "{");
  const Run r = run_cli("check " + data_dir() + " --out " + s.path("certs"), s);
  CHECK(r.status == 0);
  const std::string index = slurp(s.path("certs/index.md"));
  CHECK(index.find("demo_proved") != std::string::npos);
  CHECK(index.find("## Not listed") != std::string::npos);
  CHECK(index.find("demo/notes.json") != std::string::npos);
  CHECK(index.find("other/broken.json") != std::string::npos);
}

TEST_CASE("cli regress: a changed instance is reported as such, not as a worse bound") {
  ScratchDir s("regress-kinds");
  s.write("checks/demo_x.json", demo("2.72", "8"));
  REQUIRE(run_cli("check " + s.path("checks") + " --out " + s.path("certs"), s).status == 0);
  s.write("checks/demo_x.json", demo("2.75", "8"));  // another parameter: another instance
  const Run r = run_cli(
      "regress --baseline " + s.path("certs") + " --checks " + s.path("checks") + " --junit " + s.path("j.xml"), s);
  CHECK(r.status == 1);
  CHECK(r.out.find("instance changed") != std::string::npos);
  CHECK(r.out.find("/parameters/b") != std::string::npos);
  CHECK(r.out.find("got worse") == std::string::npos);    // another instance's bounds moved; none got "worse"
  CHECK(r.out.find("bound moved") != std::string::npos);  // ... but they are still compared and shown
  CHECK(r.out.find("from changed instances, 0 without a check") != std::string::npos);
  // aligned: every table row starts the "kind" column at the same offset as the header
  std::istringstream lines(r.out);
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  CHECK(header.find("kind") == row.find("instance changed"));
  CHECK(header.find("field") == row.find("/parameters/b"));
  const std::string xml = slurp(s.path("j.xml"));
  CHECK(xml.find("failures=\"1\"") != std::string::npos);
  CHECK(xml.find("<failure message=\"the instance changed\" type=\"instance\">") != std::string::npos);

  // the same parameters with a tighter stored bound (re-hashed: a baseline another engine wrote):
  // a bound row, no instance row
  REQUIRE(run_cli("check " + s.path("checks") + " --out " + s.path("certs"), s).status == 0);
  const std::string cert = s.path("certs/demo/demo_x.json");
  nlohmann::json c = approxcert::chain::read_certificate(cert);
  REQUIRE(c["steps"][6]["id"] == "D7");
  REQUIRE(c["steps"][6]["lhs"]["upper"] == "0.125");
  c["steps"][6]["lhs"]["upper"] = "0.120";
  c["sha256"] = approxcert::chain::certificate_hash(c);
  std::ofstream(cert) << c.dump(2);
  const Run b = run_cli("regress --baseline " + s.path("certs") + " --checks " + s.path("checks") + " --json", s);
  CHECK(b.status == 1);
  CHECK(b.out.find("\"kind\": \"bound\"") != std::string::npos);
  CHECK(b.out.find("\"kind\": \"instance\"") == std::string::npos);
}
