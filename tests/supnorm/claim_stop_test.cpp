// The claim sup <= U as a stopping rule (SupNormOptions::claim_upper, supnorm --require-upper): the
// search ends as soon as the claim is decided, with far fewer boxes than the tolerance asks for, a
// sound enclosure and the right verdict; the certificate of such a run verifies, records the claim,
// and a forged claim its bounds do not decide is rejected.
// References: f = 1 - |x0 - 1/3| - |x1 - 1/5| - |x2 - 1/7| on [0,1/2]^3 has sup |f| = 1, at the
// kink (1/3, 1/5, 1/7) (f <= 1, and f >= 1 - 1/3 - 3/10 - 5/14 > -1 on the box), which the tolerance
// 1e-12 reaches only through small boxes around a point no cut hits; sup |sin(x0) sin(x1) - x0 x1|
// on [-1,1]^2 = cos(1)^2 = 0.2919265817264288065... (at the corners).
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "cli_support.hpp"
#include "domain/domain.hpp"
#include "problem/error_program.hpp"
#include "scalar/rational.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::supnorm_test;

namespace {

const std::string kKink = "1 - abs(x0 - 1/3) - abs(x1 - 1/5) - abs(x2 - 1/7)";

SupNormResult run(const std::string& target, std::size_t dim, const std::string& domain, const std::string& rel_tol,
                  const std::optional<Rational>& claim) {
  SupNormOptions o;
  o.rel_tol = parse_rational(rel_tol);
  o.threads = 1;
  o.claim_upper = claim;
  return sup_norm(expression_error_program("0", target, dim), parse_domain(domain), o);
}
SupNormResult kink(const std::optional<Rational>& claim) { return run(kKink, 3, "[0,1/2]^3", "1e-12", claim); }

// The enclosure holds the true sup, known to lie in [sup_lo, sup_hi].
void check_sound(const SupNormResult& r, const Rational& sup_lo, const Rational& sup_hi) {
  CHECK(r.lower <= sup_hi);
  REQUIRE(r.upper);
  CHECK(sup_lo <= *r.upper);
}

}  // namespace

TEST_CASE("claim stop: sup <= 1.0001 is proved and sup <= 0.99 refuted with far fewer boxes than rel-tol 1e-12 needs") {
  const SupNormResult full = kink(std::nullopt);
  CHECK(full.status == SupNormStatus::Converged);
  check_sound(full, Rational(1), Rational(1));

  const Rational above = parse_rational("1.0001"), below = parse_rational("0.99");
  const SupNormResult proved = kink(above);
  CHECK(proved.status == SupNormStatus::ClaimDecided);
  check_sound(proved, Rational(1), Rational(1));
  CHECK(*proved.upper <= above);
  CHECK(upper_claim(proved.lower, proved.upper, above) == Truth::True);
  CHECK(proved.boxes * 10 < full.boxes);

  const SupNormResult refuted = kink(below);
  CHECK(refuted.status == SupNormStatus::ClaimDecided);
  check_sound(refuted, Rational(1), Rational(1));
  CHECK(below < refuted.lower);
  CHECK(upper_claim(refuted.lower, refuted.upper, below) == Truth::False);
  CHECK(refuted.boxes * 5 < full.boxes);
}

TEST_CASE("claim stop: a claim within the tolerance of the sup leaves the tolerance to end the run") {
  // U = the sup + 2e-17: proving it needs upper within 7e-17 relative, far inside rel-tol 1e-9, and
  // refuting it is impossible, so the tolerance ends the run (it is tested first)
  const SupNormResult r = run("sin(x0)*sin(x1) - x0*x1", 2, "[-1,1]^2", "1e-9", parse_rational("0.29192658172642883"));
  CHECK(r.status == SupNormStatus::Converged);
  check_sound(r, parse_rational("0.2919265817264288"), parse_rational("0.2919265817264289"));
}

TEST_CASE("claim stop cli: exit 0 proved / 1 refuted, status claim_decided, and the certificates verify") {
  ScratchDir s("claim-stop");
  const std::string problem =
      "supnorm --approx 0 --target '" + kKink + "' --domain '[0,1/2]^3' --rel-tol 1e-12 --quiet ";
  const Run proved = run_cli(problem + "--require-upper 1.0001 --json --cert " + s.path("proved.json"), s);
  CHECK(proved.status == 0);
  const nlohmann::json jp = nlohmann::json::parse(proved.out);
  CHECK(jp["status"] == "claim_decided");
  CHECK(jp["stopped_by"] == "require_upper");
  CHECK(jp["require_upper"]["verdict"] == "proved");
  const Run refuted = run_cli(problem + "--require-upper 0.99 --cert " + s.path("refuted.json"), s);
  CHECK(refuted.status == 1);
  CHECK(refuted.out.find("status claim_decided") != std::string::npos);
  CHECK(refuted.out.find("sup <= 0.99: refuted") != std::string::npos);

  const nlohmann::json cp = read_json(s.path("proved.json")), cr = read_json(s.path("refuted.json"));
  CHECK(cp["status"] == "claim_decided");
  CHECK(cp["options"]["require_upper"] == "1.0001");
  CHECK(parse_rational(cp["upper"].get<std::string>()) <= parse_rational("1.0001"));
  CHECK(cr["status"] == "claim_decided");
  CHECK(parse_rational("0.99") < parse_rational(cr["lower"].get<std::string>()));
  const Run verified = run_cli("verify " + s.path("proved.json") + " " + s.path("refuted.json"), s);
  CHECK(verified.status == 0);
  CHECK(verified.out.find("claim sup <= 1.0001 proved by the recorded bounds") != std::string::npos);

  // Forged (hash recomputed): a claim the recorded bounds do not decide, or no claim at all.
  const std::string undecided =
      forge(s, cp, "undecided", [](nlohmann::json& c) { c["options"]["require_upper"] = "0.9"; });
  const Run u = run_cli("verify " + undecided, s);
  CHECK(u.status == 1);
  CHECK(u.out.find("decide neither") != std::string::npos);
  const std::string missing = forge(s, cp, "missing", [](nlohmann::json& c) { c["options"].erase("require_upper"); });
  CHECK(run_cli("verify " + missing, s).status != 0);
  // Without --require-upper nothing about a claim is recorded (older certificates look the same).
  REQUIRE(run_cli(problem + "--cert " + s.path("plain.json"), s).status == 0);
  CHECK_FALSE(read_json(s.path("plain.json"))["options"].contains("require_upper"));
}
