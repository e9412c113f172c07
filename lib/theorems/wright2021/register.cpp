#include "theorems/wright2021/register.hpp"

#include <vector>

#include "chain/marked.hpp"
#include "chain/trust_reasons.hpp"
#include "theorems/wright2021/coq_glue.hpp"
#include "theorems/wright2021/theorems.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

// What verify can re-compute of a Wright chain from the certificate, and what it must trust, from
// each step's spec: a right side named "tau" is the parameter tau, one named "0" is 0, one named
// "[spec - ulp, spec + ulp]" quotes the spec's printed value; a left side
// is a network value (mode NET...) or a numerical computation of the module (CF, OPT); the other
// sides by step id (mark_trusted below).
chain::Chain with_trust_marks(chain::Chain c) {
  std::vector<chain::StepSpec> specs;
  for (const chain::Chain::Entry& e : c.steps()) specs.push_back(e.spec);
  for (const chain::StepSpec& s : specs) {
    if (s.rhs_name == "tau") c.recheck(s.id, "rhs", "x0", {"parameter:tau"});
    if (s.rhs_name == "0") c.recheck(s.id, "rhs", "0", {});
    if (s.rhs_name.starts_with("[spec")) c.trust(s.id, "", chain::kQuotedConstant);
    if (s.id == "W-C8")
      c.recheck(s.id, "rhs", "sqrt(x0*x1)", {"step:W-C8:reported:||Phi_Q(t)||^2", "step:W-C8:reported:||Phi_K(s)||^2"});
    if (s.id == "W-C9.poly") c.recheck(s.id, "rhs", "x0 + 1", {"parameter:poly_degree"});
    if (s.mode.starts_with("NET")) c.trust(s.id, chain::kNetworkEvaluation);
    else if (s.mode.starts_with("CF") || s.mode.starts_with("OPT") || s.mode.starts_with("meta"))
      c.trust(s.id, chain::kNumericalMethod);
  }
  using chain::kConstructionData, chain::kEnumeration, chain::kInexpressibleClosedForm, chain::kNumericalMethod;
  chain::mark_trusted(c, {{"W-C2.A", kConstructionData, ""},
                          {"W-C6.SA", kNumericalMethod, ""},
                          {"W-C7", "", kInexpressibleClosedForm},
                          {"W-C7.EX", kEnumeration, kInexpressibleClosedForm},
                          {"W-C7.dim", kEnumeration, kInexpressibleClosedForm},
                          {"W-C8.EX", kEnumeration, kInexpressibleClosedForm},
                          {"W-C8.trunc", "", kInexpressibleClosedForm},
                          {"W-C9.poly", kNumericalMethod, ""},
                          {"W-C9.polydet", kNumericalMethod, ""},
                          {"W-C10", "", kNumericalMethod},
                          {"W-C18.C2", "", kInexpressibleClosedForm},     // M_l/(8 m^2) of the point's factor
                          {"W-C18.norms", "", kInexpressibleClosedForm},  // the point's factor bound
                          {"W-C18.C3", "", chain::kOtherPoints},
                          {"W-C18.C5", "", chain::kSupNormTrusted},  // e^{sup |F|}: a sup-norm not recorded
                          {"W-C19.linear", kConstructionData, ""}});
  return c;
}

}  // namespace

void register_theorems(chain::TheoremRegistry& r) {
  const std::string paper = "wright2021";
  const std::string kernel =
      "For an attention head with $A = W_Q^\\top W_K$ and key width $d$, "
      "$\\kappa(t,s) = \\exp(t^\\top A s/\\sqrt d)$. ";
  r.add({.name = "wright2021/antisymmetric-exponent",
         .paper = paper,
         .title = "Wright & Gonzalez 2021, §1.3 (c): an antisymmetric exponent gives an asymmetric, indefinite kernel",
         .statement =
             kernel +
             "$\\kappa$ is symmetric iff $A = A^\\top$; with $A$ antisymmetric the Gram on two points "
             "has $c^\\top K c = 2 - 2\\cosh(x_1^\\top A x_2/\\sqrt d) < 0$ for $c = (1, -1)$ (reconstructed [R])."},
        chain::marked<build_antisymmetric, with_trust_marks>, coq_conclude_gram_witness);
  r.add({.name = "wright2021/asymmetric-pd-part",
         .paper = paper,
         .title = "Wright & Gonzalez 2021, §1.3 (d): asymmetric kernels with a positive definite symmetric part",
         .statement = kernel +
                      "If $A \\ne A^\\top$ and $S_A = (A + A^\\top)/2 \\succ 0$, the symmetrised Gram is positive "
                      "definite on some point sets and indefinite on every pair satisfying (W4) "
                      "$\\cosh(x_1^\\top N x_2/2\\sqrt d) > \\exp((x_1-x_2)^\\top S_A (x_1-x_2)/2\\sqrt d)$, "
                      "$N = A - A^\\top$ (reconstructed [R])."},
        chain::marked<build_asymmetric_pd_part, with_trust_marks>, coq_conclude_gram_witness);
  r.add({.name = "wright2021/mercer-controls",
         .paper = paper,
         .title = "Wright & Gonzalez 2021, §1.3 (a), (b): the Mercer control and a symmetric indefinite kernel",
         .statement = kernel +
                      "With $W_Q = W_K$ the kernel is Mercer (Schur product theorem), so its Gram on distinct "
                      "points has positive Cholesky pivots; with $A = A^\\top$ having an eigenvalue $-\\lambda < 0$ "
                      "the two-point Gram on $\\{0, au\\}$ has a negative determinant (reconstructed [R])."},
        chain::marked<build_mercer_controls, with_trust_marks>, coq_conclude_gram_witness);
  r.add({.name = "wright2021/feature-truncation",
         .paper = paper,
         .title = "Wright & Gonzalez 2021, §2.1: EDP feature maps, truncation tails, norms and Cauchy-Schwarz",
         .statement =
             kernel +
             "With $\\Phi_Q(t)_\\alpha = q^\\alpha/(\\sqrt{\\alpha!}\\,d^{|\\alpha|/4})$ (likewise $\\Phi_K$), "
             "the truncation $|\\alpha| \\le N$ of $\\langle\\Phi_Q(t), \\Phi_K(s)\\rangle$ is the Taylor partial "
             "sum of $e^z$, $z = \\langle q, k\\rangle/\\sqrt d$, with tail at most $|z|^{N+1} e^{|z|}/(N+1)!$; "
             "$\\|\\Phi_Q(t)\\|_2^2 = e^{|q|^2/\\sqrt d}$ and $\\kappa \\le \\|\\Phi_Q(t)\\|_2\\|\\Phi_K(s)\\|_2$ "
             "(the infinite feature dimension is the paper's claim P2; the formulas are reconstructed [R])."},
        chain::marked<build_truncation, with_trust_marks>, coq_conclude_truncation);
  r.add({.name = "wright2021/infinite-rank",
         .paper = paper,
         .title = "Wright & Gonzalez 2021, §2.1: infinite rank of e^{xy} versus numerical rank",
         .statement =
             "$e^{xy}$ is strictly totally positive, so $\\det[e^{x_i x_j}] > 0$ for increasing points at every "
             "size $n$ (no finite feature map reproduces it, claim P2), while a degree-$p$ polynomial kernel has "
             "rank at most $p + 1$ in one variable; Gram eigenvalues of close points decay super-exponentially."},
        chain::marked<build_infinite_rank, with_trust_marks>, coq_conclude_certified_leaves);
  r.add(
      {.name = "wright2021/attention-smoother",
       .paper = paper,
       .title = "Wright & Gonzalez 2021, §1.2, §2.3, §2.6: attention as a kernel smoother, RBF as EDP plus a key bias",
       .statement =
           kernel +
           "Softmax attention is the Nadaraya-Watson smoother $\\sum_j \\kappa(t,s_j) v_j / \\sum_j \\kappa(t,s_j)$ "
           "(W3) (claim P1, reconstructed form); RBF attention equals EDP attention with the key logit bias "
           "$-\\|k_j\\|^2/(2\\sqrt d)$ (W12); the output is a ratio of expansions, not a fixed-coefficient "
           "kernel expansion; exponential kernels have positive row sums, the linear kernel can have a zero one."},
      chain::marked<build_attention_smoother, with_trust_marks>, coq_conclude_certified_leaves);
  r.add({.name = "wright2021/per-query-rescaling",
         .paper = paper,
         .title = "Wright & Gonzalez 2021, (W13): per-query rescaling changes definiteness but not attention",
         .statement =
             kernel +
             "For $c > 0$, $c(t)\\kappa(t,s)$ gives the same row-normalised attention as $\\kappa$, yet with "
             "$W_Q = W_K$ (a Mercer kernel) and $c(t) = e^{-\\|W_Q t\\|^2/(2\\sqrt d)}$ the symmetrised rescaled "
             "Gram is indefinite (reconstructed [R]; weak point W1)."},
        chain::marked<build_per_query_rescaling, with_trust_marks>, coq_conclude_gram_witness);
  r.add(
      {.name = "wright2021/representer-l2",
       .paper = paper,
       .title =
           "Wright & Gonzalez 2021, §2.2, §2.5: the l^2 representer on truncated EDP features, typing, Hölder, finite vocabulary",
       .statement =
           kernel +
           "On the truncated features ($|\\alpha| \\le N$), the ridge problem "
           "$\\min_v \\sum_i (z_i - \\langle\\Phi_Q(t_i), v\\rangle)^2 + \\lambda\\|v\\|_2^2$ is solved by "
           "$v^* = \\sum_i \\xi_i \\Phi_Q(t_i)$, $\\xi = (G + \\lambda I)^{-1} z$ (W18), so $f^*$ is an expansion in "
           "$\\kappa_{QQ}$, not in $\\kappa$ (the representer theorem P4 constrains a dual element, W4); the RKBS "
           "pair satisfies the Hölder bound (W11); on $V$ points the span has dimension $V$ (reconstructed [R])."},
      chain::marked<build_representer, with_trust_marks>, coq_conclude_certified_leaves);
  r.add({.name = "wright2021/representer-l3",
         .paper = paper,
         .title = "Wright & Gonzalez 2021, (W16), (W17): the l^r representer (r = 3) is about the dual element",
         .statement =
             kernel +
             "For $\\min_v \\sum_i (z_i - \\langle\\Phi_Q(t_i), v\\rangle)^2 + \\lambda\\|v\\|_3^2$ on truncated "
             "features, the minimiser satisfies $J_3(v^*) = \\mathrm{sgn}(v^*)|v^*|^2/\\|v^*\\|_3^2 = "
             "\\sum_i \\xi_i\\Phi_Q(t_i)$ (W16, the reconstructed form of P4), while $v^*$ itself lies outside "
             "that span (W17). The minimiser is found by a non-rigorous Newton search and certified a posteriori."},
        chain::marked<build_lr_representer, with_trust_marks>, coq_conclude_certified_leaves);
  r.add(
      {.name = "wright2021/binary-representer",
       .paper = paper,
       .title = "Wright & Gonzalez 2021, §2.4, §2.5: the binary representer theorem with a product loss",
       .statement =
           kernel +
           "For the binary problem $\\min \\sum_{ij}(z_{ij} - f(t_i)g(s_j))^2 + \\lambda_T\\|f\\|^2 + \\lambda_S\\|g\\|^2$ "
           "(W14) on truncated EDP features, at a stationary point $v = \\sum_i \\xi_i \\Phi_Q(t_i)$ with "
           "$\\xi_i = \\lambda_T^{-1}\\sum_j r_{ij} g(s_j)$, likewise $u$ (W15, the paper's claim P4 in the "
           "reconstructed form), and $\\lambda_T\\|v\\|^2 = \\lambda_S\\|u\\|^2$ (W19). The stationary point "
           "is found by a non-rigorous alternating least squares search and certified a posteriori; "
           "no global optimality is claimed."},
      chain::marked<build_binary_representer, with_trust_marks>, coq_conclude_certified_leaves);
  r.add(
      {.name = "wright2021/uat-chain",
       .paper = paper,
       .title = "Wright & Gonzalez 2021, §2.7: the constructive UAT chain C1-C5 (logit and kernel form)",
       .statement =
           "For a kernel $F = \\sum_{l \\le L} a_l(t) b_l(s)$ on $[0,1]^2$ (C1, $\\varepsilon_1 = 0$), piecewise-linear "
           "ReLU interpolants on $m$ intervals satisfy $\\sup|a_l - \\hat a_l| \\le \\|a_l''\\|/(8m^2)$ (C2), "
           "$\\sup|F - \\sum_l \\hat a_l \\hat b_l| \\le \\varepsilon_2$ (C3); with $d = L$ and "
           "$\\varphi_Q = d^{1/4}\\hat a$, $\\varphi_K = d^{1/4}\\hat b$ the logit $\\langle\\varphi_Q, \\varphi_K\\rangle/\\sqrt d$ is "
           "that model (C4), and $\\sup|e^F - e^{\\langle\\varphi_Q,\\varphi_K\\rangle/\\sqrt d}| \\le e^{\\sup F}(e^{\\varepsilon_1+\\varepsilon_2}-1)$ "
           "(C5, (W21)). The universal approximation theorem is the paper's claim P5; this route is reconstructed [R]."},
      chain::marked<build_uat_chain, with_trust_marks>, coq_conclude_uat);
}

}  // namespace approxcert::theorems::wright2021
