// `approxcert coq` (lib/chain/coq_export.hpp): Coq spelling of exact values, the export of proved,
// refuted and unknown steps, the Coq glue of each theorem (StepSpec::coq_proof, the conclusion hook),
// and the command's bad-input behaviour (exit 2, no file). Compiling exports with coqc is done by
// the ctest tests proofs.export.* (proofs/export_tests.cmake).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "../run_cli.hpp"
#include "chain/certificate.hpp"
#include "chain/coq_export.hpp"
#include "chain/coq_hook.hpp"
#include "chain/coq_text.hpp"
#include "chain/instance.hpp"
#include "chain_test_support.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;
using namespace approxcert::chain::test;
using approxcert::test::Run;
using approxcert::test::run_cli;

namespace {

const std::string kProofs = std::string(APPROXCERT_SOURCE_DIR) + "/proofs";

// True if proofs/<File>.v (qualified "File.name") or any proofs/*.v (plain "name") declares
// `name` as a Lemma, Theorem, Corollary or Definition.
bool proofs_declare(const std::string& qualified) {
  const auto dot = qualified.rfind('.');
  const std::string name = dot == std::string::npos ? qualified : qualified.substr(dot + 1);
  const std::regex decl("^\\s*(Lemma|Theorem|Corollary|Definition)\\s+" + name + "([^A-Za-z0-9_']|$)");
  std::vector<std::filesystem::path> files;
  if (dot != std::string::npos) files.push_back(kProofs + "/" + qualified.substr(0, dot) + ".v");
  else
    for (const auto& f : std::filesystem::directory_iterator(kProofs))
      if (f.path().extension() == ".v") files.push_back(f.path());
  for (const auto& f : files) {
    std::ifstream in(f);
    for (std::string line; std::getline(in, line);)
      if (std::regex_search(line, decl)) return true;
  }
  return false;
}

nlohmann::json demo_certificate(const std::string& check_file) {
  const CheckRun run = run_check(demo_registry(), read_check_file(data_file(check_file)));
  return make_certificate(run.run);
}

}  // namespace

TEST_CASE("coq export: exact rationals are spelled (P / Q), integers bare, negatives parenthesised") {
  CHECK(coq_real(Rational(5)) == "5");
  CHECK(coq_real(Rational(-2)) == "(-2)");
  CHECK(coq_real(Rational(0)) == "0");
  CHECK(coq_real(parse_rational("0.75")) == "(3 / 4)");
  CHECK(coq_real(parse_rational("-6/8")) == "(-3 / 4)");
  CHECK(coq_real(parse_rational("1e-40")) == "(1 / 10000000000000000000000000000000000000000)");
  CHECK(coq_identifier("thm51-retrieval-two-keys") == "thm51_retrieval_two_keys");
  CHECK(coq_identifier("7x") == "i_7x");
}

TEST_CASE("coq export: comment text cannot close the comment, open a string or name a forbidden word") {
  const std::string t = coq_comment_text("a *) b (* \"q\" Admitted admit Parameters Hypothesis admitting");
  CHECK(t.find("*)") == std::string::npos);
  CHECK(t.find("(*") == std::string::npos);
  CHECK(t.find('"') == std::string::npos);
  CHECK(t.find("Admitted_ admit_ Parameters_ Hypothesis_ admitting") != std::string::npos);
}

// The StepSpecs of the chain of every instance under checks/ and of the demo theorem (built, not run).
std::vector<StepSpec> registered_specs() {
  std::vector<StepSpec> specs;
  auto add = [&](const TheoremRegistry& registry, const std::string& path) {
    const CheckFile file = read_check_file(path);
    const Theorem& t = registry.get(file.theorem, JsonAt(path).key("theorem"));
    const Chain chain = t.build(Parameters(file.parameters, JsonAt(path).key("parameters")));  // keep it alive
    for (const auto& e : chain.steps()) specs.push_back(e.spec);
  };
  for (const CheckFile& file : read_check_files({std::string(APPROXCERT_SOURCE_DIR) + "/checks"}).files)
    add(theorems::builtin_theorems(), file.path);
  add(demo_registry(), data_file("demo_proved.json"));
  return specs;
}

TEST_CASE("coq export: every step names a proofs/ lemma that exists, or says why there is none") {
  const std::vector<StepSpec> specs = registered_specs();
  REQUIRE(specs.size() > 40);
  std::size_t with_lemma = 0;
  for (const StepSpec& s : specs) {
    INFO("coq_lemma " << s.coq_lemma << " -> " << s.coq_proof);
    if (s.coq_proof.empty()) CHECK((!s.coq_note.empty() || proofs_declare(s.coq_lemma)));
    else {
      CHECK(proofs_declare(s.coq_proof));
      ++with_lemma;
    }
  }
  CHECK(with_lemma > 20);
  // The test can fail: a name that is not in proofs/.
  CHECK_FALSE(proofs_declare("AltabaaSoftmax.no_such_lemma"));
  CHECK(proofs_declare("AltabaaSoftmax.altabaa_thm51_retrieval_eps"));
  CHECK(proofs_declare("yun_y13_duplicate_error"));
}

TEST_CASE("coq export: the step comments and the instance theorem come from the theorem's registration") {
  const nlohmann::json cert = demo_certificate("demo_proved.json");
  // The demo theorem's specs say why no lemma combines its steps.
  CHECK(coq_export(demo_registry(), cert, "d.json")
            .text.find("No Coq chain lemma: demo theorem: elementary leaves only.") != std::string::npos);
  // Without the theorem in the registry there is no glue at all.
  const CoqExport bare = coq_export(TheoremRegistry{}, cert, "d.json");
  CHECK(bare.text.find("The exporter knows no proofs/ lemma for this step.") != std::string::npos);
  CHECK(bare.text.find("No chain lemma of proofs/ is applied for demo/constants") != std::string::npos);
  CHECK(bare.theorems.empty());
  // A registration with a conclusion hook: the hook sees the recorded steps and its text is the
  // file's last section.
  TheoremRegistry with_hook;
  const Theorem& demo = *demo_registry().find("demo/constants");
  with_hook.add(
      demo.info, demo.build, [](const nlohmann::json&, const std::vector<CoqStep>& steps, const std::string& inst) {
        const CoqStep* d3 = find_coq_step(steps, "D3");
        REQUIRE(d3 != nullptr);
        const auto n = reported_exact(d3, "n");
        REQUIRE(n.has_value());
        return CoqConclusion{
            {"Splits"},
            "Theorem " + inst + "_n : " + coq_real(*n) + " = " + coq_real(*n) + ".\nProof. reflexivity. Qed.\n",
            {inst + "_n"}};
      });
  const CoqExport hooked = coq_export(with_hook, cert, "d.json");
  REQUIRE(hooked.theorems.size() == 1);
  CHECK(hooked.theorems[0] == coq_identifier(cert["instance"].get<std::string>()) + "_n");
  CHECK(hooked.text.ends_with("Theorem " + hooked.theorems[0] + " : 10 = 10.\nProof. reflexivity. Qed.\n"));
  CHECK(hooked.text.find("Require Import Leaf Sums Splits.") != std::string::npos);
}

TEST_CASE("coq export: proved steps become leaves and step facts over the recorded rationals") {
  const nlohmann::json cert = demo_certificate("demo_proved.json");
  const CoqExport e = coq_export(demo_registry(), cert, "demo_proved.json");
  CHECK(e.facts == cert["steps"].size());
  CHECK(e.negations == 0);
  CHECK(e.skipped == 0);
  CHECK(e.theorems.empty());
  CHECK(e.text.find("From Approxcert Require Import Leaf Sums.") != std::string::npos);
  // D1: e <= b with the recorded upper end of e and b exact.
  const Rational e_upper = parse_rational(cert["steps"][0]["lhs"]["upper"].get<std::string>());
  const Rational b = parse_rational(cert["steps"][0]["rhs"]["exact"].get<std::string>());
  CHECK(e.text.find("Lemma leaf_demo_D1 : " + coq_real(e_upper) + " <= " + coq_real(b) + ".") != std::string::npos);
  CHECK(e.text.find("Lemma step_demo_D1 : forall l r : R,") != std::string::npos);
  // D2 is a range claim.
  CHECK(e.text.find("Lemma step_demo_D2 : forall l r h : R,") != std::string::npos);
  CHECK(e.text.find("r <= l <= h.") != std::string::npos);
  for (const char* word : {"Admitted", "Axiom", "Parameter", "Hypothesis", "Variable"})
    CHECK(std::regex_search(e.text, std::regex(std::string("\\b") + word + "\\b")) == false);
}

TEST_CASE("coq export: a refuted step is exported as its negation, an unknown one is not a fact") {
  nlohmann::json cert = demo_certificate("demo_refuted.json");
  REQUIRE(cert["steps"][0]["verdict"] == "refuted");
  CoqExport e = coq_export(demo_registry(), cert, "demo_refuted.json");
  CHECK(e.negations == 1);
  const Rational e_lower = parse_rational(cert["steps"][0]["lhs"]["lower"].get<std::string>());
  // e <= 2.71 refuted: 2.71 < lower(e), and the step fact concludes l > r.
  CHECK(e.text.find("Lemma leaf_demo_D1 : (271 / 100) < " + coq_real(e_lower) + ".") != std::string::npos);
  CHECK(e.text.find("REFUTED") != std::string::npos);
  CHECK(e.text.find("  l > r.") != std::string::npos);

  // An unknown step: no leaf, no step fact.
  cert["steps"][0]["verdict"] = "unknown";
  cert["steps"][0]["lhs"] = {{"lower", "2"}, {"upper", "3"}, {"evidence", {{"kind", "ball"}}}};
  e = coq_export(demo_registry(), cert, "edited.json");
  CHECK(e.skipped == 1);
  CHECK(e.text.find("leaf_demo_D1") == std::string::npos);
  CHECK(e.text.find("step_demo_D1") == std::string::npos);
  CHECK(e.text.find("an unknown verdict is not a fact") != std::string::npos);
}

TEST_CASE("cli: approxcert coq writes the file, and bad input is exit 2 with no file") {
  ScratchDir dir("coq_cli");
  REQUIRE(run_cli("check " + data_file("demo_proved.json") + " --out " + dir.path("certs"), dir).status == 0);
  const std::string cert = dir.path("certs/demo/demo_proved.json");
  Run r = run_cli("coq " + cert + " -o " + dir.path("demo_ok.v"), dir);
  CHECK(r.status == 0);
  CHECK(r.out.find("7 proved steps as leaves") != std::string::npos);
  CHECK(std::filesystem::exists(dir.path("demo_ok.v")));

  // Not a module name.
  r = run_cli("coq " + cert + " -o " + dir.path("demo-bad.v"), dir);
  CHECK(r.status == 2);
  CHECK(r.err.find("Coq module name") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.path("demo-bad.v")));
  // Missing certificate.
  r = run_cli("coq " + dir.path("missing.json") + " -o " + dir.path("demo_missing.v"), dir);
  CHECK(r.status == 2);
  CHECK_FALSE(std::filesystem::exists(dir.path("demo_missing.v")));
  // A changed digit: the hash check rejects it, nothing is written.
  const std::string text = read_file(cert);
  write_file(dir.path("tampered.json"), replace_after(text, "\"rhs\"", "\"exact\": \"", "\"exact\": \"1"));
  r = run_cli("coq " + dir.path("tampered.json") + " -o " + dir.path("demo_tampered.v"), dir);
  CHECK(r.status == 2);
  CHECK(r.err.find("not a valid certificate") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.path("demo_tampered.v")));
  // Not a chain certificate.
  write_file(dir.path("other.json"), "{\"format\": \"approxcert-cert/1\", \"kind\": \"supnorm\"}");
  r = run_cli("coq " + dir.path("other.json") + " -o " + dir.path("demo_other.v"), dir);
  CHECK(r.status == 2);
  CHECK(r.err.find("kind") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.path("demo_other.v")));
}
