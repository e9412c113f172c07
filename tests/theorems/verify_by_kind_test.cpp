// verify_by_kind: the one dispatch of `approxcert verify` and Python's verify(). A chain certificate
// reaches the chain checker and a supnorm certificate the small checker (their reports, kinds and
// verdicts come back unchanged; a tampered one fails); a certificate that is not of its kind, or of
// an unknown kind, is one InputError naming the file and the JSON path.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "reference/scratch_dir.hpp"
#include "scalar/input_error.hpp"
#include "theorems/verify_by_kind.hpp"

using namespace approxcert;

namespace {

const std::string kChain = std::string(APPROXCERT_SOURCE_DIR) + "/docs/certificates/claims/xy-relu.json";

// The chain example with one top-level field changed, written to cert.json in the scratch folder.
std::string copy_with(const approxcert::test::ScratchDir& s, const std::string& field, const std::string& value) {
  nlohmann::json cert;
  std::ifstream(kChain) >> cert;
  cert[field] = value;
  return s.write("cert.json", cert.dump());
}

std::string input_error(const std::string& path) {
  try {
    theorems::verify_by_kind(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("verify_by_kind: a chain certificate goes to the chain checker") {
  const theorems::VerifyByKindReport r = theorems::verify_by_kind(kChain, {true, false, ""});
  CHECK(r.kind == "chain");
  CHECK(r.verdict == "refuted");  // the worked example's recorded verdict
  CHECK(r.ok());
  CHECK(r.confirmations.at(0) == "7 steps; hash and recorded verdicts consistent");
}

TEST_CASE("verify_by_kind: a tampered chain certificate fails, another kind is read by its own checker or refused") {
  const approxcert::test::ScratchDir s("verify-by-kind");
  const std::string forged = copy_with(s, "verdict", "proved");
  const theorems::VerifyByKindReport r = theorems::verify_by_kind(forged, {true, false, ""});
  CHECK(r.kind == "chain");
  CHECK_FALSE(r.ok());
  // The supnorm checker reads it: a chain certificate's fields are not a supnorm certificate's.
  const std::string as_supnorm = copy_with(s, "kind", "supnorm");
  // (the first member in key order a supnorm certificate does not have)
  CHECK(input_error(as_supnorm) == as_supnorm + ": /build_seconds: unknown member (not part of a supnorm certificate)");
  const std::string odd = copy_with(s, "kind", "teapot");
  CHECK(input_error(odd) == odd + ": /kind: unknown certificate kind \"teapot\" (expected chain, supnorm or lpnorm)");
}
