#include "theorems/kajitsuka2024/register.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chain/marked.hpp"
#include "chain/trust_reasons.hpp"
#include "theorems/kajitsuka2024/contextual_steps.hpp"
#include "theorems/kajitsuka2024/coq_glue.hpp"
#include "theorems/kajitsuka2024/coq_memorisation_glue.hpp"
#include "theorems/kajitsuka2024/coq_proposition_glue.hpp"
#include "theorems/kajitsuka2024/instance.hpp"
#include "theorems/kajitsuka2024/memorisation_steps.hpp"
#include "theorems/kajitsuka2024/memoriser.hpp"
#include "theorems/kajitsuka2024/proposition_1.hpp"
#include "theorems/kajitsuka2024/theorem_1.hpp"

namespace approxcert::theorems::kajitsuka2024 {

namespace {

chain::Chain build_theorem_2(const chain::Parameters& p) {
  auto inst = std::make_shared<const Instance>(read_instance(p));
  chain::Chain c;
  add_contextual_steps(c, inst, true);
  return c;
}

// The sides verify cannot re-compute from the certificate: values of the layer and memoriser the
// chains build, and data of their construction (u, c, r_min, r_max, eps, delta_R, ...: the
// certificate records the grid, not the construction); "tau" is a tolerance the module fixes.
chain::Chain with_trust_marks(chain::Chain c) {
  using chain::kConstructionData, chain::kEnumeration, chain::kNetworkCount, chain::kNetworkEvaluation;
  chain::mark_trusted(c, {{"K-1", kNetworkEvaluation, kConstructionData},
                          {"K-1u", kConstructionData, ""},
                          {"K-2", kConstructionData, kConstructionData},
                          {"K-2max", kConstructionData, kConstructionData},
                          {"K-2gap", kConstructionData, kConstructionData},
                          {"K-3", kConstructionData, ""},
                          {"K-4", kNetworkEvaluation, ""},
                          {"K-5", kNetworkEvaluation, kConstructionData},
                          {"K-6", kNetworkEvaluation, kConstructionData},
                          {"K-7", kNetworkEvaluation, kConstructionData},
                          {"K-8", kNetworkEvaluation, kConstructionData},
                          {"K-9", kNetworkEvaluation, kConstructionData},
                          {"K-9n", kNetworkEvaluation, kConstructionData},
                          {"K-9P", kConstructionData, kConstructionData},
                          {"K-9E8", kConstructionData, ""},
                          {"K-10", kNetworkEvaluation, kConstructionData},
                          {"K-11", kNetworkEvaluation, ""},
                          {"K-12", kNetworkEvaluation, ""},
                          {"K-13", kConstructionData, kConstructionData},
                          {"K-14", kConstructionData, ""},
                          {"K-15", kNetworkEvaluation, kConstructionData},
                          {"K-16", kConstructionData, ""},
                          {"C1", kNetworkCount, kConstructionData},
                          {"C1b", kConstructionData, kEnumeration},
                          {"E1a", kNetworkEvaluation, kConstructionData},
                          {"E1b", kNetworkEvaluation, kConstructionData},
                          {"E2", kEnumeration, kEnumeration},
                          {"E3", kConstructionData, kConstructionData},
                          {"E6", kConstructionData, ""},
                          {"T1-a", kConstructionData, kConstructionData},
                          {"T1-b", kNetworkEvaluation, kNetworkEvaluation},
                          {"T1-c", kNetworkEvaluation, kNetworkEvaluation}});
  // Closed forms of the recorded parameters: ||u||^2 = 1 (u is a unit vector), and r_max^2 of
  // the vocabulary of cell centres of the grid-delta_g grid of [0,1]^d, d (1 - delta_g/2)^2.
  auto has = [&c](std::string_view id) {
    return std::any_of(c.steps().begin(), c.steps().end(), [id](const auto& e) { return e.spec.id == id; });
  };
  std::vector<std::pair<std::string, std::string>> constant_rhs;  // right sides the spec names "0" or "1"
  for (const chain::Chain::Entry& e : c.steps())
    if (e.spec.rhs_name == "0" || e.spec.rhs_name == "1") constant_rhs.emplace_back(e.spec.id, e.spec.rhs_name);
  for (const auto& [id, value] : constant_rhs) c.recheck(id, "rhs", value, {});
  std::vector<std::string> tolerance_rhs;  // right sides named "tau": the module's fixed tolerances
  for (const chain::Chain::Entry& e : c.steps())
    if (e.spec.rhs_name == "tau") tolerance_rhs.push_back(e.spec.id);
  for (const std::string& id : tolerance_rhs) c.trust(id, "", chain::kQuotedConstant);
  if (has("K-16")) c.recheck("K-16", "rhs", "x0", {"parameter:eps"});
  if (has("K-2max")) c.recheck("K-2max", "rhs", "x0*(1 - x1/2)*(1 - x1/2)", {"parameter:d", "parameter:grid"});
  return c;
}

}  // namespace

void register_theorems(chain::TheoremRegistry& r) {
  r.add(
      {.name = "kajitsuka2024/theorem-2",
       .paper = "kajitsuka2024",
       .title =
           "Kajitsuka & Sato 2024, Theorem 2: one rank-1 single-head softmax attention layer is a contextual mapping",
       .statement =
           "Under A1 (no duplicate tokens) and A2 (tokens $(r_{\\min}, r_{\\max}, \\epsilon)$-separated), the layer "
           "$F^{(SA)}_S$ with $W^{(K)} = u^\\top$, $W^{(Q)} = \\lambda u^\\top$, $W^{(V)} = u^\\top$, $W^{(O)} = \\gamma u$ is an "
           "$(r_{\\max} + \\epsilon/4, \\delta)$-contextual mapping, with $\\delta$ of eq. (8). This chain takes the "
           "vocabulary of cell centres of a $\\delta_g$-grid of $[0,1]^d$ and one sequence per $n$-subset, searches and "
           "certifies $u$ (Lemma 3), evaluates the layer with the generic evaluator, bounds the same-token separations "
           "with the cancellation-free Boltzmann difference (Lemma B, reconstructed), and refutes eq. (10) as submitted "
           "(erratum E1). The temperature is the paper's $\\lambda$ or the instance-adapted one."},
      chain::marked<build_theorem_2, with_trust_marks>, coq_conclude_theorem_2);
  r.add(
      {.name = "kajitsuka2024/theorem-1",
       .paper = "kajitsuka2024",
       .title =
           "Kajitsuka & Sato 2024, Theorem 1: one-layer Transformers with hardmax attention lack memorization capacity",
       .statement =
           "There are data sets that no one-layer Transformer with hardmax attention fits, whatever the number of heads, "
           "head size and weights. Witness (reconstructed, spec §2.7): $X^{(1)} = (1,2,5,6)e$ and $X^{(2)} = (1,3,4,6)e$ "
           "share max, min and mean, so every hardmax head returns the same value at the token $e$ under the tie "
           "rules split, first and last (also with a query bias), and the token-wise FF layer cannot give different "
           "labels there; softmax attention separates the two sequences."},
      chain::marked<build_theorem_1, with_trust_marks>, coq_conclude_theorem_1);
  r.add(
      {.name = "kajitsuka2024/corollary-1",
       .paper = "kajitsuka2024",
       .title =
           "Kajitsuka & Sato 2024, Corollary 1: a one-layer single-head Transformer with rank-1 attention memorizes",
       .statement =
           "A one-layer Transformer $F^{(FF)} \\circ F^{(SA)}_S$ with one head and rank-1 attention weights memorizes $N$ "
           "input-label pairs satisfying A1-A2 with consistent labels, with $O(d)$ attention parameters and "
           "$O(d \\cdot \\#\\text{context ids})$ FF parameters. This chain builds the attention layer of Theorem 2 and the "
           "FF memoriser of Zhang et al. (interpolation variant, reconstructed) on the data set of every token set in "
           "lexicographic and reversed order, with labels from a fixed rule, and checks exact fit, bounded "
           "extrapolation and the parameter count."},
      chain::marked<build_corollary_1, with_trust_marks>, coq_conclude_corollary_1);
  r.add(
      {.name = "kajitsuka2024/proposition-1",
       .paper = "kajitsuka2024",
       .title =
           "Kajitsuka & Sato 2024, Proposition 1: one rank-1 attention layer and two FF layers approximate permutation-equivariant functions",
       .statement =
           "For $1 \\le p < \\infty$ and $\\varepsilon > 0$ every continuous permutation-equivariant $f$ on "
           "$[0,1]^{d \\times n}$ is $\\varepsilon$-approximated in $\\mathsf d_p$ by $F^{(FF)}_2 \\circ F^{(SA)}_S \\circ "
           "F^{(FF)}_1$ with one single-head rank-1 attention layer. This chain builds the reconstructed pipeline (spec "
           "§2.9: quantiser to cell centres, the layer of Theorem 2 on the grid vocabulary, the memoriser of the context "
           "ids with targets $f$ at the cell centres), checks equivariance of $f$ on the grid (E2), the quantiser off its "
           "ramps, the fit at every good cell, and the $L^p$ assembly of §6 with a stated Lipschitz constant and bound "
           "$F_\\infty$ of $f$."},
      chain::marked<build_proposition_1, with_trust_marks>, coq_conclude_proposition_1);
}

void register_constructions(ConstructionRegistry& r) {
  r.add({.name = "kajitsuka2024/attention",
         .description =
             "Kajitsuka & Sato 2024 rank-1 single-head softmax attention layer (W_K = u^T, W_Q = lambda u^T, "
             "W_V = u^T, W_O = gamma u); params d, n, grid (1/K), lambda (paper | instance); u by the search of K-1"},
        [](const chain::Parameters& p) -> Network {
          const Instance inst = read_instance(p);
          return attention_network(inst, project(inst, dirty_search_projection(inst)));
        });
  r.add(
      {.name = "kajitsuka2024/quantiser",
       .description = "Kajitsuka & Sato 2024 FF quantiser F_1^FF (spec §2.9): maps each entry of a d x n input to its "
                      "cell centre off ramps of width eta; params d, n, grid (1/K), eta in (0, grid/2)"},
      [](const chain::Parameters& p) -> Network {
        Instance inst;
        inst.d = p.count("d");
        if (inst.d < 1 || inst.d > 4) p.fail("d", "must be an integer between 1 and 4");
        inst.n = p.count("n");
        if (inst.n < 1 || inst.n > 64) p.fail("n", "must be an integer between 1 and 64");
        inst.grid = p.rational("grid");
        if (inst.grid.sign() <= 0 || !(Rational(1) / inst.grid).is_integer() || inst.grid > Rational(1) / Rational(2) ||
            inst.grid < Rational(1) / Rational(64))
          p.fail("grid", "must be 1/K for an integer K between 2 and 64");
        const Rational eta = p.rational("eta");
        if (eta.sign() <= 0 || eta >= inst.grid / Rational(2)) p.fail("eta", "must be in (0, grid/2)");
        Network net;
        net.input = {inst.d, inst.n};
        net.layers = {quantiser_layer(inst, eta)};
        return net;
      });
  r.add({.name = "kajitsuka2024/hardmax-witness",
         .description =
             "Kajitsuka & Sato 2024 Theorem 1 witness layer (spec §2.7): one hardmax head on 1 x 4 inputs with "
             "scores kappa t_k t_l + b_q t_k; params kappa, b_q, tie (split | first | last)"},
        [](const chain::Parameters& p) -> Network {
          const Rational kappa = p.rational("kappa"), bq = p.rational("b_q");
          if (abs(kappa) > Rational(1000) || abs(bq) > Rational(1000))
            p.fail("kappa", "kappa and b_q must be in [-1000, 1000]");
          const std::string tie = p.text("tie");
          if (tie != "split" && tie != "first" && tie != "last")
            p.fail("tie", "must be \"split\", \"first\" or \"last\"");
          return hardmax_witness_network(kappa, bq,
                                         tie == "split"   ? Normalizer::Hardmax
                                         : tie == "first" ? Normalizer::HardmaxFirst
                                                          : Normalizer::HardmaxLast);
        });
  r.add({.name = "kajitsuka2024/memoriser",
         .description =
             "Kajitsuka & Sato 2024 memorising one-layer Transformer F_2^FF o F_S^SA (attention layer plus the "
             "FF memoriser of the context ids, labels from the fixed rule of corollary-1); params d, n, grid, lambda"},
        [](const chain::Parameters& p) -> Network {
          const Instance inst = read_instance(p);
          try {
            return memoriser_network(inst, project(inst, dirty_search_projection(inst)));
          } catch (const std::domain_error& e) {
            p.fail("d", e.what());
          }
        });
}

}  // namespace approxcert::theorems::kajitsuka2024
