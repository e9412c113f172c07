// approxcert eval: certified enclosures of a network's (or an expression's) outputs at a point.
// Exit status: 0 every output finite, 2 bad input, 3 an output has no finite enclosure.
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/options.hpp"
#include "cli/point.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/arithmetic.hpp"
#include "scalar/decimal_bounds.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"

namespace approxcert::cli {

namespace {

struct EvalOptions {
  std::string net, expr, at, engine = "arb";
  std::string prec = "128";
  bool json = false, net_given = false, expr_given = false;
};

// One output's enclosure as outward-rounded decimal text.
struct OutputEnclosure {
  std::string lower, upper, mid, rad, width;
  bool finite = true;
};

// Exact fractions when they are small; straight from the Arb/MPFR endpoints when the magnitude is
// huge (10^(10^9) would take gigabytes as a fraction).
template <RigorousScalar S>
OutputEnclosure describe(const S& y, int digits) {
  if (!is_finite(y)) return {"-inf", "inf", "nan", "inf", "inf", false};
  if (has_moderate_exponent(y)) {
    const Rational lo = lower(y), hi = upper(y);
    return {decimal_down(lo, digits), decimal_up(hi, digits), decimal_near(mid(y), digits),
            decimal_up(rad(y), 6),    decimal_up(hi - lo, 3), true};
  }
  return {decimal_lower(y, digits),
          decimal_upper(y, digits),
          decimal_mid(y, digits),
          decimal_radius_upper(y, 6),
          "<= 2*" + decimal_radius_upper(y, 3),
          true};
}

template <RigorousScalar S>
std::vector<OutputEnclosure> enclose_outputs(const Program& prog, const std::vector<Rational>& point, Prec p,
                                             int digits) {
  std::vector<S> inputs(point.size());
  for (std::size_t i = 0; i < point.size(); ++i) set(inputs[i], point[i], p);
  std::vector<OutputEnclosure> out;
  for (const S& y : evaluate<S>(prog, inputs, p)) out.push_back(describe(y, digits));
  return out;
}

// Enough significant digits to show the enclosure's width at this precision.
int print_digits(long prec) { return static_cast<int>(prec * 0.30103) + 2; }

void run_eval(const EvalOptions& o) {
  if (o.net_given == o.expr_given) throw InputError("eval: give exactly one of --net or --expr");
  if (o.net_given && o.net.empty()) throw InputError("--net: empty file name");
  if (o.expr_given && o.expr.empty()) throw InputError("--expr: empty expression");
  const long prec = parse_count(o.prec, "--prec", 16, 100000);
  const std::vector<Rational> point = parse_point(o.at, "--at");
  Program prog;
  if (o.net_given) {
    prog = lower(load_network(o.net));
    if (point.size() != prog.num_inputs())
      throw InputError("--at: " + o.net + " takes " + std::to_string(prog.num_inputs()) +
                       " coordinates (sequence inputs column by column), got " + std::to_string(point.size()));
  } else {
    prog = compile_target(o.expr, point.size());
  }
  const Prec p(prec);
  const int digits = print_digits(prec);
  const auto outs = parse_arithmetic(o.engine) == Arithmetic::Interval
                        ? enclose_outputs<Interval>(prog, point, p, digits)
                        : enclose_outputs<Ball>(prog, point, p, digits);
  if (o.json) {
    nlohmann::json j;
    j["outputs"] = nlohmann::json::array();
    for (const auto& e : outs) {
      if (!e.finite) {
        j["outputs"].push_back({{"lower", "-inf"}, {"upper", "inf"}, {"mid", "nan"}, {"rad", "inf"}});
        continue;
      }
      j["outputs"].push_back({{"lower", e.lower}, {"upper", e.upper}, {"mid", e.mid}, {"rad", e.rad}});
    }
    std::cout << j.dump(2) << "\n";
  } else {
    for (std::size_t k = 0; k < outs.size(); ++k) {
      const auto& e = outs[k];
      std::cout << "y" << k << " in ";
      if (!e.finite) std::cout << "(-inf, inf)  (not finite: a domain error such as log of a set containing 0)\n";
      else std::cout << "[" << e.lower << ", " << e.upper << "]  width " << e.width << "\n";
    }
  }
  for (const auto& e : outs)
    if (!e.finite) throw CLI::RuntimeError(kExitUndecided);
}

}  // namespace

void register_eval_command(CLI::App& app) {
  auto opts = std::make_shared<EvalOptions>();
  CLI::App* cmd = app.add_subcommand("eval", "Certified enclosure of every output at an exact point");
  cmd->add_option_function<std::string>(
         "--net", [opts](const std::string& v) { opts->net = v, opts->net_given = true; },
         "network file (approxcert-net/1 or ONNX)")
      ->type_name(kFile);
  cmd->add_option_function<std::string>(
         "--expr", [opts](const std::string& v) { opts->expr = v, opts->expr_given = true; },
         "evaluate a target expression in x0, x1, ... (x with one coordinate) instead")
      ->type_name(kExpression);
  cmd->add_option("--at", opts->at, "the point: comma-separated exact numbers, e.g. \"1/3,-0.25,0x1p-4\"")
      ->type_name(kPoint)
      ->required();
  cmd->add_option("--prec", opts->prec, "working precision in bits (default 128)")->type_name(kBits);
  cmd->add_option("--engine", opts->engine, "arb (balls, default) or mpfi (intervals, the second engine)")
      ->check(CLI::IsMember({"arb", "mpfi"}));
  cmd->add_flag("--json", opts->json, "print {\"outputs\": [{lower, upper, mid, rad}]} (docs/cli.md)");
  cmd->footer(
      "Example:\n  approxcert eval --expr 'exp(x0)*sin(x1)' --at '1/3,0x1p-4'\n"
      "Exit status: 0 every output enclosed finitely, 2 bad input, 3 an output has no finite enclosure.\n");
  cmd->callback([opts] { run_eval(*opts); });
}

}  // namespace approxcert::cli
