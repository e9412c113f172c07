// approxcert regress: re-runs every check and compares with the stored certificates; exit 1 with
// a diff table if a verdict changed or a certified bound got worse beyond the tolerance.
#include <fmt/format.h>

#include <iostream>
#include <string>
#include <vector>

#include "chain/regress.hpp"
#include "cli/commands.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct RegressCommandOptions {
  std::string baseline = "docs/certificates";
  std::vector<std::string> checks{"checks"};
  std::string rel_tol = "1e-9", abs_tol = "0";
};

Rational tolerance(const std::string& text, const char* option) {
  try {
    const Rational r = parse_rational(text);
    if (r.sign() < 0) throw InputError("must be >= 0");
    return r;
  } catch (const InputError& e) {
    throw InputError(std::string(option) + ": " + e.what());
  }
}

void run_regress_command(const RegressCommandOptions& o) {
  chain::RegressOptions options;
  options.baseline = o.baseline;
  options.rel_tol = tolerance(o.rel_tol, "--rel-tol");
  options.abs_tol = tolerance(o.abs_tol, "--abs-tol");
  const chain::RegressReport r = chain::regress(theorems::builtin_theorems(), o.checks, options);
  if (r.ok()) {
    std::cout << fmt::format("regress: {} instance(s), {} steps: no change against {} (rel tol {}, abs tol {})\n",
                             r.instances, r.steps, o.baseline, o.rel_tol, o.abs_tol);
    return;
  }
  std::cout << fmt::format("{:<32} {:<8} {:<16} {:<26} {:<26} {}\n", "instance", "step", "field", "stored", "current", "problem");
  for (const auto& row : r.rows)
    std::cout << fmt::format("{:<32} {:<8} {:<16} {:<26} {:<26} {}\n", row.instance, row.step, row.field, row.stored,
                             row.current, row.problem);
  std::cout << fmt::format("regress: {} difference(s) in {} instance(s) against {}\n", r.rows.size(), r.instances, o.baseline);
  throw CLI::RuntimeError(1);
}

}  // namespace

void register_regress_command(CLI::App& app) {
  auto opts = std::make_shared<RegressCommandOptions>();
  CLI::App* cmd = app.add_subcommand("regress", "Re-run every check and compare with the stored certificates");
  cmd->add_option("--baseline", opts->baseline, "stored certificates (default docs/certificates)");
  cmd->add_option("--checks", opts->checks, "check files or folders to re-run (default checks)");
  cmd->add_option("--rel-tol", opts->rel_tol, "relative tolerance on bounds and margins (default 1e-9)");
  cmd->add_option("--abs-tol", opts->abs_tol, "absolute tolerance (default 0)");
  cmd->callback([opts] { run_regress_command(*opts); });
}

}  // namespace approxcert::cli
