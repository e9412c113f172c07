// Theorem "fang2022/tempered": the [U] tempered-softmax reading of adaptation A1 (spec 1.3, claim
// F-C12, weak point W10). Under that reading a block keeps softmax with a temperature eps and uses
// (N softmax(eps S) - 1) / eps, which tends to linear attention on the centred scores S - mean(S).
// F-C12 certifies sup_Omega |T^eps - p| <= C eps with the sup-norm engine on the mirrored
// construction (the centring vanishes), and F-C12-centred that without the mirror tokens the error
// does not vanish with eps.
#include "chain/coq_text.hpp"
#include "chain/sup_norm_side.hpp"
#include "domain/domain.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "problem/error_program.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/steps.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

// Output 0: p(x) - T^eps(x) over x in R^d (the error program of the sup-norm engine).
Program tempered_error_program(const Monomials& mono, const std::string& target, const std::vector<Rational>& c,
                               const Rational& eps, bool mirrored) {
  Program prog(mono.d);
  std::vector<NodeId> x;
  for (std::size_t i = 0; i < mono.d; ++i) x.push_back(prog.input(i));
  const Network embedding = mirrored ? mirrored_embedding(mono) : embedding_network(mono);
  const std::vector<NodeId> h = lower_into(prog, embedding, x);
  const NodeId approx = lower_into(prog, tempered_block_network(mono, eps, c, mirrored), h).at(0);
  const NodeId want = compile_expression(target, prog, x);
  return with_error_output(std::move(prog), want, approx);
}

}  // namespace

chain::Chain build_tempered(const chain::Parameters& prm) {
  const std::uint64_t d = prm.count("d"), k = prm.count("k");
  if (d < 1 || d > 2) prm.fail("d", "must be 1 or 2 (the sup-norm engine subdivides the domain)");
  if (k < 1 || k > 3) prm.fail("k", "must be between 1 and 3");
  const Monomials mono = monomials(d, k);
  const std::string target = prm.text("target");
  const std::vector<Rational> c = interpolated_readout(mono, polynomial_target(prm, "target", target, d));
  const std::vector<Rational> domain = prm.rationals("domain");
  if (domain.size() != 2 || !(domain[0] < domain[1]))
    prm.fail("domain", "must be [low, high] with low < high (the cube [low, high]^d)");
  const std::vector<Rational> eps_list = prm.rationals("eps");
  if (eps_list.empty() || eps_list.size() > 6) prm.fail("eps", "must list 1 to 6 temperatures");
  for (const Rational& e : eps_list)
    if (e.sign() <= 0 || e > Rational(1)) prm.fail("eps", "each temperature must be in (0, 1]");
  const Rational C = prm.rational("constant");
  if (C.sign() <= 0) prm.fail("constant", "must be > 0");
  const std::uint64_t max_boxes = prm.count_or("max_boxes", 20000);
  if (max_boxes < 1 || max_boxes > 1000000) prm.fail("max_boxes", "must be between 1 and 10^6");
  const Box box{std::vector<Rational>(d, domain[0]), std::vector<Rational>(d, domain[1])};

  chain::Chain ch;
  const auto add = [&](const Rational& eps, bool mirrored) {
    const std::string tag = (mirrored ? "F-C12@" : "F-C12-centred@") + eps.to_string();
    auto error = std::make_shared<const Program>(tempered_error_program(mono, target, c, eps, mirrored));
    ch.add(
        {.id = tag,
         .claim =
             mirrored
                 ? "[U] tempered-softmax reading: with every score matrix S replaced by (N softmax(eps S) - 1)/eps on the mirrored construction (2n tokens, every score row sums to 0), sup over the domain of |T^eps - p| <= C eps"
                 : "[U] the same without the mirror tokens (n tokens): (N softmax(eps S) - 1)/eps tends to the centred scores S - mean(S), and sup |T^eps - p| <= C eps would need the limit to be p",
         .symbols = "sup_Omega |T^eps - p| <= C eps",
         .relation = Relation::LessEqual,
         .lhs_name = "sup_Omega |T^eps - p|",
         .rhs_name = "C eps",
         .reference = "1.3, W10",
         .status = "U",
         .mode = "NET (supnorm)",
         .coq_lemma = chain::coq_identifier(tag),
         .coq_note = kCoqNote},
        chain::ball([error, box, eps, C, max_boxes](const chain::Attempt& a) {
          const chain::SupNormBudget budget{
              .rel_tol = Rational(1) / Rational(100), .max_boxes = max_boxes, .abs_tol = C * eps / Rational(8)};
          const Side lhs = chain::sup_norm_side(*error, box, a, {}, "sup |T^eps - p| over the domain", budget);
          return Outcome(lhs, Side::exact(C * eps).rechecked_by("x0*x1", {"parameter:constant", "at:eps"}))
              .where(Point{}.add("eps", eps));
        }));
  };
  for (const Rational& eps : eps_list) add(eps, true);
  add(eps_list.back(), false);
  const Rational eps = eps_list.back();
  auto error = std::make_shared<const Program>(tempered_error_program(mono, target, c, eps, true));
  ch.add(
      {.id = "F-C12-nonzero",
       .claim =
           "W10: at the smallest temperature the mirrored network still has a positive error somewhere on the domain (zero error is only the limit eps -> 0)",
       .symbols = "sup_Omega |T^eps - p| > 0",
       .relation = Relation::Greater,
       .lhs_name = "sup_Omega |T^eps - p|",
       .rhs_name = "0",
       .reference = "1.3, W10",
       .status = "U",
       .mode = "NET (supnorm)",
       .coq_lemma = "fang_FC12_nonzero",
       .coq_note = kCoqNote},
      chain::ball([error, box, eps, C, max_boxes](const chain::Attempt& a) {
        const chain::SupNormBudget budget{
            .rel_tol = Rational(1) / Rational(100), .max_boxes = max_boxes, .abs_tol = C * eps / Rational(8)};
        return Outcome(chain::sup_norm_side(*error, box, a, {}, "sup |T^eps - p| over the domain", budget),
                       Side::exact(Rational(0)))
            .where(Point{}.add("eps", eps));
      }));
  return ch;
}

}  // namespace approxcert::theorems::fang2022
