// approxcert eval / supnorm / verify end to end with constant-expression weights ("sqrt(2)/2") and
// domains ("[0,pi]"): outputs, certificates recording the texts, and bad input (exit status 2, a
// message naming the file and JSON path, no certificate written).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;
using approxcert::supnorm_test::Run;
using approxcert::supnorm_test::run_cli;
using approxcert::supnorm_test::ScratchDir;
namespace fs = std::filesystem;

namespace {

// Writes `name`, the one-layer network x -> weight * x (weight in JSON), and returns its path.
std::string one_weight_net(const ScratchDir& s, const std::string& name, const std::string& weight) {
  return s.write(name, R"({"format": "approxcert-net/1", "input": {"dim": 1},
      "layers": [{"type": "dense", "weight": [[)" +
                           weight + R"(]], "bias": ["0"]}]})");
}

std::string example(const std::string& name) { return std::string(APPROXCERT_SOURCE_DIR) + "/docs/examples/" + name; }

}  // namespace

TEST_CASE("cli: eval --net with the sqrt(2)/2 example network") {
  ScratchDir s("constant-cli");
  // rotate45.json at (1, 0): relu(sqrt(2)/2) + relu(sqrt(2)/2) = sqrt(2) = 1.41421356237309504880...
  const Run r = run_cli("eval --net " + example("rotate45.json") + " --at 1,0 --json", s);
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  const Rational lo = parse_rational(j["outputs"][0]["lower"].get<std::string>());
  const Rational hi = parse_rational(j["outputs"][0]["upper"].get<std::string>());
  CHECK(lo * lo <= Rational(2));  // lo <= sqrt(2) <= hi, checked exactly
  CHECK(Rational(2) <= hi * hi);
  CHECK(hi - lo < parse_rational("1e-35"));
  const Run mpfi = run_cli("eval --net " + example("rotate45.json") + " --at 1,0 --engine mpfi", s);
  CHECK(mpfi.status == 0);
  CHECK(mpfi.out.find("y0 in [1.41421356237309504880168872420969807") == 0);
}

TEST_CASE("cli: supnorm on [0,pi] with x as the variable, certificate and verify") {
  ScratchDir s("constant-cli");
  const std::string cert = s.path("sin.json");
  Run r = run_cli("supnorm --approx 0 --target \"sin(x)\" --domain \"[0,pi]\" --rel-tol 1e-9 --cert " + cert, s);
  CHECK(r.status == 0);
  CHECK(r.out.find("sup |target - approx| on [0,pi] in [0.99999999") == 0);
  CHECK(r.out.find("status converged") != std::string::npos);
  const auto c = nlohmann::json::parse(std::ifstream(cert));
  CHECK(c["inputs"]["domain"]["text"] == "[0,pi]");
  CHECK(c["inputs"]["domain"]["outer"].get<std::string>().rfind("[0,", 0) == 0);
  CHECK(c["inputs"]["domain"]["inner"].get<std::string>().rfind("[0,", 0) == 0);
  CHECK(!c["inputs"]["domain"].contains("exact"));
  const Rational w = parse_rational(c["witness"][0].get<std::string>());
  CHECK(w > parse_rational("1.57"));
  CHECK(w < parse_rational("1.58"));
  r = run_cli("verify " + cert, s);
  CHECK(r.status == 0);

  // A network with a constant-expression weight: sup_[0,pi] |sin x - (sqrt(2)/2) x| at x = pi.
  const std::string net = one_weight_net(s, "net.json", R"("sqrt(2)/2")");
  const std::string cert2 = s.path("net_cert.json");
  r = run_cli("supnorm --net " + net + " --target \"sin(x)\" --domain \"[0, pi]\" --cert " + cert2, s);
  CHECK(r.status == 0);
  // The sup is sqrt(2)/2 * pi = 2.2214414690791831235..., at the irrational endpoint x = pi.
  const auto c2 = nlohmann::json::parse(std::ifstream(cert2));
  CHECK(parse_rational(c2["lower"].get<std::string>()) <= parse_rational("2.2214414690791831235"));
  CHECK(parse_rational("2.2214414690791831236") <= parse_rational(c2["upper"].get<std::string>()));
  CHECK(parse_rational(c2["witness"][0].get<std::string>()) <= parse_rational("3.1415926535897932384"));
  CHECK(run_cli("verify " + cert2, s).status == 0);
}

TEST_CASE("cli: bad constant expressions exit 2 naming the file and JSON path, no certificate") {
  ScratchDir s("constant-cli");
  const std::string cert = s.path("never.json");
  const std::string huge = "\"" + std::string(1000000, '1') + "+pi\"";
  struct Case {
    std::string weight, fragment;
  };
  const Case cases[] = {
      {R"J("x0 + 1")J", "a constant expression has no variables, got 'x0'"},
      {R"J("log(0)")J", "constant expression 'log(0)' is not a finite real number"},
      {R"J("1/0")J", "constant expression '1/0' is not a finite real number"},
      {R"J("sqrt(-1)")J", "constant expression 'sqrt(-1)' is not a finite real number"},
      {huge, "constant expression of 1000003 characters is too long (limit 10000)"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.fragment);
    const std::string net = one_weight_net(s, "bad.json", c.weight);
    for (const std::string& cmd :
         {"eval --net " + net + " --at 1", "supnorm --net " + net + " --target x --domain [0,1] --cert " + cert}) {
      const Run r = run_cli(cmd, s);
      CHECK(r.status == 2);
      CHECK(r.err.find(net + ": /layers/0/weight/0/0: ") != std::string::npos);
      CHECK(r.err.find(c.fragment) != std::string::npos);
      CHECK(r.out.empty());
      CHECK(!fs::exists(cert));
    }
  }
  // Domains: a variable, an undefined endpoint, an empty interval.
  for (const std::string domain : {"[0,x]", "[0,log(0)]", "[pi,3]"}) {
    const Run r = run_cli("supnorm --approx 0 --target x --domain \"" + domain + "\" --cert " + cert, s);
    CHECK(r.status == 2);
    CHECK(r.err.find("domain: column ") != std::string::npos);
    CHECK(!fs::exists(cert));
  }
}
