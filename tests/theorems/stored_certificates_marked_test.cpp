// Every side of every stored chain certificate (docs/certificates) is either re-computed by the
// certificate-only verify (`verify --no-rebuild`) or carries a trust mark saying why it cannot be
// (Evidence::trusted, chain/trust_reasons.hpp): a certificate says what it asks the reader to
// trust. Fails naming the certificate, step and side of any side with neither.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "chain/certificate.hpp"
#include "chain/verify.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;

TEST_CASE("stored chain certificates: every side is re-computed or marked with the reason it is trusted") {
  std::vector<std::filesystem::path> files;
  for (const auto& e :
       std::filesystem::recursive_directory_iterator(std::string(APPROXCERT_SOURCE_DIR) + "/docs/certificates"))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::size_t chains = 0, sides = 0, recomputed = 0;
  for (const auto& path : files) {
    const nlohmann::json cert = read_certificate(path.string());
    if (cert.value("kind", "") != "chain") continue;
    ++chains;
    CAPTURE(path.string());
    const VerifyReport r = verify_certificate(TheoremRegistry{}, cert, path.string(), VerifyOptions{.rebuild = false});
    std::string problems;
    for (const std::string& p : r.problems) problems += p + "\n";
    CAPTURE(problems);
    CHECK(r.ok());
    sides += r.sides;
    recomputed += r.sides_recomputed;
    CHECK(r.sides_recomputed + r.trusted.size() == r.sides);
    for (const TrustedSide& t : r.trusted) {
      CAPTURE(t.step);
      CAPTURE(t.side);
      CHECK_FALSE(t.reason.empty());
    }
  }
  // The stored set is the paper certificates (75 chain instances when this test was written).
  CHECK(chains >= 70);
  CHECK(recomputed > 0);
  CHECK(recomputed < sides);
}
