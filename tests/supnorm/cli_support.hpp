#pragma once
// For the supnorm tests of the approxcert command: forged certificates, recorded covers and a
// changed network, on reference/scratch_dir.hpp and tests/run_cli.hpp.
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "../cli/cli_support.hpp"
#include "io/certificate_envelope.hpp"
#include "scalar/rational.hpp"

namespace approxcert::supnorm_test {

using approxcert::cli::test::identity_net;
using approxcert::test::Run;
using approxcert::test::run_cli;
using approxcert::test::ScratchDir;

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

// Writes an edited copy of `cert` with its hash recomputed, beside it (the network's recorded path
// is relative to the certificate's folder): forged-<name>.json.
inline std::string forge(const ScratchDir& s, const nlohmann::json& cert, const std::string& name,
                         const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json c = cert;
  edit(c);
  c["sha256"] = certificate_sha256(c);
  const std::string path = s.path("forged-" + name + ".json");
  std::ofstream(path) << c.dump(2);
  return path;
}

// The leaf boxes of a one-dimensional recorded cover, in pre-order (a decoder written here,
// independent of the library's).
inline std::vector<std::pair<Rational, Rational>> leaf_intervals(const nlohmann::json& cover, Rational lo,
                                                                 Rational hi) {
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

// A copy of the scratch folder's net.json (identity_net) with one weight changed (-1 to -2): net2.json.
inline std::string changed_network(const ScratchDir& s) {
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
inline void check_changed_network_refused(const ScratchDir& s, const std::string& cert) {
  const Run byte = run_cli("verify " + cert + " --net " + changed_network(s), s);
  CHECK(byte.status == 1);
  CHECK(byte.out.find("not the one certified") != std::string::npos);
}

}  // namespace approxcert::supnorm_test
