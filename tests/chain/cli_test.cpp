// The check / verify / regress commands end to end through the built binary: exit statuses
// (0 ok, 1 verdict or tampering, 2 bad input), the files written, and no partial output.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>

#include "chain_test_support.hpp"

using namespace approxcert::chain::test;

namespace {

struct Run {
  int status;
  std::string out, err;
};

Run run(const TempDir& dir, const std::string& args) {
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string cmd = std::string(APPROXCERT_BIN) + " " + args + " > " + out + " 2> " + err;
  const int raw = std::system(cmd.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_file(out), read_file(err)};
}

}  // namespace

TEST_CASE("cli: check writes certificates and pages, verify accepts them, regress passes") {
  TempDir dir("cli_ok");
  const std::string certs = dir / "certs";
  Run r = run(dir, "check " + data_file("") + " --out " + certs);
  CHECK(r.status == 0);
  CHECK(r.out.find("demo/demo_refuted") != std::string::npos);
  for (const char* f : {"demo/demo_proved.json", "demo/demo_proved.md", "demo/demo_refuted.json", "demo/demo_refuted.md", "index.md"})
    CHECK(std::filesystem::exists(dir / ("certs/" + std::string(f))));

  r = run(dir, "verify " + (dir / "certs/demo/demo_proved.json") + " " + (dir / "certs/demo/demo_refuted.json"));
  CHECK(r.status == 0);
  CHECK(r.out.find("OK      ") != std::string::npos);

  r = run(dir, "regress --baseline " + certs + " --checks " + data_file(""));
  CHECK(r.status == 0);
  CHECK(r.out.find("no change") != std::string::npos);
}

TEST_CASE("cli: verify and regress fail with exit 1 on a changed digit") {
  TempDir dir("cli_tamper");
  const std::string certs = dir / "certs";
  REQUIRE(run(dir, "check " + data_file("demo_proved.json") + " --out " + certs).status == 0);
  const std::string path = dir / "certs/demo/demo_proved.json";
  write_file(path, replace_after(read_file(path), "\"id\": \"D1\"", "2.7182818284590453", "2.7182818284590443"));

  Run r = run(dir, "verify " + path);
  CHECK(r.status == 1);
  CHECK(r.out.find("FAILED") != std::string::npos);
  CHECK(r.out.find("sha256") != std::string::npos);

  r = run(dir, "regress --baseline " + certs + " --checks " + data_file("demo_proved.json"));
  CHECK(r.status == 1);
  CHECK(r.out.find("stored certificate not used: sha256") != std::string::npos);  // refused before it is read as a baseline

  REQUIRE(run(dir, "check " + data_file("demo_proved.json") + " --out " + certs).status == 0);
  write_file(path, replace_after(read_file(path), "\"id\": \"D7\"", "\"upper\": \"0.125\"", "\"upper\": \"0.120\""));
  r = run(dir, "regress --baseline " + certs + " --checks " + data_file("demo_proved.json"));
  CHECK(r.status == 1);
  CHECK(r.out.find("the certificate was modified") != std::string::npos);
}

TEST_CASE("cli: check exits 1 when a verdict differs from the expected one") {
  TempDir dir("cli_differs");
  write_file(dir / "wrong.json", R"({"format": "approxcert-check/1", "theorem": "demo/constants",
    "parameters": {"b": "2.71", "n": 1, "m": 1}, "expected": {"D1": "proved"}})");
  const Run r = run(dir, "check " + (dir / "wrong.json") + " --out " + (dir / "certs"));
  CHECK(r.status == 1);
  CHECK(r.out.find("DIFFERS") != std::string::npos);
  CHECK(r.out.find("step D1: expected proved, got refuted") != std::string::npos);
}

TEST_CASE("cli: bad input exits 2 with the JSON path and writes nothing") {
  TempDir dir("cli_bad");
  write_file(dir / "bad.json", R"({"format": "approxcert-check/1", "theorem": "demo/constants",
    "parameters": {"b": "2.7.1", "n": 1, "m": 1}, "expected": {"overall": "proved"}})");
  Run r = run(dir, "check " + (dir / "bad.json") + " --out " + (dir / "certs"));
  CHECK(r.status == 2);
  CHECK(r.err.find("bad.json: /parameters/b: ") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "certs/demo/bad.json"));
  CHECK_FALSE(std::filesystem::exists(dir / "certs/demo/bad.md"));

  r = run(dir, "check " + (dir / "missing.json"));
  CHECK(r.status == 2);
  r = run(dir, "verify " + (dir / "bad.json"));
  CHECK(r.status == 2);
  CHECK(r.err.find("/format") != std::string::npos);
}
