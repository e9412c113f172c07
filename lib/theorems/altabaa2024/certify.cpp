#include "theorems/altabaa2024/certify.hpp"

#include "net/evaluate.hpp"
#include "supnorm/error_program.hpp"
#include "supnorm/supnorm.hpp"
#include "target/expression.hpp"

namespace approxcert::theorems::altabaa2024 {

chain::Side sup_norm_side(const Program& error_program, const Box& box, const chain::Attempt& a,
                          const std::vector<std::string>& names, std::string note, const SupBudget& budget) {
  SupNormOptions o;
  o.rel_tol = budget.rel_tol;
  o.abs_tol = budget.abs_tol;
  o.max_boxes = a.scaled_budget(budget.max_boxes);
  o.threads = 1;
  o.prec = 64;
  o.max_prec = std::max<long>(1024, a.prec.bits);
  const SupNormResult r = sup_norm(error_program, box, o);
  chain::Point witness;
  if (r.witness)
    for (std::size_t k = 0; k < r.witness->size(); ++k)
      witness.add(k < names.size() ? names[k] : "x" + std::to_string(k), (*r.witness)[k]);
  if (!r.upper) {
    chain::Side s;
    s.evidence = {"supnorm", note + " (no finite upper bound)",
                  chain::SupNormEvidence{std::string(to_string(r.status)), witness, r.boxes}, std::nullopt};
    return s;
  }
  return chain::Side::sup_norm(r.lower, *r.upper, std::string(to_string(r.status)), witness, r.boxes,
                               std::move(note));
}

Program constant_error_program(std::string_view target, const Rational& c, std::size_t dim) {
  Program p(dim);
  std::vector<NodeId> vars;
  for (std::size_t k = 0; k < dim; ++k) vars.push_back(p.input(k));
  const NodeId t = compile_expression(target, p, vars);
  const NodeId approx = p.constant(c);
  return with_error_output(std::move(p), t, approx);
}

Program expressions_program(const std::vector<std::string>& expressions, std::size_t dim) {
  Program p(dim);
  std::vector<NodeId> vars;
  for (std::size_t k = 0; k < dim; ++k) vars.push_back(p.input(k));
  std::vector<NodeId> outs;
  for (const std::string& e : expressions) outs.push_back(compile_expression(e, p, vars));
  p.set_outputs(outs);
  return p;
}

Ball expression_at(std::string_view expression, const Rational& x, Prec p) {
  const Program prog = compile_target(expression, 1);
  Ball in;
  set(in, x, p);
  return evaluate<Ball>(prog, std::span<const Ball>(&in, 1), p).at(0);
}

Rational dyadic_down(const Rational& q, long bits) { return floor_div(q * pow2(bits)) / pow2(bits); }
Rational dyadic_up(const Rational& q, long bits) { return ceil_div(q * pow2(bits)) / pow2(bits); }
Rational dyadic_near(const Ball& b, long bits) {
  return floor_div(mid(b) * pow2(bits) + Rational(1) / Rational(2)) / pow2(bits);
}

chain::Side derived_upper(const chain::Enclosure& e, std::string note) {
  return chain::Side::derived(e, std::move(note));
}

}  // namespace approxcert::theorems::altabaa2024
