#include "chain/polynomial_identity.hpp"

#include <algorithm>
#include <string>

#include "net/evaluate.hpp"
#include "net/polynomial_degree.hpp"
#include "scalar/input_error.hpp"
#include "scalar/rational_scalar.hpp"

namespace approxcert::chain {

Outcome polynomial_identity(const Program& a, const Program& b) {
  if (a.num_inputs() != b.num_inputs() || a.outputs().size() != b.outputs().size() || a.outputs().empty())
    throw InputError("polynomial identity: the programs have " + std::to_string(a.num_inputs()) + " and " +
                     std::to_string(b.num_inputs()) + " inputs, " + std::to_string(a.outputs().size()) + " and " +
                     std::to_string(b.outputs().size()) + " outputs (need equal counts and at least one output)");
  const PolynomialDegree da = polynomial_degree(a), db = polynomial_degree(b);
  const std::size_t n = a.num_inputs();
  std::vector<std::uint64_t> degree(n);
  std::uint64_t points = 1;
  for (std::size_t k = 0; k < n; ++k) {
    degree[k] = std::max(da.per_variable[k], db.per_variable[k]);
    if (degree[k] + 1 > kMaxIdentityGridPoints / points)
      throw InputError("polynomial identity: the grid needs more than " + std::to_string(kMaxIdentityGridPoints) +
                       " points (degree bounds too large)");
    points *= degree[k] + 1;
  }

  Evaluator<Rational> eval_a(a, Prec(64)), eval_b(b, Prec(64));
  ForAll all(Relation::Equal);
  std::vector<std::uint64_t> index(n, 0);
  std::vector<Rational> x(n, Rational(0));
  for (std::uint64_t p = 0; p < points; ++p) {
    for (std::size_t k = 0; k < n; ++k) x[k] = Rational(static_cast<long>(index[k]));
    eval_a.run(x);
    eval_b.run(x);
    const std::vector<Rational> va = eval_a.outputs(), vb = eval_b.outputs();
    bool differs = false;
    for (std::size_t j = 0; j < va.size(); ++j) {
      auto where = [&] {
        Point at;
        for (std::size_t k = 0; k < n; ++k) at.add("x" + std::to_string(k), x[k]);
        if (va.size() > 1) at.add("output", static_cast<long>(j));
        return at;
      };
      differs |=
          all.add(where, Side::exact(va[j], "first program"), Side::exact(vb[j], "second program")) == Verdict::Refuted;
    }
    if (differs) break;
    for (std::size_t k = 0; k < n && ++index[k] > degree[k]; ++k) index[k] = 0;  // next grid point
  }
  Outcome o = all.outcome();
  for (std::size_t k = 0; k < n; ++k)
    o.report("degree bound x" + std::to_string(k),
             Side::exact(Rational(static_cast<long>(degree[k])), "polynomial_degree"));
  o.report("grid points", Side::exact(Rational(static_cast<long>(points))));
  return o;
}

}  // namespace approxcert::chain
