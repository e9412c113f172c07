#include "chain/coq_export.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "approxcert_version.hpp"
#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/coq_hook.hpp"
#include "chain/coq_text.hpp"
#include "chain/parameters.hpp"
#include "chain/verify.hpp"
#include "io/file.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace {

// The Coq glue of the certificate's theorem: each step's proofs/ lemma (from the StepSpecs of the
// chain the theorem builds from the recorded parameters; built, not run) and the conclusion hook.
// An unknown theorem has no glue.
struct CoqGlue {
  std::map<std::string, StepSpec, std::less<>> specs;  // by coq_lemma
  CoqConclusionHook conclusion;
};

CoqGlue coq_glue(const TheoremRegistry& registry, const nlohmann::json& certificate, const std::string& theorem_name,
                 const std::string& source) {
  CoqGlue glue;
  const Theorem* theorem = registry.find(theorem_name);
  if (!theorem) return glue;
  glue.conclusion = theorem->coq_conclusion;
  const nlohmann::json& parameters = field(certificate, "parameters", "certificate");
  const Parameters params(parse_exact_json(parameters.dump(), source),
                          JsonAt(source + " (recorded)").key("parameters"));
  const Chain chain = theorem->build(params);
  for (const auto& e : chain.steps()) glue.specs.emplace(e.spec.coq_lemma, e.spec);
  return glue;
}

std::string point_words(const Point& p) {
  std::string t;
  for (const auto& [name, value] : p.coordinates) t += (t.empty() ? "" : ", ") + name + " = " + value.to_string();
  return t;
}

std::vector<CoqStep> read_steps(const nlohmann::json& certificate) {
  const nlohmann::json& steps = field(certificate, "steps", "certificate");
  if (!steps.is_array()) throw InputError("certificate/steps: expected an array");
  std::vector<CoqStep> out;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const nlohmann::json& s = steps[i];
    const std::string where = "certificate/steps/" + std::to_string(i);
    CoqStep c;
    c.id = string_field(s, "id", where);
    c.coq_lemma = string_field(s, "coq_lemma", where);
    c.claim = string_field(s, "claim", where);
    c.lhs_name = string_field(s, "lhs_name", where);
    c.rhs_name = string_field(s, "rhs_name", where);
    c.mode = string_field(s, "mode", where);
    const RecordedSides recorded = read_recorded_sides(s, where);
    c.relation = recorded.relation;
    c.verdict = recorded.verdict;
    c.lhs = recorded.lhs;
    c.rhs = recorded.rhs;
    c.rhs_high = recorded.rhs_high;
    c.at = point_words(recorded.at);
    if (s.contains("counterexample"))
      c.counterexample = string_field(field(s, "counterexample", where), "description", where + "/counterexample");
    if (s.contains("for_all") && s["for_all"].contains("points") && s["for_all"]["points"].is_number_unsigned())
      c.for_all_points = s["for_all"]["points"].get<std::uint64_t>();
    if (s.contains("reported")) {
      const nlohmann::json& rep = s["reported"];
      if (!rep.is_array()) throw InputError(where + "/reported: expected an array");
      for (std::size_t k = 0; k < rep.size(); ++k) {
        const std::string at = where + "/reported/" + std::to_string(k);
        c.reported.emplace(string_field(rep[k], "name", at),
                           recorded_enclosure(field(rep[k], "value", at), at + "/value"));
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

// The relation whose proof is the refutation of `r` (over the reals).
Relation negation(Relation r) {
  switch (r) {
    case Relation::LessEqual: return Relation::Greater;
    case Relation::Less: return Relation::GreaterEqual;
    case Relation::GreaterEqual: return Relation::Less;
    case Relation::Greater: return Relation::LessEqual;
    case Relation::Equal: return Relation::NotEqual;
    case Relation::NotEqual: return Relation::Equal;
    case Relation::Distinct: return Relation::Equal;  // the decisive pair is equal
    case Relation::InClosed: return Relation::NotInClosed;
    case Relation::NotInClosed: return Relation::InClosed;
  }
  return r;
}

// Statement and proof of one proved relation over the recorded enclosures.
struct StepFormulas {
  std::string leaf;        // closed statement over the endpoints
  std::string conclusion;  // over the variables l, r (and h for ranges)
  std::string tactic;      // closes the step fact, with the leaf as hypothesis Hleaf
};

using Spell = std::string (*)(const Rational&);

// Precondition: decide(r, L, R, H) is proved (so the sides are bounded).
StepFormulas formulas(Relation r, const Enclosure& L, const Enclosure& R, const Enclosure* H, Spell num) {
  const std::string LL = num(L.lower()), UL = num(L.upper());
  const std::string LR = num(R.lower()), UR = num(R.upper());
  switch (r) {
    case Relation::LessEqual: return {UL + " <= " + LR, "l <= r", "lra"};
    case Relation::Less: return {UL + " < " + LR, "l < r", "lra"};
    case Relation::GreaterEqual: return {UR + " <= " + LL, "l >= r", "lra"};
    case Relation::Greater: return {UR + " < " + LL, "l > r", "lra"};
    case Relation::Equal: return {LL + " = " + LR, "l = r", "lra"};
    case Relation::NotEqual:
    case Relation::Distinct: return {L.upper() < R.lower() ? UL + " < " + LR : UR + " < " + LL, "l <> r", "intro; lra"};
    case Relation::InClosed:
      return {UR + " <= " + LL + " /\\ " + UL + " <= " + num(H->lower()), "r <= l <= h", "destruct Hleaf; split; lra"};
    case Relation::NotInClosed:
      return {L.upper() < R.lower() ? UL + " < " + LR : num(H->upper()) + " < " + LL, "~ (r <= l <= h)",
              "intros [H1 H2]; lra"};
  }
  return {};
}

std::string side_hypothesis(const std::string& var, const Enclosure& e, Spell num) {
  if (e.is_exact()) return var + " = " + num(e.lower());
  return num(e.lower()) + " <= " + var + " <= " + num(e.upper());
}

// The sides as the export states them. Exact when every endpoint is short to spell; otherwise
// each enclosure widened outward to short decimals (lower ends down, upper ends up: the certified
// enclosures lie inside), with the fewest digits (20, 40, ...) whose decimals still decide the
// relation; exact again when no such widening decides it.
struct ExportedSides {
  Enclosure lhs, rhs;
  std::optional<Enclosure> high;
  int digits = 0;  // 0: exact spelling (coq_real); else decimals (coq_decimal) of about this many digits
};

ExportedSides exported_sides(Relation r, const Enclosure& L, const Enclosure& R, const Enclosure* H) {
  ExportedSides exact{L, R, H ? std::optional<Enclosure>(*H) : std::nullopt, 0};
  std::size_t longest = 0;
  for (const Enclosure* e : {&L, &R, H})
    if (e && e->bounded()) longest = std::max({longest, coq_real(e->lower()).size(), coq_real(e->upper()).size()});
  if (longest <= kCoqShortSpelling) return exact;
  auto widen = [](const Enclosure& e, int digits) {
    return Enclosure::between(round_decimal(e.lower(), CoqRounding::Down, digits),
                              round_decimal(e.upper(), CoqRounding::Up, digits));
  };
  for (int digits = 20; static_cast<std::size_t>(digits) < longest; digits *= 2) {
    ExportedSides w{widen(L, digits), widen(R, digits), H ? std::optional<Enclosure>(widen(*H, digits)) : std::nullopt,
                    digits};
    if (decide(r, w.lhs, w.rhs, w.high ? &*w.high : nullptr) == Verdict::Proved) return w;
  }
  return exact;
}

bool is_identifier(const std::string& s) { return !s.empty() && coq_identifier(s) == s; }

// The comment and, for a decided step, the leaf and the step fact.
std::string export_step(const CoqStep& s, const StepSpec* spec, const std::string& base, CoqExport& stats) {
  std::string text =
      "(* Step " + coq_comment_text(s.id) + " (" + coq_comment_text(s.coq_lemma) + "): " + coq_comment_text(s.claim) +
      "\n   Claim: " + coq_comment_text(s.lhs_name.empty() ? "lhs" : s.lhs_name) + " " +
      std::string(to_string(s.relation)) + " " + coq_comment_text(s.rhs_name.empty() ? "rhs" : s.rhs_name) + " [" +
      coq_comment_text(s.mode) + "]; verdict: " + std::string(to_string(s.verdict)) + ".";
  if (spec && (!spec->coq_proof.empty() || !spec->coq_note.empty())) {
    text += spec->coq_proof.empty()
                ? "\n   No Coq chain lemma: " + coq_comment_text(spec->coq_note) + "."
                : "\n   Combined in Coq by " + spec->coq_proof +
                      (spec->coq_note.empty() ? "" : " (" + coq_comment_text(spec->coq_note) + ")") + ".";
  } else if (!s.coq_lemma.empty()) {
    text += "\n   The exporter knows no proofs/ lemma for this step.";
  }
  if (s.for_all_points)
    text += fmt::format(
        "\n   A claim over {} points: the recorded sides are those of the decisive point ({}); only that point is exported.",
        *s.for_all_points, coq_comment_text(s.at));
  else if (!s.at.empty()) text += "\n   Evaluated at " + coq_comment_text(s.at) + ".";

  const Enclosure* high = s.rhs_high ? &*s.rhs_high : nullptr;
  if (s.verdict == Verdict::Unknown) {
    ++stats.skipped;
    return text + "\n   Not exported: an unknown verdict is not a fact. *)\n\n";
  }
  const Relation r = s.verdict == Verdict::Proved ? s.relation : negation(s.relation);
  if (decide(r, s.lhs, s.rhs, high) != Verdict::Proved) {
    ++stats.skipped;
    return text + "\n   Not exported: the recorded enclosures do not decide the " +
           (s.verdict == Verdict::Proved ? std::string("claim") : std::string("negated claim")) +
           " by themselves. *)\n\n";
  }
  if (s.verdict == Verdict::Refuted) {
    ++stats.negations;
    text += "\n   REFUTED: exported as the negation " + std::string(to_string(r)) +
            " (the counterexample: " + coq_comment_text(s.counterexample) + ").";
  } else {
    ++stats.facts;
  }
  const ExportedSides sides = exported_sides(r, s.lhs, s.rhs, high);
  const Spell num = sides.digits ? &coq_decimal : &coq_real;
  if (sides.digits)
    text += fmt::format(
        "\n   The recorded endpoints are too long to spell exactly: each enclosure is widened outward to\n"
        "   decimals sci m e = m * 10^e with about {} significant digits (SciReal.v), which contain it\n"
        "   and still decide the relation.",
        sides.digits);
  text += std::string(
              "\n   The enclosures are certified by approxcert (hypotheses of the step fact); the leaf re-checks\n"
              "   in Coq that ") +
          (sides.digits ? "these decimal" : "their recorded exact") + " endpoints decide the relation. *)\n";
  const Enclosure* shigh = sides.high ? &*sides.high : nullptr;
  const StepFormulas f = formulas(r, sides.lhs, sides.rhs, shigh, num);
  const std::string leaf = "leaf_" + base, fact = "step_" + base;
  text += "Lemma " + leaf + " : " + f.leaf + ".\nProof. approxcert_leaf. Qed.\n";
  const bool range = high != nullptr;
  text += "Lemma " + fact + " : forall l r" + (range ? " h" : "") + " : R,\n  " + side_hypothesis("l", sides.lhs, num) +
          " ->\n  " + side_hypothesis("r", sides.rhs, num) + " ->\n  " +
          (range ? side_hypothesis("h", *shigh, num) + " ->\n  " : "") + f.conclusion + ".\nProof. intros l r" +
          (range ? " h" : "") + " Hl Hr" + (range ? " Hh" : "") + ". pose proof " + leaf + " as Hleaf. " + f.tactic +
          ". Qed.\n\n";
  return text;
}

}  // namespace

CoqExport coq_export(const TheoremRegistry& registry, const nlohmann::json& certificate, const std::string& source) {
  CoqExport out;
  const std::vector<CoqStep> steps = read_steps(certificate);
  const nlohmann::json& theorem = field(certificate, "theorem", "certificate");
  const std::string theorem_name = string_field(theorem, "name", "certificate/theorem");
  const std::string instance = string_field(certificate, "instance", "certificate");
  const std::string hash = certificate.contains("sha256") && certificate["sha256"].is_string()
                               ? certificate["sha256"].get<std::string>()
                               : std::string("none");
  const CoqGlue glue = coq_glue(registry, certificate, theorem_name, source);
  const CoqConclusion conclusion =
      glue.conclusion ? glue.conclusion(certificate, steps, coq_identifier(instance)) : CoqConclusion{};

  std::string body;
  std::set<std::string> bases;
  for (const CoqStep& s : steps) {
    std::string base = is_identifier(s.coq_lemma) ? s.coq_lemma : coq_identifier(s.id);
    while (!bases.insert(base).second) base += "_";
    const auto spec = glue.specs.find(s.coq_lemma);
    body += export_step(s, spec == glue.specs.end() ? nullptr : &spec->second, base, out);
  }

  std::string modules = "Leaf Sums";
  for (const std::string& m : conclusion.modules) modules += " " + m;
  out.text =
      "(** Generated by approxcert " + std::string(APPROXCERT_VERSION) + " from " + coq_comment_text(source) +
      " (sha256 " + coq_comment_text(hash) +
      "). Do not edit.\n    Theorem: " + coq_comment_text(string_field(theorem, "title", "certificate/theorem")) +
      " (" + coq_comment_text(theorem_name) + "), instance " + coq_comment_text(instance) +
      ", overall verdict: " + coq_comment_text(string_field(certificate, "overall", "certificate")) + ". *)\n" +
      "From Coq Require Import Reals Lia Lra.\nFrom Approxcert Require Import " + modules +
      ".\nOpen Scope R_scope.\n\n" + "(** * 1. Numeric leaves and step facts, one per certified step *)\n\n" + body +
      "(** * 2. The instance theorem from the chain lemmas of proofs/ *)\n\n" +
      (conclusion.text.empty() ? "(* No chain lemma of proofs/ is applied for " + coq_comment_text(theorem_name) +
                                     " by this version of the exporter. *)\n"
                               : conclusion.text);
  out.theorems = conclusion.theorems;
  return out;
}

CoqExport export_certificate_to_coq(const TheoremRegistry& registry, const std::string& cert_path,
                                    const std::string& out_path) {
  const std::string module = std::filesystem::path(out_path).filename().string();
  static const std::regex module_name("[A-Za-z_][A-Za-z0-9_]*\\.v");
  if (!std::regex_match(module, module_name))
    throw InputError(out_path +
                     ": the output must be named [A-Za-z_][A-Za-z0-9_]*.v (its base name is the Coq module name)");
  const VerifyReport report = verify_certificate(registry, cert_path, VerifyOptions{.recompute = false});
  if (!report.ok())
    throw InputError(cert_path + ": not a valid certificate: " + report.problems.front() +
                     (report.problems.size() > 1
                          ? fmt::format(" (and {} more problems; see approxcert verify)", report.problems.size() - 1)
                          : ""));
  CoqExport out =
      coq_export(registry, read_certificate(cert_path), std::filesystem::path(cert_path).filename().string());
  write_file_atomic(out_path, out.text);
  return out;
}

}  // namespace approxcert::chain
