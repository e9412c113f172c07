# ctest tests of `approxcert coq` (docs/proofs.md, "approxcert coq"): check the smallest Altabaa
# and Yun instances, export their certificates and compile the exports against the library that
# proofs.build compiles (fixture approxcert_coq). Included by proofs/CMakeLists.txt; needs COQC.
function(approxcert_export_test name check_file module theorem)
  add_test(NAME proofs.export.${name}
           COMMAND ${CMAKE_COMMAND} -E env COQC=${COQC}
                   sh ${CMAKE_CURRENT_SOURCE_DIR}/export_check.sh $<TARGET_FILE:approxcert> ${APPROXCERT_COQ_DIR}
                   ${CMAKE_CURRENT_SOURCE_DIR}/../checks/${check_file} ${module} ${theorem})
  set_tests_properties(proofs.export.${name} PROPERTIES
    FIXTURES_REQUIRED approxcert_coq TIMEOUT 900
    PASS_REGULAR_EXPRESSION "export check: OK" FAIL_REGULAR_EXPRESSION "export check: FAILED")
endfunction()

# A negative check (tamper_check.sh): the export compiles, and altered by one sed expression it must not.
function(approxcert_tamper_test name check_file module sed_expression)
  add_test(NAME proofs.export.${name}
           COMMAND ${CMAKE_COMMAND} -E env COQC=${COQC}
                   sh ${CMAKE_CURRENT_SOURCE_DIR}/tamper_check.sh $<TARGET_FILE:approxcert> ${APPROXCERT_COQ_DIR}
                   ${CMAKE_CURRENT_SOURCE_DIR}/../checks/${check_file} ${module} ${sed_expression})
  set_tests_properties(proofs.export.${name} PROPERTIES
    FIXTURES_REQUIRED approxcert_coq TIMEOUT 900
    PASS_REGULAR_EXPRESSION "tamper check: OK" FAIL_REGULAR_EXPRESSION "tamper check: FAILED")
endfunction()

if(COQC)
  # Altabaa Theorem 5.1, two keys: A1-A7 combined by altabaa_thm51_retrieval (strict < eps).
  approxcert_export_test(altabaa_thm51_two_keys altabaa2024/thm51-retrieval-two-keys.json
                         altabaa_thm51_two_keys thm51_retrieval_two_keys_theorem_5_1)
  # Yun Y-A (d = 1, n = 2, delta = 1/4): Y-13 by yun_y13_duplicate_error, Steps 1-2 (d_p(f, bar g) <= 2 eps/3)
  # by yun_final_assembly; the budget leaf with its sides swapped must be rejected.
  approxcert_export_test(yun_ya_tight yun2020/ya-tight.json yun_ya_tight ya_tight_steps_1_2)
  approxcert_tamper_test(yun_ya_tight_rejects_swapped_budget yun2020/ya-tight.json yun_ya_tight_tampered
                         "/^Lemma leaf_steps12_budget :/s|: \\(.*\\) <= \\(.*\\)\\.$|: \\2 <= \\1.|")
  # Yun Theorem 3 (positional encoding), Y-C sizes: Steps 1-2 by coq_conclude_theorem_3 (Y-13's sum 0).
  approxcert_export_test(yun_pe_yc yun2020/pe-yc-restatement-j.json yun_pe_yc pe_yc_restatement_j_steps_1_2)
  # The strict A7 leaf of Theorem 5.1 is re-checked by interval: eps lowered to 99/10000 must be rejected.
  approxcert_tamper_test(altabaa_thm51_rejects_lower_eps altabaa2024/thm51-retrieval-two-keys.json altabaa_thm51_tampered
                         "/^Lemma leaf_thm51_a7_budget :/s|< (1 / 100)\\.$|< (99 / 10000).|")
  # Kajitsuka K-A, instance lambda: K-7, K-8, K-9 combined by kajitsuka_contextual_mapping.
  approxcert_export_test(kajitsuka_ka_inst kajitsuka2024/ka-d1n2-inst.json kajitsuka_ka_inst ka_d1n2_inst_theorem_2)
  # Kajitsuka K-A at the paper's lambda: endpoints of ~22,000 digits exported as outward-rounded
  # decimals (SciReal.v), so the export compiles in seconds; a swapped leaf must be rejected.
  approxcert_export_test(kajitsuka_ka_paper kajitsuka2024/ka-d1n2-paper.json kajitsuka_ka_paper ka_d1n2_paper_theorem_2)
  add_test(NAME proofs.export.kajitsuka_ka_paper_rejects_swapped_leaf
           COMMAND ${CMAKE_COMMAND} -E env COQC=${COQC}
                   sh ${CMAKE_CURRENT_SOURCE_DIR}/tamper_check.sh $<TARGET_FILE:approxcert> ${APPROXCERT_COQ_DIR}
                   ${CMAKE_CURRENT_SOURCE_DIR}/../checks/kajitsuka2024/ka-d1n2-paper.json kajitsuka_ka_paper_tampered
                   "/^Lemma leaf_thm2_delta_dR :/s|: \\(.*\\) <= \\(.*\\)\\.$|: \\2 <= \\1.|")
  set_tests_properties(proofs.export.kajitsuka_ka_paper_rejects_swapped_leaf PROPERTIES
    FIXTURES_REQUIRED approxcert_coq TIMEOUT 900
    PASS_REGULAR_EXPRESSION "tamper check: OK" FAIL_REGULAR_EXPRESSION "tamper check: FAILED")
  # Kajitsuka Theorem 1 (hardmax witness, proved for all weights), Corollary 1 (K-A, instance lambda),
  # Proposition 1 with p = 2 (the root form of the assembly).
  approxcert_export_test(kajitsuka_thm1 kajitsuka2024/thm1-hardmax-witness.json kajitsuka_thm1 thm1_hardmax_witness_theorem_1)
  approxcert_export_test(kajitsuka_cor1_ka_inst kajitsuka2024/cor1-ka-d1n2-inst.json kajitsuka_cor1_ka_inst
                         cor1_ka_d1n2_inst_corollary_1)
  approxcert_export_test(kajitsuka_prop1_p2 kajitsuka2024/prop1-ka-d1n2-p2-inst.json kajitsuka_prop1_p2
                         prop1_ka_d1n2_p2_inst_proposition_1)
  # Lemma 3.1, strict order: U V^T = R re-checked entry by entry.
  approxcert_export_test(altabaa_lem31_strict_order altabaa2024/lem31-strict-order.json altabaa_lem31
                         lem31_strict_order_lemma_3_1)
  # The claim-file example: C3 combined with its two sup-norms by ClaimsGlue.claims_sup_triangle.
  approxcert_export_test(claims_xy_relu claims/xy-relu.json claims_xy_relu xy_relu_C3_sup_triangle)
  # Fang: T_c = p for all x (F-C7), variant 2.7(a), W2 (x^27, degree <= 3 refuted), F-C13 with T_c = B_n f,
  # each proved by ProgramIdentity.program_identity on the exported program of the built construction.
  approxcert_export_test(fang_main fang2022/main-d2k3.json fang_main main_d2k3_identity)
  approxcert_export_test(fang_one_token fang2022/one-token-x1sq-x2.json fang_one_token one_token_x1sq_x2_states)
  approxcert_export_test(fang_w2 fang2022/w2-cube-blocks.json fang_w2 w2_cube_blocks_W2_refuted)
  approxcert_export_test(fang_bernstein_n2 fang2022/bernstein-n2.json fang_bernstein_n2 bernstein_n2_bernstein)
  # The identity is proved, not accepted: a changed coefficient of p (1/2 -> 1/3) must not compile.
  add_test(NAME proofs.export.fang_main_rejects_wrong_target
           COMMAND ${CMAKE_COMMAND} -E env COQC=${COQC}
                   sh ${CMAKE_CURRENT_SOURCE_DIR}/tamper_check.sh $<TARGET_FILE:approxcert> ${APPROXCERT_COQ_DIR}
                   ${CMAKE_CURRENT_SOURCE_DIR}/../checks/fang2022/main-d2k3.json fang_main_tampered
                   "/^Theorem main_d2k3_identity/s|(1 / 2)|(1 / 3)|")
  set_tests_properties(proofs.export.fang_main_rejects_wrong_target PROPERTIES
    FIXTURES_REQUIRED approxcert_coq TIMEOUT 900
    PASS_REGULAR_EXPRESSION "tamper check: OK" FAIL_REGULAR_EXPRESSION "tamper check: FAILED")
else()
  foreach(t altabaa_thm51_two_keys yun_ya_tight yun_pe_yc yun_ya_tight_rejects_swapped_budget altabaa_thm51_rejects_lower_eps kajitsuka_ka_inst kajitsuka_ka_paper kajitsuka_ka_paper_rejects_swapped_leaf
          kajitsuka_thm1 kajitsuka_cor1_ka_inst kajitsuka_prop1_p2 altabaa_lem31_strict_order claims_xy_relu
          fang_main fang_one_token fang_w2 fang_bernstein_n2 fang_main_rejects_wrong_target)
    add_test(NAME proofs.export.${t} COMMAND sh -c "echo 'coqc not found: install coq (make deps)' >&2; exit 1")
  endforeach()
endif()
