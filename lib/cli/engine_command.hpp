#pragma once
// What the `supnorm` and `lpnorm` commands share. The options, registered and read in one place: the problem
// (--net/--approx with --output, --target/--target-net with --target-output, --domain), the
// tolerances and budgets, precision, bounding forms, threads, engine, --cert, --json and the
// progress options. Each value is checked when read (options.hpp): a bad one is an InputError
// naming the option. And the printing of an enclosure, its gap and progress lines.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/supnorm.hpp"

namespace approxcert::cli {

struct EngineArgs {
  std::string net, approx, target, target_net, domain, cert, arithmetic = "auto", fast_path = "on";
  std::string rel_tol, abs_tol, time_limit;  // the command sets the tolerances' defaults
  std::string output = "0", target_output = "0", max_boxes = "1000000", prec = "64", taylor_order = "24",
              multi_taylor = "0", threads = "0";
  bool net_given = false, approx_given = false, cert_given = false;
  bool json = false, no_linear = false, no_relu_substitution = false;
  ProgressOptions progress_options;
};

// What differs between the commands in the shared options' help.
struct EngineHelp {
  std::string domain, rel_tol, abs_tol, cert;
};

// Registers the shared options on `cmd`, writing into `a` (which must outlive the parse).
void add_engine_options(CLI::App* cmd, EngineArgs& a, const EngineHelp& help);

// --time-limit in seconds (absent: none): an exact number > 0, at most a year.
std::optional<double> read_time_limit(const EngineArgs& a);

// The problem the options describe (inputs of load_problem); refuses an empty --net or --approx.
SupNormInputs problem_inputs(const EngineArgs& a);
// The options the problem's inputs come from, for load_problem's messages.
inline const InputOrigins kProblemOptions{"--net",    "--approx", "--target",        "--target-net",
                                          "--domain", "--output", "--target-output", "--relative"};

// Reads the shared engine options into either engine's options (SupNormOptions, LpNormOptions),
// each value checked as it is read. Both tolerances 0 is allowed: the search then stops only when
// upper = lower exactly, or on a budget.
template <class Options>
void read_engine_options(const EngineArgs& a, Options& o) {
  o.rel_tol = parse_nonnegative(a.rel_tol, "--rel-tol");
  o.abs_tol = parse_nonnegative(a.abs_tol, "--abs-tol");
  o.max_boxes = static_cast<std::uint64_t>(parse_count(a.max_boxes, "--max-boxes", 1, 1'000'000'000'000));
  o.time_limit_seconds = read_time_limit(a);
  o.prec = parse_count(a.prec, "--prec", 16, 65536);
  o.max_prec = std::max<long>(1024, o.prec);
  o.taylor_model_order = parse_count(a.taylor_order, "--taylor-order", 0, 200);
  o.multi_taylor_order = static_cast<std::size_t>(parse_count(a.multi_taylor, "--multi-taylor", 0, 8));
  if (o.multi_taylor_order == 1) throw InputError("--multi-taylor: the order must be 0 (off) or 2 to 8");
  o.linear_relaxation = !a.no_linear;
  if (a.no_relu_substitution) o.relu_substitution = false;
  o.fast_path = a.fast_path == "on";
  o.threads = static_cast<unsigned>(parse_count(a.threads, "--threads", 0, 1024));
  o.max_cover_leaves = a.cert_given ? kMaxCoverLeaves : 0;  // the certificate records the cover
  if (a.arithmetic != "auto") o.arithmetic = parse_arithmetic(a.arithmetic);
}

// The printed enclosure: as many digits as it supports (at least 6), else exact; "inf" when there
// is no upper bound.
std::pair<std::string, std::string> enclosure_text(const Rational& lower, const std::optional<Rational>& upper);

// The summary's gap: relative when lower > 0, else absolute; "inf" when there is no upper bound.
std::string gap_text(const Rational& lower, const std::optional<Rational>& upper);

// One progress line; `left` names the boxes still to refine ("frontier").
std::string progress_text(const SupNormProgress& p, const std::string& left);

}  // namespace approxcert::cli
