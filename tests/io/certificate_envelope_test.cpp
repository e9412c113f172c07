// The one certificate envelope: the canonical text is the sorted compact JSON without "sha256" and
// every "elapsed_seconds" (compared with a hand-written literal); the reader refuses floats,
// duplicate keys, a wrong format and a missing kind, naming the file and the member.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "io/certificate_envelope.hpp"
#include "io/sha256.hpp"
#include "reference/scratch_dir.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
namespace fs = std::filesystem;

TEST_CASE("certificate envelope: canonical text and hash") {
  const nlohmann::json c = nlohmann::json::parse(
      R"({"kind": "supnorm", "format": "approxcert-cert/1", "sha256": "x", "elapsed_seconds": "1.5",
          "b": {"elapsed_seconds": "2", "z": 1, "a": [true, null, "s"]}})");
  const std::string expected = R"({"b":{"a":[true,null,"s"],"z":1},"format":"approxcert-cert/1","kind":"supnorm"})";
  CHECK(canonical_certificate_text(c) == expected);
  CHECK(certificate_sha256(c) == sha256_hex(expected));
}

TEST_CASE("certificate envelope: the reader is exact and names what is wrong") {
  const approxcert::test::ScratchDir dir("envelope");
  auto write = [&](const std::string& name, const std::string& text) { return dir.write(name, text); };
  const nlohmann::json ok = read_certificate_file(
      write("ok.json", R"({"format": "approxcert-cert/1", "kind": "x", "n": 18446744073709551615})"));
  CHECK(certificate_kind(ok) == "x");
  CHECK(ok["n"].get<std::uint64_t>() == 18446744073709551615ull);
  const std::pair<std::string, std::string> bad[] = {
      {R"({"format": "approxcert-cert/1", "kind": "x", "t": 1.5})", "/t"},
      {R"({"format": "approxcert-cert/1", "kind": "x", "t": 1e3})", "/t"},
      {R"({"format": "approxcert-cert/1", "kind": "x", "t": 18446744073709551616})", "/t"},
      {R"({"format": "approxcert-cert/1", "kind": "x", "kind": "y"})", "kind"},
      {R"({"format": "approxcert-cert/2", "kind": "x"})", "/format"},
      {R"({"format": "approxcert-cert/1"})", "/kind"},
      {R"({"format": "approxcert-cert/1", "kind": 3})", "/kind"},
      {R"([1, 2])", "bad.json"},
  };
  for (const auto& [text, needle] : bad) {
    CAPTURE(text);
    const std::string path = write("bad.json", text);
    CHECK_THROWS_WITH_AS(read_certificate_file(path), doctest::Contains(needle.c_str()), InputError);
  }
}
