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

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "problem/problem.hpp"
#include "problem/statement.hpp"
#include "supnorm/supnorm.hpp"

namespace approxcert {

// The recorded leaf cover in the encoding described at supnorm_certificate: the cut tree, "bounds"
// (bound_text of each leaf's upper bound) and, when `leaf_lower` is given (indexed like
// cover.nodes), "lower_bounds" (each leaf's lower bound, exactly); when `leaf_integrals` is given
// (likewise), "integrals" (each leaf's [lower, upper] exactly, or null where it has none).
nlohmann::json cover_json(const SupNormCover& cover, const Box& domain,
                          const std::function<std::string(const std::optional<Rational>&)>& bound_text,
                          const std::vector<Rational>* leaf_lower = nullptr,
                          const std::vector<std::optional<Range>>* leaf_integrals = nullptr);

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
  return {o.rel_tol,       o.abs_tol,    o.max_boxes, o.taylor_model_order, o.time_limit_seconds, o.prec,
          r.max_prec_used, r.arithmetic, r.threads,   r.elapsed_seconds,    std::nullopt};
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
