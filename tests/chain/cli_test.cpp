// The check / verify / regress commands end to end through the built binary: exit statuses
// (0 ok, 1 verdict or tampering, 2 bad input), the files written, and no partial output.
#include <doctest/doctest.h>

#include <filesystem>

#include "../run_cli.hpp"
#include "chain_test_support.hpp"

using namespace approxcert::chain::test;
using approxcert::test::Run;
using approxcert::test::run_cli;

TEST_CASE("cli: check writes certificates and pages, verify accepts them, regress passes") {
  ScratchDir dir("cli_ok");
  const std::string certs = dir.path("certs");
  Run r = run_cli("check " + data_file("") + " --out " + certs, dir);
  CHECK(r.status == 0);
  CHECK(r.out.find("demo/demo_refuted") != std::string::npos);
  for (const char* f :
       {"demo/demo_proved.json", "demo/demo_proved.md", "demo/demo_refuted.json", "demo/demo_refuted.md", "index.md"})
    CHECK(std::filesystem::exists(dir.path("certs/" + std::string(f))));

  r = run_cli("verify " + dir.path("certs/demo/demo_proved.json") + " " + dir.path("certs/demo/demo_refuted.json"),
              dir);
  CHECK(r.status == 0);
  CHECK(r.out.find("OK      ") != std::string::npos);

  r = run_cli("regress --baseline " + certs + " --checks " + data_file(""), dir);
  CHECK(r.status == 0);
  CHECK(r.out.find("no change") != std::string::npos);
}

TEST_CASE("cli: verify and regress fail with exit 1 on a changed digit") {
  ScratchDir dir("cli_tamper");
  const std::string certs = dir.path("certs");
  REQUIRE(run_cli("check " + data_file("demo_proved.json") + " --out " + certs, dir).status == 0);
  const std::string path = dir.path("certs/demo/demo_proved.json");
  write_file(path, replace_after(read_file(path), "\"id\": \"D1\"", "2.7182818284590453", "2.7182818284590443"));

  Run r = run_cli("verify " + path, dir);
  CHECK(r.status == 1);
  CHECK(r.out.find("FAILED") != std::string::npos);
  CHECK(r.out.find("sha256") != std::string::npos);

  r = run_cli("regress --baseline " + certs + " --checks " + data_file("demo_proved.json"), dir);
  CHECK(r.status == 1);
  CHECK(r.out.find("stored certificate not used: sha256") !=
        std::string::npos);  // refused before it is read as a baseline

  REQUIRE(run_cli("check " + data_file("demo_proved.json") + " --out " + certs, dir).status == 0);
  write_file(path, replace_after(read_file(path), "\"id\": \"D7\"", "\"upper\": \"0.125\"", "\"upper\": \"0.120\""));
  r = run_cli("regress --baseline " + certs + " --checks " + data_file("demo_proved.json"), dir);
  CHECK(r.status == 1);
  CHECK(r.out.find("the certificate was modified") != std::string::npos);
}

TEST_CASE("cli: check exits 1 when a verdict differs from the expected one") {
  ScratchDir dir("cli_differs");
  write_file(dir.path("wrong.json"), R"({"format": "approxcert-check/1", "theorem": "demo/constants",
    "parameters": {"b": "2.71", "n": 1, "m": 1}, "expected": {"D1": "proved"}})");
  const Run r = run_cli("check " + dir.path("wrong.json") + " --out " + dir.path("certs"), dir);
  CHECK(r.status == 1);
  CHECK(r.out.find("DIFFERS") != std::string::npos);
  CHECK(r.out.find("step D1: expected proved, got refuted") != std::string::npos);
}

TEST_CASE("cli: bad input exits 2 with the JSON path and writes nothing") {
  ScratchDir dir("cli_bad");
  write_file(dir.path("bad.json"), R"({"format": "approxcert-check/1", "theorem": "demo/constants",
    "parameters": {"b": "2.7.1", "n": 1, "m": 1}, "expected": {"overall": "proved"}})");
  Run r = run_cli("check " + dir.path("bad.json") + " --out " + dir.path("certs"), dir);
  CHECK(r.status == 2);
  CHECK(r.err.find("bad.json: /parameters/b: ") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.path("certs/demo/bad.json")));
  CHECK_FALSE(std::filesystem::exists(dir.path("certs/demo/bad.md")));

  r = run_cli("check " + dir.path("missing.json"), dir);
  CHECK(r.status == 2);
  r = run_cli("verify " + dir.path("bad.json"), dir);
  CHECK(r.status == 2);
  CHECK(r.err.find("/format") != std::string::npos);
}
