// Hostile supnorm certificates whose hash a forger recomputed: what they record may cost the
// checker no more than the claim needs (a recorded precision is used only where the checker's own
// does not prove a bound), and a recorded network path may not make it block or read a device.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "../supnorm/cli_support.hpp"
#include "problem/statement.hpp"
#include "scalar/rational.hpp"

using namespace approxcert::supnorm_test;
namespace fs = std::filesystem;

TEST_CASE("verify: a forged run precision is not what the checker works at") {
  ScratchDir s("hostile-precision");
  const std::string cert = s.path("honest.cert.json");
  REQUIRE(
      run_cli(
          "supnorm --approx 0 --target 'sin(5*x0)*cos(3*x1)+x0*x1/8' --domain '[0,2]^2' --rel-tol 1e-3 --cert " + cert,
          s)
          .status == 0);
  const std::string forged = forge(s, read_json(cert), "precision", [](nlohmann::json& c) {
    c["precision"]["initial_bits"] = 65536;
    c["precision"]["max_bits_used"] = 65536;
    c["options"]["taylor_order"] = 200;
  });
  const Run r = run_cli("verify " + forged, s);
  CAPTURE(r.out);
  CHECK(r.status == 0);  // the precision is a run statistic: the claim is as true as before
  // The witness is confirmed at the checker's 256 bits, not at the recorded 65536 + 64.
  CHECK(r.out.find("|error(witness)| >= lower, MPFI at 256 bits") != std::string::npos);
  CHECK(r.out.find("65600") == std::string::npos);
}

TEST_CASE("verify: a recorded network path that is not a regular file is refused before it is read") {
  ScratchDir s("hostile-path");
  s.write("net.json", identity_net());
  const std::string cert = s.path("net.cert.json");
  REQUIRE(
      run_cli("supnorm --net " + s.path("net.json") + " --target 'x0^2' --domain '[-1,1]' --cert " + cert, s).status ==
      0);
  const nlohmann::json honest = read_json(cert);
  fs::create_symlink("/dev/zero", s.dir() / "zero-link.json");
  for (const std::string device : {"/dev/stdin", "/dev/zero", "zero-link.json", "."}) {
    CAPTURE(device);
    const std::string forged =
        forge(s, honest, "path", [&](nlohmann::json& c) { c["inputs"]["net"]["path"] = device; });
    // stdin is a pipe that never closes: a checker that read the recorded /dev/stdin would block.
    const Run r = run_cli("verify " + forged + " < /dev/zero", s);
    CHECK(r.status == 2);
    CHECK(r.err.find("/inputs/net/path") != std::string::npos);
    CHECK(r.err.find("is not a regular file") != std::string::npos);
  }
  // The user's own --net is the user's choice, and the honest certificate still verifies.
  CHECK(run_cli("verify " + cert, s).status == 0);
}

// The seeded checker bugs of tests/mutation/mutants.json (ids checker-*): each lets `verify`
// accept a false certificate, and each case below is one such certificate.

TEST_CASE("verify: a leaf recorded without a finite bound under a finite upper bound is rejected") {
  ScratchDir s("hostile-inf-leaf");
  const std::string cert = s.path("honest.cert.json");
  REQUIRE(
      run_cli(
          "supnorm --approx 0 --target 'sin(5*x0)*cos(3*x1)+x0*x1/8' --domain '[0,2]^2' --rel-tol 1e-3 --cert " + cert,
          s)
          .status == 0);
  const std::string forged =
      forge(s, read_json(cert), "inf-leaf", [](nlohmann::json& c) { c["cover"]["bounds"][0] = "inf"; });
  const Run r = run_cli("verify " + forged, s);
  CHECK(r.status == 1);
  CHECK(r.out.find("leaf 0: its recorded bound exceeds the recorded upper bound") != std::string::npos);
}

TEST_CASE("verify: a lower bound just above the witness's error is rejected") {
  ScratchDir s("hostile-witness");
  const std::string cert = s.path("honest.cert.json");
  // error = sqrt(2) everywhere, so every point is a witness with |error| = sqrt(2).
  REQUIRE(run_cli("supnorm --approx 0 --target 'sqrt(2)' --domain '[0,1]' --rel-tol 1e-3 --cert " + cert, s).status ==
          0);
  // sqrt(2) truncated to 100 digits, plus 1e-99: above sqrt(2) by less than 1e-99, far less than
  // the width of a 256-bit enclosure (about 1e-77), which therefore reaches above it.
  const approxcert::Rational above = approxcert::parse_rational(
      "1.414213562373095048801688724209698078569671875376948073176679737990732478462107038850387534327641573");
  const std::string forged = forge(s, read_json(cert), "witness", [&](nlohmann::json& c) {
    c["lower"] = approxcert::exact_text(above);
    c["gap"] = approxcert::supnorm_gap(above, approxcert::parse_rational(c["upper"].get<std::string>()));
  });
  const Run r = run_cli("verify " + forged, s);
  CAPTURE(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("does not confirm |error(witness)| >= lower") != std::string::npos);
}

TEST_CASE("verify: an lpnorm integral.upper below the sum of the leaves' recorded upper ends is rejected") {
  using approxcert::Rational;
  ScratchDir s("hostile-lp-integral");
  const std::string cert = s.path("honest.cert.json");
  REQUIRE(
      run_cli("lpnorm --approx 0 --target 'exp(x0)' --domain '[0,1]' --p 2 --rel-tol 1e-3 --method leaf-sums --cert " +
                  cert,
              s)
          .status == 0);
  const nlohmann::json honest = read_json(cert);
  const nlohmann::json& cover = honest["cover"];
  REQUIRE(cover.contains("integrals"));
  // The sums over the leaves (a decoder of this file): min(vol M^2, hi), and the same with each
  // recorded integral's lower end lo in place of hi.
  const auto leaves = leaf_intervals(cover, Rational(0), Rational(1));
  Rational with_hi(0), with_lo(0);
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    const Rational M = approxcert::parse_rational(cover["bounds"][k].get<std::string>());
    const Rational vol_M2 = (leaves[k].second - leaves[k].first) * M * M;
    const nlohmann::json& I = cover["integrals"][k];
    with_hi += I.is_null() ? vol_M2 : min(vol_M2, approxcert::parse_rational(I[1].get<std::string>()));
    with_lo += I.is_null() ? vol_M2 : min(vol_M2, approxcert::parse_rational(I[0].get<std::string>()));
  }
  const Rational forged_upper =
      max(with_lo, approxcert::parse_rational(honest["integral"]["lower"].get<std::string>()));
  REQUIRE(forged_upper < with_hi);  // the recorded upper ends matter: the forgery is below their sum
  const std::string forged = forge(s, honest, "integral-upper", [&](nlohmann::json& c) {
    c["integral"]["upper"] = approxcert::exact_text(forged_upper);
  });
  const Run r = run_cli("verify " + forged, s);
  CAPTURE(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("integral.upper is below the sum of vol * M^p over the recorded leaves") != std::string::npos);
}
