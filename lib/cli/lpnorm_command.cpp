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
#include "cli/exit_status.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "io/file.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/bound_digits.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/lpnorm.hpp"
#include "supnorm/lpnorm_certificate.hpp"
#include "supnorm/supnorm.hpp"
#include "target/domain.hpp"

namespace approxcert::cli {

namespace {

struct LpnormArgs {
  std::string net, approx, target, target_net, domain, cert, p, arithmetic = "auto", fast_path = "on";
  std::string rel_tol = "1e-3", abs_tol = "0", time_limit;
  std::string output = "0", target_output = "0", max_boxes = "1000000", prec = "64", taylor_order = "24", threads = "0";
  bool net_given = false, approx_given = false, cert_given = false;
  bool json = false, no_linear = false, normalize = false;
  ProgressOptions progress_options;
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

// The options both engines share, read once.
template <class Options>
void read_engine_options(const LpnormArgs& a, Options& o) {
  o.rel_tol = parse_nonnegative(a.rel_tol, "--rel-tol");
  o.abs_tol = parse_nonnegative(a.abs_tol, "--abs-tol");
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
  if (a.cert_given) o.max_cover_leaves = kMaxCoverLeaves;
  o.arithmetic = a.arithmetic == "arb" ? Arithmetic::Ball : a.arithmetic == "mpfi" ? Arithmetic::Interval : Arithmetic::Auto;
  o.fast_path = a.fast_path == "on";
}

// The printed enclosure: as many digits as it supports (at least 6), else exact.
std::pair<std::string, std::string> enclosure_text(const Rational& lower, const std::optional<Rational>& upper) {
  const int digits = enclosure_digits(lower, upper, 6);
  if (!upper) return {decimal_down(lower, 6), "inf"};
  if (digits == 0) return {exact_text(lower), exact_text(*upper)};
  return {decimal_down(lower, digits), decimal_up(*upper, digits)};
}

std::string progress_text(const SupNormProgress& p) {
  std::string s = "boxes " + std::to_string(p.boxes) + "  [" + decimal_down(p.lower, 6) + ", " +
                  (p.upper ? decimal_up(*p.upper, 6) : std::string("inf")) + "]";
  if (p.upper && p.lower.sign() > 0) s += "  gap " + decimal_up((*p.upper - p.lower) / p.lower, 2);
  return s + "  to refine " + std::to_string(p.frontier);
}

std::string gap_text(const Rational& lower, const std::optional<Rational>& upper) {
  if (upper && lower.sign() > 0) return decimal_up((*upper - lower) / lower, 2) + " (relative)";
  if (upper) return decimal_up(*upper - lower, 2) + " (absolute)";
  return "inf";
}

// What both engines report, for printing.
struct Outcome {
  SupNormStatus status;
  Rational lower;
  std::optional<Rational> upper;
  std::optional<Rational> integral_lower, integral_upper;  // finite p only
  std::uint64_t boxes;
  double elapsed;
};

void run_lpnorm(const LpnormArgs& a) {
  if (a.net_given && a.net.empty()) throw InputError("--net: empty file name");
  if (a.approx_given && a.approx.empty()) throw InputError("--approx: empty expression");
  const std::optional<unsigned long> p = parse_exponent(a.p);
  const Domain domain = parse_domain_with_constants(a.domain);
  if (p && !domain.is_exact())
    throw InputError("--domain: lpnorm with a finite --p needs exact endpoints (the integral over a box with irrational corners is not enclosed), got " + a.domain);
  if (p && box_volume(domain.outer).sign() == 0)
    throw InputError("--domain: the domain has zero volume (a zero-width interval), so its L^p norm is 0 and the normalised one undefined");
  LpNormOptions lo;
  SupNormOptions so;
  if (p) read_engine_options(a, lo);
  else read_engine_options(a, so);
  if (!domain.is_exact()) so.witness_box = domain.inner;
  if (a.cert_given) check_output_file(a.cert, "--cert");

  SupNormInputs inputs;
  inputs.target = a.target;
  if (!a.target_net.empty())
    inputs.target_net_path = a.target_net,
    inputs.target_net_output = static_cast<std::size_t>(parse_count(a.target_output, "--target-output", 0, 1'000'000'000));
  inputs.domain = a.domain;
  if (a.net_given) inputs.net_path = a.net, inputs.net_output = static_cast<std::size_t>(parse_count(a.output, "--output", 0, 1'000'000'000));
  if (a.approx_given) inputs.approx = a.approx;
  const Problem problem = load_problem(inputs, domain.outer);

  Progress progress("lpnorm", a.progress_options);
  auto show = [&progress](const SupNormProgress& s) { progress.status(progress_text(s)); };
  Outcome out;
  std::optional<nlohmann::json> cert;
  if (p) {
    lo.p = *p;
    lo.normalized = a.normalize;
    if (progress.enabled()) lo.progress = show;
    const LpNormResult r = lp_norm(problem.program, domain.outer, lo);
    out = {r.status, r.lower, r.upper, r.integral_lower, r.integral_upper, r.boxes, r.elapsed_seconds};
    if (a.cert_given) cert = lpnorm_certificate(r, inputs, problem, lo, domain, a.cert);
  } else {
    if (progress.enabled()) so.progress = show;
    const SupNormResult r = sup_norm(problem.program, domain.outer, so);
    out = {r.status, r.lower, r.upper, std::nullopt, std::nullopt, r.boxes, r.elapsed_seconds};
    if (a.cert_given) cert = supnorm_certificate(r, inputs, problem, so, domain, a.cert);
  }
  progress.finish();
  const int status = out.status == SupNormStatus::Converged ? kExitOk : kExitUndecided;
  if (cert) write_file_atomic(a.cert, cert->dump(2) + "\n");

  const auto [lower, upper] = enclosure_text(out.lower, out.upper);
  const std::string form = !p ? "sup" : a.normalize ? "normalized" : "integral";
  const std::string method = p ? "leaf sums (branch and bound)" : "sup-norm engine";
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
    const std::string error = std::string(a.target_net.empty() ? "target" : "target_net") + " - " + (a.net_given ? "net" : "approx");
    const std::string ps = p ? std::to_string(*p) : "inf";
    if (!p) std::cout << "L^inf norm (sup |" << error << "|)";
    else if (a.normalize) std::cout << "normalized L^" << ps << " norm (1/vol * integral |" << error << "|^" << ps << ")^(1/" << ps << ")";
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
  CLI::App* cmd = app.add_subcommand("lpnorm", "Certified enclosure [L, U] of the L^p norm (integral |target - approx|^p)^(1/p) over a box");
  cmd->add_option("--p", a->p, "the exponent: an integer from 1 to 1000, or inf (the sup norm, by the supnorm engine)")->required();
  cmd->add_flag("--normalize", a->normalize,
                "the normalised norm (1/vol(domain) * integral |target - approx|^p)^(1/p) instead of the plain integral");
  cmd->add_option_function<std::string>("--net", [a](const std::string& v) { a->net = v, a->net_given = true; },
                                        "network file (approxcert-net/1 or ONNX) as the approximant");
  cmd->add_option("--output", a->output, "which network output to compare (default 0)");
  cmd->add_option_function<std::string>("--approx", [a](const std::string& v) { a->approx = v, a->approx_given = true; },
                                        "an expression in x0, x1, ... (or x with one input) as the approximant instead");
  cmd->add_option("--target", a->target, "target expression in x0, x1, ... (or x with one input)");
  cmd->add_option("--target-net", a->target_net, "a second network (approxcert-net/1 or ONNX) as the target instead");
  cmd->add_option("--target-output", a->target_output, "which output of --target-net to compare (default 0)");
  cmd->add_option("--domain", a->domain, "box \"[a,b]^D\" or \"[a1,b1]x[a2,b2]x...\" with exact endpoints and positive volume")->required();
  cmd->add_option("--rel-tol", a->rel_tol, "stop when upper <= lower (1 + R) (exact number >= 0, default 1e-3)");
  cmd->add_option("--abs-tol", a->abs_tol, "stop when upper - lower <= A (exact number >= 0, default 0)");
  cmd->add_option("--max-boxes", a->max_boxes, "box budget, 1 to 10^12 (default 1000000); reaching it gives budget_exhausted");
  cmd->add_option("--time-limit", a->time_limit, "wall-clock budget in seconds (> 0); reaching it gives budget_exhausted");
  cmd->add_option("--prec", a->prec, "initial working precision in bits, 16 to 65536 (default 64; raised as needed)");
  cmd->add_option("--taylor-order", a->taylor_order, "order of the Taylor-model form for one-input problems, 0 to 200 (default 24; 0: off)");
  cmd->add_flag("--no-linear", a->no_linear, "turn off the linear-relaxation form for problems of two or more inputs");
  cmd->add_option("--threads", a->threads, "worker threads, 0 to 1024 (default 0: all cores)");
  cmd->add_option("--engine", a->arithmetic, "auto (default), arb (balls) or mpfi (intervals)")->check(CLI::IsMember({"auto", "arb", "mpfi"}));
  cmd->add_option("--fast-path", a->fast_path, "on (default): double intervals first per box; off: --engine only")
      ->check(CLI::IsMember({"on", "off"}));
  cmd->add_option_function<std::string>("--cert", [a](const std::string& v) { a->cert = v, a->cert_given = true; },
                                        "write an approxcert-cert/1 certificate (kind lpnorm; supnorm for --p inf) to this file");
  cmd->add_flag("--json", a->json, "print the result as one JSON object on stdout (docs/cli.md)");
  add_progress_options(cmd, a->progress_options);
  cmd->footer(
      "Example:\n  approxcert lpnorm --approx 'x0' --target 'x0^2' --domain '[0,1]' --p 2\n"
      "Exit status: 0 converged, 2 bad input, 3 not decided (budget or precision exhausted, upper = inf).\n");
  cmd->callback([a] { run_lpnorm(*a); });
}

}  // namespace approxcert::cli
