#pragma once
// The supnorm certificate: an `approxcert-cert/1` JSON document of kind "supnorm" in the one
// certificate envelope (io/certificate_envelope.hpp: exact reading, canonical SHA-256 member, no
// floating-point numbers), described field by field in docs/supnorm.md. Bounds are decimal strings
// rounded outward (lower down, upper up), so the printed enclosure contains the certified one; the
// witness is printed exactly; the leaf cover is recorded (see supnorm_certificate) so that
// certificate_check.hpp re-checks the upper bound without the search.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "supnorm/supnorm.hpp"

namespace approxcert {

// The size budget of a recorded leaf cover (a certificate records at most this many leaves).
inline constexpr std::size_t kMaxCoverLeaves = 1000000;

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
  bool relative = false;                 // relative mode: sup |(approx - target)/target|
};

// The error program target - approximant the inputs describe (relative mode: the
// relative_error_program of it), and the SHA-256 of each network
// file's bytes (each file is read once: hashed and parsed from the same bytes).
struct Problem {
  Program program;
  std::optional<std::string> net_sha256;
  std::optional<std::string> target_net_sha256;
};

// Throws InputError for bad input (a missing or malformed network, a bad expression, a domain of
// the wrong dimension), naming the file or expression.
Problem load_problem(const SupNormInputs& in, const Box& domain);

// Exact decimal text of a rational with a terminating decimal expansion (every dyadic), else "p/q".
std::string exact_text(const Rational& q);

// The cover's cut tree in the encoding described at supnorm_certificate ("leaves", "tree", "cuts";
// no bounds); `leaves` receives the cover's node index of each leaf, in the recorded order.
nlohmann::json cover_tree_json(const SupNormCover& cover, const Box& domain, std::vector<std::size_t>& leaves);

// The claim sentence for the inputs ("lower <= sup over the domain of |target - net| <= upper").
std::string supnorm_claim(const SupNormInputs& in);

// The gap member re-derived from the RECORDED lower and upper (absent upper: "inf").
nlohmann::json supnorm_gap(const Rational& lower, const std::optional<Rational>& upper);

// The "inputs" member: each expression with its SHA-256, each network's path (relative to the
// certificate's folder) with its file's SHA-256 and output, the domain's text, exact box(es) and SHA-256.
nlohmann::json certificate_inputs_json(const SupNormInputs& in, const Problem& problem, const Domain& domain,
                                       const std::string& cert_path);

// The certificate document, "sha256" included. The domain is recorded as its text (hashed) and its
// exact box, or, for constant-expression endpoints, the outer and inner boxes the run used (upper
// over outer, witness in inner); the cover tiles the outer box. `problem` is the one load_problem returned for
// `in`; `cert_path` is where the certificate will be written: the network's path is recorded
// relative to its folder, so that certificate and network can move together.
//
// The leaf cover ("cover"): node 0 is the domain; in pre-order, "tree" has one character per node,
// 'S' for a cut and 'L' for a leaf; "cuts" has one entry per 'S': the coordinate, an integer, when
// the cut is at the exact midpoint of the node's box, else [coordinate, "exact cut point"];
// "bounds" has one decimal string per 'L', rounded up ("inf": no finite bound), with the engine's
// proved |f| <= bound on that leaf's box. "cover" is null when the run had more leaves than
// kMaxCoverLeaves (then the upper bound cannot be re-checked).
nlohmann::json supnorm_certificate(const SupNormResult& r, const SupNormInputs& in, const Problem& problem,
                                   const SupNormOptions& o, const Domain& domain, const std::string& cert_path);

}  // namespace approxcert
