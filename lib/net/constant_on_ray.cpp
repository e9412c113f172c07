#include "net/constant_on_ray.hpp"

#include <stdexcept>

#include "net/evaluate.hpp"
#include "net/jet.hpp"

namespace approxcert {

std::optional<Rational> constant_on_ray(const std::vector<Program>& layers, const Rational& start, RayDirection dir,
                                        Prec prec) {
  if (layers.empty()) throw std::logic_error("constant_on_ray: no layer");
  for (const Program& q : layers)
    if (q.num_inputs() != 1 || q.outputs().size() != 1)
      throw std::logic_error("constant_on_ray: a layer is not 1-input, 1-output");
  // The ray as an MPFI interval with one infinite end (the start exact: set() then widen one end).
  Interval ray;
  set(ray, start, prec);
  if (dir == RayDirection::Up) mpfr_set_inf(&ray.mpfi()->right, 1);
  else mpfr_set_inf(&ray.mpfi()->left, -1);
  Evaluator<Jet<Interval>> jet(layers[0], prec);
  jet.run(std::vector<Jet<Interval>>{jet_variable(ray, 0, 1, prec)});
  const Jet<Interval>& j = jet.value(layers[0].outputs()[0]);
  if (j.discontinuous) return std::nullopt;
  const Interval& slope = jet_detail::grad(j, 0);
  Interval zero;
  if (equal(slope, zero) != Truth::True) return std::nullopt;
  Rational v = start;
  for (const Program& q : layers) {
    Evaluator<Rational> exact(q, prec);
    exact.run(std::vector<Rational>{v});
    v = exact.value(q.outputs()[0]);
  }
  return v;
}

}  // namespace approxcert
