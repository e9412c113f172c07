// Theorem "fang2022/unreduced": variant 2.7(b), unreduced tensor powers (weak point W7). The blocks
// of (F7) built on all tuples over {0..d} need (d+1)^k tokens; a read-out that puts p's
// coefficient on the nondecreasing tuple of each monomial (0 elsewhere) reproduces p, and it is
// one of many: the read-out has (d+1)^k entries for binomial(d+k, k) monomials.
#include <memory>
#include <set>

#include "chain/polynomial_identity.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/steps.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

using chain::Outcome;
using chain::Relation;
using chain::Side;

struct Unreduced {
  Monomials mono;
  Network embedding, blocks;
  Program T, p;
};

Unreduced make_unreduced(const chain::Parameters& prm) {
  const std::uint64_t d = prm.count("d"), k = prm.count("k");
  if (d < 1 || d > 4) prm.fail("d", "must be between 1 and 4");
  if (k < 1 || k > 4) prm.fail("k", "must be between 1 and 4");
  std::uint64_t tokens = 1;
  for (std::uint64_t l = 0; l < k; ++l) tokens *= d + 1;
  if (tokens > 300) prm.fail("k", "the unreduced construction would need more than 300 tokens ((d+1)^k)");
  Unreduced u;
  u.mono = tensor_powers(d, k);
  const std::string target = prm.text("target");
  u.p = polynomial_target(prm, "target", target, d);
  // p's coefficients in A_k order of the reduced construction, moved to the same (nondecreasing) tuples.
  const Monomials reduced = monomials(d, k);
  const std::vector<Rational> c_reduced = interpolated_readout(reduced, u.p);
  std::vector<Rational> c(u.mono.m(k), Rational(0));
  for (std::size_t t = 0; t < reduced.m(k); ++t)
    for (std::size_t s = 0; s < u.mono.m(k); ++s)
      if (u.mono.A[k][s] == reduced.A[k][t]) c[s] = c_reduced[t];
  u.embedding = embedding_network(u.mono);
  u.blocks = block_network(u.mono, {.blocks = k, .readout = c});
  u.T = composed_program(u.embedding, u.blocks, true);
  return u;
}

}  // namespace

ZeroErrorPrograms unreduced_programs(const chain::Parameters& prm) {
  Unreduced u = make_unreduced(prm);
  return {std::move(u.T), std::move(u.p)};
}

chain::Chain build_unreduced(const chain::Parameters& prm) {
  auto u = std::make_shared<const Unreduced>(make_unreduced(prm));
  const std::uint64_t spec_tokens = prm.count("expected_tokens");
  chain::Chain ch;
  ch.add({.id = "W7-tokens",
          .claim = "the unreduced construction (all tuples, spec 2.7(b)) has (d+1)^k tokens, the spec's number",
          .symbols = "tokens = (d+1)^k = spec",
          .relation = Relation::Equal,
          .lhs_name = "tokens (built)",
          .rhs_name = "spec 4.2",
          .reference = "2.7(b), 4.2",
          .status = "C",
          .mode = "count",
          .coq_lemma = "fang_unreduced_tokens",
          .coq_note = kCoqNote},
         chain::exact([u, spec_tokens] {
           std::uint64_t closed = 1;
           for (std::size_t l = 0; l < u->mono.k; ++l) closed *= u->mono.d + 1;
           Outcome o(Side::exact(count_q(*u->blocks.input.tokens)), Side::exact(count_q(spec_tokens)));
           o.report("(d+1)^k", Side::exact(count_q(closed)));
           o.report("width D", Side::exact(count_q(u->blocks.input.dim)));
           return o;
         }));
  ch.add(
      {.id = "W7-identity",
       .claim =
           "T_c = p for all x with the read-out on the nondecreasing tuples (certified degree pass, then exact evaluation on a tensor grid)",
       .symbols = "T_c == p",
       .relation = Relation::Equal,
       .lhs_name = "T_c",
       .rhs_name = "p",
       .reference = "2.7(b)",
       .status = "R",
       .mode = "EX (polynomial identity)",
       .coq_lemma = "fang_unreduced_identity",
       .coq_note = kCoqNote},
      chain::exact([u] { return chain::polynomial_identity(u->T, u->p); }));
  ch.add(
      {.id = "W7-free",
       .claim =
           "the read-out is not unique: it has (d+1)^k entries for binomial(d+k, k) distinct monomials (W7: 'free parameters' is ambiguous)",
       .symbols = "#read-out entries > #distinct monomials",
       .relation = Relation::Greater,
       .lhs_name = "read-out entries",
       .rhs_name = "distinct monomials",
       .reference = "2.7(b), W7",
       .status = "R",
       .mode = "count",
       .coq_lemma = "fang_unreduced_free",
       .coq_note = kCoqNote},
      chain::exact([u] {
        std::set<std::vector<std::size_t>> distinct;
        for (const Tuple& a : u->mono.A[u->mono.k]) distinct.insert(exponents(a, u->mono.d));
        return Outcome(Side::exact(count_q(u->mono.m(u->mono.k))), Side::exact(count_q(distinct.size())));
      }));
  return ch;
}

}  // namespace approxcert::theorems::fang2022
