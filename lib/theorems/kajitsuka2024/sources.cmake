# Sources of lib/theorems/kajitsuka2024 (lib/theorems/CMakeLists.txt adds them to approxcert_theorems).
set(paper_sources
  context.cpp
  contextual_steps.cpp
  coq_glue.cpp
  coq_memorisation_glue.cpp
  coq_proposition_glue.cpp
  instance.cpp
  memorisation_steps.cpp
  memoriser.cpp
  proposition_1.cpp
  register.cpp
  theorem_1.cpp
)
