# Sources of lib/theorems/demo (lib/theorems/CMakeLists.txt adds them to approxcert_theorems).
set(paper_sources
  demo_theorem.cpp
)
