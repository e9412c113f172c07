// Bad option values (issue #20 items 4-6): exit status 2 with one message naming the option,
// never "internal error", nothing written; the time limit honoured inside a batch; hostile
// values answered within a second.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

using namespace approxcert::cli::test;

TEST_CASE("cli options: out-of-range values exit 2 naming the option, before any output") {
  ScratchDir s("options");
  for (const auto& [name, bits] :
       {std::pair<std::string, std::string>{"bits.json", "-100"}, {"huge_bits.json", "9223372036854775807"}})
    s.write(
        name,
        R"({"format": "approxcert-check/1", "theorem": "demo/constants", "parameters": {"b": "2.72", "n": 1, "m": 1},
      "precision": {"base_bits": )" +
            bits + R"(, "max_bits": 64}, "expected": {"overall": "proved"}})");
  const std::string problem =
      "supnorm --approx x0 --target 'sin(x0)' --domain '[0,1]' --cert " + s.path("c.json") + " ";
  const std::pair<std::string, std::string> cases[] = {
      {problem + "--max-boxes -1", "--max-boxes"},
      {problem + "--max-boxes 0", "--max-boxes"},
      {problem + "--max-boxes 18446744073709551615", "--max-boxes"},
      {problem + "--rel-tol -1", "--rel-tol"},
      {problem + "--abs-tol -1e-3", "--abs-tol"},
      {problem + "--time-limit 0", "--time-limit"},
      {problem + "--time-limit -5", "--time-limit"},
      {problem + "--prec -100", "--prec"},
      {problem + "--prec 9223372036854775807", "--prec"},
      {problem + "--prec 15", "--prec"},
      {problem + "--taylor-order 100000000000", "--taylor-order"},
      {problem + "--threads -1", "--threads"},
      {problem + "--require-upper -1", "--require-upper"},
      {problem + "--progress-interval -1", "--progress-interval"},
      {"supnorm --approx x0 --target x0 --domain '[0,1]' --cert ''", "--cert"},
      {"supnorm --approx x0 --target x0 --domain '[0,1]' --cert /proc/approxcert-x.json", "--cert"},
      {"supnorm --approx x0 --target x0 --domain '[0,1]' --cert " + s.path("missing/dir/c.json"), "--cert"},
      {"supnorm --approx '' --target x0 --domain '[0,1]'", "--approx: empty expression"},
      {"eval --expr '' --at 0", "--expr: empty expression"},
      {"eval --expr x0 --at 0 --prec -100", "--prec"},
      {"eval --expr x0 --at 0 --prec 9223372036854775807", "--prec"},
      {"regress --rel-tol -1", "--rel-tol"},
      {"regress --junit /proc/approxcert-x.xml --checks " + data_dir(), "--junit"},
      {"build --list -o ''", "-o"},
      {"check " + data_dir() + " --out /proc/approxcert-certs", "--out"},
      {"coq " + data_dir() + "demo_proved.json -o /proc/x.v", "-o"},
      {"check " + s.path("bits.json") + " --out " + s.path("certs"), "/precision/base_bits"},
      {"check " + s.path("huge_bits.json") + " --out " + s.path("certs"), "/precision/base_bits"},
  };
  for (const auto& [args, needle] : cases) {
    CAPTURE(args);
    const Run r = run_cli(args, s);
    CHECK(r.status == 2);
    CHECK(r.err.find(needle) != std::string::npos);
    CHECK(r.err.find("internal error") == std::string::npos);
    CHECK(r.out.empty());
    CHECK(r.err.size() < 1000);
    CHECK_FALSE(std::filesystem::exists(s.path("c.json")));
  }
  // both tolerances 0 are allowed (documented): an exactly-zero error still converges
  s.write("net.json", identity_net());
  const Run zero =
      run_cli("supnorm --net " + s.path("net.json") + " --target x0 --domain '[0,1]' --rel-tol 0 --abs-tol 0", s);
  CHECK(zero.status == 0);
  CHECK(zero.out.find("in [0, 0]") != std::string::npos);
}

TEST_CASE("cli options: hostile values are answered within about a second") {
  ScratchDir s("hostile");
  // (10^100000)^10000 = 10^(10^9): printed from the Arb endpoints, never as a billion-digit fraction
  const Run big = run_cli("eval --expr '(1e100000)^10000' --at 0", s);
  CAPTURE(big.err);
  CHECK(big.seconds < 5.0);
  CHECK((big.status == 0 || big.status == 2 || big.status == 3));
  if (big.status == 0) CHECK(big.out.find("e+1000000000") != std::string::npos);

  // an unknown key 200 KB long is echoed shortened
  s.write("net.json", std::string(R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [], ")") +
                          std::string(200000, 'k') + "\": 1}");
  const Run key = run_cli("eval --net " + s.path("net.json") + " --at 0", s);
  CHECK(key.status == 2);
  CHECK(key.err.size() < 1000);  // the reader echoes the key shortened (not 200 KB)
  CHECK(key.err.find("kkkkkkkkkk") != std::string::npos);
  CHECK(key.err.find(std::string(1000, 'k')) == std::string::npos);
}

TEST_CASE("cli options: --time-limit is honoured inside a batch of slow boxes") {
  ScratchDir s("time-limit");
  // A 3-input network with two 300-wide hidden layers: every box bound is slow.
  std::string net = R"({"format": "approxcert-net/1", "input": {"dim": 3}, "layers": [)";
  auto dense = [](int rows, int cols, int seed) {
    std::string w = R"({"type": "dense", "weight": [)";
    for (int i = 0; i < rows; ++i) {
      w += i ? ",[" : "[";
      for (int j = 0; j < cols; ++j)
        w += (j ? ",\"" : "\"") + std::to_string(((i * 31 + j * 17 + seed) % 7) - 3) + "/7\"";
      w += "]";
    }
    w += R"(], "bias": [)";
    for (int i = 0; i < rows; ++i) w += (i ? ",\"" : "\"") + std::to_string((i + seed) % 5 - 2) + "/5\"";
    return w + "]}";
  };
  net += dense(300, 3, 1) + R"(, {"type": "tanh"}, )" + dense(300, 300, 2) + R"(, {"type": "tanh"}, )" +
         dense(1, 300, 3) + "]}";
  s.write("big.json", net);
  const std::string run = "supnorm --net " + s.path("big.json") +
                          " --target 'sin(x0+x1*x2)' --domain '[-1,1]^3' "
                          "--threads 1 --quiet --json --fast-path off ";  // every box in Arb: uniformly slow
  // The root box alone takes R seconds; with --max-boxes 17 the next step is one batch of 16
  // children, about 8 R to 16 R. A limit of 3 R falls inside that batch: the search must stop
  // there (fewer than 17 boxes), where checking only between batches would finish all 16.
  const Run root = run_cli(run + "--max-boxes 1", s);
  REQUIRE(root.status == 3);
  const double r = nlohmann::json::parse(root.out)["elapsed_seconds"].get<double>();
  char limit[32];
  std::snprintf(limit, sizeof limit, "%.3f", std::max(3 * r, 0.05));
  const Run limited = run_cli(run + "--max-boxes 17 --time-limit " + limit, s);
  CAPTURE(r);
  CAPTURE(limited.out);
  REQUIRE(limited.status == 3);
  const nlohmann::json j = nlohmann::json::parse(limited.out);
  CHECK(j["status"] == "budget_exhausted");
  CHECK(j["boxes"].get<int>() >= 2);  // the limit came after the root box ...
  CHECK(j["boxes"].get<int>() < 17);  // ... and stopped the batch part-way
  CHECK(j["elapsed_seconds"].get<double>() < 8 * r);
}
