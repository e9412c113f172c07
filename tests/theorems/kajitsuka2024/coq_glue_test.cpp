// The Coq conclusions of Kajitsuka & Sato 2024 (lib/theorems/kajitsuka2024/coq_*glue.cpp): Theorem 2
// at the paper's lambda with outward-rounded decimals, Theorem 1 (hardmax witness), Corollary 1
// (memorisation count) and Proposition 1 with p = 2 (the root form). References: the spec's [C]
// numbers (delta_P, separations), the recorded exact endpoints of the certificates, hand-counted
// parameters and exact rational checks of the root bound. coqc compiles these exports in the ctest
// tests proofs.export.kajitsuka_*.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "chain/certificate.hpp"
#include "chain/coq_export.hpp"
#include "chain/instance.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

nlohmann::json stored(const std::string& name) {
  return read_certificate(std::string(APPROXCERT_SOURCE_DIR) + "/docs/certificates/kajitsuka2024/" + name);
}

nlohmann::json checked(const std::string& name) {
  const CheckFile f = read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/kajitsuka2024/" + name);
  return make_certificate(run_check(theorems::builtin_theorems(), f).run);
}

CoqExport exported(const nlohmann::json& cert) { return coq_export(theorems::builtin_theorems(), cert, "test.json"); }

bool has(const CoqExport& e, const std::string& text) { return e.text.find(text) != std::string::npos; }

// The value of the first "(sci M E)" after `prefix` in the export.
Rational sci_after(const CoqExport& e, const std::string& prefix) {
  const std::size_t at = e.text.find(prefix);
  REQUIRE(at != std::string::npos);
  std::smatch m;
  const std::string rest = e.text.substr(at + prefix.size(), 200);
  REQUIRE(std::regex_search(rest, m, std::regex(R"(^\(sci \(?(-?\d+)\)? \(?(-?\d+)\)?\))")));
  return parse_rational(m[1].str()) * pow10(std::stol(m[2].str()));
}

Rational recorded(const nlohmann::json& cert, const std::string& id, const std::string& side, const std::string& end) {
  for (const auto& s : cert["steps"])
    if (s["id"] == id) return parse_rational(s[side][end].get<std::string>());
  FAIL("no step " << id);
  return Rational(0);
}

}  // namespace

TEST_CASE("kajitsuka coq glue: Theorem 2 at the paper's lambda states delta and delta_R' as decimals rounded down") {
  const nlohmann::json cert = stored("ka-d1n2-paper.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"ka_d1n2_paper_theorem_2"});
  CHECK(e.text.size() < 200000);  // was 860 KB with exact ~22,000-digit rationals
  const Rational delta = sci_after(e, "Lemma leaf_thm2_delta_eps : ");
  // delta: at most K-10's recorded lower end, and the spec's delta_P = 2.671242e-22916 to 7 digits
  CHECK(delta <= recorded(cert, "K-10", "rhs", "lower"));
  CHECK(delta > parse_rational("2.671241e-22916"));
  CHECK(delta < parse_rational("2.671243e-22916"));
  // delta_R' (the K-9 hypothesis): at most K-9's recorded lower end, the spec's 8.797937e-6548
  const Rational sep = sci_after(e, "set i <> set j -> ");
  CHECK(sep <= recorded(cert, "K-9", "lhs", "lower"));
  CHECK(sep > parse_rational("8.797936e-6548"));
  CHECK(sep < parse_rational("8.797938e-6548"));
  // r (K-7): at least the recorded upper end, r_max + eps/4 = 7/8 + 1/16 = 15/16 to 18 digits
  const Rational r = sci_after(e, "norm i <= ");
  CHECK(r >= recorded(cert, "K-7", "rhs", "upper"));
  CHECK(abs(r - Rational(15) / Rational(16)) < pow10(-18));
  // eps/2 = 1/8 is reached through the short decimal 125e-3
  CHECK(has(e, "apply Rle_trans with (sci 125 (-3)); [approxcert_leaf | sci_small]"));
}

TEST_CASE("kajitsuka coq glue: a step leaf at the paper's lambda is widened outward and still decides") {
  const nlohmann::json cert = stored("ka-d1n2-paper.json");
  const CoqExport e = exported(cert);
  // K-9: delta_R (rhs, ~1.8e-22913) <= the separation (lhs, ~8.8e-6548); exported as rhs-upper < lhs-lower
  const std::size_t at = e.text.find("Lemma leaf_kajitsuka_K_9 : ");
  REQUIRE(at != std::string::npos);
  const std::string line = e.text.substr(at, e.text.find('\n', at) - at);
  std::smatch m;
  REQUIRE(std::regex_search(line, m, std::regex(R"(: \(sci (\d+) \((-\d+)\)\) <= \(sci (\d+) \((-\d+)\)\)\.$)")));
  const Rational up = parse_rational(m[1].str()) * pow10(std::stol(m[2].str()));
  const Rational lo = parse_rational(m[3].str()) * pow10(std::stol(m[4].str()));
  CHECK(up >= recorded(cert, "K-9", "rhs", "upper"));
  CHECK(lo <= recorded(cert, "K-9", "lhs", "lower"));
  CHECK(up <= lo);
  CHECK(has(e, "widened outward"));
}

TEST_CASE("kajitsuka coq glue: Theorem 1 by kajitsuka_hardmax_cannot_memorise, not without T1-b") {
  const nlohmann::json cert = stored("thm1-hardmax-witness.json");
  const CoqExport e = exported(cert);
  CHECK(e.theorems == std::vector<std::string>{"thm1_hardmax_witness_theorem_1"});
  CHECK(has(e, "Proof. exact kajitsuka_hardmax_cannot_memorise. Qed."));
  nlohmann::json unknown = cert;
  for (auto& s : unknown["steps"])
    if (s["id"] == "T1-b") s["verdict"] = "unknown";
  const CoqExport u = exported(unknown);
  CHECK(u.theorems.empty());
  CHECK(has(u, "The chain lemma is not applied: T1-a"));
}

TEST_CASE("kajitsuka coq glue: Corollary 1 states the hand-counted sizes of K-A") {
  // K-A: d = 1, n = 2, |V| = 4: 6 token sets in 2 orders, N = 12 sequences, M = 12 context ids,
  // 4d + (M+1)(2d+1) + d = 4 + 39 + 1 = 44 parameters (spec §4.1), bound 5d + (nN+1)(2d+1) = 5 + 75 = 80.
  const CoqExport e = exported(stored("cor1-ka-d1n2-inst.json"));
  REQUIRE(e.theorems == std::vector<std::string>{"cor1_ka_d1n2_inst_corollary_1"});
  CHECK(has(e, "(44 <= 5 * 1 + (2 * 12 + 1) * (2 * 1 + 1))%nat."));
  CHECK(has(e, "kajitsuka_memorisation 12 2 1 12 44 F y (1 / 100000000000000000000) H12 eq_refl"));
  // K-C (d = 2): 75 parameters (spec's size table: 4d = 8 and FF 67)
  const CoqExport c = exported(stored("cor1-kc-d2n2-inst.json"));
  CHECK(has(c, "(75 <= 5 * 2 + (2 * 12 + 1) * (2 * 2 + 1))%nat."));
}

TEST_CASE("kajitsuka coq glue: Proposition 1 with p = 2 by the root form, Rt the least 10^-20 multiple") {
  const nlohmann::json cert = checked("prop1-ka-d1n2-p2-inst.json");
  const CoqExport e = exported(cert);
  REQUIRE(e.theorems == std::vector<std::string>{"prop1_ka_d1n2_p2_inst_proposition_1"});
  CHECK(has(e, "kajitsuka_prop1_assembly_root 2 "));
  // tau^2 = (d n 10^-20)^2 = 4e-40; mu = 1/4 + 2 * 3 / 1000 = 32/125; omega = 1/4; eps = 7/2
  CHECK(has(e, "  Ig <= (1 / 2500000000000000000000000000000000000000) ->"));
  CHECK(has(e, "  Ib <= (32 / 125) * "));
  CHECK(has(e, "  dfF <= (7 / 2).\n"));
  std::smatch m;
  REQUIRE(std::regex_search(e.text, m, std::regex(R"(and Rt = \((\d+) / (\d+)\))")));
  const Rational rt = parse_rational(m[1].str() + "/" + m[2].str());
  Rational sp(0);
  for (const auto& s : cert["steps"])
    if (s["id"] == "K-16")
      for (const auto& rep : s["reported"])
        if (rep["name"] == "S^p") sp = parse_rational(rep["value"]["upper"].get<std::string>());
  // S^p = dn (2 (r_max + eps/4) + 2 F_inf)^2 with r_max + eps/4 = 15/16, F_inf = 1: 2 (31/8)^2 = 961/32
  CHECK(sp >= Rational(961) / Rational(32));
  CHECK(sp - Rational(961) / Rational(32) < pow10(-30));
  const Rational x = Rational(4) * pow10(-40) + Rational(32) / Rational(125) * sp;
  CHECK(rt * rt >= x);
  CHECK((rt - pow10(-20)) * (rt - pow10(-20)) < x);
  CHECK(Rational(1) / Rational(4) + rt <= Rational(7) / Rational(2));
}

TEST_CASE("kajitsuka coq glue: a tight long endpoint doubles the digits until the decimals decide") {
  // K-8 (separation >= eps/2 = 1/8) made strict (>) with a forged lower end 1/8 + 1/(8 3^1300),
  // about 10^-621 above 1/8: rounded down to 20 .. 320 digits it is 1/8, which does not decide
  // "> 1/8"; 640 digits do.
  nlohmann::json cert = stored("ka-d1n2-paper.json");
  const Rational t = pow_int(Rational(3), 1300);
  const Rational lower = Rational(1) / Rational(8) + Rational(1) / (Rational(8) * t);
  for (auto& s : cert["steps"])
    if (s["id"] == "K-8") {
      s["relation"] = ">";
      s["lhs"]["lower"] = lower.to_string();
      s["lhs"]["upper"] = "0.25";
    }
  const CoqExport e = exported(cert);
  CHECK(has(e, "with about 640 significant digits"));
  const std::size_t at = e.text.find("Lemma leaf_kajitsuka_K_8 : ");
  REQUIRE(at != std::string::npos);
  const std::string line = e.text.substr(at, e.text.find('\n', at) - at);
  std::smatch m;
  REQUIRE(std::regex_search(line, m, std::regex(R"(: \(sci (\d+) \((-\d+)\)\) < \(sci (\d+) \((-\d+)\)\)\.$)")));
  const Rational rhs_up = parse_rational(m[1].str()) * pow10(std::stol(m[2].str()));
  const Rational lhs_lo = parse_rational(m[3].str()) * pow10(std::stol(m[4].str()));
  CHECK(rhs_up == Rational(1) / Rational(8));  // a decimal rounds to itself
  CHECK(lhs_lo <= lower);
  CHECK(lhs_lo > Rational(1) / Rational(8));
  // the step fact states the widened lhs enclosure, which contains the recorded one
  CHECK(has(e, "(sci " + m[3].str() + " (" + m[4].str() + ")) <= l <= (sci 25 (-2))"));
}
