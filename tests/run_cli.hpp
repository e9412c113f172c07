#pragma once
// The tests' one way to run a command: the built approxcert binary with arguments (run_cli), or
// any shell command line (run_command), with its exit status, stdout and stderr. Both streams go
// to files in a scratch folder, so neither is a terminal.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "reference/scratch_dir.hpp"

namespace approxcert::test {

struct Run {
  int status;  // the exit status, or -1 if the command did not exit (a signal)
  std::string out, err;
  double seconds;  // wall-clock time of the run
};

// Runs the shell command line `command`, from `scratch`'s subfolder `folder` when it is not empty.
inline Run run_command(const std::string& command, const ScratchDir& scratch, const std::string& folder = "") {
  const std::string out = scratch.path(".stdout"), err = scratch.path(".stderr");
  const std::string cd = folder.empty() ? "" : "cd '" + scratch.path(folder) + "' && ";
  const std::string line = cd + "(" + command + ") > '" + out + "' 2> '" + err + "'";
  const auto start = std::chrono::steady_clock::now();
  const int raw = std::system(line.c_str());
  REQUIRE_MESSAGE(raw != -1, "could not start a shell for: ", line);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto slurp = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  };
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out), slurp(err), seconds};
}

// Runs `approxcert ARGS` (ARGS in shell words), from `scratch`'s subfolder `folder` when not empty.
inline Run run_cli(const std::string& args, const ScratchDir& scratch, const std::string& folder = "") {
  return run_command(std::string(APPROXCERT_BIN) + " " + args, scratch, folder);
}

}  // namespace approxcert::test
