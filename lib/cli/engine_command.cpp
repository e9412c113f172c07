#include "cli/engine_command.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "supnorm/bound_digits.hpp"

namespace approxcert::cli {

void add_engine_options(CLI::App* cmd, EngineArgs& a, const EngineHelp& help) {
  EngineArgs* p = &a;
  cmd->add_option_function<std::string>(
         "--net", [p](const std::string& v) { p->net = v, p->net_given = true; },
         "network file (approxcert-net/1 or ONNX) as the approximant")
      ->type_name(kFile);
  cmd->add_option("--output", a.output, "which network output to compare (default 0)")->type_name(kIndex);
  cmd->add_option_function<std::string>(
         "--approx", [p](const std::string& v) { p->approx = v, p->approx_given = true; },
         "an expression in x0, x1, ... (or x with one input) as the approximant instead")
      ->type_name(kExpression);
  cmd->add_option("--target", a.target, "target expression in x0, x1, ... (or x with one input)")
      ->type_name(kExpression);
  cmd->add_option("--target-net", a.target_net, "a second network (approxcert-net/1 or ONNX) as the target instead")
      ->type_name(kFile);
  cmd->add_option("--target-output", a.target_output, "which output of --target-net to compare (default 0)")
      ->type_name(kIndex);
  cmd->add_option("--domain", a.domain, help.domain)->type_name(kDomain)->required();
  cmd->add_option("--rel-tol", a.rel_tol, help.rel_tol)->type_name(kNumber);
  cmd->add_option("--abs-tol", a.abs_tol, help.abs_tol)->type_name(kNumber);
  cmd->add_option("--max-boxes", a.max_boxes,
                  "box budget, 1 to 10^12 (default 1000000); reaching it gives budget_exhausted")
      ->type_name(kCount);
  cmd->add_option("--time-limit", a.time_limit,
                  "wall-clock budget in seconds (> 0); reaching it gives budget_exhausted")
      ->type_name(kSeconds);
  cmd->add_option("--prec", a.prec, "initial working precision in bits, 16 to 65536 (default 64; raised as needed)")
      ->type_name(kBits);
  cmd->add_option("--taylor-order", a.taylor_order,
                  "order of the Taylor-model form for one-input problems, 0 to 200 (default 24; 0: off)")
      ->type_name(kOrder);
  cmd->add_flag("--no-linear", a.no_linear, "turn off the linear-relaxation form for problems of two or more inputs");
  cmd->add_flag("--no-relu-substitution", a.no_relu_substitution,
                "turn off the relu-substitution form (supnorm, two or more inputs: smooth bounds at relu kinks)");
  cmd->add_option(
         "--multi-taylor", a.multi_taylor,
         "order of the multivariate Taylor-model form (two or more inputs, smooth boxes), 0 or 2 to 8 (default 0: "
         "off)")
      ->type_name(kOrder);
  cmd->add_option("--threads", a.threads, "worker threads, 0 to 1024 (default 0: all cores)")->type_name(kCount);
  cmd->add_option("--engine", a.arithmetic, "auto (default), arb (balls) or mpfi (intervals)")
      ->check(CLI::IsMember({"auto", "arb", "mpfi"}));
  cmd->add_option("--fast-path", a.fast_path,
                  "on (default): bound each box first in double intervals, falling back to --engine per box; off: "
                  "--engine only")
      ->check(CLI::IsMember({"on", "off"}));
  cmd->add_option_function<std::string>(
         "--cert", [p](const std::string& v) { p->cert = v, p->cert_given = true; }, help.cert)
      ->type_name(kFile);
  cmd->add_flag("--json", a.json, "print the result as one JSON object on stdout (docs/cli.md)");
  add_progress_options(cmd, a.progress_options);
}

SupNormInputs problem_inputs(const EngineArgs& a) {
  if (a.net_given && a.net.empty()) throw InputError("--net: empty file name");
  if (a.approx_given && a.approx.empty()) throw InputError("--approx: empty expression");
  SupNormInputs in;
  in.target = a.target;
  if (!a.target_net.empty())
    in.target_net_path = a.target_net,
    in.target_net_output = static_cast<std::size_t>(parse_count(a.target_output, "--target-output", 0, 1'000'000'000));
  in.domain = a.domain;
  if (a.net_given)
    in.net_path = a.net, in.net_output = static_cast<std::size_t>(parse_count(a.output, "--output", 0, 1'000'000'000));
  if (a.approx_given) in.approx = a.approx;
  return in;
}

std::optional<double> read_time_limit(const EngineArgs& a) {
  if (a.time_limit.empty()) return std::nullopt;
  const Rational t = parse_nonnegative(a.time_limit, "--time-limit", /*positive=*/true);
  if (Rational(31'536'000) < t)
    throw InputError("--time-limit: at most 31536000 seconds (a year), got " + a.time_limit);
  return t.dirty_to_double();  // a wall-clock budget, not part of any claim
}

std::pair<std::string, std::string> enclosure_text(const Rational& lower, const std::optional<Rational>& upper) {
  if (!upper) return {decimal_down(lower, 6), "inf"};
  const int digits = enclosure_digits(lower, upper, 6);
  if (digits == 0) return {exact_text(lower), exact_text(*upper)};
  return {decimal_down(lower, digits), decimal_up(*upper, digits)};
}

std::string gap_text(const Rational& lower, const std::optional<Rational>& upper) {
  if (upper && lower.sign() > 0) return decimal_up((*upper - lower) / lower, 2) + " (relative)";
  if (upper) return decimal_up(*upper - lower, 2) + " (absolute)";
  return "inf";
}

std::string progress_text(const SupNormProgress& p, const std::string& left) {
  std::string s = "boxes " + std::to_string(p.boxes) + "  [" + decimal_down(p.lower, 6) + ", " +
                  (p.upper ? decimal_up(*p.upper, 6) : std::string("inf")) + "]";
  if (p.upper && p.lower.sign() > 0) s += "  gap " + decimal_up((*p.upper - p.lower) / p.lower, 2);
  return s + "  " + left + " " + std::to_string(p.frontier);
}

}  // namespace approxcert::cli
