#include "domain/domain_violation.hpp"

#include <algorithm>

#include "net/evaluate.hpp"

namespace approxcert {

namespace {

constexpr long kPrec = 128;
constexpr std::size_t kMaxCornerDim = 6;
constexpr std::size_t kMaxLineDim = 16;
constexpr long kLinePoints = 17;
constexpr std::size_t kMaxNodeEvaluations = 2'000'000;  // bounds the time on large networks

// The domain of op's argument (or of Pow's base), as text, and whether the ball a is certainly
// outside it; nullptr for an op this check does not cover.
const char* restricted_domain(Op op) {
  switch (op) {
    case Op::Log:
    case Op::Log2:
    case Op::Log10:
    case Op::Pow: return "> 0";
    case Op::Log1p: return "> -1";
    case Op::Sqrt: return ">= 0";
    case Op::Asin:
    case Op::Acos: return "in [-1, 1]";
    case Op::Acosh: return ">= 1";
    case Op::Atanh: return "in (-1, 1)";
    default: return nullptr;
  }
}

bool certainly_outside(Op op, const Ball& a) {
  Ball lo, hi;
  auto below = [&](long c) {
    set(lo, Rational(c), Prec(kPrec));
    return less(a, lo) == Truth::True;
  };
  auto at_most = [&](long c) {
    set(lo, Rational(c), Prec(kPrec));
    return less_equal(a, lo) == Truth::True;
  };
  auto above = [&](long c) {
    set(hi, Rational(c), Prec(kPrec));
    return less(hi, a) == Truth::True;
  };
  auto at_least = [&](long c) {
    set(hi, Rational(c), Prec(kPrec));
    return less_equal(hi, a) == Truth::True;
  };
  switch (op) {
    case Op::Log:
    case Op::Log2:
    case Op::Log10:
    case Op::Pow: return at_most(0);
    case Op::Log1p: return at_most(-1);
    case Op::Sqrt: return below(0);
    case Op::Asin:
    case Op::Acos: return below(-1) || above(1);
    case Op::Acosh: return below(1);
    case Op::Atanh: return at_most(-1) || at_least(1);
    default: return false;
  }
}

std::vector<std::vector<Rational>> sample_points(const Box& box) {
  const std::size_t d = box.dim();
  std::vector<Rational> centre(d);
  for (std::size_t k = 0; k < d; ++k) centre[k] = (box.lo[k] + box.hi[k]) / Rational(2);
  std::vector<std::vector<Rational>> points{centre};
  if (d <= kMaxCornerDim) {
    for (std::size_t mask = 0; mask < (std::size_t{1} << d); ++mask) {
      std::vector<Rational> c(d);
      for (std::size_t k = 0; k < d; ++k) c[k] = (mask >> k) & 1 ? box.hi[k] : box.lo[k];
      points.push_back(std::move(c));
    }
  } else {
    points.push_back(box.lo);
    points.push_back(box.hi);
  }
  if (d <= kMaxLineDim)
    for (std::size_t k = 0; k < d; ++k)
      for (long j = 0; j < kLinePoints; ++j) {
        std::vector<Rational> x = centre;
        x[k] = box.lo[k] + (box.hi[k] - box.lo[k]) * Rational(j) / Rational(kLinePoints - 1);
        points.push_back(std::move(x));
      }
  return points;
}

}  // namespace

std::optional<DomainViolation> find_domain_violation(const Program& prog, const Box& box) {
  const auto nodes = prog.nodes();
  std::vector<bool> needed(nodes.size(), false);
  bool any = false;
  for (NodeId o : prog.outputs()) needed[o] = true;
  for (std::size_t i = nodes.size(); i-- > 0;) {
    if (!needed[i]) continue;
    any = any || restricted_domain(nodes[i].op);
    for (NodeId a : prog.args(nodes[i])) needed[a] = true;
  }
  if (!any || box.dim() != prog.num_inputs()) return std::nullopt;
  Evaluator<Ball> eval(prog, Prec(kPrec));
  std::vector<Ball> in(box.dim());
  auto points = sample_points(box);
  points.resize(std::min(points.size(), std::max<std::size_t>(3, kMaxNodeEvaluations / nodes.size())));
  for (const auto& x : points) {
    for (std::size_t k = 0; k < x.size(); ++k) set(in[k], x[k], Prec(kPrec));
    eval.run(in);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (!needed[i] || !restricted_domain(nodes[i].op)) continue;
      const Ball& a = eval.value(prog.args(nodes[i])[0]);
      if (certainly_outside(nodes[i].op, a))
        return DomainViolation{x, std::string(op_name(nodes[i].op)), to_string(a, 10), restricted_domain(nodes[i].op)};
    }
  }
  return std::nullopt;
}

std::string describe(const DomainViolation& v) {
  std::string at;
  for (std::size_t k = 0; k < v.point.size(); ++k)
    at += (k ? ", x" : "x") + std::to_string(k) + " = " + v.point[k].to_string();
  const std::string what = v.function == "pow" ? "pow (a real power x^y)" : v.function;
  return what + " is undefined at " + at + ": its " + (v.function == "pow" ? "base " : "argument ") + v.argument +
         " is not " + v.domain;
}

}  // namespace approxcert
