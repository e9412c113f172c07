// Bad-input messages name the command the user ran, also when they come from a loader or reader
// that several commands share (the problem loader behind supnorm, lpnorm and verify; the
// construction registry), and a command that names itself is not named twice.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "io/certificate_envelope.hpp"
#include "io/sha256.hpp"

using namespace approxcert::cli::test;

namespace {

// Exit 2, one line on stderr beginning "approxcert: COMMAND: ", no other command named, nothing on stdout.
void check_named(const Run& r, const std::string& command, const std::string& other) {
  CAPTURE(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("approxcert: " + command + ": ", 0) == 0);
  CHECK(r.err.find(command + ": " + command + ":") == std::string::npos);
  if (!other.empty()) CHECK(r.err.find(other + ":") == std::string::npos);
  CHECK(r.err.find('\n') == r.err.size() - 1);
}

}  // namespace

TEST_CASE("command names: the problem loader's messages name supnorm or lpnorm, whichever ran") {
  ScratchDir s("command-names");
  // A domain outside the target's domain (log of x <= 0), found by the shared problem loader.
  const Run lp = run_cli("lpnorm --approx x --target 'log(x)' --domain '[-1,1]' --p 2", s);
  check_named(lp, "lpnorm", "supnorm");
  CHECK(lp.err.find("--domain [-1,1] must lie inside the domain") != std::string::npos);
  const Run sup = run_cli("supnorm --approx x --target 'log(x)' --domain '[-1,1]'", s);
  check_named(sup, "supnorm", "lpnorm");
  CHECK(sup.err.find("--domain [-1,1] must lie inside the domain") != std::string::npos);
  // Both an approximant and a network: the loader's own check.
  s.write("net.json", identity_net());
  check_named(run_cli("lpnorm --net " + s.path("net.json") + " --approx x --target x --domain '[0,1]' --p 1", s),
              "lpnorm", "supnorm");
  check_named(run_cli("lpnorm --approx x --target x --domain '[0,1]x[0,1]' --p 1", s), "lpnorm", "supnorm");
  // An option the command reads itself.
  check_named(run_cli("lpnorm --approx x --target x --domain '[0,1]' --p 0", s), "lpnorm", "");
}

TEST_CASE("command names: verify names itself and the certificate's domain, not the option of another command") {
  ScratchDir s("command-names-verify");
  const std::string cert = s.path("c.json");
  REQUIRE(run_cli("supnorm --approx 'log(x)' --target 0 --domain '[1,2]' -q --cert " + cert, s).status == 0);
  nlohmann::json c;
  std::ifstream(cert) >> c;
  // A domain that reaches log's singularity, with every hash made consistent.
  c["inputs"]["domain"]["text"] = "[-1,2]";
  c["inputs"]["domain"]["exact"] = "[-1,2]";
  c["inputs"]["domain"]["sha256"] = approxcert::sha256_hex("[-1,2]");
  c["sha256"] = approxcert::certificate_sha256(c);
  std::ofstream(s.path("forged.json")) << c.dump(2);
  const Run v = run_cli("verify " + s.path("forged.json"), s);
  check_named(v, "verify", "supnorm");
  CHECK(v.err.find("forged.json: /inputs/domain/text [-1,2] must lie inside") != std::string::npos);
  CHECK(v.err.find("--domain") == std::string::npos);
}

TEST_CASE("command names: a command that names itself is not named twice, and build names itself") {
  ScratchDir s("command-names-self");
  check_named(run_cli("eval --at 1", s), "eval", "");
  check_named(run_cli("build no-such-construction -o " + s.path("n.json"), s), "build", "");
  check_named(run_cli("import " + s.path("missing.onnx") + " -o ''", s), "import", "");
}
