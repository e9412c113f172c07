// approxcert eval: certified enclosures of a network's (or an expression's) outputs at a point.
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/point.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"
#include "target/expression.hpp"

namespace approxcert::cli {

namespace {

struct EvalOptions {
  std::string net, expr, at, engine = "arb";
  long prec = 128;
  bool json = false;
};

struct OutputEnclosure {
  Rational lower, upper, mid, rad;
  bool finite;
};

template <RigorousScalar S>
std::vector<OutputEnclosure> enclose_outputs(const Program& prog, const std::vector<Rational>& point, Prec p) {
  std::vector<S> inputs(point.size());
  for (std::size_t i = 0; i < point.size(); ++i) set(inputs[i], point[i], p);
  std::vector<OutputEnclosure> out;
  for (const S& y : evaluate<S>(prog, inputs, p)) {
    if (!is_finite(y)) out.push_back({Rational(0), Rational(0), Rational(0), Rational(0), false});
    else out.push_back({lower(y), upper(y), mid(y), rad(y), true});
  }
  return out;
}

// Enough significant digits to show the enclosure's width at this precision.
int print_digits(long prec) { return static_cast<int>(prec * 0.30103) + 2; }

void run_eval(const EvalOptions& o) {
  if (o.net.empty() == o.expr.empty()) throw InputError("eval: give exactly one of --net or --expr");
  if (o.prec < 16 || o.prec > 100000) throw InputError("--prec: must be between 16 and 100000 bits");
  const std::vector<Rational> point = parse_point(o.at, "--at");
  Program prog;
  if (!o.net.empty()) {
    const Network net = load_network(o.net);
    prog = lower(net);
    if (point.size() != prog.num_inputs())
      throw InputError("--at: " + o.net + " takes " + std::to_string(prog.num_inputs()) +
                       " coordinates (sequence inputs column by column), got " + std::to_string(point.size()));
  } else {
    prog = compile_target(o.expr, point.size());
  }
  const Prec p(o.prec);
  const auto outs = o.engine == "mpfi" ? enclose_outputs<Interval>(prog, point, p)
                                       : enclose_outputs<Ball>(prog, point, p);
  const int digits = print_digits(o.prec);
  if (o.json) {
    nlohmann::json j;
    j["outputs"] = nlohmann::json::array();
    for (const auto& e : outs) {
      if (!e.finite) {
        j["outputs"].push_back({{"lower", "-inf"}, {"upper", "inf"}, {"mid", "nan"}, {"rad", "inf"}});
        continue;
      }
      j["outputs"].push_back({{"lower", decimal_down(e.lower, digits)},
                              {"upper", decimal_up(e.upper, digits)},
                              {"mid", decimal_near(e.mid, digits)},
                              {"rad", decimal_up(e.rad, 6)}});
    }
    std::cout << j.dump(2) << "\n";
    return;
  }
  for (std::size_t k = 0; k < outs.size(); ++k) {
    const auto& e = outs[k];
    std::cout << "y" << k << " in ";
    if (!e.finite) std::cout << "(-inf, inf)  (not finite: a domain error such as log of a set containing 0)\n";
    else std::cout << "[" << decimal_down(e.lower, digits) << ", " << decimal_up(e.upper, digits)
                   << "]  width " << decimal_up(e.upper - e.lower, 3) << "\n";
  }
}

}  // namespace

void register_eval_command(CLI::App& app) {
  auto opts = std::make_shared<EvalOptions>();
  CLI::App* cmd = app.add_subcommand("eval", "Certified enclosure of every output at an exact point");
  cmd->add_option("--net", opts->net, "network file (approxcert-net/1)");
  cmd->add_option("--expr", opts->expr, "evaluate a target expression in x0, x1, ... (x with one coordinate) instead");
  cmd->add_option("--at", opts->at, "the point: comma-separated exact numbers, e.g. \"1/3,-0.25,0x1p-4\"")->required();
  cmd->add_option("--prec", opts->prec, "working precision in bits (default 128)");
  cmd->add_option("--engine", opts->engine, "arb (balls, default) or mpfi (intervals, the second engine)")
      ->check(CLI::IsMember({"arb", "mpfi"}));
  cmd->add_flag("--json", opts->json, "print {\"outputs\": [{lower, upper, mid, rad}]}");
  cmd->callback([opts] { run_eval(*opts); });
}

}  // namespace approxcert::cli
