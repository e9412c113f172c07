#include "theorems/fang2022/register.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "chain/marked.hpp"
#include "chain/trust_reasons.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/coq_glue.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/steps.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

Monomials read_dk(const chain::Parameters& p) {
  const std::uint64_t d = p.count("d"), k = p.count("k");
  if (d < 1 || d > 1000) p.fail("d", "must be between 1 and 1000");
  if (k < 1 || k > 1000) p.fail("k", "must be between 1 and 1000");
  std::uint64_t tokens = 0;
  try {
    tokens = binomial(d + k, k);
  } catch (const std::overflow_error&) {
    p.fail("k", "binomial(d+k, k) tokens exceed 2^64");
  }
  if (tokens > 2000)
    p.fail("k", "the construction needs binomial(d+k, k) = " + std::to_string(tokens) +
                    " tokens; at most 2000 are built (width and weights grow with it)");
  return monomials(d, k);
}

// What verify must trust of a Fang chain, from each step's spec (sides that record a recheck, such
// as the closed forms of bernstein.cpp, are left as they are): a left side is a value or count of
// the network the module builds (modes NET..., count, polynomial identities), a right side named
// "0" is 0, one named "spec ..." quotes the spec's printed value.
// The other sides, by step id without its variant suffix ("F-C1[d2k3]", "F-C8@53").
const std::map<std::string, std::pair<const char*, const char*>, std::less<>> kOtherSides = {
    {"F-C1", {"", chain::kInexpressibleClosedForm}},  // binomials per size
    {"F-C2", {chain::kNetworkCount, ""}},
    {"F-C3", {"", chain::kConstructionData}},
    {"F-C4", {"", chain::kNetworkEvaluation}},
    {"F-C5", {"", chain::kNetworkEvaluation}},
    {"F-C6", {"", chain::kTargetValue}},
    {"F-C7", {"", chain::kTargetValue}},
    {"F-C7-det", {chain::kNumericalMethod, ""}},
    {"F-C7-lattice", {chain::kNetworkEvaluation, chain::kTargetValue}},
    {"F-C8", {"", chain::kQuotedConstant}},
    {"F-C9", {chain::kNetworkCount, ""}},
    {"F-C9-need", {chain::kNetworkCount, chain::kTargetValue}},
    {"F-C10", {chain::kNetworkCount, ""}},
    {"F-C10-c", {chain::kConstructionData, ""}},
    {"F-C11-softmax", {"", chain::kTargetValue}},
    {"F-C11-ln", {"", chain::kTargetValue}},
    {"F-C15", {chain::kNumericalMethod, ""}},
    {"W2", {chain::kNetworkCount, ""}},
    {"W2-identity", {"", chain::kInexpressibleClosedForm}},  // x^(3^t) at the point's t
    {"W7-identity", {"", chain::kTargetValue}},
    {"W7-free", {"", chain::kInexpressibleClosedForm}}};  // binomial(d+k, k)

chain::Chain with_trust_marks(chain::Chain c) {
  std::vector<chain::StepSpec> specs;
  for (const chain::Chain::Entry& e : c.steps()) specs.push_back(e.spec);
  for (const chain::StepSpec& s : specs) {
    if (s.rhs_name == "0") c.recheck(s.id, "rhs", "0", {});
    if (s.id == "F-C9") c.recheck(s.id, "rhs", "x0", {"at:l"});
    if (s.id == "W2") c.recheck(s.id, "rhs", "x0", {"parameter:blocks"});
    if (const auto it = kOtherSides.find(s.id.substr(0, s.id.find_first_of("[@"))); it != kOtherSides.end())
      c.trust(s.id, it->second.first, it->second.second);
    if (s.rhs_name.starts_with("spec") || s.rhs_name.starts_with("[spec")) c.trust(s.id, "", chain::kQuotedConstant);
    if (s.mode.starts_with("NET") || s.mode.find("polynomial identity") != std::string::npos)
      c.trust(s.id, chain::kNetworkEvaluation);
    else if (s.mode.starts_with("count") || s.mode == "CF / count") c.trust(s.id, chain::kNetworkCount);
  }
  return c;
}

}  // namespace

void register_theorems(chain::TheoremRegistry& r) {
  r.add(
      {.name = "fang2022/zero-error",
       .paper = "fang2022",
       .title =
           "Fang, Ouyang, Zhou & Cheng 2022: attention blocks generate a polynomial with zero error (reconstructed construction)",
       .statement =
           "With softmax and LayerNorm removed (raw-score attention), an untrained stack of $k$ single-head "
           "blocks with 0/1 weights on the affine embedding $E(x)$ computes every monomial of degree $\\le k$ "
           "in every token, so the read-out $T_c(x) = \\sum_t c_t H^{(k)}[0, R_k, t]$ equals the target "
           "polynomial $p$ of degree $\\le k$ identically on $\\mathbb R^d$. The architecture is reconstructed "
           "from the abstract (spec 1.3, 2). This chain builds it for $(d, k, p)$, proves $T_c \\equiv p$ "
           "exactly, and checks the sizes, invariants, degree profile, the ablations and the learning factor."},
      chain::marked<build_zero_error, with_trust_marks>, coq_conclude_zero_error);
  r.add({.name = "fang2022/one-token",
         .paper = "fang2022",
         .title = "Fang et al. 2022, variant 2.7(a): one monomial, one token",
         .statement = "For the factor list $(b_1, \\dots, b_k)$ of a monomial $x^\\alpha$, a single token with slices "
                      "$R_0, \\dots, R_k, K_0, \\dots, K_{k-1}$ (width $2k+1$) and $k$ raw-score blocks computes "
                      "$R_l = x_{b_1} \\cdots x_{b_l}$: one more factor per block (reconstructed, spec 2.7(a))."},
        chain::marked<build_one_token, with_trust_marks>, coq_conclude_one_token);
  r.add({.name = "fang2022/cube-blocks",
         .paper = "fang2022",
         .title = "Fang et al. 2022, weak point W2: one softmax-free block already gives degree 3",
         .statement = "On one token $h = (x, 0, \\dots)$, a raw-score block whose query, key and value all read "
                      "coordinate $t-1$ writes $x_{t-1}^3$ into coordinate $t$, so $b$ blocks output $x^{3^b}$: "
                      "'blocks = degree' (P2) describes the construction, not a lower bound (spec 4.5, W2)."},
        chain::marked<build_cube_blocks, with_trust_marks>, coq_conclude_cube_blocks);
  r.add({.name = "fang2022/bernstein",
         .paper = "fang2022",
         .title = "Fang et al. 2022, universality corollary (P4) by tensor Bernstein polynomials",
         .statement =
             "For $f$ $L$-Lipschitz in $\\|\\cdot\\|_1$ on $[0,1]^2$, $\\|B_n f - f\\|_\\infty \\le L d / (2\\sqrt n)$ "
             "(F10b), and the construction with $k = 2n$ blocks reproduces $B_n f$ exactly, so its error is the "
             "Bernstein error (reconstructed route, spec 2.9)."},
        chain::marked<build_bernstein, with_trust_marks>, coq_conclude_bernstein);
  r.add(
      {.name = "fang2022/tempered",
       .paper = "fang2022",
       .title = "Fang et al. 2022, the [U] tempered-softmax reading of the adaptation (F-C12, weak point W10)",
       .statement =
           "Unconfirmed reading: the blocks keep softmax with a temperature $\\varepsilon$ and use "
           "$(N\\,\\mathrm{softmax}(\\varepsilon S) - 1)/\\varepsilon$, which tends to linear attention on the centred "
           "scores. With mirror tokens (negated keys, zero values) the centring vanishes and "
           "$\\sup_\\Omega |T^\\varepsilon - p| \\le C_\\Omega \\varepsilon$; zero error is then only a limit."},
      chain::marked<build_tempered, with_trust_marks>, coq_conclude_tempered);
  r.add({.name = "fang2022/unreduced",
         .paper = "fang2022",
         .title = "Fang et al. 2022, variant 2.7(b): unreduced tensor powers (weak point W7)",
         .statement =
             "Dropping the nondecreasing constraint of (F3), the blocks compute every tuple product "
             "$\\tilde x^{\\otimes l}$ and need $(d+1)^k$ tokens; a read-out on the nondecreasing tuples "
             "reproduces $p$ exactly, and it is not unique ($(d+1)^k$ entries for $\\binom{d+k}{k}$ monomials)."},
        chain::marked<build_unreduced, with_trust_marks>, coq_conclude_unreduced);
  r.add({.name = "fang2022/size-table",
         .paper = "fang2022",
         .title = "Fang et al. 2022, sizes of the construction across (d, k) (F-C1, spec 4.2)",
         .statement = "The built construction for $(d, k)$ has $\\binom{d+k}{k}$ tokens, width "
                      "$2\\binom{d+k}{k} + 2\\binom{d+k}{d+1}$ and $\\binom{d+k}{k}$ free parameters (F5), (F7)."},
        chain::marked<build_size_table, with_trust_marks>, coq_conclude_size_table);
  r.add({.name = "fang2022/conditioning",
         .paper = "fang2022",
         .title = "Fang et al. 2022, conditioning diagnostic of the monomial basis (F-C15, weak point W5)",
         .statement = "The Gram matrix of the monomials $1, x, \\dots, x^k$ on $[0,1]$ under the uniform law is the "
                      "Hilbert matrix; its 2-norm condition number grows like $e^{3.5 k}$ (not a claim of the paper)."},
        chain::marked<build_conditioning, with_trust_marks>, coq_conclude_conditioning);
}

void register_constructions(ConstructionRegistry& r) {
  r.add({"fang2022/embedding",
         "the affine embedding E: R^d -> R^{D x n} of the adapted blocks (flattened token by token); params d, k"},
        [](const chain::Parameters& p) { return embedding_network(read_dk(p)); });
  r.add(
      {"fang2022/blocks",
       "k raw-score attention blocks with 0/1 weights and the read-out c of target p (a polynomial in x0..); input: E(x); "
       "params d, k, target, optional normalizer (none | softmax), layer_norm_eps"},
      [](const chain::Parameters& p) {
        const Monomials mono = read_dk(p);
        const std::string target = p.text("target");
        BlockOptions o{.blocks = mono.k};
        o.readout = interpolated_readout(mono, polynomial_target(p, "target", target, mono.d));
        const std::string normalizer = p.text_or("normalizer", "none");
        if (normalizer == "softmax") o.normalizer = Normalizer::Softmax;
        else if (normalizer != "none") p.fail("normalizer", "must be \"none\" or \"softmax\"");
        if (p.has("layer_norm_eps")) {
          o.layer_norm_eps = p.rational("layer_norm_eps");
          if (o.layer_norm_eps->sign() <= 0) p.fail("layer_norm_eps", "must be > 0");
        }
        return block_network(mono, o);
      });
}

}  // namespace approxcert::theorems::fang2022
