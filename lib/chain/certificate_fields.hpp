#pragma once
// The JSON form of the pieces of a chain certificate (sides, points), shared by the writer,
// verify, regress and the Markdown renderer, so that every reader interprets numbers the same way.
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "chain/enclosure.hpp"
#include "chain/relation.hpp"
#include "chain/verdict.hpp"
#include "scalar/exact_text.hpp"

namespace approxcert::chain {

// {"lower", "upper" (outward decimals with `digits` significant digits), "exact"? (single point),
//  "lower_exact"/"upper_exact"? (if with_exact_endpoints), "evidence"}. Exact values are written
// with exact_text() (scalar/exact_text.hpp): "0.125", "1e-27151", "0x1bp-90000", "1/3".
nlohmann::json side_json(const Side& side, int digits, bool with_exact_endpoints);
// The enclosure a side JSON records: the exact fields when present, else the decimals. Checks that
// the decimals are outward of the exact values. InputError "<where>: ..." if malformed.
Enclosure recorded_enclosure(const nlohmann::json& side, const std::string& where);
// A refuted step's counterexample in words, from its names, relation and enclosures: "e = [2.718281828,
// 2.718281829] violates <= 2.71 = b" (10 outward digits). The writer derives it from the engine's
// enclosures and verify from the recorded ones; both give the same text (rounding to 17 or more
// digits and then to 10 is rounding to 10).
// How an exact value is spelled in a description (exact_text; verify also tries an older spelling).
using ExactText = std::string (*)(const Rational&);
std::string counterexample_description(const std::string& lhs_name, const std::string& rhs_name, Relation relation,
                                       const Enclosure& lhs, const Enclosure& rhs,
                                       const std::optional<Enclosure>& rhs_high, ExactText exact = exact_text);
// [{"name": "x", "value": "0.925"}, ...] (exact values, exact_text()).
nlohmann::json point_json(const Point& p);
Point read_point(const nlohmann::json& j, const std::string& where);

// The decided part of a recorded step, read back exactly as recorded: relation, verdict, sides and
// evaluation point. InputError "<where>/...: ..." on an unknown relation or verdict, a malformed
// side, or a range relation without rhs_high (or rhs_high on a non-range relation).
struct RecordedSides {
  Relation relation = Relation::LessEqual;
  Verdict verdict = Verdict::Unknown;
  Enclosure lhs = Enclosure::whole_line(), rhs = Enclosure::whole_line();
  std::optional<Enclosure> rhs_high;
  Point at;
};
RecordedSides read_recorded_sides(const nlohmann::json& step, const std::string& where);

// Field access with InputError "<where>: missing/expected ..." messages.
const nlohmann::json& field(const nlohmann::json& obj, const std::string& key, const std::string& where);
std::string string_field(const nlohmann::json& obj, const std::string& key, const std::string& where);

}  // namespace approxcert::chain
