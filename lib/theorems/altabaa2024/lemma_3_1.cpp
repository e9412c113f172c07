// Lemma 3.1 (spec §3): a relation on a finite set is exactly <psi_x(x_i), psi_y(x_j)> with linear
// maps on one-hot inputs, through an exact rank factorisation R = U V^T: FLINT's exact rref of R (the
// general path), or a hand-given U, V checked against R (L1) and against rank R (L3).
#include "chain/trust_reasons.hpp"
#include "linalg/exact_matrix.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "theorems/altabaa2024/certify.hpp"
#include "theorems/altabaa2024/relation_model.hpp"
#include "theorems/altabaa2024/theorems.hpp"

namespace approxcert::theorems::altabaa2024 {

namespace {

RationalMatrix read_relation(const chain::Parameters& p) {
  const RationalMatrix R = p.rational_matrix("R");
  if (R.empty() || R.size() != R[0].size()) p.fail("R", "must be a non-empty square matrix (R_ij = r(x_i, x_j))");
  if (R.size() > 200) p.fail("R", "at most 200 points");
  return R;
}

// The factorisation the chain checks: the hand-given U, V (parameters, both or neither) or else the
// exact one of Lemma 3.1's recipe (FLINT rref: pivot columns of R, nonzero rows of rref(R)).
RankFactorisation factorisation_of(const chain::Parameters& p, const RationalMatrix& R) {
  if (!p.has("U") && !p.has("V")) return exact_rank_factorisation(R);
  if (!p.has("U") || !p.has("V")) p.fail(p.has("U") ? "V" : "U", "is required when the other factor is given");
  RankFactorisation f;
  f.U = p.rational_matrix("U");
  f.V = p.rational_matrix("V");
  for (const char* key : {"U", "V"}) {
    const RationalMatrix& M = key[0] == 'U' ? f.U : f.V;
    if (M.size() != R.size()) p.fail(key, "must have one row per point (" + std::to_string(R.size()) + " rows)");
    if (M[0].empty() || M[0].size() != f.U[0].size())
      p.fail(key, "U and V must have the same number (>= 1) of columns");
  }
  return f;
}

std::size_t columns(const RankFactorisation& f) { return f.U.empty() ? 0 : f.U[0].size(); }

Network factorisation_network(const RankFactorisation& f, std::size_t n) {
  return inner_product_network(2 * n, n, {Layer{transpose_projection(f.U)}}, {Layer{transpose_projection(f.V)}});
}

}  // namespace

Network construct_rank_factorisation(const chain::Parameters& p) {
  const RationalMatrix R = read_relation(p);
  return factorisation_network(factorisation_of(p, R), R.size());
}

// R_ij as a side verify re-reads from the recorded parameter R.
static chain::Side entry_of_R(const RationalMatrix& R, std::size_t i, std::size_t j) {
  return chain::Side::exact(R[i][j]).rechecked_by("x0", {"parameter:R/" + std::to_string(i) + "/" + std::to_string(j)});
}

chain::Chain build_lemma_3_1(const chain::Parameters& p) {
  const RationalMatrix R = read_relation(p);
  const std::size_t n = R.size();
  const RankFactorisation f = factorisation_of(p, R);
  const bool given = p.has("U");
  const Network net = factorisation_network(f, n);
  chain::Chain c;
  c.add({.id = "L1",
         .claim = given ? "the given factorisation reproduces R" : "the exact rank factorisation reproduces R",
         .symbols = "(U V^T)_ij = R_ij for all i, j",
         .relation = chain::Relation::Equal,
         .lhs_name = "(U V^T)_ij",
         .rhs_name = "R_ij",
         .reference = "(3.2)",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "altabaa_lem31_L1",
         .coq_note = "exact rational factorisation, checked in C++"},
        chain::exact([R, f, n] {
          chain::ForAll fa(chain::Relation::Equal);
          for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
              Rational s(0);
              for (std::size_t k = 0; k < columns(f); ++k) s += f.U[i][k] * f.V[j][k];
              fa.add(chain::Point{}.add("i", count_q(i + 1)).add("j", count_q(j + 1)),
                     chain::Side::exact(s).trusted_because(chain::kConstructionData), entry_of_R(R, i, j));
            }
          return fa.outcome().report("n", chain::Side::exact(count_q(n)));
        }));
  c.add({.id = "L3",
         .claim = "the factorisation has d_r = rank R columns",
         .symbols = "#columns(U) = #columns(V) = rank R",
         .relation = chain::Relation::Equal,
         .lhs_name = "#columns(U)",
         .rhs_name = "rank R",
         .reference = "(3.2)",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "altabaa_lem31_L3",
         .coq_note = "exact rank (FLINT fmpq_mat_rank), checked in C++"},
        chain::exact([R, f, given] {
          const long r = rank(ExactMatrix::from_rows(R));
          return chain::Outcome(chain::Side::exact(count_q(columns(f)), given ? "columns of the given U"
                                                                              : "pivots of FLINT's exact rref of R")
                                    .trusted_because(chain::kConstructionData),
                                chain::Side::exact(count_q(static_cast<std::uint64_t>(r)), "rank R by fmpq_mat_rank")
                                    .trusted_because(chain::kNumericalMethod))
              .report("d_r", chain::Side::exact(count_q(static_cast<std::uint64_t>(r)), "rank of R (exact)"));
        }));
  c.add({.id = "L2",
         .claim = "the inner-product network on one-hot inputs equals the relation",
         .symbols = "<U^T e_i, V^T e_j> = R_ij = r(x_i, x_j) for all i, j",
         .relation = chain::Relation::Equal,
         .lhs_name = "<psi_x(e_i), psi_y(e_j)>",
         .rhs_name = "R_ij",
         .reference = "(3.2)",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "altabaa_lem31_L2",
         .coq_note = "exact rational factorisation, checked in C++"},
        chain::exact([R, net, n] {
          const Program prog = lower(net);
          Evaluator<Rational> ev(prog, Prec(64));
          chain::ForAll fa(chain::Relation::Equal);
          for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
              std::vector<Rational> in(2 * n, Rational(0));
              in[i] = Rational(1);
              in[n + j] = Rational(1);
              ev.run(in);
              fa.add(chain::Point{}.add("i", count_q(i + 1)).add("j", count_q(j + 1)),
                     chain::Side::exact(ev.outputs().at(0), "network evaluated exactly (rationals)")
                         .trusted_because(chain::kNetworkEvaluation),
                     entry_of_R(R, i, j));
            }
          return fa.outcome();
        }));
  return c;
}

}  // namespace approxcert::theorems::altabaa2024
