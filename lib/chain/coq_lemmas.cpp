#include "chain/coq_lemmas.hpp"

namespace approxcert::chain {

const std::map<std::string, CoqJustification, std::less<>>& coq_justifications() {
  static const std::map<std::string, CoqJustification, std::less<>> table = {
      // Altabaa & Lafferty 2024, Theorem 2.1 + Corollary 2.1
      {"altabaa_thm21_S1", {"AltabaaKernel.altabaa_thm21_chain", "premise: the Mercer tail T1"}},
      {"altabaa_thm21_S2", {"AltabaaKernel.lipschitz_interpolation_error", "premise |g_i - psi_i| <= eps_NN; d = 1 design bound"}},
      {"altabaa_thm21_S3", {"AltabaaKernel.altabaa_thm21_eps", "premise |g_i| <= C"}},
      {"altabaa_thm21_W4", {"", "weak point W4 of the spec: a C++ check, no Coq lemma"}},
      {"altabaa_thm21_S4", {"AltabaaKernel.altabaa_s4_network_bound", ""}},
      {"altabaa_thm21_S5", {"Splits.product_error_bound", ""}},
      {"altabaa_thm21_S6", {"Splits.inner_product_error_bound", ""}},
      {"altabaa_thm21_S7", {"AltabaaKernel.altabaa_thm21_eps", ""}},
      {"altabaa_thm21_S8", {"", "neuron count: integer count in C++, not in Coq"}},
      // Lemma 3.1 and Theorem 3.1
      {"altabaa_lem31_L1", {"", "exact rational factorisation, checked in C++"}},
      {"altabaa_lem31_L2", {"", "exact rational factorisation, checked in C++"}},
      {"altabaa_thm31_V1", {"AltabaaQuantization.altabaa_v4_quantization_bound", "premise: diameter <= delta"}},
      {"altabaa_thm31_W8", {"AltabaaQuantization.altabaa_v4_quantization_bound_lt", "strict form (weak point W8)"}},
      {"altabaa_thm31_V2", {"", "exact network check in C++"}},
      {"altabaa_thm31_V3", {"AltabaaQuantization.altabaa_v5_cellwise", "premise net = R_{k(x) k(y)}"}},
      {"altabaa_thm31_V4", {"AltabaaQuantization.altabaa_v4_quantization_bound", ""}},
      {"altabaa_thm31_V5", {"AltabaaQuantization.altabaa_v5_cellwise", "certified route, per cell pair"}},
      {"altabaa_thm31_V6", {"", "neuron count, not in Coq"}},
      // Theorem 4.1
      {"altabaa_thm41_R1", {"AltabaaKernel.altabaa_thm41_chain", "premise: the tail T1"}},
      {"altabaa_thm41_R2", {"AltabaaKernel.altabaa_thm41_chain", "premises |a_i - psi_1i|, |b_i - psi_2i| <= eps_NN"}},
      {"altabaa_thm41_R3", {"Splits.product_error_bound", ""}},
      {"altabaa_thm41_R4", {"Splits.inner_product_error_bound", ""}},
      {"altabaa_thm41_R5", {"AltabaaKernel.altabaa_thm41_chain", ""}},
      // Theorem 5.1
      {"altabaa_thm51_A1", {"AltabaaSoftmax.altabaa_thm51_retrieval_eps", "premise |s_k - u_k| <= eps_1"}},
      {"altabaa_thm51_A2", {"AltabaaSoftmax.altabaa_a2_weight_le_exp_gap", ""}},
      {"altabaa_thm51_A3", {"AltabaaSoftmax.altabaa_a3_score_gap", ""}},
      {"altabaa_thm51_A4", {"AltabaaSoftmax.altabaa_thm51_weight_bound", ""}},
      {"altabaa_thm51_A5", {"AltabaaSoftmax.altabaa_thm51_selected_weight", ""}},
      {"altabaa_thm51_A6", {"AltabaaSoftmax.altabaa_thm51_output_error", ""}},
      {"altabaa_thm51_A7", {"AltabaaSoftmax.altabaa_a7_beta_choice", "combined with A1-A6: altabaa_thm51_retrieval_eps"}},
      {"altabaa_thm51_A8", {"", "probability of the margin event: not modelled in Coq (the event is a hypothesis)"}},
      // Yun et al. 2020, Theorem 2
      {"yun_thm2_Y13", {"YunVolume.yun_y13_duplicate_error", ""}},
      {"yun_thm2_Y13b", {"YunVolume.yun_y13_union_bound", ""}},
      {"yun_thm2_Y13e", {"YunVolume.yun_final_assembly", "the eps/3 budget of the duplicate cells"}},
      {"yun_thm2_Y14", {"YunVolume.yun_final_assembly", "premise d_p(f, bar f) <= omega (Lemma 8 is not in Coq)"}},
      {"yun_thm2_Y1r", {"", "exact check of the ReLU quantizer's flat pieces in C++, not in Coq"}},
      {"yun_thm2_YE2E", {"YunVolume.yun_final_assembly", "omega from Y-14, T_3 from Y-20, the root taken in ball arithmetic"}},
  };
  return table;
}

std::optional<CoqJustification> coq_justification(std::string_view coq_lemma) {
  const auto& table = coq_justifications();
  if (const auto it = table.find(coq_lemma); it != table.end()) return it->second;
  // Yun steps by number (sub-steps such as Y-5t, Y-9c share their step's justification):
  // Y-1 ... Y-12 exhaustive exact checks, Y-15 ... Y-18 network facts of Y-20, Y-19, Y-20.
  if (coq_lemma.starts_with("yun_thm2_Y")) {
    std::string_view rest = coq_lemma.substr(10);
    int number = 0;
    std::size_t k = 0;
    while (k < rest.size() && rest[k] >= '0' && rest[k] <= '9') number = number * 10 + (rest[k++] - '0');
    if (k > 0 && number >= 1 && number <= 12)
      return CoqJustification{"", "exhaustive exact check of the hardmax network in C++ (Y-1 ... Y-12), not in Coq"};
    if (k > 0 && number >= 15 && number <= 18)
      return CoqJustification{"YunVolume.yun_y20_bound", "hypothesis (NET): softmax network at the grid cells, S_B"};
    if (k > 0 && number == 19) return CoqJustification{"YunVolume.yun_y19_ramp_volume", ""};
    if (k > 0 && number == 20) return CoqJustification{"YunVolume.yun_y20_bound", ""};
  }
  if (coq_lemma.starts_with("demo_")) return CoqJustification{"", "demo theorem: elementary leaves only"};
  // Kajitsuka & Sato 2024 (proofs/KajitsukaChain.v): the glue of K-5 .. K-10 and of the §6 assembly.
  if (coq_lemma.starts_with("kajitsuka_")) {
    const std::string_view id = coq_lemma.substr(10);
    if (id == "K_7" || id == "K_8" || id == "K_9" || id == "K_9n" || id == "K_10")
      return CoqJustification{"KajitsukaChain.kajitsuka_contextual_mapping", "K-7, K-8, K-9 as hypotheses; K-10 its conclusion"};
    if (id == "K_5" || id == "K_6") return CoqJustification{"KajitsukaChain.kajitsuka_lemma_B_to_eq10", "K-5 (Lemma B) implies K-6"};
    if (id == "K_9P") return CoqJustification{"KajitsukaChain.kajitsuka_same_token_separation", "delta_R from Lemma B"};
    if (id == "K_16" || id == "P1_K12" || id == "P1_K14")
      return CoqJustification{"KajitsukaChain.kajitsuka_prop1_assembly", "K-12, K-14 and the bad-set measure as hypotheses"};
    return CoqJustification{"", "exact, exhaustive or network check in C++ (or an erratum), not in Coq"};
  }
  return std::nullopt;
}

}  // namespace approxcert::chain
