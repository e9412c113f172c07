#pragma once
// Shared by the claim-file tests: the worked example, and the message a check file is refused with.
#include <string>

#include "../chain/chain_test_support.hpp"
#include "chain/instance.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::chain::test {

inline const std::string kClaimsExample = std::string(APPROXCERT_SOURCE_DIR) + "/checks/claims/xy-relu.json";

// The InputError message of reading and running `file`, or "<accepted>".
inline std::string check_file_error(const std::string& file) {
  try {
    run_check(theorems::builtin_theorems(), read_check_file(file));
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

}  // namespace approxcert::chain::test
