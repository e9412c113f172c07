# Sources of lib/theorems/yun2020 (lib/theorems/CMakeLists.txt adds them to approxcert_theorems).
set(paper_sources
  assembly.cpp
  config.cpp
  constants.cpp
  construction.cpp
  constructions.cpp
  context.cpp
  contextual_steps.cpp
  coq_glue.cpp
  error_steps.cpp
  grid.cpp
  phi_layer.cpp
  register.cpp
  softmax_steps.cpp
  stages.cpp
  sweep.cpp
)
