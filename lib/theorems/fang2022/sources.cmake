# Sources of lib/theorems/fang2022 (lib/theorems/CMakeLists.txt adds them to approxcert_theorems).
set(paper_sources
  bernstein.cpp
  construction.cpp
  coq_glue.cpp
  coq_program.cpp
  monomials.cpp
  programs.cpp
  register.cpp
  steps.cpp
  tables.cpp
  tempered.cpp
  unreduced.cpp
  variants.cpp
  zero_error.cpp
)
