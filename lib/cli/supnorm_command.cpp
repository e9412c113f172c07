// approxcert supnorm: certified two-sided enclosure of sup |target - approx| over a box.
// Exit status: 0 converged (or, with --require-upper U, sup <= U proved); 1 sup <= U refuted
// (lower > U); 3 not decided (budget or precision exhausted, no finite upper bound).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/engine_command.hpp"
#include "cli/exit_status.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "io/file.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/bound_digits.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/supnorm.hpp"
#include "target/domain.hpp"

namespace approxcert::cli {

namespace {

struct SupnormArgs {
  EngineArgs engine;
  std::string require_upper;
  bool progress = false, relative = false, no_monotonicity = false;
  bool test_only_broken_bounder = false;
  bool test_only_broken_taylor_model = false;
};

SupNormOptions engine_options(const SupnormArgs& a) {
  SupNormOptions o;
  read_engine_options(a.engine, o);
  o.monotonicity = !a.no_monotonicity;
  o.test_only_broken_centred_form = a.test_only_broken_bounder;
  o.test_only_broken_taylor_model_form = a.test_only_broken_taylor_model;
  return o;
}

// The claim sup <= U against the enclosure [lower, upper]: three-valued.
std::string require_verdict(const SupNormResult& r, const Rational& bound) {
  if (r.upper && *r.upper <= bound) return "proved";
  if (bound < r.lower) return "refuted";
  return "unknown";
}

// A converged run that only the absolute tolerance stopped: its enclosure may say little about the
// size of a tiny error (with the default 1e-30, an error of 1e-58 "converges" to [0, 1e-30]).
bool stopped_by_abs_tol(const SupNormResult& r, const SupNormOptions& o) {
  return r.status == SupNormStatus::Converged && !within_tolerance(r.lower, r.upper, o.rel_tol, Rational(0));
}

void run_supnorm(const SupnormArgs& sa) {
  const EngineArgs& a = sa.engine;
  // Constant-expression endpoints ([0,pi]): the upper bound is certified over the outer box, which
  // contains the true domain, and witnesses are kept in the inner box, which lies inside it.
  const Domain domain = parse_domain_with_constants(a.domain);
  SupNormOptions o = engine_options(sa);
  if (!domain.is_exact()) o.witness_box = domain.inner;
  std::optional<Rational> require;
  if (!sa.require_upper.empty()) require = parse_nonnegative(sa.require_upper, "--require-upper");
  if (a.cert_given) check_output_file(a.cert, "--cert");  // refused before the run, not after it

  SupNormInputs inputs = problem_inputs(a);
  inputs.relative = sa.relative;
  const Problem problem = load_problem(inputs, domain.outer, kProblemOptions);
  const Program& prog = problem.program;
  if (sa.relative) o.removable_zeros = find_removable_zeros(prog, domain.outer, Prec(o.prec), "--relative");

  ProgressOptions po = a.progress_options;
  if (sa.progress) po.quiet = false;
  Progress progress("supnorm", po);
  if (progress.enabled()) o.progress = [&progress](const SupNormProgress& p) { progress.status(progress_text(p, "frontier")); };
  const SupNormResult r = sup_norm(prog, domain.outer, o);
  progress.finish();

  std::optional<std::string> verdict;
  if (require) verdict = require_verdict(r, *require);
  const int status = verdict ? (*verdict == "proved" ? kExitOk : *verdict == "refuted" ? kExitDiffers : kExitUndecided)
                             : (r.status == SupNormStatus::Converged ? kExitOk : kExitUndecided);
  if (a.cert_given) write_file_atomic(a.cert, supnorm_certificate(r, inputs, problem, o, domain, a.cert).dump(2) + "\n");

  const auto [lower, upper] = enclosure_text(r.lower, r.upper);
  if (a.json) {
    nlohmann::ordered_json j;
    j["command"] = "supnorm";
    j["lower"] = lower;
    j["upper"] = upper;
    j["status"] = std::string(to_string(r.status));
    if (r.witness) {
      j["witness"] = nlohmann::ordered_json::array();
      for (const Rational& x : *r.witness) j["witness"].push_back(x.to_string());
    } else {
      j["witness"] = nullptr;
    }
    if (sa.relative) {
      j["relative_zeros"] = nlohmann::ordered_json::array();
      for (const RemovableZero& z : o.removable_zeros) j["relative_zeros"].push_back({{"at", exact_text(z.at)}, {"order", z.order}});
    }
    j["boxes"] = r.boxes;
    j["monotone_eliminated"] = r.monotone_eliminated;
    j["monotone_faces"] = r.monotone_faces;
    j["elapsed_seconds"] = std::round(r.elapsed_seconds * 1000) / 1000;
    j["stopped_by"] = r.status != SupNormStatus::Converged ? nlohmann::ordered_json(nullptr)
                      : stopped_by_abs_tol(r, o)            ? nlohmann::ordered_json("abs_tol")
                                                            : nlohmann::ordered_json("rel_tol");
    if (require) j["require_upper"] = {{"bound", sa.require_upper}, {"verdict", *verdict}};
    j["certificate"] = a.cert_given ? nlohmann::ordered_json(a.cert) : nlohmann::ordered_json(nullptr);
    j["exit_status"] = status;
    std::cout << j.dump(2) << "\n";
  } else {
    const std::string target = a.target_net.empty() ? "target" : "target_net", approx = a.net_given ? "net" : "approx";
    std::cout << "sup |" << (sa.relative ? "(" + approx + " - " + target + ") / " + target : target + " - " + approx) << "| on " << a.domain << " in ["
              << lower << ", " << upper << "]  gap " << gap_text(r.lower, r.upper)
              << "  boxes " << r.boxes << "  status " << to_string(r.status) << "  time ";
    std::cout.precision(3);
    std::cout << r.elapsed_seconds << " s\n";
    if (stopped_by_abs_tol(r, o))
      std::cout << "note: --abs-tol " << a.abs_tol << " ended the run (upper - lower <= " << a.abs_tol
                << "), not --rel-tol " << a.rel_tol << "; pass a smaller --abs-tol (or 0) for a relative answer\n";
    if (require) std::cout << "sup <= " << sa.require_upper << ": " << *verdict << "\n";
  }
  if (status != kExitOk) throw CLI::RuntimeError(status);
}

}  // namespace

void register_supnorm_command(CLI::App& app) {
  auto a = std::make_shared<SupnormArgs>();
  CLI::App* cmd = app.add_subcommand("supnorm", "Certified enclosure [L, U] of sup |target - approx| over a box");
  a->engine.rel_tol = "1e-6";
  a->engine.abs_tol = "1e-30";
  add_engine_options(cmd, a->engine,
                     {"box \"[a,b]^D\" or \"[a1,b1]x[a2,b2]x...\" (exact endpoints or constant expressions: [0,pi])",
                      "stop when upper <= lower (1 + R) (exact number >= 0, default 1e-6)",
                      "stop when upper - lower <= A (exact number >= 0, default 1e-30; with --rel-tol 0 --abs-tol 0 only "
                      "upper = lower or a budget stops the search)",
                      "write an approxcert-cert/1 supnorm certificate to this file (checked before the run)"});
  cmd->add_flag("--relative", a->relative,
                "bound the relative error (approx - target)/target instead; exact rational zeros of the target where "
                "the approximant vanishes to the same order are removable (docs/supnorm.md)");
  cmd->add_flag("--no-monotonicity", a->no_monotonicity,
                "turn off the monotonicity test (boxes where the error is monotone in a coordinate are dropped, or "
                "replaced by their faces on the domain's boundary; docs/supnorm.md)");
  cmd->add_option("--require-upper", a->require_upper,
                  "the claim sup <= U: exit 0 proved (upper <= U), 1 refuted (lower > U), 3 undecided")->type_name(kNumber);
  cmd->add_flag("--progress", a->progress, "show progress even with --quiet (kept for scripts; progress is on by default)");
  cmd->footer(
      "Example:\n  approxcert supnorm --approx 'x0 - x0^3/6' --target 'sin(x0)' --domain '[-1/2,1/2]' --require-upper 1e-3\n"
      "Exit status: 0 converged (with --require-upper: sup <= U proved), 1 sup <= U refuted, 2 bad input,\n"
      "3 not decided (budget or precision exhausted, upper = inf, or sup <= U unknown).\n");
  // TEST ONLY, hidden (no group): a deliberately unsound centred form, so that a test can show
  // that `approxcert verify` rejects what a broken bounder certifies.
  cmd->add_flag("--test-only-broken-bounder", a->test_only_broken_bounder)->group("");
  cmd->add_flag("--test-only-broken-taylor-model", a->test_only_broken_taylor_model)->group("");
  cmd->callback([a] { run_supnorm(*a); });
}

}  // namespace approxcert::cli
