#include "supnorm/removable_zero.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "net/evaluate.hpp"
#include "net/series.hpp"
#include "scalar/input_error.hpp"
#include "scalar/interval.hpp"
#include "scalar/located.hpp"
#include "scalar/scalar.hpp"

namespace approxcert {

namespace {

bool exactly_zero(const Ball& b) { return arb_is_zero(b.arb()); }
bool certainly_nonzero(const Ball& b) { return arb_is_finite(b.arb()) && !arb_contains_zero(b.arb()); }

// 0 < a <= b: the continued-fraction recursion (depth-limited; a is in [a, b] anyway).
Rational simplest_positive(const Rational& a, const Rational& b, int depth) {
  const Rational c = ceil_div(a);
  if (c <= b) return c;
  if (depth >= 64) return a;
  const Rational n = floor_div(a);  // a - n in (0, 1) and b - n < 1 since ceil(a) > b
  return n + Rational(1) / simplest_positive(Rational(1) / (b - n), Rational(1) / (a - n), depth + 1);
}

// The box with 12 significant digits, rounded outward (its exact endpoints can be unreadable).
std::string box_text(const Box& box) {
  std::string s;
  for (std::size_t i = 0; i < box.dim(); ++i)
    s += (i ? "x[" : "[") + decimal_down(box.lo[i], 12) + ", " + decimal_up(box.hi[i], 12) + "]";
  return s;
}

[[noreturn]] void refuse_box(const Box& box) {
  throw InputError("the target may vanish on " + box_text(box) +
                   " and no exact rational zero of it is certified there; relative mode needs target != 0 on the "
                   "domain except at exact rational zeros where the approximant vanishes to at least the same order");
}

bool too_thin(const Box& box) {
  for (std::size_t i = 0; i < box.dim(); ++i) {
    const Rational scale = max(Rational(1), max(abs(box.lo[i]), abs(box.hi[i])));
    if (pow2(-60) * scale < box.hi[i] - box.lo[i]) return false;
  }
  return true;
}

std::size_t widest(const Box& box) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < box.dim(); ++i)
    if (box.hi[best] - box.lo[best] < box.hi[i] - box.lo[i]) best = i;
  return best;
}

}  // namespace

bool is_relative_error_program(const Program& prog) {
  const auto outs = prog.outputs();
  if (outs.size() != 3) return false;
  const Node& q = prog.nodes()[outs[0]];
  if (q.op != Op::Div) return false;
  const auto args = prog.args(q);
  return args[0] == outs[1] && args[1] == outs[2];
}

long certify_removable_zero(const Program& prog, const Rational& x0, Prec p) {
  if (prog.num_inputs() != 1 || !is_relative_error_program(prog))
    throw std::logic_error("certify_removable_zero: not a one-input relative-error program");
  Evaluator<Series> ev(prog, p);
  Ball x;
  set(x, x0, p);
  const std::vector<Series> in{series_variable(x, kMaxZeroOrder + 1)};
  ev.run(in);
  const Series& e = ev.value(prog.outputs()[1]);
  const Series& t = ev.value(prog.outputs()[2]);
  long m = 0;
  while (m <= kMaxZeroOrder && exactly_zero(t.coefficient(m))) ++m;
  if (m == 0) return 0;
  const std::string at = "at the zero x = " + x0.to_string() + " of the target: ";
  if (m > kMaxZeroOrder)
    throw InputError(at + "its first " + std::to_string(kMaxZeroOrder + 1) + " Taylor coefficients are all 0");
  if (!certainly_nonzero(t.coefficient(m)))
    throw InputError(at + "its Taylor coefficient of order " + std::to_string(m) +
                     " is neither exactly 0 nor certainly nonzero, so the order of the zero is not certified");
  for (long j = 0; j < m; ++j) {
    const Ball c = e.coefficient(j);
    if (exactly_zero(c)) continue;
    if (certainly_nonzero(c))
      throw InputError(at + "the approximant - target has a nonzero Taylor coefficient of order " + std::to_string(j) +
                       " below the zero's order " + std::to_string(m) + ": the relative error is unbounded there");
    throw InputError(at + "the Taylor coefficient of order " + std::to_string(j) +
                     " of approximant - target is not exactly 0 at the working precision (write both so that they "
                     "vanish exactly there, e.g. exp(x) - 1 and a polynomial without constant term)");
  }
  return m;
}

Rational simplest_rational(const Rational& lo, const Rational& hi) {
  if (hi < lo) throw std::invalid_argument("simplest_rational: empty interval");
  if (lo.sign() <= 0 && hi.sign() >= 0) return Rational(0);
  if (hi.sign() < 0) return -simplest_positive(-hi, -lo, 0);
  return simplest_positive(lo, hi, 0);
}

namespace {

std::vector<RemovableZero> search_removable_zeros(const Program& prog, const Box& domain, Prec p,
                                                  std::size_t max_boxes) {
  const NodeId t = prog.outputs()[2];
  Evaluator<Interval> natural(prog, p);
  Evaluator<Series> series(prog, p);
  std::vector<RemovableZero> zeros;
  std::vector<Rational> tried;
  std::vector<Box> stack{domain};
  std::vector<Interval> in(domain.dim());
  std::size_t count = 0;
  while (!stack.empty()) {
    Box box = std::move(stack.back());
    stack.pop_back();
    if (++count > max_boxes) refuse_box(box);
    for (std::size_t i = 0; i < box.dim(); ++i) set_interval(in[i], box.lo[i], box.hi[i], p);
    natural.run(in);
    const Interval& v = natural.value(t);
    if (is_finite(v) && (lower(v).sign() > 0 || upper(v).sign() < 0)) continue;  // t != 0 on the box
    if (box.dim() == 1) {
      const auto inside = std::find_if(zeros.begin(), zeros.end(),
                                       [&](const RemovableZero& z) { return box.lo[0] <= z.at && z.at <= box.hi[0]; });
      if (inside != zeros.end()) {
        // t = (x - x0)^m t^ with t^(x) in the hull of t_m over the box: nonzero there, so x0 is
        // t's only zero on the box.
        Ball X;
        set_interval(X, box.lo[0], box.hi[0], p);
        const std::vector<Series> sx{series_variable(X, inside->order + 1)};
        series.run(sx);
        if (certainly_nonzero(series.value(t).coefficient(inside->order))) continue;
      } else {
        const Rational c = simplest_rational(box.lo[0], box.hi[0]);
        if (std::find(tried.begin(), tried.end(), c) == tried.end()) {
          tried.push_back(c);
          if (const long m = certify_removable_zero(prog, c, p); m > 0) {
            zeros.push_back({c, m});
            stack.push_back(std::move(box));  // examined again, now with its zero
            continue;
          }
        }
      }
    }
    if (too_thin(box)) refuse_box(box);
    const std::size_t i = widest(box);
    const Rational at = (box.lo[i] + box.hi[i]) / Rational(2);
    Box left = box;
    left.hi[i] = at;
    box.lo[i] = at;
    stack.push_back(std::move(box));
    stack.push_back(std::move(left));
  }
  std::sort(zeros.begin(), zeros.end(), [](const RemovableZero& a, const RemovableZero& b) { return a.at < b.at; });
  return zeros;
}

}  // namespace

std::vector<RemovableZero> find_removable_zeros(const Program& prog, const Box& domain, Prec p,
                                                const std::string& origin, std::size_t max_boxes) {
  if (!is_relative_error_program(prog)) throw std::logic_error("find_removable_zeros: not a relative-error program");
  return located(origin, [&] { return search_removable_zeros(prog, domain, p, max_boxes); });
}

}  // namespace approxcert
