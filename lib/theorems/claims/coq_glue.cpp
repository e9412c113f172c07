#include "theorems/claims/coq_glue.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "chain/coq_text.hpp"

namespace approxcert::theorems::claims {

namespace {

bool is_name(const std::string& s) {
  if (s.empty()) return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\n\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\n\r") - b + 1);
}

// What a sup-norm quantity of the certificate's parameters measures, in words.
std::string describe(const nlohmann::json& quantities, const std::string& name) {
  const auto q = quantities.find(name);
  if (q == quantities.end() || !q->is_object() || !q->contains("supnorm")) return name;
  const nlohmann::json& s = (*q)["supnorm"];
  auto text = [&](const char* key) {
    return s.contains(key) && s[key].is_string() ? s[key].get<std::string>() : std::string("?");
  };
  return name + " = sup |" + (s.contains("target") ? text("target") : text("target_net")) + " - " + text("net") +
         "| over " + text("domain");
}

}  // namespace

std::optional<std::pair<std::string, std::string>> sup_triangle_terms(const std::string& lhs) {
  const auto plus = lhs.find('+');
  if (plus == std::string::npos || lhs.find('+', plus + 1) != std::string::npos) return std::nullopt;
  std::string a = trim(lhs.substr(0, plus)), b = trim(lhs.substr(plus + 1));
  if (!is_name(a) || !is_name(b) || a == b) return std::nullopt;
  return std::make_pair(std::move(a), std::move(b));
}

chain::CoqConclusion coq_conclude_claims(const nlohmann::json& cert, const std::vector<chain::CoqStep>& steps,
                                         const std::string& inst) {
  const nlohmann::json* params = cert.contains("parameters") ? &cert["parameters"] : nullptr;
  if (!params || !params->contains("steps") || !(*params)["steps"].is_array())
    return chain::coq_not_concluded("the certificate records no claim steps");
  const nlohmann::json empty = nlohmann::json::object();
  const nlohmann::json& quantities = params->contains("quantities") ? (*params)["quantities"] : empty;
  chain::CoqConclusion c;
  std::string skipped;
  for (const nlohmann::json& p : (*params)["steps"]) {
    if (!p.is_object() || !p.contains("coq") || !p.contains("id") || !p["id"].is_string()) continue;
    const std::string id = p["id"].get<std::string>();
    const chain::CoqStep* s = chain::find_coq_step(steps, id);
    const auto terms =
        p.contains("lhs") && p["lhs"].is_string() ? sup_triangle_terms(p["lhs"].get<std::string>()) : std::nullopt;
    if (!s || s->verdict != chain::Verdict::Proved || !terms || !s->rhs.is_exact() ||
        !s->reported.count(terms->first) || !s->reported.count(terms->second) ||
        !s->reported.at(terms->first).bounded() || !s->reported.at(terms->second).bounded()) {
      skipped += (skipped.empty() ? "" : ", ") + id;
      continue;
    }
    const Rational& ua = s->reported.at(terms->first).upper();
    const Rational& ub = s->reported.at(terms->second).upper();
    const Rational& bound = s->rhs.lower();
    if (ua + ub > bound) {  // the recorded (outward-rounded) bounds no longer add up below the bound
      skipped += (skipped.empty() ? "" : ", ") + id;
      continue;
    }
    const std::string name = inst + "_" + chain::coq_identifier(id) + "_sup_triangle";
    const std::string leaf = "leaf_" + name;
    c.theorems.push_back(name);
    c.text += fmt::format(
        "(** Step {id} with the triangle inequality for sup-norms ([ClaimsGlue.claims_sup_triangle]):\n"
        "    {a};\n"
        "    {b}.\n"
        "    The hypotheses are what the two sup-norm certificates establish (their certified upper\n"
        "    bounds on the box); the side condition is re-checked in Coq. *)\n"
        "Lemma {leaf} : {ua} + {ub} <= {c}.\n"
        "Proof. approxcert_leaf. Qed.\n"
        "Theorem {name} : forall (X : Type) (inbox : X -> Prop) (t f g : X -> R),\n"
        "  (forall x, inbox x -> Rabs (t x - f x) <= {ua}) ->\n"
        "  (forall x, inbox x -> Rabs (f x - g x) <= {ub}) ->\n"
        "  forall x, inbox x -> Rabs (t x - g x) <= {c}.\n"
        "Proof.\n"
        "  intros X inbox t f g Htf Hfg.\n"
        "  exact (claims_sup_triangle X inbox t f g _ _ _ Htf Hfg {leaf}).\n"
        "Qed.\n\n",
        fmt::arg("id", id), fmt::arg("a", chain::coq_comment_text(describe(quantities, terms->first))),
        fmt::arg("b", chain::coq_comment_text(describe(quantities, terms->second))), fmt::arg("leaf", leaf),
        fmt::arg("name", name), fmt::arg("ua", chain::coq_real(ua)), fmt::arg("ub", chain::coq_real(ub)),
        fmt::arg("c", chain::coq_real(bound)));
  }
  if (c.theorems.empty())
    return chain::coq_not_concluded(skipped.empty()
                                        ? "no step names a Coq glue lemma (\"coq\": \"sup_triangle\")"
                                        : "the glue steps " + skipped + " are not proved with finite sup-norm bounds");
  c.modules = {"ClaimsGlue"};
  if (!skipped.empty()) c.text += "(* Not concluded (not proved, or no finite sup-norm bounds): " + skipped + ". *)\n";
  return c;
}

}  // namespace approxcert::theorems::claims
