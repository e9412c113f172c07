#include "theorems/altabaa2024/register.hpp"

#include "theorems/altabaa2024/coq_glue.hpp"
#include "theorems/altabaa2024/theorems.hpp"

namespace approxcert::theorems::altabaa2024 {

void register_theorems(chain::TheoremRegistry& r) {
  const std::string paper = "altabaa2024";
  r.add(
      {.name = "altabaa2024/theorem-2.1",
       .paper = paper,
       .title =
           "Altabaa & Lafferty 2024, Theorem 2.1 + Corollary 2.1: Mercer kernels as inner products of shallow ReLU features",
       .statement =
           "For a continuous symmetric positive definite kernel $K$ with Mercer expansion "
           "$\\sum_i \\lambda_i \\varphi_i(x)\\varphi_i(y)$ and $N = N_K(\\varepsilon/2)$, shallow ReLU networks "
           "$\\psi_i$ with $\\|\\psi_i - \\sqrt{\\lambda_i}\\varphi_i\\|_\\infty \\le \\varepsilon_{NN}$, "
           "$N(2C\\varepsilon_{NN} + \\varepsilon_{NN}^2) \\le \\varepsilon/2$, give "
           "$\\sup_{x,y}|K(x,y) - \\langle\\psi(x),\\psi(y)\\rangle| \\le \\varepsilon$ with "
           "$N \\cdot S_{\\mathcal F}(\\varepsilon_{NN})$ neurons; in one dimension the piecewise-linear "
           "interpolant on $\\lceil L(b-a)/(2\\varepsilon_{NN})\\rceil$ knot intervals is such a network."},
      build_theorem_2_1, coq_conclude_theorem_2_1);
  r.add({.name = "altabaa2024/lemma-3.1",
         .paper = paper,
         .title = "Altabaa & Lafferty 2024, Lemma 3.1: relations on finite sets are exact inner products",
         .statement =
             "For a finite set $X = \\{x_1, \\dots, x_n\\}$ and any $r$, a factorisation $R = UV^\\top$ of "
             "$R_{ij} = r(x_i, x_j)$ with $d_r = \\mathrm{rank}\\,R$ columns gives linear maps on one-hot inputs "
             "with $\\langle U^\\top e_i, V^\\top e_j\\rangle = r(x_i, x_j)$."},
        build_lemma_3_1, coq_conclude_lemma_3_1);
  r.add(
      {.name = "altabaa2024/theorem-3.1",
       .paper = paper,
       .title = "Altabaa & Lafferty 2024, Theorem 3.1: continuous relations via a Voronoi threshold network",
       .statement = "For a continuous relation $r$ on $X \\times X$ with modulus $\\delta(\\varepsilon)$, the "
                    "threshold network $\\phi$ of a Voronoi tessellation with cells of diameter at most $\\delta$ "
                    "($m(m-1)/2 + m$ units) and linear heads $P_x, P_y$ from a rank factorisation of "
                    "$R_{ij} = r(s_i, s_j)$ give $|r(x,y) - \\langle P_x\\phi(x), P_y\\phi(y)\\rangle| < \\varepsilon$ "
                    "(a.e.; everywhere with a consistent threshold convention)."},
      build_theorem_3_1, coq_conclude_theorem_3_1);
  r.add({.name = "altabaa2024/theorem-3.1-grid",
         .paper = paper,
         .title = "Altabaa & Lafferty 2024, Theorem 3.1 in d >= 2: Voronoi grid quantiser and Lemma 3.1 factorisation",
         .statement =
             "For a continuous relation $r$ on $[0,1]^d \\times [0,1]^d$, the threshold network $\\phi$ of the "
             "$m = k^d$ grid sites ($m(m-1)/2 + m$ units) and the exact rank factorisation $R = UV^\\top$ of "
             "$R_{ij} = r(s_i, s_j)$ (Lemma 3.1) give $|r(x,y) - \\langle U^\\top\\phi(x), V^\\top\\phi(y)\\rangle| "
             "< \\varepsilon$ when the cells have diameter at most $\\delta(\\varepsilon)$."},
        build_theorem_3_1_grid, coq_conclude_theorem_3_1);
  r.add({.name = "altabaa2024/theorem-4.1",
         .paper = paper,
         .title = "Altabaa & Lafferty 2024, Theorem 4.1: RKBS kernels with Hilbert feature maps",
         .statement = "If $K(x,y) = \\sum_i a_i(x) b_i(y)$ with continuous feature maps into $\\ell^2$ on a compact "
                      "$X$, then for every $\\varepsilon > 0$ there are MLPs $\\psi_1, \\psi_2$ with "
                      "$\\sup_{x,y}|K(x,y) - \\langle\\psi_1(x), \\psi_2(y)\\rangle| < \\varepsilon$."},
        build_theorem_4_1, coq_conclude_theorem_4_1);
  r.add({.name = "altabaa2024/theorem-5.1",
         .paper = paper,
         .title = "Altabaa & Lafferty 2024, Theorem 5.1: attention approximates argmax retrieval",
         .statement = "Under key and query continuity and a margin assumption $P(E_\\eta) \\ge 1 - \\delta$, softmax "
                      "attention with $\\phi_q, \\phi_k$ from Theorem 3.1 (accuracy $\\varepsilon_1 < \\eta/2$) and "
                      "$\\beta \\ge \\ln((n-1)D_{\\mathcal Y}/\\varepsilon)/(\\eta - 2\\varepsilon_1)$ satisfies "
                      "$\\|\\mathrm{Attn}(x, \\mathbf y) - \\mathrm{Select}(x, \\mathbf y)\\| < \\varepsilon$ with "
                      "probability at least $1 - \\delta$."},
        build_theorem_5_1, coq_conclude_theorem_5_1);
}

void register_constructions(ConstructionRegistry& r) {
  r.add(
      {"altabaa2024/shallow-relu-interpolant",
       "Corollary 2.1 features psi (1 input, N outputs): kernel=brownian|cosine|gaussian-circle (with z), eps, c (scale, default 1)"},
      construct_kernel_features);
  r.add({"altabaa2024/rank-factorisation",
         "Lemma 3.1 inner-product model on one-hot inputs (2n inputs): R=[[..],..] (n x n relation matrix)"},
        construct_rank_factorisation);
  r.add({"altabaa2024/voronoi-threshold",
         "Theorem 3.1 quantiser phi (1 input, m one-hot outputs) for the sites (2i-1)/(2m): m"},
        construct_voronoi_threshold);
  r.add(
      {"altabaa2024/voronoi-relation",
       "Theorem 3.1 model <P_x phi(x), P_y phi(y)> (2 inputs) for r = r_x(x) r_y(y): r_x, r_y (expressions in x0), m"},
      construct_voronoi_relation);
  r.add({"altabaa2024/voronoi-grid-relation",
         "Theorem 3.1 model <U^T phi(x), V^T phi(y)> (2d inputs) on [0,1]^d, k^d grid sites, R = U V^T exact: "
         "r (expression in x0..x{2d-1}, rational at the sites), d (2 or 3), k"},
        construct_voronoi_grid_relation);
  r.add(
      {"altabaa2024/rkbs-features",
       "Theorem 4.1 model <psi_1(x), psi_2(y)> (2 inputs) for a_k = rho^k cos kx, b_k = rho^k sin ky: r (= rho^2), eps"},
      construct_rkbs_features);
  r.add({"altabaa2024/attention-retrieval",
         "Theorem 5.1 attention for u = -(x-y)^2 (tokens (x, y_j); output 7 = Attn): y=[keys], m, beta; optional "
         "y_max, m_keys (keys on [0, y_max], own quantiser), value_scale, value_shift (values a y + b), "
         "tie_rule=smallest|largest (nearest site chosen on a cell boundary; default smallest)"},
        construct_attention_retrieval);
}

}  // namespace approxcert::theorems::altabaa2024
