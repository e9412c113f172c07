// Theorems "fang2022/size-table" (spec 4.2, F-C1 across (d, k)) and "fang2022/conditioning"
// (spec 4.6, F-C15: condition numbers of the monomial Gram matrix, the Hilbert matrix).
#include "linalg/ball_matrix.hpp"
#include "linalg/condition.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/steps.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

std::string tag(std::uint64_t d, std::uint64_t k) {
  std::string s("d");
  s += std::to_string(d);
  s += 'k';
  s += std::to_string(k);
  return s;
}

}  // namespace

chain::Chain build_size_table(const chain::Parameters& prm) {
  const auto rows = prm.rational_matrix("rows");
  if (rows.empty() || rows[0].size() != 6)
    prm.fail("rows", "must be rows [d, k, tokens, width, free parameters, unreduced tokens]");
  chain::Chain ch;
  for (const auto& row : rows) {
    for (const Rational& v : row)
      if (!v.is_integer() || v.sign() < 0) prm.fail("rows", "entries must be non-negative integers");
    const std::uint64_t d = std::stoull(row[0].to_string()), k = std::stoull(row[1].to_string());
    if (d < 1 || d > 10 || k < 1 || k > 6 || binomial(d + k, k) > 500)
      prm.fail("rows", "each (d, k) must have 1 <= d <= 10, 1 <= k <= 6 and at most 500 tokens");
    const std::string t = tag(d, k);
    ch.add(
        {.id = "F-C1[" + t + "]",
         .claim =
             "for d = " + std::to_string(d) + ", k = " + std::to_string(k) +
             " the built network's tokens, width, key widths, nonzero weights and free parameters equal the closed forms (F5), (F7)",
         .symbols = "counted = closed form",
         .relation = Relation::Equal,
         .lhs_name = "counted",
         .rhs_name = "closed form",
         .reference = "(F5), (F7)",
         .status = "R",
         .mode = "CF / count",
         .coq_lemma = "fang_size_" + t,
         .coq_note = kCoqNote},
        chain::exact([d, k] {
          const Monomials mono = monomials(d, k);
          return sizes_outcome(mono, embedding_network(mono), block_network(mono, {.blocks = k}), mono.m(k));
        }));
    ch.add({.id = "F-C1-C[" + t + "]",
            .claim = "for d = " + std::to_string(d) + ", k = " + std::to_string(k) +
                     " the counted tokens, width and free parameters, and (d+1)^k, equal the spec's row of 4.2",
            .symbols = "(n, D, free, (d+1)^k) = spec row",
            .relation = Relation::Equal,
            .lhs_name = "counted",
            .rhs_name = "spec 4.2",
            .reference = "4.2",
            .status = "C",
            .mode = "count",
            .coq_lemma = "fang_size_C_" + t,
            .coq_note = kCoqNote},
           chain::exact([d, k, row] {
             const Monomials mono = monomials(d, k);
             const CountedSizes s =
                 counted_sizes(embedding_network(mono), block_network(mono, {.blocks = k}), mono.m(k));
             std::uint64_t unreduced = 1;
             for (std::size_t l = 0; l < k; ++l) unreduced *= d + 1;
             const std::vector<Rational> counted{s.counted[0], s.counted[1], s.counted.back(), count_q(unreduced)};
             chain::ForAll fa(Relation::Equal);
             const std::vector<std::string> names{"tokens n", "width D", "free parameters", "unreduced tokens (d+1)^k"};
             for (std::size_t i = 0; i < 4; ++i)
               fa.add(Point{}.add(names[i], Rational(static_cast<long>(i))), Side::exact(counted[i]),
                      Side::exact(row[2 + i]));
             Outcome o = fa.outcome();
             for (std::size_t i = 0; i < 4; ++i) o.report(names[i], Side::exact(counted[i]));
             return o;
           }));
  }
  return ch;
}

chain::Chain build_conditioning(const chain::Parameters& prm) {
  const std::vector<std::uint64_t> degrees = count_list(prm, "degrees");
  const auto ranges = prm.rational_matrix("ranges");
  if (degrees.empty() || ranges.size() != degrees.size() || ranges[0].size() != 2)
    prm.fail("ranges", "must give one [low, high] per degree");
  chain::Chain ch;
  for (std::size_t i = 0; i < degrees.size(); ++i) {
    const std::uint64_t k = degrees[i];
    if (k < 1 || k > 40) prm.fail("degrees", "each degree must be between 1 and 40");
    const std::vector<Rational> range = ranges[i];
    ch.add(
        {.id = "F-C15[k" + std::to_string(k) + "]",
         .claim =
             "the 2-norm condition number of the monomial Gram matrix on [0, 1] under the uniform law (the Hilbert matrix 1/(i+j+1), i, j = 0.." +
             std::to_string(k) + ") lies in the range of the spec's printed digits",
         .symbols = "kappa_2(H_" + std::to_string(k + 1) + ") in spec range",
         .relation = Relation::InClosed,
         .lhs_name = "kappa_2",
         .rhs_name = "[spec low, spec high]",
         .reference = "4.6",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "fang_cond_k" + std::to_string(k),
         .coq_note = kCoqNote},
        chain::ball([k, range](const chain::Attempt& a) {
          RationalRows rows(k + 1, std::vector<Rational>(k + 1));
          for (std::size_t r = 0; r <= k; ++r)
            for (std::size_t c = 0; c <= k; ++c) rows[r][c] = Rational(1) / count_q(r + c + 1);
          BallMatrix h(static_cast<long>(k + 1), static_cast<long>(k + 1));
          set(h, rows, a.prec);
          Ball kappa;
          condition_number_2(kappa, h, a.prec);
          return Outcome::in_range(Side::enclosure(kappa), Side::exact(range[0]), Side::exact(range[1]));
        }));
  }
  return ch;
}

}  // namespace approxcert::theorems::fang2022
