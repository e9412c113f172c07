#include "chain/certificate_fields.hpp"
#include <nlohmann/json.hpp>

#include "chain/recheck.hpp"
#include "scalar/exact_text.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace {

Rational parse_at(const std::string& text, const std::string& where) {
  try {
    return parse_rational(text);
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
}

// The writer rounds exact values outward to at least 17 significant digits (side_json), so each
// decimal lies within one unit of its 17th digit, i.e. within |x| * 10^-16, of the exact value it
// rounds. A wider decimal form would display a claim the exact value does not make.
bool faithful_decimal(const Rational& lo, const Rational& x_lo, const Rational& hi, const Rational& x_hi) {
  const Rational unit = pow10(-16);
  return x_lo - lo <= abs(x_lo) * unit && hi - x_hi <= abs(x_hi) * unit;
}

}  // namespace

const nlohmann::json& field(const nlohmann::json& obj, const std::string& key, const std::string& where) {
  if (!obj.is_object()) throw InputError(where + ": expected an object");
  const auto it = obj.find(key);
  if (it == obj.end()) throw InputError(where + ": missing \"" + key + "\"");
  return *it;
}

std::string string_field(const nlohmann::json& obj, const std::string& key, const std::string& where) {
  const nlohmann::json& v = field(obj, key, where);
  if (!v.is_string()) throw InputError(where + "/" + key + ": expected a string");
  return v.get<std::string>();
}

nlohmann::json side_json(const Side& side, int digits, bool with_exact_endpoints) {
  nlohmann::json j;
  const Enclosure& e = side.value;
  if (!e.bounded()) {
    j["lower"] = "-inf";
    j["upper"] = "+inf";
  } else {
    j["lower"] = decimal_down(e.lower(), digits);
    j["upper"] = decimal_up(e.upper(), digits);
    if (e.is_exact()) j["exact"] = exact_text(e.lower());
    else if (with_exact_endpoints) {
      j["lower_exact"] = exact_text(e.lower());
      j["upper_exact"] = exact_text(e.upper());
    }
  }
  nlohmann::json ev;
  ev["kind"] = side.evidence.kind;
  if (!side.evidence.note.empty()) ev["note"] = side.evidence.note;
  if (const auto& s = side.evidence.supnorm) {
    ev["supnorm"] = {{"status", s->status}, {"witness", point_json(s->witness)}, {"boxes", s->boxes}};
  }
  if (const auto& r = side.evidence.recheck) ev["recheck"] = recheck_json(*r);
  if (!side.evidence.trusted.empty()) ev["trusted"] = side.evidence.trusted;
  j["evidence"] = std::move(ev);
  return j;
}

Enclosure recorded_enclosure(const nlohmann::json& side, const std::string& where) {
  const std::string lo_text = string_field(side, "lower", where);
  const std::string hi_text = string_field(side, "upper", where);
  if (lo_text == "-inf" || hi_text == "+inf") {
    if (lo_text != "-inf" || hi_text != "+inf") throw InputError(where + ": a half-infinite enclosure is not allowed");
    return Enclosure::whole_line();
  }
  const Rational lo = parse_at(lo_text, where + "/lower");
  const Rational hi = parse_at(hi_text, where + "/upper");
  if (hi < lo) throw InputError(where + ": lower " + lo_text + " exceeds upper " + hi_text);
  Enclosure e = Enclosure::between(lo, hi);
  if (side.contains("exact")) {
    const Rational x = parse_at(string_field(side, "exact", where), where + "/exact");
    if (!e.contains(x)) throw InputError(where + ": exact value " + exact_text(x) + " is outside [lower, upper]");
    if (!faithful_decimal(lo, x, hi, x))
      throw InputError(where + ": lower and upper are not the exact value " + exact_text(x) +
                       " rounded to their digits");
    e = Enclosure::exact(x);
  } else if (side.contains("lower_exact") || side.contains("upper_exact")) {
    const Rational xl = parse_at(string_field(side, "lower_exact", where), where + "/lower_exact");
    const Rational xh = parse_at(string_field(side, "upper_exact", where), where + "/upper_exact");
    if (xl < lo || xh > hi || xh < xl) throw InputError(where + ": exact endpoints are not inside the decimal ones");
    if (!faithful_decimal(lo, xl, hi, xh))
      throw InputError(where + ": lower and upper are not the exact endpoints rounded to their digits");
    e = Enclosure::between(xl, xh);
  }
  return e;
}

std::string counterexample_description(const std::string& lhs_name, const std::string& rhs_name, Relation relation,
                                       const Enclosure& lhs, const Enclosure& rhs,
                                       const std::optional<Enclosure>& rhs_high, ExactText exact) {
  auto show = [exact](const Enclosure& e, const std::string& name) {
    std::string t;
    if (!e.bounded()) t = "(-inf, +inf)";
    else if (e.is_exact()) t = exact(e.lower());
    else t = "[" + decimal_down(e.lower(), 10) + ", " + decimal_up(e.upper(), 10) + "]";
    return name.empty() ? t : name + " = " + t;
  };
  std::string text = show(lhs, lhs_name) + " violates " + std::string(to_string(relation)) + " ";
  if (rhs_high) text += "[" + show(rhs, "") + ", " + show(*rhs_high, "") + "]";
  else text += show(rhs, rhs_name);
  return text;
}

nlohmann::json point_json(const Point& p) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& [name, value] : p.coordinates) j.push_back({{"name", name}, {"value", exact_text(value)}});
  return j;
}

Point read_point(const nlohmann::json& j, const std::string& where) {
  if (!j.is_array()) throw InputError(where + ": expected an array of {name, value}");
  Point p;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string at = where + "/" + std::to_string(i);
    p.add(string_field(j[i], "name", at), parse_at(string_field(j[i], "value", at), at + "/value"));
  }
  return p;
}

RecordedSides read_recorded_sides(const nlohmann::json& s, const std::string& where) {
  RecordedSides r;
  const std::string rel = string_field(s, "relation", where);
  const auto relation = parse_relation(rel);
  if (!relation) throw InputError(where + "/relation: unknown relation \"" + rel + "\"");
  r.relation = *relation;
  const std::string verdict = string_field(s, "verdict", where);
  const auto v = parse_verdict(verdict);
  if (!v) throw InputError(where + "/verdict: unknown verdict \"" + verdict + "\"");
  r.verdict = *v;
  r.lhs = recorded_enclosure(field(s, "lhs", where), where + "/lhs");
  r.rhs = recorded_enclosure(field(s, "rhs", where), where + "/rhs");
  if (s.contains("rhs_high")) r.rhs_high = recorded_enclosure(s["rhs_high"], where + "/rhs_high");
  if (is_range(r.relation) != r.rhs_high.has_value())
    throw InputError(where + ": relation \"" + rel + "\" and the presence of rhs_high disagree");
  r.at = read_point(field(s, "at", where), where + "/at");
  return r;
}

}  // namespace approxcert::chain
