// Forged chain certificates, one per field: every leaf of a certificate changed upward and
// downward with its hash recomputed (reference/certificate_forger.hpp) must be rejected by the
// default `verify`, except the fields docs/chain.md lists as not claimed and changes that widen an
// enclosure (a weaker claim that is still true). The reference is the certificate as written.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain_test_support.hpp"
#include "reference/certificate_forger.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

TEST_CASE("forged fields: every claimed field of a demo certificate is rejected when changed") {
  ScratchDir dir("forged_fields");
  for (const char* file : {"demo_proved.json", "demo_refuted.json"}) {
    CAPTURE(file);
    const nlohmann::json cert = make_certificate(run_check(demo_registry(), read_check_file(data_file(file))).run);
    const reference::ForgerySweep s = reference::sweep_forgeries(demo_registry(), cert, dir.path("forged.json"), false);
    std::string accepted;
    for (const std::string& a : s.accepted) accepted += a + "\n";
    CAPTURE(accepted);
    CHECK(s.accepted.empty());
    CHECK(s.rejected > 100);  // the sweep reached the certificate's numbers, not only its texts
    CHECK(s.forged == s.rejected + s.unclaimed + s.widened + s.recertified + s.accepted.size());
  }
}
