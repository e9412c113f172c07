#pragma once
// Running the approxcert binary from the supnorm tests, and a scratch folder with a small network.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <functional>
#include <iterator>
#include <utility>
#include <vector>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "io/certificate_envelope.hpp"
#include "scalar/rational.hpp"

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

// Writes an edited copy of `cert` with its hash recomputed, beside it (the network's recorded path
// is relative to the certificate's folder): forged-<name>.json.
inline std::string forge(const Scratch& s, const nlohmann::json& cert, const std::string& name,
                         const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json c = cert;
  edit(c);
  c["sha256"] = certificate_sha256(c);
  const std::string path = (s.dir / ("forged-" + name + ".json")).string();
  std::ofstream(path) << c.dump(2);
  return path;
}

// The leaf boxes of a one-dimensional recorded cover, in pre-order (a decoder written here,
// independent of the library's).
inline std::vector<std::pair<Rational, Rational>> leaf_intervals(const nlohmann::json& cover, Rational lo, Rational hi) {
  std::vector<std::pair<Rational, Rational>> leaves;
  std::vector<std::pair<Rational, Rational>> stack{{lo, hi}};
  std::size_t cut = 0;
  for (char c : cover["tree"].get<std::string>()) {
    const auto [a, b] = stack.back();
    stack.pop_back();
    if (c == 'L') {
      leaves.push_back({a, b});
      continue;
    }
    const nlohmann::json& k = cover["cuts"][cut++];
    const Rational at = k.is_array() ? parse_rational(k[1].get<std::string>()) : (a + b) / Rational(2);
    stack.push_back({at, b});
    stack.push_back({a, at});
  }
  return leaves;
}

// A copy of the scratch folder's net.json with one weight changed (-1 to -2): net2.json.
inline std::string changed_network(const Scratch& s) {
  std::string bytes;
  {
    std::ifstream in(s.path("net.json"));
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t at = bytes.find("[\"-1\"]");
  REQUIRE(at != std::string::npos);
  bytes[at + 3] = '2';
  std::ofstream(s.path("net2.json")) << bytes;
  return s.path("net2.json");
}

// verify of `cert` against the changed network (changed_network) fails: exit 1, the file named.
inline void check_changed_network_refused(const Scratch& s, const std::string& cert) {
  const Run byte = run_cli("verify " + cert + " --net " + changed_network(s), s.dir);
  CHECK(byte.status == 1);
  CHECK(byte.out.find("not the one certified") != std::string::npos);
}

}  // namespace approxcert::supnorm_test
