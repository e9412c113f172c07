// A message about a problem input names where it came from: the option on the command line, the
// file and JSON pointer inside a certificate (a hostile expression in a certificate was reported
// as "verify: expression: column 1001: ..." with neither).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

using namespace approxcert::cli::test;

TEST_CASE("input origins: options on the command line, file and pointer in a certificate") {
  ScratchDir s("input-origins");
  Run r = run_cli("supnorm --approx 'x0+' --target x0 --domain '[0,1]'", s);
  CHECK(r.status == 2);
  CHECK(r.err.find("supnorm: --approx: expression: column 4:") != std::string::npos);
  r = run_cli("supnorm --approx x0 --target 'sin(' --domain '[0,1]'", s);
  CHECK(r.status == 2);
  CHECK(r.err.find("supnorm: --target: expression: column 5:") != std::string::npos);
  r = run_cli("lpnorm --p 2 --net " + std::string(APPROXCERT_SOURCE_DIR) +
                  "/docs/examples/relu_2d.json --target 'x0*y' --domain '[0,1]^2'",
              s);
  CHECK(r.status == 2);
  CHECK(r.err.find("lpnorm: --target: expression: column 4: unknown identifier 'y'") != std::string::npos);

  const std::string cert = s.path("c.json");
  REQUIRE(run_cli("supnorm --approx x0 --target 'x0^2' --domain '[0,1]' --rel-tol 1e-2 -q --cert " + cert, s).status ==
          0);
  nlohmann::json c = nlohmann::json::parse(slurp(cert));
  c["inputs"]["target"]["expression"] = std::string(1200, '(') + "x0" + std::string(1200, ')');
  s.write("c.json", c.dump());
  r = run_cli("verify " + cert, s);
  CHECK(r.status == 2);
  CHECK(r.err.find(cert + ": /inputs/target/expression: expression: column 1001: expression nested too deeply") !=
        std::string::npos);
  c["inputs"]["target"]["expression"] = "x0^2";
  c["inputs"]["approx"]["expression"] = "x0 +* 1";
  s.write("c.json", c.dump());
  r = run_cli("verify " + cert, s);
  CHECK(r.status == 2);
  CHECK(r.err.find(cert + ": /inputs/approx/expression: expression: column 5:") != std::string::npos);
}

// The engine reports in its own terms; the command line begins each message with the option it
// read the input from (output indices, a second network, relative mode, construction parameters).
TEST_CASE("input origins: the engine's messages begin with the command's options") {
  ScratchDir s("input-origins-options");
  const std::string net = std::string(APPROXCERT_SOURCE_DIR) + "/docs/examples/relu_2d.json";  // 2 inputs, 1 output
  s.write("one.json", R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [{"type": "relu"}]})");
  const auto expect = [&](const std::string& args, const std::string& message) {
    const Run r = run_cli(args, s);
    CHECK_MESSAGE(r.status == 2, args);
    CHECK_MESSAGE(r.err == "approxcert: " + message + "\n", args);
  };
  expect("supnorm --net " + net + " --output 3 --target x0 --domain '[0,1]^2'",
         "supnorm: --output: the network has 1 output (indices 0..0), got 3");
  expect("lpnorm --p 2 --net " + net + " --output 1 --target x0 --domain '[0,1]^2'",
         "lpnorm: --output: the network has 1 output (indices 0..0), got 1");
  expect("supnorm --net " + net + " --target-net " + net + " --output 2 --domain '[0,1]^2'",
         "supnorm: --output: the network has 1 output (indices 0..0), got 2");
  expect("supnorm --net " + net + " --target-net " + net + " --target-output 1 --domain '[0,1]^2'",
         "supnorm: --target-output: the target network has 1 output (indices 0..0), got 1");
  expect("supnorm --net " + net + " --target-net " + s.path("one.json") + " --domain '[0,1]^2'",
         "supnorm: --target-net: the target network takes 1 inputs, the network 2");

  Run r = run_cli("supnorm --relative --approx 'x^2 - 2' --target 'x^2 - 2' --domain '[1,2]'", s);
  CHECK(r.status == 2);
  CHECK(r.err.find("approxcert: supnorm: --relative: the target may vanish on [1.41421356237") == 0);
  r = run_cli("supnorm --relative --approx '1 + x' --target x --domain '[-1,1]'", s);
  CHECK(r.status == 2);
  CHECK(r.err.find("approxcert: supnorm: --relative: at the zero x = 0 of the target: the approximant - target has a "
                   "nonzero Taylor coefficient of order 0") == 0);

  const std::string out = " -o " + s.path("net.json");
  expect("build altabaa2024/voronoi-threshold --param m" + out, "build: --param: \"m\": expected key=value");
  expect("build altabaa2024/voronoi-threshold --param m=2 --param m=3" + out, "build: --param: \"m\" is given twice");
  r = run_cli("build altabaa2024/rank-factorisation --param 'R=[[0,1],' " + out, s);
  CHECK(r.status == 2);
  CHECK(r.err.find("approxcert: build: --param R: ") == 0);
  r = run_cli("build altabaa2024/voronoi-threshold --param m=x" + out, s);
  CHECK(r.status == 2);
  CHECK(r.err.find("approxcert: build: --param: /m: ") == 0);
  CHECK(!std::filesystem::exists(s.path("net.json")));
}
