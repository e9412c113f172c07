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
#include "cli/exit_status.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "io/file.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/bound_digits.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/error_program.hpp"
#include "supnorm/supnorm.hpp"
#include "target/domain.hpp"

namespace approxcert::cli {

namespace {

struct SupnormArgs {
  std::string net, approx, target, target_net, domain, cert, arithmetic = "auto", fast_path = "on";
  std::string rel_tol = "1e-6", abs_tol = "1e-30", time_limit, require_upper;
  std::string output = "0", target_output = "0", max_boxes = "1000000", prec = "64", taylor_order = "24", threads = "0";
  bool net_given = false, approx_given = false, cert_given = false;
  bool json = false, progress = false, no_linear = false, relative = false;
  bool test_only_broken_bounder = false;
  bool test_only_broken_taylor_model = false;
  ProgressOptions progress_options;
};

SupNormOptions engine_options(const SupnormArgs& a) {
  SupNormOptions o;
  o.rel_tol = parse_nonnegative(a.rel_tol, "--rel-tol");
  o.abs_tol = parse_nonnegative(a.abs_tol, "--abs-tol");
  // Both 0 is allowed: the search then stops only when upper = lower exactly, or on a budget.
  o.max_boxes = static_cast<std::uint64_t>(parse_count(a.max_boxes, "--max-boxes", 1, 1'000'000'000'000));
  if (!a.time_limit.empty()) {
    const Rational t = parse_nonnegative(a.time_limit, "--time-limit", /*positive=*/true);
    if (Rational(31'536'000) < t) throw InputError("--time-limit: at most 31536000 seconds (a year), got " + a.time_limit);
    o.time_limit_seconds = t.dirty_to_double();  // a wall-clock budget, not part of any claim
  }
  o.prec = parse_count(a.prec, "--prec", 16, 65536);
  o.taylor_model_order = parse_count(a.taylor_order, "--taylor-order", 0, 200);
  o.linear_relaxation = !a.no_linear;
  o.max_prec = std::max<long>(1024, o.prec);
  o.threads = static_cast<unsigned>(parse_count(a.threads, "--threads", 0, 1024));
  o.test_only_broken_centred_form = a.test_only_broken_bounder;
  o.test_only_broken_taylor_model_form = a.test_only_broken_taylor_model;
  if (a.cert_given) o.max_cover_leaves = kMaxCoverLeaves;  // the certificate records the cover
  o.arithmetic = a.arithmetic == "arb" ? Arithmetic::Ball : a.arithmetic == "mpfi" ? Arithmetic::Interval : Arithmetic::Auto;
  o.fast_path = a.fast_path == "on";
  return o;
}

// Enough significant digits to show where the two bounds differ.
// The summary's digits: as many as the enclosure supports (bound_digits.hpp), at least 6.
std::string lower_text(const SupNormResult& r) {
  const int digits = enclosure_digits(r.lower, r.upper, 6);
  return digits > 0 ? decimal_down(r.lower, digits) : exact_text(r.lower);
}

std::string upper_text(const SupNormResult& r) {
  if (!r.upper) return "inf";
  const int digits = enclosure_digits(r.lower, r.upper, 6);
  return digits > 0 ? decimal_up(*r.upper, digits) : exact_text(*r.upper);
}

std::string upper_text(const std::optional<Rational>& u, int digits) { return u ? decimal_up(*u, digits) : "inf"; }

std::string progress_text(const SupNormProgress& p) {
  std::string s = "boxes " + std::to_string(p.boxes) + "  [" + decimal_down(p.lower, 6) + ", " + upper_text(p.upper, 6) + "]";
  if (p.upper && p.lower.sign() > 0) s += "  gap " + decimal_up((*p.upper - p.lower) / p.lower, 2);
  return s + "  frontier " + std::to_string(p.frontier);
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

std::string gap_text(const SupNormResult& r) {
  if (r.upper && r.lower.sign() > 0) return decimal_up((*r.upper - r.lower) / r.lower, 2) + " (relative)";
  if (r.upper) return decimal_up(*r.upper - r.lower, 2) + " (absolute)";
  return "inf";
}

void run_supnorm(const SupnormArgs& a) {
  if (a.net_given && a.net.empty()) throw InputError("--net: empty file name");
  if (a.approx_given && a.approx.empty()) throw InputError("--approx: empty expression");
  // Constant-expression endpoints ([0,pi]): the upper bound is certified over the outer box, which
  // contains the true domain, and witnesses are kept in the inner box, which lies inside it.
  const Domain domain = parse_domain_with_constants(a.domain);
  SupNormOptions o = engine_options(a);
  if (!domain.is_exact()) o.witness_box = domain.inner;
  std::optional<Rational> require;
  if (!a.require_upper.empty()) require = parse_nonnegative(a.require_upper, "--require-upper");
  if (a.cert_given) check_output_file(a.cert, "--cert");  // refused before the run, not after it

  SupNormInputs inputs;
  inputs.target = a.target;
  if (!a.target_net.empty())
    inputs.target_net_path = a.target_net,
    inputs.target_net_output = static_cast<std::size_t>(parse_count(a.target_output, "--target-output", 0, 1'000'000'000));
  inputs.domain = a.domain;
  if (a.net_given) inputs.net_path = a.net, inputs.net_output = static_cast<std::size_t>(parse_count(a.output, "--output", 0, 1'000'000'000));
  if (a.approx_given) inputs.approx = a.approx;
  inputs.relative = a.relative;
  const Problem problem = load_problem(inputs, domain.outer);
  const Program& prog = problem.program;
  if (a.relative) o.removable_zeros = find_removable_zeros(prog, domain.outer, Prec(o.prec));

  ProgressOptions po = a.progress_options;
  if (a.progress) po.quiet = false;
  Progress progress("supnorm", po);
  if (progress.enabled()) o.progress = [&progress](const SupNormProgress& p) { progress.status(progress_text(p)); };
  const SupNormResult r = sup_norm(prog, domain.outer, o);
  progress.finish();

  std::optional<std::string> verdict;
  if (require) verdict = require_verdict(r, *require);
  const int status = verdict ? (*verdict == "proved" ? kExitOk : *verdict == "refuted" ? kExitDiffers : kExitUndecided)
                             : (r.status == SupNormStatus::Converged ? kExitOk : kExitUndecided);
  if (a.cert_given) write_file_atomic(a.cert, supnorm_certificate(r, inputs, problem, o, domain, a.cert).dump(2) + "\n");

  if (a.json) {
    nlohmann::ordered_json j;
    j["command"] = "supnorm";
    j["lower"] = lower_text(r);
    j["upper"] = upper_text(r);
    j["status"] = std::string(to_string(r.status));
    if (r.witness) {
      j["witness"] = nlohmann::ordered_json::array();
      for (const Rational& x : *r.witness) j["witness"].push_back(x.to_string());
    } else {
      j["witness"] = nullptr;
    }
    if (a.relative) {
      j["relative_zeros"] = nlohmann::ordered_json::array();
      for (const RemovableZero& z : o.removable_zeros) j["relative_zeros"].push_back({{"at", exact_text(z.at)}, {"order", z.order}});
    }
    j["boxes"] = r.boxes;
    j["elapsed_seconds"] = std::round(r.elapsed_seconds * 1000) / 1000;
    j["stopped_by"] = r.status != SupNormStatus::Converged ? nlohmann::ordered_json(nullptr)
                      : stopped_by_abs_tol(r, o)            ? nlohmann::ordered_json("abs_tol")
                                                            : nlohmann::ordered_json("rel_tol");
    if (require) j["require_upper"] = {{"bound", a.require_upper}, {"verdict", *verdict}};
    j["certificate"] = a.cert_given ? nlohmann::ordered_json(a.cert) : nlohmann::ordered_json(nullptr);
    j["exit_status"] = status;
    std::cout << j.dump(2) << "\n";
  } else {
    const std::string target = a.target_net.empty() ? "target" : "target_net", approx = a.net_given ? "net" : "approx";
    std::cout << "sup |" << (a.relative ? "(" + approx + " - " + target + ") / " + target : target + " - " + approx) << "| on " << a.domain << " in ["
              << lower_text(r) << ", " << upper_text(r) << "]  gap " << gap_text(r)
              << "  boxes " << r.boxes << "  status " << to_string(r.status) << "  time ";
    std::cout.precision(3);
    std::cout << r.elapsed_seconds << " s\n";
    if (stopped_by_abs_tol(r, o))
      std::cout << "note: --abs-tol " << a.abs_tol << " ended the run (upper - lower <= " << a.abs_tol
                << "), not --rel-tol " << a.rel_tol << "; pass a smaller --abs-tol (or 0) for a relative answer\n";
    if (require) std::cout << "sup <= " << a.require_upper << ": " << *verdict << "\n";
  }
  if (status != kExitOk) throw CLI::RuntimeError(status);
}

}  // namespace

void register_supnorm_command(CLI::App& app) {
  auto a = std::make_shared<SupnormArgs>();
  CLI::App* cmd = app.add_subcommand("supnorm", "Certified enclosure [L, U] of sup |target - approx| over a box");
  cmd->add_option_function<std::string>("--net", [a](const std::string& v) { a->net = v, a->net_given = true; },
                                        "network file (approxcert-net/1 or ONNX) as the approximant");
  cmd->add_option("--output", a->output, "which network output to compare (default 0)");
  cmd->add_option_function<std::string>("--approx", [a](const std::string& v) { a->approx = v, a->approx_given = true; },
                                        "an expression in x0, x1, ... (or x with one input) as the approximant instead");
  cmd->add_option("--target", a->target, "target expression in x0, x1, ... (or x with one input)");
  cmd->add_option("--target-net", a->target_net, "a second network (approxcert-net/1 or ONNX) as the target instead");
  cmd->add_option("--target-output", a->target_output, "which output of --target-net to compare (default 0)");
  cmd->add_option("--domain", a->domain, "box \"[a,b]^D\" or \"[a1,b1]x[a2,b2]x...\" (exact endpoints or constant expressions: [0,pi])")->required();
  cmd->add_flag("--relative", a->relative,
                "bound the relative error (approx - target)/target instead; exact rational zeros of the target where "
                "the approximant vanishes to the same order are removable (docs/supnorm.md)");
  cmd->add_option("--rel-tol", a->rel_tol, "stop when upper <= lower (1 + R) (exact number >= 0, default 1e-6)");
  cmd->add_option("--abs-tol", a->abs_tol,
                  "stop when upper - lower <= A (exact number >= 0, default 1e-30; with --rel-tol 0 --abs-tol 0 only "
                  "upper = lower or a budget stops the search)");
  cmd->add_option("--max-boxes", a->max_boxes, "box budget, 1 to 10^12 (default 1000000); reaching it gives budget_exhausted");
  cmd->add_option("--time-limit", a->time_limit, "wall-clock budget in seconds (> 0); reaching it gives budget_exhausted");
  cmd->add_option("--require-upper", a->require_upper,
                  "the claim sup <= U: exit 0 proved (upper <= U), 1 refuted (lower > U), 3 undecided");
  cmd->add_option("--prec", a->prec, "initial working precision in bits, 16 to 65536 (default 64; raised as needed)");
  cmd->add_option("--taylor-order", a->taylor_order,
                  "order of the Taylor-model form for one-input problems, 0 to 200 (default 24; 0: off)");
  cmd->add_flag("--no-linear", a->no_linear, "turn off the linear-relaxation form for problems of two or more inputs");
  cmd->add_option("--threads", a->threads, "worker threads, 0 to 1024 (default 0: all cores)");
  cmd->add_option("--engine", a->arithmetic, "auto (default), arb (balls) or mpfi (intervals)")
      ->check(CLI::IsMember({"auto", "arb", "mpfi"}));
  cmd->add_option("--fast-path", a->fast_path,
                  "on (default): bound each box first in double intervals, falling back to --engine per box; off: "
                  "--engine only")
      ->check(CLI::IsMember({"on", "off"}));
  cmd->add_option_function<std::string>("--cert", [a](const std::string& v) { a->cert = v, a->cert_given = true; },
                                        "write an approxcert-cert/1 supnorm certificate to this file (checked before the run)");
  cmd->add_flag("--json", a->json, "print the result as one JSON object on stdout (docs/cli.md)");
  cmd->add_flag("--progress", a->progress, "show progress even with --quiet (kept for scripts; progress is on by default)");
  add_progress_options(cmd, a->progress_options);
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
