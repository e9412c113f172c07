#include "theorems/altabaa2024/relation_model.hpp"

#include <stdexcept>

#include "linalg/exact_matrix.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "theorems/altabaa2024/certify.hpp"

namespace approxcert::theorems::altabaa2024 {

RankFactorisation exact_rank_factorisation(const RationalMatrix& R) {
  if (R.empty() || R[0].empty()) throw std::logic_error("exact_rank_factorisation: empty matrix");
  const std::size_t rows = R.size(), cols = R[0].size();
  std::vector<long> pivots;
  const ExactMatrix E = rref(ExactMatrix::from_rows(R), &pivots);  // FLINT fmpq_mat_rref, exact
  RankFactorisation f;
  for (long c : pivots) f.pivots.push_back(static_cast<std::size_t>(c));
  const std::size_t d = f.pivots.size();
  f.U.assign(rows, RationalVector(d));
  f.V.assign(cols, RationalVector(d));
  for (std::size_t k = 0; k < d; ++k) {
    for (std::size_t i = 0; i < rows; ++i) f.U[i][k] = R[i][f.pivots[k]];
    for (std::size_t j = 0; j < cols; ++j) f.V[j][k] = E.at(static_cast<long>(k), static_cast<long>(j));
  }
  return f;
}

DenseLayer transpose_projection(const RationalMatrix& P) {
  DenseLayer d;
  const std::size_t out = P.empty() ? 0 : P[0].size();
  d.weight.assign(out, NumberVector(P.size()));
  for (std::size_t i = 0; i < P.size(); ++i)
    for (std::size_t k = 0; k < out; ++k) d.weight[k][i] = P[i][k];
  d.bias.assign(out, Rational(0));
  return d;
}

Network inner_product_network(std::size_t dim, std::size_t split, LayerList left, LayerList right) {
  InnerProductLayer ip{split, std::move(left), std::move(right)};
  return Network{{dim, std::nullopt}, {Layer{std::move(ip)}}};
}

void add_head_on_one_hot_pairs(chain::ForAll& fa, const RationalMatrix& U, const RationalMatrix& V,
                               const RationalMatrix& R, const std::string& rhs_note) {
  const std::size_t m = U.size();
  const Program hp =
      lower(inner_product_network(2 * m, m, {Layer{transpose_projection(U)}}, {Layer{transpose_projection(V)}}));
  Evaluator<Rational> hev(hp, Prec(64));
  for (std::size_t k = 0; k < m; ++k)
    for (std::size_t l = 0; l < m; ++l) {
      std::vector<Rational> in(2 * m, Rational(0));
      in[k] = Rational(1);
      in[m + l] = Rational(1);
      hev.run(in);
      fa.add(chain::Point{}.add("k", count_q(k + 1)).add("l", count_q(l + 1)),
             chain::Side::exact(hev.outputs().at(0), "projection head, exact"), chain::Side::exact(R[k][l], rhs_note));
    }
}

}  // namespace approxcert::theorems::altabaa2024
