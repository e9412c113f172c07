// Certificates written before the spellings were merged (scalar/exact_text.hpp, the
// arithmetic names of scalar/arithmetic.hpp) still verify: a chain certificate with "ball"
// engines and evidence and fractions such as "1/2", and a supnorm certificate with a tolerance
// written as a 47-character decimal, both as the previous release wrote them (tests/theorems/data/).
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "scalar/exact_text.hpp"
#include "theorems/verify_by_kind.hpp"

using namespace approxcert;

namespace {

std::string data_file(const std::string& name) {
  return std::string(APPROXCERT_SOURCE_DIR) + "/tests/theorems/data/" + name;
}

nlohmann::json read_json(const std::string& path) {
  nlohmann::json j;
  std::ifstream(path) >> j;
  return j;
}

}  // namespace

TEST_CASE("old spelling: a chain certificate with \"ball\" engines and fraction text verifies") {
  const std::string path = data_file("old-spelling-chain.json");
  const nlohmann::json cert = read_json(path);
  // The file is in the old spelling (else this test would assert nothing about it).
  REQUIRE(cert["precision"]["engine"] == "ball");
  REQUIRE(cert.dump().find("\"computation\":\"ball\"") != std::string::npos);
  REQUIRE(cert.dump().find("\"kind\":\"ball\"") != std::string::npos);
  REQUIRE(cert.dump().find("\"value\":\"1/2\"") != std::string::npos);
  const theorems::VerifyByKindReport r = theorems::verify_by_kind(path);
  CAPTURE(r.problems);
  CHECK(r.kind == "chain");
  CHECK(r.ok());
  CHECK(r.verdict == cert["overall"].get<std::string>());
}

TEST_CASE("old spelling: a supnorm certificate with a long exact decimal verifies") {
  const std::string path = data_file("old-spelling-supnorm.json");
  const nlohmann::json cert = read_json(path);
  const std::string abs_tol = cert["options"]["abs_tol"];
  REQUIRE(abs_tol == "8.67361737988403547205962240695953369140625e-19");  // today: "1/1152921504606846976"
  REQUIRE(exact_text(parse_rational(abs_tol)) != abs_tol);
  const theorems::VerifyByKindReport r = theorems::verify_by_kind(path);
  CAPTURE(r.problems);
  CHECK(r.kind == "supnorm");
  CHECK(r.ok());
}
