// approxcert lpnorm: certified two-sided enclosure of the L^p norm of target - approx over a box,
// (integral |target - approx|^p)^(1/p), or with --normalize (1/vol * integral ...)^(1/p); --p inf
// runs the sup-norm engine instead. Exit status: 0 converged; 3 not decided (budget or precision
// exhausted, no finite upper bound); 2 bad input.
#include <cmath>
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
#include "scalar/input_error.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/lpnorm.hpp"
#include "supnorm/lpnorm_certificate.hpp"
#include "supnorm/lpnorm_run.hpp"
#include "supnorm/supnorm.hpp"
#include "supnorm/supnorm_run.hpp"

namespace approxcert::cli {

namespace {

struct LpnormArgs {
  EngineArgs engine;
  std::string p, method = "auto";
  bool normalize = false;
};

// The exponent: an integer from 1 to kMaxLpExponent, or absent for "inf".
std::optional<unsigned long> parse_exponent(const std::string& text) {
  if (text == "inf") return std::nullopt;
  try {
    return static_cast<unsigned long>(parse_count(text, "--p", 1, static_cast<long long>(kMaxLpExponent)));
  } catch (const InputError&) {
    throw InputError("--p: expected an integer from 1 to " + std::to_string(kMaxLpExponent) + " or inf, got \"" +
                     text.substr(0, 40) + "\"");
  }
}

// What both engines report, for printing.
struct Outcome {
  SupNormStatus status;
  Rational lower;
  std::optional<Rational> upper;
  std::optional<Rational> integral_lower, integral_upper;  // finite p only
  std::uint64_t boxes;
  double elapsed;
  std::string method;
};

void lpnorm_command(const LpnormArgs& la) {
  const EngineArgs& a = la.engine;
  const std::optional<unsigned long> p = parse_exponent(la.p);
  LpNormRequest lq;
  SupNormRequest sq;
  if (p) read_engine_options(a, lq.options);
  else read_engine_options(a, sq.options);
  if (a.cert_given) check_output_file(a.cert, "--cert");
  lq.inputs = sq.inputs = problem_inputs(a);
  lq.origins = sq.origins = kProblemOptions;
  lq.method_origin = "--method " + la.method;

  Progress progress("lpnorm", a.progress_options);
  auto show = [&progress](const SupNormProgress& s) { progress.status(progress_text(s, "to refine")); };
  Outcome out;
  std::optional<nlohmann::json> cert;
  if (p) {
    LpNormOptions& lo = lq.options;
    lo.p = *p;
    lo.normalized = la.normalize;
    lo.method = la.method == "arb"         ? LpMethod::ArbIntegration
                : la.method == "leaf-sums" ? LpMethod::LeafSums
                                           : LpMethod::Auto;
    if (progress.enabled()) lo.progress = show;
    const LpNormRun run = run_lpnorm(lq);
    const LpNormResult& r = run.result;
    out = {
        r.status,
        r.lower,
        r.upper,
        r.integral_lower,
        r.integral_upper,
        r.boxes,
        r.elapsed_seconds,
        r.method == LpMethod::ArbIntegration ? "Arb integration (acb_calc_integrate)" : "leaf sums (branch and bound)"};
    if (a.cert_given) cert = lpnorm_certificate(r, lq.inputs, run.problem, lo, run.domain, a.cert);
  } else {
    if (progress.enabled()) sq.options.progress = show;
    const SupNormRun run = run_supnorm(sq);
    const SupNormResult& r = run.result;
    out = {r.status, r.lower, r.upper, std::nullopt, std::nullopt, r.boxes, r.elapsed_seconds, "sup-norm engine"};
    if (a.cert_given) cert = supnorm_certificate(r, sq.inputs, run.problem, run.options, run.domain, a.cert);
  }
  progress.finish();
  const int status = out.status == SupNormStatus::Converged ? kExitOk : kExitUndecided;
  if (cert) write_file_atomic(a.cert, cert->dump(2) + "\n");

  const auto [lower, upper] = enclosure_text(out.lower, out.upper);
  const std::string form = !p ? "sup" : la.normalize ? "normalized" : "integral";
  const std::string& method = out.method;
  if (a.json) {
    nlohmann::ordered_json j;
    j["command"] = "lpnorm";
    j["p"] = p ? nlohmann::ordered_json(*p) : nlohmann::ordered_json("inf");
    j["form"] = form;
    j["method"] = method;
    j["lower"] = lower;
    j["upper"] = upper;
    if (out.integral_lower) {
      const auto [il, iu] = enclosure_text(*out.integral_lower, out.integral_upper);
      j["integral"] = {{"lower", il}, {"upper", iu}};
    }
    j["status"] = std::string(to_string(out.status));
    j["boxes"] = out.boxes;
    j["elapsed_seconds"] = std::round(out.elapsed * 1000) / 1000;
    j["certificate"] = a.cert_given ? nlohmann::ordered_json(a.cert) : nlohmann::ordered_json(nullptr);
    j["exit_status"] = status;
    std::cout << j.dump(2) << "\n";
  } else {
    const std::string error =
        std::string(a.target_net.empty() ? "target" : "target_net") + " - " + (a.net_given ? "net" : "approx");
    const std::string ps = p ? std::to_string(*p) : "inf";
    if (!p) std::cout << "L^inf norm (sup |" << error << "|)";
    else if (la.normalize)
      std::cout << "normalized L^" << ps << " norm (1/vol * integral |" << error << "|^" << ps << ")^(1/" << ps << ")";
    else std::cout << "L^" << ps << " norm (integral |" << error << "|^" << ps << ")^(1/" << ps << ")";
    std::cout << " on " << a.domain << " in [" << lower << ", " << upper << "]  gap " << gap_text(out.lower, out.upper)
              << "  boxes " << out.boxes << "  status " << to_string(out.status) << "  method " << method << "  time ";
    std::cout.precision(3);
    std::cout << out.elapsed << " s\n";
  }
  if (status != kExitOk) throw CLI::RuntimeError(status);
}

}  // namespace

void register_lpnorm_command(CLI::App& app) {
  auto a = std::make_shared<LpnormArgs>();
  CLI::App* cmd = app.add_subcommand(
      "lpnorm", "Certified enclosure [L, U] of the L^p norm (integral |target - approx|^p)^(1/p) over a box");
  cmd->add_option("--p", a->p, "the exponent: an integer from 1 to 1000, or inf (the sup norm, by the supnorm engine)")
      ->type_name(kExponent)
      ->required();
  cmd->add_option("--method", a->method,
                  "auto (default): in one input Arb's rigorous integration (acb_calc_integrate) when it reaches the "
                  "tolerances, else the leaf sums; leaf-sums; arb (one input only)")
      ->check(CLI::IsMember({"auto", "leaf-sums", "arb"}));
  cmd->add_flag(
      "--normalize", a->normalize,
      "the normalised norm (1/vol(domain) * integral |target - approx|^p)^(1/p) instead of the plain integral");
  a->engine.rel_tol = "1e-3";
  a->engine.abs_tol = "0";
  add_engine_options(cmd, a->engine,
                     {"box \"[a,b]^D\" or \"[a1,b1]x[a2,b2]x...\" with exact endpoints and positive volume",
                      "stop when upper <= lower (1 + R) (exact number >= 0, default 1e-3)",
                      "stop when upper - lower <= A (exact number >= 0, default 0)",
                      "write an approxcert-cert/1 certificate (kind lpnorm; supnorm for --p inf) to this file"});
  cmd->footer(
      "Example:\n  approxcert lpnorm --approx 'x0' --target 'x0^2' --domain '[0,1]' --p 2\n"
      "Exit status: 0 converged, 2 bad input, 3 not decided (budget or precision exhausted, upper = inf).\n");
  cmd->callback([a] { lpnorm_command(*a); });
}

}  // namespace approxcert::cli
