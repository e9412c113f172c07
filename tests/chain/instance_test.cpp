// Check files and parameters: every input error names the file and the JSON path; expectations
// are compared step by step; unread parameters are refused.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "chain_test_support.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;

namespace {

std::string check_error(const ScratchDir& dir, const std::string& body) {
  const std::string path = dir.path("x.json");
  write_file(path, body);
  try {
    run_check(demo_registry(), read_check_file(path));
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

// The message of the InputError read_check_files(paths) throws ("<accepted>" if none).
std::string read_error(const std::vector<std::string>& paths) {
  try {
    read_check_files(paths);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

std::string with(const std::string& theorem, const std::string& params,
                 const std::string& expected = R"({"D1": "proved"})") {
  return R"({"format": "approxcert-check/1", "theorem": ")" + theorem + R"(", "parameters": )" + params +
         R"(, "expected": )" + expected + "}";
}

}  // namespace

TEST_CASE("instance: a check file runs and its expectations are compared") {
  const CheckRun ok = run_check(demo_registry(), read_check_file(data_file("demo_proved.json")));
  CHECK(ok.mismatches.empty());
  CHECK(ok.run.instance == "demo_proved");
  CHECK(ok.run.theorem.paper == "demo");
  CHECK(ok.run.result.overall == Verdict::Proved);

  ScratchDir dir("instance");
  write_file(
      dir.path("y.json"),
      with(
          "demo/constants", R"({"b": "2.71", "n": 2, "m": 2})",
          R"({"D1": "proved", "D2": "proved", "D3": "proved", "D4": "proved", "D5": "proved", "D7": "proved", "overall": "proved"})"));
  const CheckRun bad = run_check(demo_registry(), read_check_file(dir.path("y.json")));
  REQUIRE(bad.mismatches.size() == 2);
  CHECK(bad.mismatches[0].step == "D1");
  CHECK(bad.mismatches[0].expected == "proved");
  CHECK(bad.mismatches[0].actual == "refuted");
  CHECK(bad.mismatches[1].step == "overall");
  // D6 has no expected verdict: not compared, and listed as such.
  CHECK(bad.not_compared == std::vector<std::string>{"D6"});
  CHECK(ok.not_compared.empty());
}

TEST_CASE("instance: an expected object that lists no verdict is refused") {
  ScratchDir dir("instance_no_expected");
  CHECK(check_error(dir, with("demo/constants", R"({"b": "2.71", "n": 1, "m": 1})", "{}")) ==
        dir.path("x.json") +
            ": /expected: lists no verdict: give at least one step's or \"overall\"'s expected verdict");
}

TEST_CASE("instance: build and step times are measured apart") {
  const CheckRun run = run_check(demo_registry(), read_check_file(data_file("demo_proved.json")));
  CHECK(run.run.build_seconds >= 0);
  CHECK(run.run.result.elapsed_seconds >= 0);
  const nlohmann::json c = make_certificate(run.run);
  const auto seconds = [&](const char* k) { return std::stod(c.at(k).get<std::string>()); };
  // elapsed is the total, written to 3 decimals (each rounded: the sum may differ by 1 ms)
  CHECK(std::abs(seconds("elapsed_seconds") - seconds("build_seconds") - seconds("steps_seconds")) <= 0.0011);
  nlohmann::json changed = c;
  changed["build_seconds"] = "99.000";
  changed["steps_seconds"] = "1.000";
  CHECK(certificate_hash(changed) == c.at("sha256"));  // timings are outside the hash
}

TEST_CASE("instance: a folder without check files is an input error") {
  ScratchDir dir("instance_no_files");
  CHECK(read_error({dir.dir().string()}) == dir.dir().string() + ": no check or claim file (*.json) found");
  // Only files that are not check files: still an input error, naming what was skipped.
  write_file(dir.path("net.json"), R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": []})");
  CHECK(read_error({dir.dir().string()}) ==
        dir.dir().string() +
            ": no check or claim file (*.json) found; skipped 1 file that is not a check or "
            "claim file: " +
            dir.path("net.json") + " (format approxcert-net/1)");
}

TEST_CASE("instance: a folder's other JSON files are skipped and listed, a check file's errors are not") {
  ScratchDir dir("instance_skipped");
  write_file(dir.path("a_check.json"), with("demo/constants", R"({"b": "2.72", "n": 1, "m": 1})"));
  write_file(dir.path("b_net.json"), R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": []})");
  write_file(dir.path("c_reference.json"), R"({"values": [1, 2, 3]})");
  write_file(dir.path("d_list.json"), "[1, 2]");
  write_file(dir.path("e_numbered.json"), R"({"format": 3})");
  std::filesystem::create_directories(dir.path("z_sub"));
  write_file(dir.path("z_sub/notes.json"), R"({"format": "approxcert-cert/1"})");
  const CheckInputs in = read_check_files({dir.dir().string()});
  REQUIRE(in.files.size() == 1);
  CHECK(in.files[0].path == dir.path("a_check.json"));
  CHECK(in.files[0].theorem == "demo/constants");
  REQUIRE(in.skipped.size() == 5);
  CHECK(in.skipped[0].path == dir.path("b_net.json"));
  CHECK(in.skipped[0].format == std::optional<std::string>("approxcert-net/1"));
  CHECK(in.skipped[1].path == dir.path("c_reference.json"));
  CHECK(!in.skipped[1].format);
  CHECK(!in.skipped[2].format);  // not an object
  CHECK(!in.skipped[3].format);  // "format" not a string
  CHECK(in.skipped[4].path == dir.path("z_sub/notes.json"));
  CHECK(in.skipped[4].format == std::optional<std::string>("approxcert-cert/1"));
  CHECK(skipped_text({in.skipped[0], in.skipped[1]}) ==
        "skipped 2 files that are not a check or claim file: " + dir.path("b_net.json") +
            " (format approxcert-net/1), " + dir.path("c_reference.json") + " (no format)");
  CHECK(skipped_json({in.skipped[0], in.skipped[1]}).dump() ==
        nlohmann::ordered_json::array({{{"file", dir.path("b_net.json")}, {"format", "approxcert-net/1"}},
                                       {{"file", dir.path("c_reference.json")}, {"format", nullptr}}})
            .dump());

  // A file given by name is read as a check file whatever it holds.
  CHECK(read_error({dir.path("b_net.json")}) ==
        dir.path("b_net.json") +
            ": /format: expected \"approxcert-check/1\" (or "
            "\"approxcert-claims/1\" for a claim file), got \"approxcert-net/1\"");
  // A file that says it is a check file and is malformed fails the run, as does one that is not JSON.
  write_file(dir.path("f_bad_check.json"), R"({"format": "approxcert-check/1", "theorem": "demo/constants"})");
  CHECK(read_error({dir.dir().string()}) ==
        dir.path("f_bad_check.json") + ": top level: missing required key \"parameters\" in a check file");
  std::filesystem::remove(dir.path("f_bad_check.json"));
  write_file(dir.path("g_bad_claims.json"), R"({"format": "approxcert-claims/1"})");
  CHECK(read_error({dir.dir().string()}).rfind(dir.path("g_bad_claims.json") + ": ", 0) == 0);
  std::filesystem::remove(dir.path("g_bad_claims.json"));
  write_file(dir.path("h_truncated.json"), R"({"format": "approxcert-check/1", "theorem": )");
  CHECK(read_error({dir.dir().string()}).rfind(dir.path("h_truncated.json") + ": ", 0) == 0);
}

TEST_CASE("instance: input errors name the file and the JSON path") {
  ScratchDir dir("instance_err");
  const std::string p = dir.path("x.json");
  CHECK(check_error(dir, with("demo/nope", R"({})")) ==
        p + ": /theorem: unknown theorem \"demo/nope\" (known: demo/constants)");
  CHECK(check_error(dir, with("demo/constants", R"({"b": "abc", "n": 1, "m": 1})")).rfind(p + ": /parameters/b: ", 0) ==
        0);
  CHECK(check_error(dir, with("demo/constants", R"({"b": 1, "n": -1, "m": 1})")).rfind(p + ": /parameters/n: ", 0) ==
        0);
  CHECK(check_error(dir, with("demo/constants", R"({"b": 1, "n": 1})")) ==
        p + ": /parameters: missing parameter \"m\"");
  CHECK(check_error(dir, with("demo/constants", R"({"b": 1, "n": 1, "m": 0})")) ==
        p + ": /parameters/m: must be at least 1");
  CHECK(check_error(dir, with("demo/constants", R"({"b": 1, "n": 1, "m": 1, "bb": 2})"))
            .rfind(p + ": /parameters/bb: unknown parameter \"bb\"", 0) == 0);
  CHECK(check_error(dir, with("demo/constants", R"({"b": 1, "n": 1, "m": 1})", R"({"D9": "proved"})"))
            .rfind(p + ": /expected/D9: theorem demo/constants has no step \"D9\"", 0) == 0);
  CHECK(check_error(dir, with("demo/constants", R"({"b": 1, "n": 1, "m": 1})", R"({"D1": "yes"})"))
            .rfind(p + ": /expected/D1: ", 0) == 0);
  CHECK(check_error(dir, R"({"format": "approxcert-check/2"})").rfind(p + ": /format: ", 0) == 0);
  CHECK(
      check_error(
          dir,
          R"({"format": "approxcert-check/1", "theorem": "demo/constants", "parameters": {}, "expected": {"overall": "proved"}, "extra": 1})")
          .rfind(p + ": /extra: unknown key", 0) == 0);
  CHECK(
      check_error(
          dir,
          R"({"format": "approxcert-check/1", "theorem": "demo/constants", "parameters": [], "expected": {"overall": "proved"}})")
          .rfind(p + ": /parameters: expected an object", 0) == 0);
  CHECK(check_error(
            dir, with("demo/constants", R"({"b": 1, "n": 1, "m": 1})").insert(1, R"("precision": {"base_bits": 8}, )"))
            .rfind(p + ": /precision/base_bits: ", 0) == 0);
  // The precision cap is kMaxPrecisionBits = 2^20 (above the old 65,536): one more bit is refused.
  CHECK(check_error(
            dir,
            with("demo/constants", R"({"b": 1, "n": 1, "m": 1})").insert(1, R"("precision": {"max_bits": 1048577}, )"))
            .rfind(p + ": /precision/max_bits: precision must be between 16 and 1048576 bits", 0) == 0);
  write_file(
      dir.path("big.json"),
      with("demo/constants", R"({"b": 1, "n": 1, "m": 1})").insert(1, R"("precision": {"max_bits": 1048576}, )"));
  CHECK(read_check_file(dir.path("big.json")).options.max_bits == 1048576);
  CHECK(read_error({dir.path("missing")}) == dir.path("missing") + ": no such file or directory");
}

TEST_CASE("instance: parameters are exact and recorded as their source text") {
  ExactJson params =
      parse_exact_json(R"({"b": 0.1, "list": [1, "1/3"], "m": [["1", 2], ["3", "0x1p-2"]], "f": true, "s": "x"})", "t");
  const Parameters p(params, JsonAt("t").key("parameters"));
  CHECK(p.rational("b") == Rational(1) / Rational(10));
  CHECK(p.rationals("list")[1] == Rational(1) / Rational(3));
  CHECK(p.rational_matrix("m")[1][1] == Rational(1) / Rational(4));
  CHECK(p.flag("f"));
  CHECK(p.text("s") == "x");
  CHECK(p.count_or("absent", 7) == 7);
  CHECK_NOTHROW(p.check_all_read());
  CHECK(p.to_json().at("b") == "0.1");
  CHECK(p.to_json().at("list").at(0) == "1");

  const Parameters q(parse_exact_json(R"({"m": [["1", 2], ["3"]]})", "t"), JsonAt("t").key("parameters"));
  CHECK_THROWS_WITH_AS(q.rational_matrix("m"), "t: /parameters/m/1: row has 1 entries, row 0 has 2", InputError);
}
