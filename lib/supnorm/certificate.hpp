#pragma once
// The supnorm certificate: an `approxcert-cert/1` JSON document of kind "supnorm" (DESIGN.md,
// docs/supnorm.md). Bounds are decimal strings rounded outward (lower down, upper up), so the
// printed enclosure contains the certified one; the witness is printed exactly.
#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "supnorm/supnorm.hpp"

namespace approxcert {

// What the certificate records about the problem. Exactly one of net_path / approx is set.
struct SupNormInputs {
  std::optional<std::string> net_path;   // the network file (its bytes are hashed)
  std::size_t net_output = 0;
  std::optional<std::string> approx;     // an approximant expression
  std::string target;                    // the target expression
  std::string domain;                    // the domain as given
};

// The error program target - approximant the inputs describe; throws InputError for bad input
// (a missing or malformed network, a bad expression, a domain of the wrong dimension).
Program problem_program(const SupNormInputs& in, const Box& domain);

// Exact decimal text of a rational with a terminating decimal expansion (every dyadic), else "p/q".
std::string exact_text(const Rational& q);

// The certificate document (keys in a fixed order). Reads the network file to hash it. The domain
// is recorded as its text (hashed) and its exact box, or, for constant-expression endpoints, the
// outer and inner boxes the run used (upper over outer, witness in inner).
nlohmann::ordered_json supnorm_certificate(const SupNormResult& r, const SupNormInputs& in, const SupNormOptions& o,
                                           const Domain& domain);

}  // namespace approxcert
