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
#include <string>
#include <vector>

#include "chain/registry.hpp"
#include "scalar/rational.hpp"

namespace approxcert::chain {

struct RegressOptions {
  std::string baseline = "docs/certificates";
  Rational rel_tol = Rational(1) / Rational(1000000000);
  Rational abs_tol = Rational(0);
};

struct RegressRow {
  std::string instance;  // "<paper>/<instance>"
  std::string step;      // step id, "overall" or "-"
  std::string field;     // "verdict", "lhs.upper", "margin", "certificate", ...
  std::string stored, current;
  std::string problem;
};

struct RegressReport {
  std::size_t instances = 0;
  std::size_t steps = 0;
  std::vector<RegressRow> rows;  // failures only
  bool ok() const { return rows.empty(); }
};

// `check_paths`: check files or folders (checks/ by default in the CLI).
RegressReport regress(const TheoremRegistry& registry, const std::vector<std::string>& check_paths,
                      const RegressOptions& options);

}  // namespace approxcert::chain
