# Sources of lib/theorems/altabaa2024 (lib/theorems/CMakeLists.txt adds them to approxcert_theorems).
set(paper_sources
  attention.cpp
  cell_pairs.cpp
  certify.cpp
  coq_glue.cpp
  gaussian_circle.cpp
  lemma_3_1.cpp
  register.cpp
  relation_model.cpp
  relu_interpolant.cpp
  theorem_2_1.cpp
  theorem_3_1.cpp
  theorem_4_1.cpp
  theorem_5_1.cpp
  voronoi.cpp
)
