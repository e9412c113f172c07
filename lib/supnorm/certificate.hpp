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

// What the certificate records about the problem. Exactly one of net_path / approx is set, and
// exactly one of target / target_net_path (a second network: sup |target_net - net|).
struct SupNormInputs {
  std::optional<std::string> net_path;   // the network file (its bytes are hashed)
  std::size_t net_output = 0;
  std::optional<std::string> approx;     // an approximant expression
  std::string target;                    // the target expression
  std::optional<std::string> target_net_path;  // or a target network file (hashed likewise)
  std::size_t target_net_output = 0;
  std::string domain;                    // the domain as given
};

// The error program target - approximant the inputs describe; throws InputError for bad input
// (a missing or malformed network, a bad expression, a domain of the wrong dimension).
Program problem_program(const SupNormInputs& in, const Box& domain);

// Exact decimal text of a rational with a terminating decimal expansion (every dyadic), else "p/q".
std::string exact_text(const Rational& q);

// The certificate document (keys in a fixed order). Reads the network file to hash it.
nlohmann::ordered_json supnorm_certificate(const SupNormResult& r, const SupNormInputs& in, const SupNormOptions& o,
                                           const Box& domain);

}  // namespace approxcert
