#include "net/mean_value_image.hpp"

#include <stdexcept>

#include "net/evaluate.hpp"
#include "net/jet.hpp"

namespace approxcert {

std::optional<Interval> mean_value_image(const std::vector<Program>& layers, const Rational& lo, const Rational& hi,
                                         Prec prec) {
  if (hi < lo) throw std::logic_error("mean_value_image: lo > hi");
  Interval x, c, dx, term;
  set_interval(x, lo, hi, prec);
  for (const Program& q : layers) {
    if (q.num_inputs() != 1 || q.outputs().size() != 1)
      throw std::logic_error("mean_value_image: a layer is not 1-input, 1-output");
    if (!is_finite(x)) return std::nullopt;
    const Rational c0 = lower(x);
    const NodeId out = q.outputs()[0];
    Evaluator<Rational> exact(q, prec);
    exact.run(std::vector<Rational>{c0});
    Evaluator<Jet<Interval>> jet(q, prec);
    jet.run(std::vector<Jet<Interval>>{jet_variable(x, 0, 1, prec)});
    const Jet<Interval>& j = jet.value(out);
    if (j.discontinuous) return std::nullopt;
    set(c, c0, prec);
    sub(dx, x, c, prec);
    mul(term, jet_detail::grad(j, 0), dx, prec);
    set(x, exact.value(out), prec);
    add(x, x, term, prec);
  }
  return x;
}

}  // namespace approxcert
