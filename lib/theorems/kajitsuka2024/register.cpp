#include "theorems/kajitsuka2024/register.hpp"

#include <memory>

#include "theorems/kajitsuka2024/contextual_steps.hpp"
#include "theorems/kajitsuka2024/instance.hpp"

namespace approxcert::theorems::kajitsuka2024 {

namespace {

chain::Chain build_theorem_2(const chain::Parameters& p) {
  auto inst = std::make_shared<const Instance>(read_instance(p));
  chain::Chain c;
  add_contextual_steps(c, inst);
  return c;
}

}  // namespace

void register_theorems(chain::TheoremRegistry& r) {
  r.add({.name = "kajitsuka2024/theorem-2",
         .paper = "kajitsuka2024",
         .title = "Kajitsuka & Sato 2024, Theorem 2: one rank-1 single-head softmax attention layer is a contextual mapping",
         .statement =
             "Under A1 (no duplicate tokens) and A2 (tokens $(r_{\\min}, r_{\\max}, \\epsilon)$-separated), the layer "
             "$F^{(SA)}_S$ with $W^{(K)} = u^\\top$, $W^{(Q)} = \\lambda u^\\top$, $W^{(V)} = u^\\top$, $W^{(O)} = \\gamma u$ is an "
             "$(r_{\\max} + \\epsilon/4, \\delta)$-contextual mapping, with $\\delta$ of eq. (8). This chain takes the "
             "vocabulary of cell centres of a $\\delta_g$-grid of $[0,1]^d$ and one sequence per $n$-subset, searches and "
             "certifies $u$ (Lemma 3), evaluates the layer with the generic evaluator, bounds the same-token separations "
             "with the cancellation-free Boltzmann difference (Lemma B, reconstructed), and refutes eq. (10) as submitted "
             "(erratum E1). The temperature is the paper's $\\lambda$ or the instance-adapted one."},
        build_theorem_2);
}

void register_constructions(ConstructionRegistry& r) {
  r.add({.name = "kajitsuka2024/attention",
         .description = "Kajitsuka & Sato 2024 rank-1 single-head softmax attention layer (W_K = u^T, W_Q = lambda u^T, "
                        "W_V = u^T, W_O = gamma u); params d, n, grid (1/K), lambda (paper | instance); u by the search of K-1"},
        [](const chain::Parameters& p) -> Network {
          const Instance inst = read_instance(p);
          return attention_network(inst, project(inst, dirty_search_projection(inst)));
        });
}

}  // namespace approxcert::theorems::kajitsuka2024
