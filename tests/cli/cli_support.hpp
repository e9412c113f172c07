#pragma once
// For the tests of the approxcert command: the scratch folder and the runner every test uses
// (reference/scratch_dir.hpp, tests/run_cli.hpp), a file reader, a small network and the chain data.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../run_cli.hpp"
#include "reference/scratch_dir.hpp"

namespace approxcert::cli::test {

using approxcert::test::Run;
using approxcert::test::run_cli;
using approxcert::test::ScratchDir;

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The network relu(x) - relu(-x) = x (one input, one output).
inline const char* identity_net() {
  return R"({"format": "approxcert-net/1", "input": {"dim": 1},
      "layers": [{"type": "dense", "weight": [["1"], ["-1"]], "bias": ["0", "0"]}, {"type": "relu"},
                 {"type": "dense", "weight": [["1", "-1"]], "bias": ["0"]}]})";
}

inline std::string data_dir() { return std::string(APPROXCERT_SOURCE_DIR) + "/tests/chain/data/"; }

}  // namespace approxcert::cli::test
