# Sources of lib/theorems/claims (lib/theorems/CMakeLists.txt adds them to approxcert_theorems).
set(paper_sources
  claims.cpp
  coq_glue.cpp
)
