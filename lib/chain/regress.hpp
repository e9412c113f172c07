#pragma once
// Regression check (`approxcert regress`): re-runs every check file and compares each step with
// the stored certificate of the same paper/instance in the baseline folder.
//
// A row of the diff table is a failure when:
//  - a step's verdict (or the overall verdict) changed, a step appeared or disappeared, or the
//    stored certificate is missing;
//  - a certified bound got worse beyond the tolerance: for every side evaluated at the same point,
//    the new lower endpoint is below the stored one, or the new upper endpoint above it, by more
//    than tol(stored) = rel_tol * |stored endpoint| + abs_tol; and for every decided step the new
//    margin is below the stored margin by more than rel_tol * |stored margin| + abs_tol.
// Defaults: rel_tol = 1e-9, abs_tol = 0 (a bound computed the same way is reproduced exactly, so
// any loss is reported; raise the tolerance with --rel-tol / --abs-tol when changing the engine).
// Improvements are not failures. Stored certificates are compared, not re-hashed (verify does that).
// When the instance itself changed (theorem, parameters or precision differ from the stored
// certificate), its rows say so (kind "instance") and its bounds are not compared: a different
// instance is not a worse bound.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "chain/registry.hpp"
#include "scalar/rational.hpp"

namespace approxcert::chain {

struct RegressOptions {
  std::string baseline = "docs/certificates";
  Rational rel_tol = Rational(1) / Rational(1000000000);
  Rational abs_tol = Rational(0);
  // Called before each instance runs (index from 0, total, the check file), for progress lines.
  std::function<void(std::size_t index, std::size_t total, const std::string& file)> on_instance;
};

struct RegressRow {
  std::string instance;  // "<paper>/<instance>"
  std::string step;      // step id, "overall" or "-"
  std::string field;     // "verdict", "lhs.upper", "margin", "certificate", ...
  std::string stored, current;
  std::string problem;
  // "instance": the instance changed (theorem, parameters, precision); "verdict": a verdict
  // changed or a step appeared or disappeared; "bound": a bound or margin got worse;
  // "certificate": the stored certificate is missing or unreadable.
  std::string kind;
};

struct RegressReport {
  std::size_t instances = 0;
  std::size_t steps = 0;
  std::vector<std::string> instance_names;  // "<paper>/<instance>" of every instance run, in order
  std::vector<RegressRow> rows;  // failures only
  bool ok() const { return rows.empty(); }
};

// `check_paths`: check files or folders (checks/ by default in the CLI).
RegressReport regress(const TheoremRegistry& registry, const std::vector<std::string>& check_paths,
                      const RegressOptions& options);

}  // namespace approxcert::chain
