# Sources of lib/theorems/wright2021 (lib/theorems/CMakeLists.txt adds them to approxcert_theorems).
set(paper_sources
  attention.cpp
  attention_head.cpp
  binary_representer.cpp
  coq_glue.cpp
  feature_map.cpp
  gram_claims.cpp
  infinite_rank.cpp
  kernel.cpp
  lr_representer.cpp
  register.cpp
  representer.cpp
  rescaling.cpp
  truncation.cpp
  uat_chain.cpp
)
