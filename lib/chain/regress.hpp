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
// Improvements are not failures.
//
// Before comparing, the stored certificate's "sha256" is checked against its content: a stored
// certificate edited by hand is a "certificate" row, not a baseline.
//
// When the instance itself changed (theorem, parameters or precision differ from the stored
// certificate), rows of kind "instance" name every difference by JSON pointer
// ("/parameters/networks/f/layers/0/bias/4", at most kMaxInstanceRows of them, then the SHA-256 of
// both sides and the count), and the steps are still compared: verdict changes are "verdict" rows
// and every bound or margin that moved, either way, is a "moved" row (stored -> current, "rose by
// 0.01"; margins only between equal verdicts).
//
// Baseline certificates that no check file produced ("orphans", e.g. after a check file was
// deleted) are "orphan" rows: failures unless allow_orphans. Zero check files is an InputError.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "chain/instance.hpp"
#include "chain/registry.hpp"
#include "scalar/rational.hpp"

namespace approxcert::chain {

struct RegressOptions {
  std::string baseline = "docs/certificates";
  Rational rel_tol = Rational(1) / Rational(1000000000);
  Rational abs_tol = Rational(0);
  bool allow_orphans = false;  // stored certificates without a check file are listed, not failures
  // Called before each instance runs (index from 0, total, the check file), for progress lines.
  std::function<void(std::size_t index, std::size_t total, const std::string& file)> on_instance;
};

struct RegressRow {
  std::string instance;  // "<paper>/<instance>"
  std::string step;      // step id, "overall" or "-"
  std::string field;     // "verdict", "lhs.upper", "margin", "certificate", ...
  std::string stored, current;
  std::string problem;
  // "instance": the instance changed (theorem, parameters, precision); "moved": a bound or
  // margin of a changed instance moved; "verdict": a verdict changed or a step appeared or
  // disappeared; "bound": a bound or margin got worse; "certificate": the stored certificate is
  // missing, unreadable or modified; "orphan": a stored certificate no check file produced.
  std::string kind;
};

inline constexpr std::size_t kMaxInstanceRows = 6;

struct RegressReport {
  std::size_t instances = 0;
  std::size_t steps = 0;
  std::vector<std::string> instance_names;  // "<paper>/<instance>" of every instance run, in order
  std::vector<RegressRow> rows;             // differences, in the order found
  std::vector<SkippedFile> skipped;         // files in the check folders that are not check or claim files
  bool orphans_allowed = false;
  bool failing(const RegressRow& row) const { return row.kind != "orphan" || !orphans_allowed; }
  std::size_t failures() const;
  bool ok() const { return failures() == 0; }
};

// `check_paths`: check files or folders (checks/ by default in the CLI), read as read_check_files
// reads them (other JSON in the folders is skipped and listed in the report); InputError if they
// hold no check file, or if one is invalid (before anything runs).
RegressReport regress(const TheoremRegistry& registry, const std::vector<std::string>& check_paths,
                      const RegressOptions& options);

}  // namespace approxcert::chain
