// approxcert supnorm end to end: the summary line, the certificate, budgets, and bad input
// (exit status 2, one message, no certificate file).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "io/sha256.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;
using namespace approxcert::supnorm_test;
namespace fs = std::filesystem;

TEST_CASE("supnorm cli: summary line and certificate") {
  ScratchDir s("supnorm-cli");
  s.write("net.json", identity_net());
  // relu(x) - relu(-x) = x: exactly zero error.
  Run r =
      run_cli("supnorm --net " + s.path("net.json") + " --target x0 --domain '[-1,2]' --cert " + s.path("c.json"), s);
  CHECK(r.status == 0);
  CHECK(r.out.find("sup |target - net| on [-1,2] in [0, 0]") != std::string::npos);
  CHECK(r.out.find("status converged") != std::string::npos);
  nlohmann::json c = read_json(s.path("c.json"));
  CHECK(c["format"] == "approxcert-cert/1");
  CHECK(c["kind"] == "supnorm");
  CHECK(c["status"] == "converged");
  CHECK(c["lower"] == "0");
  CHECK(c["upper"] == "0");
  CHECK(c["inputs"]["net"]["sha256"] == sha256_file_hex(s.path("net.json")));
  CHECK(c["inputs"]["target"]["expression"] == "x0");
  CHECK(c["inputs"]["domain"]["exact"] == "[-1,2]");
  CHECK(c["boxes"].get<int>() >= 1);
  CHECK(c["witness"].size() == 1);
  CHECK(c.contains("tool"));
  CHECK(c["tool"].contains("commit"));

  // sup |x0^2 + sin(x0)/1000 - x0^2| on [0,1] = sin(1)/1000, with the witness at 1.
  r = run_cli("supnorm --approx 'x0^2' --target 'x0^2 + sin(x0)/1000' --domain '[0,1]' --rel-tol 1e-12 --cert " +
                  s.path("d.json"),
              s);
  CHECK(r.status == 0);
  c = read_json(s.path("d.json"));
  CHECK(c["status"] == "converged");
  const Rational lower = parse_rational(c["lower"].get<std::string>());
  const Rational upper = parse_rational(c["upper"].get<std::string>());
  CHECK(parse_rational("0.000841470984807") <= lower);  // sin(1)/1000 = 0.000841470984807896...
  CHECK(upper <= parse_rational("0.000841470984808"));
  CHECK(c["witness"][0] == "1");
  CHECK(c["inputs"]["approx"]["expression"] == "x0^2");
}

TEST_CASE("supnorm cli: a box budget gives budget_exhausted with a sound enclosure") {
  ScratchDir s("supnorm-cli");
  const Run r =
      run_cli("supnorm --approx 'x0*x1' --target 'sin(x0)*sin(x1)' --domain '[-1,1]^2' --max-boxes 3 --cert " +
                  s.path("c.json"),
              s);
  CHECK(r.status == 3);  // not decided; the certificate is still written
  CHECK(r.out.find("status budget_exhausted") != std::string::npos);
  const nlohmann::json c = read_json(s.path("c.json"));
  CHECK(c["status"] == "budget_exhausted");
  CHECK(c["boxes"].get<int>() <= 3);
  // The true value is 1 - sin(1)^2 = 0.291926581726428...
  CHECK(parse_rational(c["lower"].get<std::string>()) <= parse_rational("0.2919265817264288"));
  CHECK(parse_rational("0.2919265817264289") <= parse_rational(c["upper"].get<std::string>()));
}

TEST_CASE("supnorm cli: bad input gives one message, exit status 2 and no certificate") {
  ScratchDir s("supnorm-cli");
  s.write("net.json", identity_net());
  const std::string net = " --net " + s.path("net.json");
  const std::string cert = " --cert " + s.path("c.json");
  const std::pair<std::string, std::string> cases[] = {
      {net + " --target x0 --domain '[1,0]'", "domain"},
      {net + " --target 'foo(x0)' --domain '[0,1]'", "expression"},
      {net + " --target x0 --domain '[0,1]^2'", "domain"},
      {net + " --output 3 --target x0 --domain '[0,1]'", "--output"},
      {" --net " + s.path("missing.json") + " --target x0 --domain '[0,1]'", "missing.json"},
      {net + " --approx x0 --target x0 --domain '[0,1]'", "exactly one"},
      {" --approx x0 --target x0 --domain '[0,1]' --rel-tol -1", "--rel-tol"},
      {" --approx x0 --target x5 --domain '[0,1]'", "expression"},
      {" --approx x0 --target x0 --domain '[0,1]' --taylor-order -1", "--taylor-order"},
      {" --approx x0 --target x0 --domain '[0,1]' --taylor-order 201", "--taylor-order"},
      {" --approx x0 --target x0 --domain '[0,1]' --cert " + s.path("no/dir/c.json"), "--cert"},
      // a target certainly undefined somewhere in the box is refused before the run (docs/target.md)
      {" --approx x0 --target 'log1p(x0)' --domain '[-2,1]'", "log1p is undefined at x0 = -2"},
      {" --approx x0 --target 'asin(x0)' --domain '[0,2]' --relative", "asin is undefined at x0 = 2"},
      {" --approx 'x0^(1/3)' --target x0 --domain '[-1,1]'",
       "pow (a real power x^y) is undefined at x0 = 0: its base 0 is not > 0"},
      {net + " --target 'acosh(x0)' --domain '[0,3]'", "acosh is undefined at x0 = 0"},
  };
  for (const auto& [args, needle] : cases) {
    CAPTURE(args);
    const Run r = run_cli("supnorm" + args + (args.find("--cert") == std::string::npos ? cert : ""), s);
    CHECK(r.status == 2);
    CHECK(r.err.find(needle) != std::string::npos);
    CHECK(r.err.find("internal error") == std::string::npos);
    CHECK(!fs::exists(s.path("c.json")));
  }
}

TEST_CASE("supnorm cli: verify re-checks a supnorm certificate and rejects tampered ones") {
  ScratchDir s("supnorm-cli");
  s.write("net.json", identity_net());
  // relu(x) - relu(-x) = x (the network) against x^2 on [-1, 1]: sup |x^2 - x| = 2 at x = -1.
  const std::string cert = s.path("c.json");
  REQUIRE(
      run_cli("supnorm --net " + s.path("net.json") + " --target 'x0^2' --domain '[-1,1]' --cert " + cert, s).status ==
      0);
  const Run ok = run_cli("verify " + cert, s);
  CHECK(ok.status == 0);
  CHECK(ok.out.find("OK") == 0);
  CHECK(ok.out.find("verdict converged") != std::string::npos);
  CHECK(ok.out.find("leaves tile the domain") != std::string::npos);

  // Edited without recomputing the hash: the envelope's SHA-256 no longer matches.
  auto tampered = [&](const std::string& pointer, const std::string& value) {
    nlohmann::json c = read_json(cert);
    c[nlohmann::json::json_pointer(pointer)] = value;
    const std::string path = s.path("t.json");
    std::ofstream(path) << c.dump(2);
    return run_cli("verify " + path, s);
  };
  const Run low_upper = tampered("/upper", "1.9");
  CHECK(low_upper.status == 1);
  CHECK(low_upper.out.find("SHA-256 of the canonical content") != std::string::npos);
  const Run other_target = tampered("/inputs/target/expression", "x0^3");
  CHECK(other_target.status == 1);
  CHECK(other_target.out.find("target's SHA-256") != std::string::npos);
  const Run no_lower = tampered("/lower", "not a number");
  CHECK(no_lower.status == 2);
  CHECK(no_lower.err.find("/lower") != std::string::npos);
  CHECK(no_lower.out.empty());

  std::ofstream(s.path("net.json"), std::ios::app) << " ";  // the certified network file changed
  const Run changed = run_cli("verify --no-recompute " + cert, s);
  CHECK(changed.status == 1);
  CHECK(changed.out.find("not the one certified") != std::string::npos);
}

TEST_CASE("supnorm cli: a domain of the largest dimension (10^4 inputs) is bounded and verified") {
  // Regression (fuzzing): every bounder built a dense gradient per input, 10^8 numbers here.
  ScratchDir s("supnorm-cli-dim");
  Run r = run_cli("supnorm --approx 0 --target 0 --domain '[1e-304,88]^10000' -q --cert " + s.path("c.json"), s);
  CHECK(r.status == 0);
  CHECK(read_json(s.path("c.json"))["upper"] == "0");
  Run v = run_cli("verify " + s.path("c.json"), s);
  CHECK(v.status == 0);
}
