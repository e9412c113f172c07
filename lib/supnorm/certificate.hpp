#pragma once
// The supnorm certificate: an `approxcert-cert/1` JSON document of kind "supnorm" in the one
// certificate envelope (io/certificate_envelope.hpp: exact reading, canonical SHA-256 member, no
// floating-point numbers), described field by field in docs/supnorm.md. Bounds are decimal strings
// rounded outward (lower down, upper up), so the printed enclosure contains the certified one; the
// witness is printed exactly; the leaf cover is recorded (see supnorm_certificate) so that
// certificate_check.hpp re-checks the upper bound without the search.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "supnorm/range.hpp"
#include "supnorm/supnorm.hpp"
#include "target/domain.hpp"

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

// Where each input of a problem came from, to begin the messages about it: the command's options
// ("--target"), or a certificate's file and JSON pointers ("c.json: /inputs/target/expression").
struct InputOrigins {
  std::string net, approx, target, target_net, domain;
};

// Throws InputError for bad input (a missing or malformed network, a bad expression, a domain of
// the wrong dimension or outside the functions' domain), beginning with the input's origin. The
// message names no command: the command line prefixes the one the user ran.
Problem load_problem(const SupNormInputs& in, const Box& domain, const InputOrigins& origins);

// Exact decimal text of a rational with a terminating decimal expansion (every dyadic), else "p/q".
std::string exact_text(const Rational& q);

// The recorded leaf cover in the encoding described at supnorm_certificate: the cut tree, "bounds"
// (bound_text of each leaf's upper bound) and, when `leaf_lower` is given (indexed like
// cover.nodes), "lower_bounds" (each leaf's lower bound, exactly); when `leaf_integrals` is given
// (likewise), "integrals" (each leaf's [lower, upper] exactly, or null where it has none).
nlohmann::json cover_json(const SupNormCover& cover, const Box& domain,
                          const std::function<std::string(const std::optional<Rational>&)>& bound_text,
                          const std::vector<Rational>* leaf_lower = nullptr,
                          const std::vector<std::optional<Range>>* leaf_integrals = nullptr);

// The claim sentence for the inputs ("lower <= sup over the domain of |target - net| <= upper").
std::string supnorm_claim(const SupNormInputs& in);

// The gap member re-derived from the RECORDED lower and upper (absent upper: "inf").
nlohmann::json supnorm_gap(const Rational& lower, const std::optional<Rational>& upper);

// What a run records besides its result: the tolerances and budgets, precisions, threads, time.
struct RunRecord {
  Rational rel_tol, abs_tol;
  std::uint64_t max_boxes;
  long taylor_order;
  std::optional<double> time_limit_seconds;
  long initial_bits, max_bits_used;
  Arithmetic arithmetic;
  unsigned threads;
  double elapsed_seconds;
  std::optional<Rational> require_upper;  // the claim sup <= U the run stopped on, if any (supnorm)
};
template <class Options, class Result>
RunRecord run_record(const Options& o, const Result& r) {
  return {o.rel_tol, o.abs_tol, o.max_boxes, o.taylor_model_order, o.time_limit_seconds, o.prec, r.max_prec_used,
          r.arithmetic, r.threads, r.elapsed_seconds, std::nullopt};
}

// Completes an engine certificate (supnorm, lpnorm) `c`: its "format", "inputs" (each expression
// with its SHA-256, each network's path relative to the certificate's folder with its file's
// SHA-256 and output, the domain's text, exact box(es) and SHA-256), "options", "precision",
// "tool", "threads", "elapsed_seconds", and last "sha256" over the whole document. "options" has
// "require_upper" (exact) only when the run had a claim.
void finish_engine_certificate(nlohmann::json& c, const SupNormInputs& in, const Problem& problem, const Domain& domain,
                               const std::string& cert_path, const RunRecord& run);

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
// proved |f| <= bound on that leaf's box; with the monotonicity test, 'M' for a node where it held
// and "monotone" (present only then) has one [coordinate, sign] per 'M': the sign (1 or -1) of
// df/dx_coordinate over the node's widened box (monotonicity.hpp); an 'M' node's children are its
// faces on the domain's boundary in that coordinate (lower first; none: eliminated, no bound).
// "leaves" counts the 'L' nodes. "cover" is null when the run had more leaves than
// kMaxCoverLeaves (then the upper bound cannot be re-checked).
nlohmann::json supnorm_certificate(const SupNormResult& r, const SupNormInputs& in, const Problem& problem,
                                   const SupNormOptions& o, const Domain& domain, const std::string& cert_path);

}  // namespace approxcert
