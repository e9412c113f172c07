#include "theorems/yun2020/config.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/input_error.hpp"
#include "theorems/yun2020/positional.hpp"

namespace approxcert::theorems::yun2020 {

namespace {

Rational read_j(const chain::Parameters& p, const Shape& s, std::string& source) {
  const ExactJson& v = p.raw("J");
  if (v.is_string()) {
    const std::string name = v.get<std::string>();
    if (name == "recalled") {
      source = "J = delta^(-nd) (recalled as the paper's value, [P?])";
      return j_recalled(s);
    }
    if (name == "restatement") {
      source = "J = n + 3n delta^(-dn) (restatement eq. (E.7), [H])";
      return j_restatement(s);
    }
    if (name == "repair") {
      source = "J = (n+1) delta^(-nd) (repair (b) of E1, [R])";
      return j_repair(s);
    }
  }
  const Rational J = p.rational("J");
  if (J.sign() <= 0) p.fail("J", "must be > 0 (or one of \"recalled\", \"restatement\", \"repair\")");
  source = "J = " + J.to_string() + " (given)";
  return J;
}

}  // namespace

Config read_config(const chain::Parameters& p, bool positional) {
  Config c;
  const std::uint64_t d = p.count("d"), n = p.count("n");
  if (d < 1 || d > 8) p.fail("d", "must be between 1 and 8");
  if (n < 2 || n > 8) p.fail("n", "must be between 2 and 8");
  const Rational delta = p.rational("delta");
  if (delta.sign() <= 0 || !(Rational(1) / delta).is_integer() || Rational(1) / delta < Rational(2))
    p.fail("delta", "must be 1/N for an integer N >= 2");
  const Rational N = Rational(1) / delta;
  if (N > Rational(1 << 20)) p.fail("delta", "1/delta is too large");
  c.shape = Shape{d, n, static_cast<std::uint64_t>(N.num().get_ui()), positional};
  if (positional &&
      pow_int(N + Rational(1), static_cast<long>(d * n)) > Rational(1 << 20))  // before the exhaustive t_l*, t_r*
    p.fail(
        "delta",
        "with positional encoding the grid G+ would have more than 2^20 points (every step is exhaustive); use a larger delta or a smaller d * n");
  if (!positional && window_scale(c.shape) < Rational(static_cast<long>(n)))
    p.fail("delta", "needs delta^-d >= n (otherwise no grid point has distinct columns)");
  c.J = read_j(p, c.shape, c.j_source);
  if (positional) c.j_source += "; its use in the positional-encoding variant (spec 2.6) is reconstructed, [R]";
  c.K = p.has("global_scale") ? p.rational("global_scale") : global_scale_default(c.shape);
  if (c.K.sign() <= 0) p.fail("global_scale", "must be > 0");
  // Tight thresholds: closed forms (Theorem 2) or the exhaustive extremes (positional encoding).
  const std::pair<Rational, Rational> tight =
      positional ? exhaustive_q_range(c)
                 : std::pair<Rational, Rational>{tight_t_l(c.shape, c.K), tight_t_r(c.shape, c.K)};

  const std::string th = p.text("thresholds");
  if (th == "loose") {
    c.t_l = loose_t_l(c.shape, c.K), c.t_r = loose_t_r(c.shape, c.K);
    c.threshold_source =
        "loose: t_l = K delta^(-(n-1)d+1)(delta^-d - 1), t_r = (K+1) n delta^(-(n+1)d) (t_r as printed by the restatement, [H]; t_l corrected, E6)";
  } else if (th == "tight") {
    c.t_l = tight.first, c.t_r = tight.second;
    c.threshold_source = positional ? "tight: t_l* = " + c.t_l.to_string() + ", t_r* = " + c.t_r.to_string() +
                                          " (min and max of q over the positional grid, computed exhaustively, [C])"
                                    : "tight: t_l*, t_r* (exact extremes, [R, C])";
  } else if (th == "restatement-printed") {
    c.t_l = restatement_printed_t_l(c.shape), c.t_r = loose_t_r(c.shape, c.K);
    c.threshold_source =
        "as printed by the restatement: t_l = n delta^(-2(n+1)d)(delta^-d - 1), t_r = (K+1) n delta^(-(n+1)d) ([H])";
  } else if (th == "explicit") {
    c.t_l = p.rational("t_l"), c.t_r = p.rational("t_r");
    c.threshold_source = "explicit: t_l = " + c.t_l.to_string() + ", t_r = " + c.t_r.to_string();
  } else {
    p.fail("thresholds", "must be \"loose\", \"tight\", \"restatement-printed\" or \"explicit\" (with t_l, t_r)");
  }
  if (!(c.t_l < c.t_r)) p.fail("thresholds", "needs t_l < t_r");

  const std::string acc = p.text_or("acceptance", "tight-margin");
  const Rational h = c.shape.delta() / Rational(2);
  if (acc == "tight-margin") {
    c.tau_l = tight.first - h, c.tau_r = tight.second + h;
    c.acceptance_source = "[t_l* - delta/2, t_r* + delta/2] (E7)";
  } else if (acc == "thresholds") {
    c.tau_l = c.t_l, c.tau_r = c.t_r;
    c.acceptance_source = "[t_l, t_r] (the configured thresholds)";
  } else {
    p.fail("acceptance", "must be \"tight-margin\" or \"thresholds\"");
  }
  // The hardmax tie rule of bar g's attention layers (spec 1.5, E5; the network format's "ties").
  const std::string ties = p.text_or("ties", "split");
  if (ties == "first") c.ties = Normalizer::HardmaxFirst;
  else if (ties == "last") c.ties = Normalizer::HardmaxLast;
  else if (ties != "split")
    p.fail("ties", "must be \"split\" (average), \"first\" (min index) or \"last\" (max index)");
  return c;
}

TargetMap read_target(const chain::Parameters& p, const Shape& shape) {
  const ExactJson& v = p.raw("target");
  const JsonAt at = p.at("target");
  json_array(v, at);
  const std::size_t dn = static_cast<std::size_t>(shape.d * shape.n);
  if (v.size() != dn)
    p.fail("target", "must list d*n = " + std::to_string(dn) + " expressions (entry (r, j) at j*d + r)");
  TargetMap f{{}, Program(dn), at};
  std::vector<NodeId> vars;
  for (std::size_t k = 0; k < dn; ++k) vars.push_back(f.program.input(k));
  std::vector<NodeId> outs;
  for (std::size_t k = 0; k < dn; ++k) {
    f.expressions.push_back(json_string(v[k], at.index(k)));
    try {
      outs.push_back(compile_expression(f.expressions.back(), f.program, vars));
    } catch (const InputError& e) {
      at.index(k).fail(e.what());
    }
  }
  f.program.set_outputs(outs);
  return f;
}

std::vector<Rational> eval_target(const TargetMap& f, const std::vector<Rational>& point) {
  auto where = [&point] {
    std::string s;
    for (const Rational& x : point) s += (s.empty() ? "" : ", ") + x.to_string();
    return "at the grid point (" + s + ")";
  };
  try {
    return evaluate<Rational>(f.program, point, Prec(64));
  } catch (const NotExactError& e) {
    f.at.fail("not exactly rational " + where() + " (the value map needs exact weights): " + e.what());
  } catch (const std::domain_error& e) {
    f.at.fail("cannot be evaluated " + where() + ": " + e.what());
  }
}

}  // namespace approxcert::theorems::yun2020
