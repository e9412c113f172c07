#include "theorems/altabaa2024/cell_pairs.hpp"

#include "net/expression.hpp"
#include "problem/error_program.hpp"

namespace approxcert::theorems::altabaa2024 {

Program product_relation_program(const std::string& r_x, const std::string& r_y) {
  Program p(2);
  const NodeId x = p.input(0), y = p.input(1);
  const NodeId a = compile_expression(r_x, p, std::span<const NodeId>(&x, 1));
  const NodeId b = compile_expression(r_y, p, std::span<const NodeId>(&y, 1));
  p.set_outputs({p.binary(Op::Mul, a, b)});
  return p;
}

chain::Outcome cell_pair_sup_norms(const Program& target, const RationalVector& b, const RationalMatrix& R,
                                   const chain::Side& bound, const chain::Attempt& a, const SupBudget& budget) {
  std::vector<Box> cells;
  for (std::size_t k = 0; k + 1 < b.size(); ++k) cells.push_back(Box{{b[k]}, {b[k + 1]}});
  return cell_box_pair_sup_norms(target, cells, R, bound, a, budget);
}

chain::Outcome cell_box_pair_sup_norms(const Program& target, const std::vector<Box>& cells, const RationalMatrix& R,
                                       const chain::Side& bound, const chain::Attempt& a, const SupBudget& budget) {
  chain::ForAll fa = a.for_all();
  const NodeId t = target.outputs()[0];
  const std::size_t d = cells.empty() ? 0 : cells[0].dim();
  std::vector<std::string> names;
  if (d == 1) names = {"x", "y"};
  else {
    for (std::size_t i = 0; i < d; ++i) names.push_back("x" + std::to_string(i + 1));
    for (std::size_t i = 0; i < d; ++i) names.push_back("y" + std::to_string(i + 1));
  }
  std::uint64_t boxes = 0;
  for (std::size_t k = 0; k < cells.size(); ++k)
    for (std::size_t l = 0; l < cells.size(); ++l) {
      Program p = target;
      const NodeId c = p.constant(R[k][l]);
      const Program err = with_error_output(std::move(p), t, c);
      Box box = cells[k];
      box.lo.insert(box.lo.end(), cells[l].lo.begin(), cells[l].lo.end());
      box.hi.insert(box.hi.end(), cells[l].hi.begin(), cells[l].hi.end());
      chain::Side s = sup_norm_side(err, box, a, names, "sup over the closed cell pair of |r - R_kl|", budget);
      if (s.evidence.supnorm) boxes += s.evidence.supnorm->boxes;
      fa.add(chain::Point{}.add("k", count_q(k + 1)).add("l", count_q(l + 1)), std::move(s), bound);
    }
  return fa.outcome().report("sup-norm boxes (all cell pairs)", chain::Side::exact(count_q(boxes)));
}

}  // namespace approxcert::theorems::altabaa2024
