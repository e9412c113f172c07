#pragma once
// The problem a supnorm or lpnorm run certifies and its checker re-checks: the inputs as given
// (networks by path, expressions, the domain's text), and the error program they describe, read
// the same way by the engine (lib/supnorm) and the checker (lib/check) so that both certify and
// check one function.
#include <cstddef>
#include <optional>
#include <string>

#include "domain/domain.hpp"
#include "net/program.hpp"

namespace approxcert {

// What the certificate records about the problem. Exactly one of net_path / approx is set, and
// exactly one of target / target_net_path (a second network: sup |target_net - net|).
struct SupNormInputs {
  std::optional<std::string> net_path;  // the network file (its bytes are hashed)
  std::size_t net_output = 0;
  std::optional<std::string> approx;           // an approximant expression
  std::string target;                          // the target expression
  std::optional<std::string> target_net_path;  // or a target network file (hashed likewise)
  std::size_t target_net_output = 0;
  std::string domain;     // the domain as given
  bool relative = false;  // relative mode: sup |(approx - target)/target|
};

// The error program target - approximant the inputs describe (relative mode: the
// relative_error_program of it), and the SHA-256 of each network
// file's bytes (each file is read once: hashed and parsed from the same bytes).
struct Problem {
  Program program;
  std::optional<std::string> net_sha256;
  std::optional<std::string> target_net_sha256;
};

// Where each input of a problem came from, to begin the messages about it: the command's options
// ("--target"), or a certificate's file and JSON pointers ("c.json: /inputs/target/expression").
// The output indices default to the engine's own words for a caller that does not name them.
struct InputOrigins {
  std::string net, approx, target, target_net, domain;
  std::string net_output, target_net_output;
  std::string relative;  // the relative mode (its messages: the target's zeros)
};

// Throws InputError for bad input (a missing or malformed network, a bad expression, an output
// index out of range, networks on different inputs, a domain of the wrong dimension or outside the
// functions' domain), beginning with the input's origin. The
// message names no command: the command line prefixes the one the user ran.
Problem load_problem(const SupNormInputs& in, const Box& domain, const InputOrigins& origins);

}  // namespace approxcert
