// approxcert supnorm: certified two-sided enclosure of sup |target - approx| over a box.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "io/file.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/error_program.hpp"
#include "supnorm/supnorm.hpp"
#include "target/domain.hpp"

namespace approxcert::cli {

namespace {

struct SupnormArgs {
  std::string net, approx, target, target_net, domain, cert, arithmetic = "auto";
  std::string rel_tol = "1e-6", abs_tol = "1e-30", time_limit;
  std::size_t output = 0, target_output = 0;
  std::uint64_t max_boxes = 1000000;
  long prec = 64;
  long taylor_order = 24;
  unsigned threads = 0;
  bool progress = false;
};

Rational parse_option_rational(const std::string& text, const std::string& option) {
  try {
    const Rational q = parse_rational(text);
    if (q.sign() < 0) throw InputError("must not be negative");
    return q;
  } catch (const InputError& e) {
    throw InputError(option + ": " + e.what());
  }
}

// The certificate is written at the end; a path that cannot work is refused before the run.
void check_output_path(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError("--cert: " + path + ": no such directory: " + dir.string());
  if (fs::is_directory(p, ec)) throw InputError("--cert: " + path + ": is a directory");
}

SupNormOptions engine_options(const SupnormArgs& a) {
  SupNormOptions o;
  o.rel_tol = parse_option_rational(a.rel_tol, "--rel-tol");
  o.abs_tol = parse_option_rational(a.abs_tol, "--abs-tol");
  if (a.max_boxes < 1) throw InputError("--max-boxes: must be at least 1");
  o.max_boxes = a.max_boxes;
  if (!a.time_limit.empty()) o.time_limit_seconds = parse_option_rational(a.time_limit, "--time-limit").dirty_to_double();
  if (a.prec < 16 || a.prec > 65536) throw InputError("--prec: must be between 16 and 65536 bits");
  o.prec = a.prec;
  if (a.taylor_order < 0 || a.taylor_order > 200) throw InputError("--taylor-order: must be between 0 and 200");
  o.taylor_model_order = a.taylor_order;
  o.max_prec = std::max<long>(1024, a.prec);
  o.threads = a.threads;
  o.arithmetic = a.arithmetic == "arb" ? Arithmetic::Ball : a.arithmetic == "mpfi" ? Arithmetic::Interval : Arithmetic::Auto;
  return o;
}

// Enough significant digits to show where the two bounds differ.
int summary_digits(const SupNormResult& r) {
  if (!r.upper || r.lower.sign() <= 0 || *r.upper == r.lower) return 8;
  const double rel = ((*r.upper - r.lower) / r.lower).dirty_to_double();
  return std::clamp(static_cast<int>(std::ceil(-std::log10(rel))) + 3, 6, 30);
}

std::string upper_text(const std::optional<Rational>& u, int digits) { return u ? decimal_up(*u, digits) : "inf"; }

void print_progress(const SupNormProgress& p) {
  std::cerr << "\rboxes " << p.boxes << "  [" << decimal_down(p.lower, 6) << ", " << upper_text(p.upper, 6) << "]";
  if (p.upper && p.lower.sign() > 0) std::cerr << "  gap " << decimal_up((*p.upper - p.lower) / p.lower, 2);
  std::cerr << "  frontier " << p.frontier << "  " << std::fixed;
  std::cerr.precision(1);
  std::cerr << p.elapsed_seconds << " s   " << std::flush;
  std::cerr.unsetf(std::ios::floatfield);
}

void run_supnorm(const SupnormArgs& a) {
  const Box domain = parse_domain(a.domain);
  SupNormOptions o = engine_options(a);
  if (!a.cert.empty()) check_output_path(a.cert);

  SupNormInputs inputs;
  inputs.target = a.target;
  if (!a.target_net.empty()) inputs.target_net_path = a.target_net, inputs.target_net_output = a.target_output;
  inputs.domain = a.domain;
  if (!a.net.empty()) inputs.net_path = a.net, inputs.net_output = a.output;
  if (!a.approx.empty()) inputs.approx = a.approx;
  const Program prog = problem_program(inputs, domain);

  const bool show_progress = a.progress || ::isatty(STDERR_FILENO);
  auto last = std::make_shared<std::chrono::steady_clock::time_point>();
  if (show_progress)
    o.progress = [last](const SupNormProgress& p) {
      const auto now = std::chrono::steady_clock::now();
      if (now - *last < std::chrono::milliseconds(200)) return;
      *last = now;
      print_progress(p);
    };
  const SupNormResult r = sup_norm(prog, domain, o);
  if (show_progress) std::cerr << "\r" << std::string(79, ' ') << "\r" << std::flush;

  const int digits = summary_digits(r);
  std::cout << "sup |" << (a.target_net.empty() ? "target" : "target_net") << " - " << (a.net.empty() ? "approx" : "net") << "| on " << a.domain << " in ["
            << decimal_down(r.lower, digits) << ", " << upper_text(r.upper, digits) << "]  gap ";
  if (r.upper && r.lower.sign() > 0) std::cout << decimal_up((*r.upper - r.lower) / r.lower, 2) << " (relative)";
  else if (r.upper) std::cout << decimal_up(*r.upper - r.lower, 2) << " (absolute)";
  else std::cout << "inf";
  std::cout << "  boxes " << r.boxes << "  status " << to_string(r.status) << "  time ";
  std::cout.precision(3);
  std::cout << r.elapsed_seconds << " s\n";

  if (!a.cert.empty()) write_file_atomic(a.cert, supnorm_certificate(r, inputs, o, domain).dump(2) + "\n");
}

}  // namespace

void register_supnorm_command(CLI::App& app) {
  auto a = std::make_shared<SupnormArgs>();
  CLI::App* cmd = app.add_subcommand("supnorm", "Certified enclosure [L, U] of sup |target - approx| over a box");
  cmd->add_option("--net", a->net, "network file (approxcert-net/1 or ONNX) as the approximant");
  cmd->add_option("--output", a->output, "which network output to compare (default 0)");
  cmd->add_option("--approx", a->approx, "an expression in x0, x1, ... as the approximant instead");
  cmd->add_option("--target", a->target, "target expression in x0, x1, ...");
  cmd->add_option("--target-net", a->target_net, "a second network (approxcert-net/1 or ONNX) as the target instead");
  cmd->add_option("--target-output", a->target_output, "which output of --target-net to compare (default 0)");
  cmd->add_option("--domain", a->domain, "box \"[a,b]^D\" or \"[a1,b1]x[a2,b2]x...\" (exact endpoints)")->required();
  cmd->add_option("--rel-tol", a->rel_tol, "stop when upper <= lower (1 + R) (exact number, default 1e-6)");
  cmd->add_option("--abs-tol", a->abs_tol, "stop when upper - lower <= A (exact number, default 1e-30)");
  cmd->add_option("--max-boxes", a->max_boxes, "box budget (default 1000000); reaching it gives budget_exhausted");
  cmd->add_option("--time-limit", a->time_limit, "wall-clock budget in seconds; reaching it gives budget_exhausted");
  cmd->add_option("--prec", a->prec, "initial working precision in bits (default 64; raised as needed)");
  cmd->add_option("--taylor-order", a->taylor_order,
                  "order of the Taylor-model form for one-input problems (default 24; 0: off)");
  cmd->add_option("--threads", a->threads, "worker threads (default 0: all cores)");
  cmd->add_option("--engine", a->arithmetic, "auto (default), arb (balls) or mpfi (intervals)")
      ->check(CLI::IsMember({"auto", "arb", "mpfi"}));
  cmd->add_option("--cert", a->cert, "write an approxcert-cert/1 supnorm certificate to this file");
  cmd->add_flag("--progress", a->progress, "show progress on stderr even when it is not a terminal");
  cmd->callback([a] { run_supnorm(*a); });
}

}  // namespace approxcert::cli
