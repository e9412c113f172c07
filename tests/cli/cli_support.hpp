#pragma once
// Running the built approxcert binary from tests: status, stdout and stderr of one command line
// (shell words), in a scratch folder removed afterwards.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace approxcert::cli::test {

struct Run {
  int status;
  std::string out, err;
  double seconds;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Scratch {
 public:
  explicit Scratch(const std::string& tag)
      : dir_(std::filesystem::temp_directory_path() / ("approxcert-cli-" + tag + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~Scratch() { std::filesystem::remove_all(dir_); }
  Scratch(const Scratch&) = delete;
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  const std::filesystem::path& dir() const { return dir_; }
  void write(const std::string& name, const std::string& text) const {
    std::filesystem::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name) << text;
  }

  // Runs `approxcert ARGS` with stdout and stderr to files (so stderr is not a terminal).
  Run run(const std::string& args) const { return run_in("", args); }
  // The same from the scratch folder's subfolder `folder` ("" for the current folder), as a user
  // or a CI job in a repository runs it.
  Run run_in(const std::string& folder, const std::string& args) const {
    const auto out = dir_ / ".stdout", err = dir_ / ".stderr";
    const std::string cd = folder.empty() ? "" : "cd '" + path(folder) + "' && ";
    const std::string cmd = cd + std::string(APPROXCERT_BIN) + " " + args + " > " + out.string() + " 2> " + err.string();
    const auto start = std::chrono::steady_clock::now();
    const int raw = std::system(cmd.c_str());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out), slurp(err), seconds};
  }

 private:
  std::filesystem::path dir_;
};

// The network relu(x) - relu(-x) = x (one input, one output).
inline const char* identity_net() {
  return R"({"format": "approxcert-net/1", "input": {"dim": 1},
      "layers": [{"type": "dense", "weight": [["1"], ["-1"]], "bias": ["0", "0"]}, {"type": "relu"},
                 {"type": "dense", "weight": [["1", "-1"]], "bias": ["0"]}]})";
}

inline std::string data_dir() { return std::string(APPROXCERT_SOURCE_DIR) + "/tests/chain/data/"; }

}  // namespace approxcert::cli::test
