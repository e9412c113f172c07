// Every command's --help (and so its man page) shows its own example and exit statuses, its
// description is one line (the man page's NAME summary), and counts in messages agree with
// their nouns ("1 input", not "1 inputs"). The commands come from the binary itself.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "../net/onnx_model_builder.hpp"
#include "cli_support.hpp"

using namespace approxcert::cli::test;

namespace {
std::size_t occurrences(const std::string& text, const std::string& word) {
  std::size_t n = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("cli help: every command shows one example of itself, its exit statuses and a one-line description") {
  ScratchDir s("help");
  const Run iface = run_cli("--interface-json", s);
  REQUIRE(iface.status == 0);
  const auto doc = nlohmann::json::parse(iface.out);
  REQUIRE(doc.at("commands").size() >= 9);
  for (const auto& c : doc.at("commands")) {
    const std::string name = c.at("name");
    CAPTURE(name);
    const std::string description = c.at("description");
    CHECK(!description.empty());
    CHECK(description.find('\n') == std::string::npos);
    const Run help = run_cli(name + " --help", s);
    REQUIRE(help.status == 0);
    CHECK(occurrences(help.out, "Example:") == 1);
    CHECK(help.out.find("Example:\n  approxcert " + name + " ") != std::string::npos);
    CHECK(help.out.find("Exit status") != std::string::npos);
    // Every value names its kind (FILE, NUMBER, EXPR, ...); CLI11's "TEXT" only with a choice list.
    for (const auto& o : c.at("options")) {
      CAPTURE(o.at("names").dump());
      if (o.at("takes_value")) CHECK((o.at("value") != "TEXT" || o.contains("choices")));
    }
    for (auto at = help.out.find(" TEXT"); at != std::string::npos; at = help.out.find(" TEXT", at + 1))
      CHECK(help.out.compare(at, 7, " TEXT:{") == 0);
  }
}

namespace {
// A one-layer ONNX model y = 2 x (MatMul), written with the tests' ONNX model builder.
void write_one_layer_onnx(const std::string& path) {
  approxcert::test::ModelBuilder m({1, 1});
  m.raw_floats("W", {1, 1}, {2.0f});
  m.node("MatMul", {"x", "W"}, "y");
  std::ofstream(path, std::ios::binary) << m.bytes("y");
}
}  // namespace

TEST_CASE("cli help: counts agree with their nouns") {
  ScratchDir s("counts");
  write_one_layer_onnx(s.path("one.onnx"));
  const Run one = run_cli("import " + s.path("one.onnx") + " -o " + s.path("one.json"), s);
  REQUIRE(one.status == 0);
  CHECK(one.out.find("(1 layer, 1 input, 1 output)") != std::string::npos);
  const Run two = run_cli("build altabaa2024/voronoi-threshold --param m=2 -o " + s.path("two.json"), s);
  REQUIRE(two.status == 0);
  CHECK(two.out.find("1 input, 2 outputs)") != std::string::npos);
}

TEST_CASE("cli import --json: one JSON object naming what was written") {
  ScratchDir s("import-json");
  write_one_layer_onnx(s.path("one.onnx"));
  const Run r = run_cli("import " + s.path("one.onnx") + " -o " + s.path("n.json") + " --json", s);
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("command") == "import");
  CHECK(j.at("output") == s.path("n.json"));
  CHECK(j.at("layers") == 1);
  CHECK(j.at("inputs") == 1);
  CHECK(j.at("outputs") == 1);
  CHECK(std::filesystem::exists(s.path("n.json")));
}
