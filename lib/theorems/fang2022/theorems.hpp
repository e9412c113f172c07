#pragma once
// The chain builders of the fang2022 family.
#include "chain/chain.hpp"
#include "chain/parameters.hpp"
#include "net/program.hpp"

#include <optional>
#include <string>
#include <vector>

namespace approxcert::theorems::fang2022 {
chain::Chain build_zero_error(const chain::Parameters& prm);    // zero_error.cpp
chain::Chain build_one_token(const chain::Parameters& prm);     // variants.cpp
chain::Chain build_cube_blocks(const chain::Parameters& prm);   // variants.cpp
chain::Chain build_bernstein(const chain::Parameters& prm);     // bernstein.cpp
chain::Chain build_size_table(const chain::Parameters& prm);    // tables.cpp
chain::Chain build_conditioning(const chain::Parameters& prm);  // tables.cpp
chain::Chain build_tempered(const chain::Parameters& prm);      // tempered.cpp
chain::Chain build_unreduced(const chain::Parameters& prm);     // unreduced.cpp

// The programs the chains evaluate, rebuilt from an instance's parameters (checked as by the
// builders) for the Coq export (coq_glue.cpp).
struct ZeroErrorPrograms {
  Program T;  // x -> T_c(x), the read-out of token 0 of the built construction
  Program p;  // x -> p(x), the target
};
ZeroErrorPrograms zero_error_programs(const chain::Parameters& prm);      // zero_error.cpp
ZeroErrorPrograms unreduced_programs(const chain::Parameters& prm);       // unreduced.cpp: 2.7(b)
Program one_token_program(const chain::Parameters& prm);                  // variants.cpp: outputs R_0..R_k, ...
std::vector<std::string> one_token_states(const chain::Parameters& prm);  // "1", "x0", "x0*x0", ... (R_0..R_k)
Program cube_program(const chain::Parameters& prm);                       // variants.cpp: outputs h_0..h_b
struct BernsteinPrograms {
  Program bn;                // x -> B_n f(x)
  Program f;                 // x -> f(x)
  std::optional<Program> T;  // x -> T_c(x) when the instance builds the network
};
BernsteinPrograms bernstein_programs(const chain::Parameters& prm);  // bernstein.cpp
}  // namespace approxcert::theorems::fang2022
