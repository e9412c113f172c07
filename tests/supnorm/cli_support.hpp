#pragma once
// Running the approxcert binary from the supnorm tests, and a scratch folder with a small network.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace approxcert::supnorm_test {

struct Run {
  int status;
  std::string out, err;
};

// Runs the CLI with `args` (shell words) in the current directory, capturing stdout and stderr.
inline Run run_cli(const std::string& args, const std::filesystem::path& dir) {
  const std::filesystem::path err = dir / "stderr.txt";
  const std::string cmd = std::string(APPROXCERT_BIN) + " " + args + " 2>" + err.string();
  FILE* pipe = ::popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  Run r;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) r.out += buf.data();
  const int raw = ::pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream e(err);
  std::ostringstream s;
  s << e.rdbuf();
  r.err = s.str();
  return r;
}

// A fresh folder holding net.json: relu(x) - relu(-x), which is x, on one input.
struct Scratch {
  std::filesystem::path dir;
  explicit Scratch(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("approxcert-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "net.json") << R"({"format": "approxcert-net/1", "input": {"dim": 1},
      "layers": [{"type": "dense", "weight": [["1"], ["-1"]], "bias": ["0", "0"]}, {"type": "relu"},
                 {"type": "dense", "weight": [["1", "-1"]], "bias": ["0"]}]})";
  }
  ~Scratch() { std::filesystem::remove_all(dir); }
  std::string path(const std::string& name) const { return (dir / name).string(); }
};

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

}  // namespace approxcert::supnorm_test
