#include "theorems/altabaa2024/network_term.hpp"

#include <stdexcept>

#include "net/expression.hpp"
#include "net/lower.hpp"
#include "problem/error_program.hpp"
#include "theorems/altabaa2024/relation_model.hpp"

namespace approxcert::theorems::altabaa2024 {

Program truncated_kernel_error_program(const Network& left, const Network& right, const std::vector<std::string>& f,
                                       const std::vector<std::string>& h) {
  if (f.empty() || f.size() != h.size())
    throw std::logic_error("truncated_kernel_error_program: feature counts differ");
  Program prog(2);
  const std::vector<NodeId> model = lower_into(prog, inner_product_network(2, 1, left.layers, right.layers));
  if (model.size() != 1) throw std::logic_error("truncated_kernel_error_program: the model has more than one output");
  const NodeId x = prog.input(0), y = prog.input(1);
  NodeId kernel = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const NodeId fx = compile_expression(f[i], prog, std::span<const NodeId>(&x, 1));
    const NodeId hy = compile_expression(h[i], prog, std::span<const NodeId>(&y, 1));
    const NodeId term = prog.binary(Op::Mul, fx, hy);
    kernel = i == 0 ? term : prog.binary(Op::Add, kernel, term);
  }
  return with_error_output(std::move(prog), kernel, model[0]);
}

chain::Side truncated_kernel_error(const Network& left, const Network& right, const std::vector<std::string>& f,
                                   const std::vector<std::string>& h, const Box& box, const chain::Attempt& a,
                                   const SupBudget& budget) {
  return sup_norm_side(truncated_kernel_error_program(left, right, f, h), box, a, {"x", "y"},
                       "T_2 = sup |K_N(x, y) - <psi_x(x), psi_y(y)>| (two-dimensional sup-norm engine)", budget);
}

SupBudget network_term_budget(const Rational& B) { return {Rational(0), 20000, B * Rational(9) / Rational(10)}; }

chain::Side slack_ratio(const Rational& bound, const chain::Enclosure& t2, std::string note) {
  if (!t2.bounded() || t2.lower().sign() <= 0)
    return chain::Side::derived(chain::Enclosure::whole_line(), std::move(note));
  return chain::Side::derived(chain::Enclosure::between(bound / t2.upper(), bound / t2.lower()), std::move(note));
}

chain::Side sum_of(const chain::Enclosure& t1, const chain::Enclosure& t2, std::string note) {
  if (!t1.bounded() || !t2.bounded()) return chain::Side::derived(chain::Enclosure::whole_line(), std::move(note));
  return chain::Side::derived(chain::Enclosure::between(t1.lower() + t2.lower(), t1.upper() + t2.upper()),
                              std::move(note));
}

}  // namespace approxcert::theorems::altabaa2024
