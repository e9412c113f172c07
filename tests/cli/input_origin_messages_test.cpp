// A message about a problem input names where it came from: the option on the command line, the
// file and JSON pointer inside a certificate (a hostile expression in a certificate was reported
// as "verify: expression: column 1001: ..." with neither).
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

using namespace approxcert::cli::test;

TEST_CASE("input origins: options on the command line, file and pointer in a certificate") {
  Scratch s("input-origins");
  Run r = s.run("supnorm --approx 'x0+' --target x0 --domain '[0,1]'");
  CHECK(r.status == 2);
  CHECK(r.err.find("supnorm: --approx: expression: column 4:") != std::string::npos);
  r = s.run("supnorm --approx x0 --target 'sin(' --domain '[0,1]'");
  CHECK(r.status == 2);
  CHECK(r.err.find("supnorm: --target: expression: column 5:") != std::string::npos);
  r = s.run("lpnorm --p 2 --net " + std::string(APPROXCERT_SOURCE_DIR) + "/docs/examples/relu_2d.json --target 'x0*y' --domain '[0,1]^2'");
  CHECK(r.status == 2);
  CHECK(r.err.find("lpnorm: --target: expression: column 4: unknown identifier 'y'") != std::string::npos);

  const std::string cert = s.path("c.json");
  REQUIRE(s.run("supnorm --approx x0 --target 'x0^2' --domain '[0,1]' --rel-tol 1e-2 -q --cert " + cert).status == 0);
  nlohmann::json c = nlohmann::json::parse(slurp(cert));
  c["inputs"]["target"]["expression"] = std::string(1200, '(') + "x0" + std::string(1200, ')');
  s.write("c.json", c.dump());
  r = s.run("verify " + cert);
  CHECK(r.status == 2);
  CHECK(r.err.find(cert + ": /inputs/target/expression: expression: column 1001: expression nested too deeply") !=
        std::string::npos);
  c["inputs"]["target"]["expression"] = "x0^2";
  c["inputs"]["approx"]["expression"] = "x0 +* 1";
  s.write("c.json", c.dump());
  r = s.run("verify " + cert);
  CHECK(r.status == 2);
  CHECK(r.err.find(cert + ": /inputs/approx/expression: expression: column 5:") != std::string::npos);
}
