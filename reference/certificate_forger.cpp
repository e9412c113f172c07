#include "reference/certificate_forger.hpp"

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "chain/verify.hpp"
#include "io/certificate_envelope.hpp"
#include "reference/unclaimed_fields.hpp"
#include "scalar/input_error.hpp"
#include "scalar/rational.hpp"

namespace approxcert::reference {

namespace {

using Json = nlohmann::json;

std::optional<Rational> as_number(const std::string& text) {
  if (text.empty() || text.size() > 2000) return std::nullopt;
  try {
    return parse_rational(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

// A different value of the same kind for a text field.
std::string changed_text(const std::string& text, bool downward) {
  static const std::map<std::string, std::string> swaps = {{"proved", "refuted"},
                                                           {"refuted", "proved"},
                                                           {"unknown", "proved"},
                                                           {"<=", "<"},
                                                           {"<", "<="},
                                                           {">=", ">"},
                                                           {">", ">="},
                                                           {"==", "<="},
                                                           {"converged", "budget_exhausted"},
                                                           {"budget_exhausted", "converged"},
                                                           {"+inf", "0"},
                                                           {"-inf", "0"},
                                                           {"true", "false"},
                                                           {"false", "true"}};
  if (auto s = swaps.find(text); s != swaps.end()) return s->second;
  if (std::optional<Rational> r = as_number(text)) {
    const Rational step = Rational(1) + abs(*r);
    return (downward ? *r - step : *r + step).to_string();
  }
  return text + "_forged";
}

// Wall times, outside the hash by the certificate's contract (docs/chain.md), listed here again:
// the reference does not take the list from the code it tests.
bool is_timing(const std::string& key) {
  return key == "elapsed_seconds" || key == "build_seconds" || key == "steps_seconds";
}

void walk(const Json& node, const std::string& pointer, const std::string& pattern,
          std::vector<std::pair<std::string, std::string>>& leaves) {
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (is_timing(it.key()) || (pointer.empty() && it.key() == "sha256")) continue;
      walk(it.value(), pointer + "/" + it.key(), pattern + "/" + it.key(), leaves);
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i)
      walk(node[i], pointer + "/" + std::to_string(i), pattern + "/#", leaves);
  } else if (!node.is_null()) {
    leaves.push_back({pointer, pattern});
  }
}

}  // namespace

std::vector<FieldForgery> forge_every_field(const Json& certificate, bool one_per_pattern, bool downward) {
  std::vector<std::pair<std::string, std::string>> leaves;
  walk(certificate, "", "", leaves);
  std::set<std::string> seen;
  std::vector<FieldForgery> out;
  for (const auto& [pointer, pattern] : leaves) {
    if (one_per_pattern && !seen.insert(pattern).second) continue;
    const Json::json_pointer at(pointer);
    const Json& old = certificate.at(at);
    Json value;
    if (old.is_boolean()) value = !old.get<bool>();
    else if (old.is_number_integer()) value = old.get<long long>() + (downward && old.get<long long>() > 0 ? -1 : 1);
    else if (old.is_string()) value = changed_text(old.get<std::string>(), downward);
    else continue;
    const bool widens = (downward && (pattern.ends_with("/lower") || pattern.ends_with("/lower_exact"))) ||
                        (!downward && (pattern.ends_with("/upper") || pattern.ends_with("/upper_exact")));
    FieldForgery f{pointer, pattern, old.dump() + " -> " + value.dump(), widens, certificate};
    f.certificate[at] = value;
    f.certificate["sha256"] = certificate_sha256(f.certificate);
    out.push_back(std::move(f));
  }
  return out;
}

ForgerySweep sweep_forgeries(const chain::TheoremRegistry& registry, const Json& certificate,
                             const std::string& scratch_file, bool one_per_pattern) {
  ForgerySweep out;
  for (bool downward : {false, true}) {
    for (const FieldForgery& f : forge_every_field(certificate, one_per_pattern, downward)) {
      ++out.forged;
      if (unclaimed_field(f.pattern)) {
        ++out.unclaimed;
        continue;
      }
      // Through a file, as `approxcert verify` reads it (the envelope reader checks format and kind).
      std::ofstream(scratch_file, std::ios::trunc) << f.certificate.dump(2);
      bool ok = false;
      try {
        // The certificate-only checks first: the default verify runs them too, so a forgery they
        // reject is rejected by it; only the others pay for the module re-run.
        ok = chain::verify_certificate(registry, scratch_file, chain::VerifyOptions{.rebuild = false}).ok() &&
             chain::verify_certificate(registry, scratch_file).ok();
      } catch (const InputError&) {
        ok = false;
      }
      if (!ok) ++out.rejected;
      else if (f.widens) ++out.widened;
      else if (f.pattern.ends_with("/candidate/#/value")) ++out.recertified;
      else out.accepted.push_back(f.pointer + ": " + f.change.substr(0, 160));
    }
  }
  return out;
}

}  // namespace approxcert::reference
