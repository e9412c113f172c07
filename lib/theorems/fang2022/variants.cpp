// Theorems "fang2022/one-token" (spec 2.7a, 4.3) and "fang2022/cube-blocks" (spec 4.5, weak point W2).
#include <memory>

#include "chain/polynomial_identity.hpp"
#include "net/evaluate.hpp"
#include "net/polynomial_degree.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/steps.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

using chain::Enclosure;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

// "x0*x0*x1" for the factor prefix b_1..b_l (1-based input indices), "1" for the empty prefix.
std::string prefix_text(const std::vector<std::size_t>& factors, std::size_t l) {
  return monomial_text(Tuple(factors.begin(), factors.begin() + static_cast<std::ptrdiff_t>(l)));
}

// The parameters d and factors of a one-token instance, checked.
std::pair<std::uint64_t, std::vector<std::size_t>> one_token_parameters(const chain::Parameters& prm) {
  const std::uint64_t d = prm.count("d");
  if (d < 1 || d > 100) prm.fail("d", "must be between 1 and 100");
  const std::vector<std::uint64_t> raw = count_list(prm, "factors");
  if (raw.empty() || raw.size() > 64) prm.fail("factors", "must list 1 to 64 factors");
  std::vector<std::size_t> factors;
  for (const std::uint64_t b : raw) {
    if (b < 1 || b > d) prm.fail("factors", "each factor must be an input index in 1..d");
    factors.push_back(b);
  }
  return {d, factors};
}

std::uint64_t cube_blocks_parameter(const chain::Parameters& prm) {
  const std::uint64_t b = prm.count("blocks");
  if (b < 1 || b > 4) prm.fail("blocks", "must be between 1 and 4 (degree 3^blocks <= 81)");
  return b;
}

}  // namespace

Program one_token_program(const chain::Parameters& prm) {
  const auto [d, factors] = one_token_parameters(prm);
  return composed_program(one_token_embedding(d, factors), one_token_blocks(factors.size()), false);
}

std::vector<std::string> one_token_states(const chain::Parameters& prm) {
  const auto [d, factors] = one_token_parameters(prm);
  std::vector<std::string> want;
  for (std::size_t l = 0; l <= factors.size(); ++l) want.push_back(prefix_text(factors, l));
  return want;
}

Program cube_program(const chain::Parameters& prm) {
  const std::uint64_t b = cube_blocks_parameter(prm);
  return composed_program(cube_embedding(b), cube_blocks(b), false);
}

chain::Chain build_one_token(const chain::Parameters& prm) {
  const auto [d, factors] = one_token_parameters(prm);
  const std::size_t k = factors.size();
  const std::vector<Rational> x = prm.rationals("point");
  if (x.size() != d) prm.fail("point", "must have d entries");
  const std::vector<Rational> states = prm.rationals("states");
  if (states.size() != k + 1) prm.fail("states", "must list R_0..R_k (k + 1 values)");
  const std::uint64_t width = prm.count("width");

  auto prog = std::make_shared<const Program>(one_token_program(prm));
  const std::vector<std::string> want = one_token_states(prm);

  chain::Chain ch;
  ch.add({.id = "F-C1",
          .claim = "the one-token network has width 2k + 1 (R_0..R_k, K_0..K_{k-1}), the spec's number",
          .symbols = "D = 2k + 1 = spec",
          .relation = Relation::Equal,
          .lhs_name = "D (built)",
          .rhs_name = "spec 4.3",
          .reference = "2.7(a), 4.3",
          .status = "C",
          .mode = "count",
          .coq_lemma = "fang_one_FC1",
          .coq_note = kCoqNote},
         chain::exact([k, width] {
           const Network blocks = one_token_blocks(k);
           Outcome o(Side::exact(count_q(blocks.input.dim)), Side::exact(count_q(width)));
           o.report("2k + 1", Side::exact(count_q(2 * k + 1)));
           return o;
         }));
  ch.add({.id = "F-C4",
          .claim = "the states (R_0, ..., R_k) of the single token at the sample point equal the spec's numbers",
          .symbols = "R_l(x) = spec value",
          .relation = Relation::Equal,
          .lhs_name = "R_l(x)",
          .rhs_name = "spec 4.3",
          .reference = "2.7(a), 4.3",
          .status = "C",
          .mode = "NET, EX",
          .coq_lemma = "fang_one_FC4",
          .coq_note = kCoqNote},
         chain::exact([prog, x, states, k] {
           const std::vector<Rational> out = evaluate<Rational>(*prog, std::span<const Rational>(x), Prec(64));
           chain::ForAll fa(Relation::Equal);
           for (std::size_t l = 0; l <= k; ++l)
             fa.add(Point{}.add("l", Rational(static_cast<long>(l))), Side::exact(out.at(l)), Side::exact(states[l]));
           return fa.outcome();
         }));
  ch.add({.id = "F-C7",
          .claim = "for all x, R_l = x_{b_1} ... x_{b_l} for l = 0..k: one more factor per block, so R_k = x^alpha",
          .symbols = "R_l == prod_{t <= l} x_{b_t}",
          .relation = Relation::Equal,
          .lhs_name = "R_l",
          .rhs_name = "prefix product",
          .reference = "2.7(a)",
          .status = "R",
          .mode = "EX (polynomial identity)",
          .coq_lemma = "fang_one_FC7",
          .coq_note = kCoqNote},
         chain::exact([prog, want, d = d, k] {  // init-capture: clang 14 cannot capture a structured binding
           std::vector<std::size_t> keep;
           Program states = *prog;
           std::vector<NodeId> outs(states.outputs().begin(),
                                    states.outputs().begin() + static_cast<std::ptrdiff_t>(k + 1));
           states.set_outputs(std::move(outs));
           return chain::polynomial_identity(states, expressions_program(want, d));
         }));
  return ch;
}

chain::Chain build_cube_blocks(const chain::Parameters& prm) {
  const std::uint64_t b = cube_blocks_parameter(prm);
  const Rational x = prm.rational("point");
  const Rational spec_value = prm.rational("value_after_one_block");
  auto prog = std::make_shared<const Program>(cube_program(prm));
  std::vector<std::string> want;
  std::uint64_t power = 1;
  for (std::size_t t = 0; t <= b; ++t, power *= 3) want.push_back(t == 0 ? "x0" : "x0^" + std::to_string(power));
  power /= 3;

  chain::Chain ch;
  ch.add(
      {.id = "W2-value",
       .claim =
           "one softmax-free block on h = (x, 0) writes x * x * x into coordinate 2: at the sample point it equals the spec's number",
       .symbols = "B(h)_2 = x^3 = spec value",
       .relation = Relation::Equal,
       .lhs_name = "B(h)_2 at x",
       .rhs_name = "spec 4.5",
       .reference = "4.5",
       .status = "C",
       .mode = "NET, EX",
       .coq_lemma = "fang_cube_value",
       .coq_note = kCoqNote},
      chain::exact([prog, x, spec_value] {
        const Rational out = evaluate<Rational>(*prog, std::span<const Rational>(&x, 1), Prec(64)).at(1);
        return Outcome(Side::exact(out), Side::exact(spec_value)).where(Point{}.add("x", x));
      }));
  ch.add({.id = "W2-identity",
          .claim = "for all x, coordinate t after t blocks is x^(3^t), t = 0..blocks",
          .symbols = "h_t == x^(3^t)",
          .relation = Relation::Equal,
          .lhs_name = "h_t",
          .rhs_name = "x^(3^t)",
          .reference = "4.5",
          .status = "R",
          .mode = "EX (polynomial identity)",
          .coq_lemma = "fang_cube_identity",
          .coq_note = kCoqNote},
         chain::exact([prog, want] { return chain::polynomial_identity(*prog, expressions_program(want, 1)); }));
  ch.add(
      {.id = "W2",
       .claim =
           "reading of P2 as a lower bound ('degree k needs k blocks'): the output of a stack of b softmax-free blocks has degree at most b",
       .symbols = "deg(output after b blocks) <= b",
       .relation = Relation::LessEqual,
       .lhs_name = "degree of the last coordinate",
       .rhs_name = "blocks b",
       .reference = "P2, W2",
       .status = "P2 (lower-bound reading)",
       .mode = "EX (degree pass + W2-identity)",
       .coq_lemma = "fang_cube_W2",
       .coq_note = kCoqNote},
      exact_with([prog, b, power](const chain::Attempt& a) {
        Program last = *prog;
        last.set_outputs({prog->outputs()[b]});
        const PolynomialDegree deg = polynomial_degree(last);
        const Rational lower = a.result("W2-identity").verdict == chain::Verdict::Proved ? count_q(power) : Rational(0);
        return Outcome(Side::derived(Enclosure::between(lower, count_q(deg.total)),
                                     "upper: certified degree pass; lower: the output is x^(3^b) by W2-identity"),
                       Side::exact(count_q(b)));
      }));
  ch.recheck_network("W2-value", "lhs", cube_blocks(b), "1", embedded_inputs(cube_embedding(b), {"at:x"}));
  return ch;
}

}  // namespace approxcert::theorems::fang2022
