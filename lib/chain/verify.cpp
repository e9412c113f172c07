#include "chain/verify.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/instance.hpp"
#include "chain/recheck.hpp"
#include "chain/recorded_networks.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace {

// A recorded step as read back from the certificate (numbers as recorded).
struct RecordedStep : RecordedSides {
  std::string id;
  std::string computation;
  std::vector<std::pair<std::string, Enclosure>> reported;
  std::optional<Point> candidate;  // a search-then-certify step's stored candidate
  // Recorded rechecks (recheck.hpp), by side: "lhs", "rhs", "rhs_high", "reported:NAME".
  std::vector<std::pair<std::string, Recheck>> rechecks;
  // Recorded trust markers (Evidence::trusted) of the sides lhs / rhs / rhs_high, by side name.
  std::map<std::string, std::string> trusted;
};

// The recheck and the trust marker recorded in a side's evidence, if any.
void read_side_recheck(const nlohmann::json& side, const std::string& name, const std::string& where, RecordedStep& r) {
  if (!side.is_object() || !side.contains("evidence") || !side["evidence"].is_object()) return;
  const nlohmann::json& evidence = side["evidence"];
  if (evidence.contains("recheck"))
    r.rechecks.emplace_back(name, read_recheck(evidence["recheck"], where + "/evidence/recheck"));
  if (evidence.contains("trusted")) r.trusted[name] = string_field(evidence, "trusted", where + "/evidence");
}

RecordedStep read_step(const nlohmann::json& s, const std::string& where) {
  RecordedStep r;
  static_cast<RecordedSides&>(r) = read_recorded_sides(s, where);
  r.id = string_field(s, "id", where);
  r.computation = string_field(s, "computation", where);
  const nlohmann::json& reported = field(s, "reported", where);
  if (!reported.is_array()) throw InputError(where + "/reported: expected an array");
  for (std::size_t i = 0; i < reported.size(); ++i) {
    const std::string at = where + "/reported/" + std::to_string(i);
    r.reported.emplace_back(string_field(reported[i], "name", at),
                            recorded_enclosure(field(reported[i], "value", at), at + "/value"));
    read_side_recheck(reported[i]["value"], "reported:" + r.reported.back().first, at + "/value", r);
  }
  if (s.contains("candidate")) r.candidate = read_point(s["candidate"], where + "/candidate");
  read_side_recheck(s["lhs"], "lhs", where + "/lhs", r);
  read_side_recheck(s["rhs"], "rhs", where + "/rhs", r);
  if (s.contains("rhs_high")) read_side_recheck(s["rhs_high"], "rhs_high", where + "/rhs_high", r);
  return r;
}

// Step 2 of the header: the recorded numbers alone must give the recorded verdict and margin.
void check_recorded(const RecordedStep& r, const nlohmann::json& s, const std::string& where,
                    std::vector<std::string>& problems) {
  const Enclosure* high = r.rhs_high ? &*r.rhs_high : nullptr;
  const Verdict redecided = decide(r.relation, r.lhs, r.rhs, high);
  if (redecided != r.verdict)
    problems.push_back(where + " (" + r.id + "): verdict: recorded \"" + std::string(to_string(r.verdict)) +
                       "\" but its recorded lhs/rhs decide \"" + std::string(to_string(redecided)) + "\"");
  const std::optional<Rational> m = margin(r.relation, r.lhs, r.rhs, high);
  const std::string expected_margin = m ? decimal_down(*m, 17) : std::string();
  const std::string recorded_margin = s.contains("margin") ? string_field(s, "margin", where) : std::string();
  if (expected_margin != recorded_margin)
    problems.push_back(where + " (" + r.id + "): margin: recorded \"" + recorded_margin +
                       "\", the recorded sides give \"" + expected_margin + "\"");
  if ((r.verdict == Verdict::Refuted) != s.contains("counterexample"))
    problems.push_back(
        where + " (" + r.id + "): counterexample: " +
        (r.verdict == Verdict::Refuted ? "missing for a refuted step" : "present for a step not refuted"));
  // The counterexample is where the recorded sides were evaluated: the step's point "at", else the
  // witness of a sup-norm lhs, else the instance itself (certificate.cpp writes it so).
  if (s.contains("counterexample")) {
    nlohmann::json expected = s["at"];
    const nlohmann::json& lhs = s["lhs"];
    if (expected.empty() && lhs.contains("evidence") && lhs["evidence"].is_object() &&
        lhs["evidence"].contains("supnorm") && lhs["evidence"]["supnorm"].is_object() &&
        lhs["evidence"]["supnorm"].contains("witness"))
      expected = lhs["evidence"]["supnorm"]["witness"];
    const nlohmann::json& c = s["counterexample"];
    if (!c.is_object() || !c.contains("point") || c["point"] != expected ||
        (c.contains("instance") && c["instance"] != nlohmann::json(expected.empty())))
      problems.push_back(where + " (" + r.id +
                         "): counterexample: its point is not where the recorded sides were evaluated");
    const std::string lhs_name = s.contains("lhs_name") ? string_field(s, "lhs_name", where) : std::string();
    const std::string rhs_name = s.contains("rhs_name") ? string_field(s, "rhs_name", where) : std::string();
    // Today's exact text, or the "p/q" of certificates written before exact_text was merged.
    const auto described = [&](ExactText exact) {
      return c["description"] ==
             counterexample_description(lhs_name, rhs_name, r.relation, r.lhs, r.rhs, r.rhs_high, exact);
    };
    if (!c.is_object() || !c.contains("description") ||
        !(described(exact_text) || described([](const Rational& q) { return q.to_string(); })))
      problems.push_back(where + " (" + r.id + "): counterexample: its description is not the recorded sides in words");
  }
  if (s.contains("for_all")) {
    const auto& f = s["for_all"];
    auto n = [&](const char* k) {
      return f.contains(k) && f[k].is_number_unsigned() ? f[k].get<std::uint64_t>() : ~0ull;
    };
    if (n("points") != n("proved") + n("refuted") + n("unknown"))
      problems.push_back(where + " (" + r.id + "): for_all: the counts do not add up");
    const Verdict counted = n("refuted") > 0 ? Verdict::Refuted : n("unknown") > 0 ? Verdict::Unknown : Verdict::Proved;
    if (counted != r.verdict)
      problems.push_back(where + " (" + r.id + "): for_all: the counts say \"" + std::string(to_string(counted)) +
                         "\", the verdict is \"" + std::string(to_string(r.verdict)) + "\"");
  }
}

// Step 3: a recomputed side must agree with the recorded one.
void compare_side(const std::string& what, const Enclosure& recorded, const Enclosure& recomputed, bool exact,
                  std::vector<std::string>& problems) {
  auto show = [](const Enclosure& e) {
    return e.bounded() ? "[" + decimal_down(e.lower(), 20) + ", " + decimal_up(e.upper(), 20) + "]"
                       : std::string("(-inf, +inf)");
  };
  // An exact recomputation must lie inside the record; a numeric one must meet it (both contain
  // the true value).
  const bool ok =
      exact ? recomputed.bounded() && recorded.contains(recomputed.lower()) && recorded.contains(recomputed.upper())
            : recorded.intersects(recomputed);
  if (!ok)
    problems.push_back(what + ": recorded " + show(recorded) +
                       (exact ? " does not contain the exact recomputation " : " is disjoint from the recomputed ") +
                       show(recomputed));
}

std::string engine_text(const StepResult& s) {
  return s.kind == Computation::Kind::Exact
             ? std::string("exactly")
             : "with " + std::string(to_string(s.engine)) + " at " + std::to_string(s.prec_bits) + " bits";
}

ExactJson to_exact(const nlohmann::json& j, const std::string& source) { return parse_exact_json(j.dump(), source); }

bool inside(const Enclosure& inner, const Enclosure& outer) {
  return inner.bounded() && outer.contains(inner.lower()) && outer.contains(inner.upper());
}

// Step 3 for one step: its recorded rechecks re-computed from the certificate alone (recheck.hpp)
// and compared with the record; then its verdict re-decided from, per side, the record if it
// contains the recomputation (so it holds the true value) else the recomputation. Returns the
// names of the re-computed sides ("" if none).
std::string recheck_step(const RecordedStep& r, const RecheckData& data, Prec prec, const std::string& where,
                         std::vector<std::string>& problems) {
  Enclosure lhs = r.lhs, rhs = r.rhs;
  std::optional<Enclosure> high = r.rhs_high;
  std::string done;
  bool sides = false;
  for (const auto& [name, recheck] : r.rechecks) {
    const Enclosure* recorded = name == "lhs"        ? &r.lhs
                                : name == "rhs"      ? &r.rhs
                                : name == "rhs_high" ? &*r.rhs_high
                                                     : nullptr;
    for (const auto& [reported, value] : r.reported)
      if (name == "reported:" + reported) recorded = &value;
    if (!recorded) continue;  // read_step only records existing sides
    Recomputed m;
    try {
      m = recompute_side(recheck, data, prec);
    } catch (const InputError& e) {
      problems.push_back(where + ": " + name + ": recheck: " + e.what());
      continue;
    }
    compare_side(where + ": " + name, *recorded, m.value, m.exact, problems);
    const Enclosure used = inside(m.value, *recorded) ? *recorded : m.value;
    if (name == "lhs") lhs = used;
    if (name == "rhs") rhs = used;
    if (name == "rhs_high") high = used;
    sides = sides || !name.starts_with("reported:");
    done += (done.empty() ? "" : ", ") + name + (m.exact ? " (exactly)" : "");
  }
  if (sides) {
    const Verdict v = decide(r.relation, lhs, rhs, high ? &*high : nullptr);
    if (v != r.verdict && r.verdict != Verdict::Unknown)
      problems.push_back(where + ": verdict: recorded \"" + std::string(to_string(r.verdict)) +
                         "\" is not re-decided by the recomputed sides (they give \"" + std::string(to_string(v)) +
                         "\")");
  }
  return done;
}

// Which of the step's sides step 3 re-computed and which it trusted as recorded (VerifyReport).
void count_sides(const RecordedStep& r, VerifyReport& report) {
  std::vector<std::string> sides = {"lhs", "rhs"};
  if (r.rhs_high) sides.push_back("rhs_high");
  for (const std::string& side : sides) {
    ++report.sides;
    const bool recomputed =
        std::any_of(r.rechecks.begin(), r.rechecks.end(), [&](const auto& c) { return c.first == side; });
    if (recomputed) {
      ++report.sides_recomputed;
      continue;
    }
    const auto it = r.trusted.find(side);
    report.trusted.push_back({r.id, side, it == r.trusted.end() ? std::string() : it->second});
  }
}

// The recorded side enclosures of a step under the names rechecks use ("ID:lhs", ...).
void add_earlier(const RecordedStep& r, std::map<std::string, Enclosure, std::less<>>& earlier) {
  earlier.insert_or_assign(r.id + ":lhs", r.lhs);
  earlier.insert_or_assign(r.id + ":rhs", r.rhs);
  if (r.rhs_high) earlier.insert_or_assign(r.id + ":rhs_high", *r.rhs_high);
  for (const auto& [name, value] : r.reported) earlier.insert_or_assign(r.id + ":reported:" + name, value);
}

}  // namespace

std::string trust_summary(const VerifyReport& report) {
  std::string line = std::to_string(report.sides_recomputed) + " of " + std::to_string(report.sides) +
                     " sides re-computed from the certificate; " + std::to_string(report.trusted.size()) +
                     " trusted as recorded";
  std::vector<std::pair<std::string, std::string>> groups;  // reason -> "S3 lhs, S4 rhs", in first-seen order
  for (const TrustedSide& t : report.trusted) {
    const std::string reason = t.reason.empty() ? "not marked" : t.reason;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == reason; });
    if (it == groups.end()) it = groups.insert(groups.end(), {reason, ""});
    it->second += (it->second.empty() ? "" : ", ") + t.step + " " + t.side;
  }
  for (std::size_t g = 0; g < groups.size(); ++g)
    line += (g == 0 ? ": " : "; ") + groups[g].first + " (" + groups[g].second + ")";
  return line;
}

VerifyReport verify_certificate(const TheoremRegistry& registry, const std::string& path,
                                const VerifyOptions& options) {
  return verify_certificate(registry, read_certificate(path), path, options);
}

VerifyReport verify_certificate(const TheoremRegistry& registry, const nlohmann::json& cert, const std::string& path,
                                const VerifyOptions& options) {
  VerifyReport report;
  report.path = path;
  auto& problems = report.problems;
  if (cert.contains("overall") && cert["overall"].is_string()) report.verdict = cert["overall"].get<std::string>();

  // 1. Hash of the canonical content.
  if (std::string problem = hash_problem(cert); !problem.empty()) problems.push_back(std::move(problem));

  // 2. Every recorded verdict re-decided from the recorded numbers.
  std::vector<RecordedStep> recorded;
  try {
    const nlohmann::json& steps = field(cert, "steps", "certificate");
    if (!steps.is_array() || steps.empty()) throw InputError("steps: expected a non-empty array");
    Verdict overall = Verdict::Proved;
    std::size_t counts[3] = {0, 0, 0};
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string where = "steps/" + std::to_string(i);
      recorded.push_back(read_step(steps[i], where));
      check_recorded(recorded.back(), steps[i], where, problems);
      overall = conjunction(overall, recorded.back().verdict);
      ++counts[static_cast<int>(recorded.back().verdict)];
    }
    report.steps = recorded.size();
    if (string_field(cert, "overall", "certificate") != to_string(overall))
      problems.push_back("overall: recorded \"" + string_field(cert, "overall", "certificate") +
                         "\" but the steps give \"" + std::string(to_string(overall)) + "\"");
    const nlohmann::json& summary = field(cert, "summary", "certificate");
    const nlohmann::json expected_summary = {
        {"steps", steps.size()}, {"proved", counts[0]}, {"refuted", counts[1]}, {"unknown", counts[2]}};
    if (summary != expected_summary) problems.push_back("summary: the counts do not match the steps");
  } catch (const InputError& e) {
    problems.push_back(std::string("malformed: ") + e.what());
    return report;
  }
  if (!options.recompute && !options.rebuild) return report;

  // The recomputation precisions: base + 64 bits, doubling up to 2 * max_bits.
  RunOptions opts;
  opts.engine = Arithmetic::Interval;
  try {
    const nlohmann::json& precision = field(cert, "precision", "certificate");
    const nlohmann::json& base = field(precision, "base_bits", "precision");
    const nlohmann::json& max = field(precision, "max_bits", "precision");
    if (!base.is_number_integer() || !max.is_number_integer()) throw InputError("precision: bits must be integers");
    if (base.get<long>() < 1 || base.get<long>() > kMaxPrecisionBits || max.get<long>() > kMaxPrecisionBits)
      throw InputError("precision: bits out of range (at most " + std::to_string(kMaxPrecisionBits) + ")");
    opts.base_bits = base.get<long>() + 64;
    opts.max_bits = std::max(2 * max.get<long>(), opts.base_bits);
  } catch (const InputError& e) {
    problems.push_back(std::string("malformed: ") + e.what());
    return report;
  }

  // 3. Recorded rechecks re-computed from the certificate alone, in step order.
  if (options.recompute) {
    RecheckData data;
    data.parameters = cert.contains("parameters") ? &cert["parameters"] : nullptr;
    std::map<std::string, Program, std::less<>> networks;
    if (cert.contains("networks")) {
      try {
        networks = read_recorded_networks(cert["networks"]);
      } catch (const InputError& e) {
        problems.push_back(std::string("malformed: ") + e.what());
        return report;
      }
    }
    data.networks = &networks;
    for (std::size_t i = 0; i < recorded.size(); ++i) {
      const RecordedStep& r = recorded[i];
      data.at = &r.at;
      // The step's own reported values are recorded before its sides: a side may be re-computed from them.
      for (const auto& [name, value] : r.reported) data.earlier.insert_or_assign(r.id + ":reported:" + name, value);
      const std::string done =
          recheck_step(r, data, Prec(opts.max_bits), "steps/" + std::to_string(i) + " (" + r.id + ")", problems);
      report.checks.push_back({r.id, done});
      if (!done.empty()) ++report.rechecked;
      count_sides(r, report);
      add_earlier(r, data.earlier);
    }
  }
  if (!options.rebuild) return report;

  // 4. (--rebuild) The theorem module re-run with MPFI / other precisions.
  InstanceRun rerun;
  try {
    const nlohmann::json& theorem = field(cert, "theorem", "certificate");
    const std::string name = string_field(theorem, "name", "theorem");
    const Theorem* registered = registry.find(name);
    if (!registered) {
      problems.push_back("theorem/name: \"" + name + "\" is not a theorem of this build; cannot rebuild");
      return report;
    }
    const std::pair<const char*, const std::string*> theorem_texts[] = {{"paper", &registered->info.paper},
                                                                        {"title", &registered->info.title},
                                                                        {"statement", &registered->info.statement}};
    for (const auto& [key, value] : theorem_texts)
      if (!theorem.contains(key) || theorem[key] != *value)
        problems.push_back(std::string("theorem/") + key + ": recorded text differs from the theorem's (\"" + *value +
                           "\")");
    // Search-then-certify steps re-certify the stored candidates; nothing is searched again.
    for (const RecordedStep& r : recorded) {
      if (r.candidate) opts.recorded_candidates.emplace(r.id, *r.candidate);
      // Exact steps decide at the same point every time; the others may break ties differently.
      if (!r.at.empty() && r.computation != "exact") opts.recorded_points.emplace(r.id, r.at);
    }
    rerun = run_instance(registry, name, to_exact(field(cert, "parameters", "certificate"), path),
                         JsonAt(path + " (recorded)"), string_field(cert, "instance", "certificate"), opts);
  } catch (const InputError& e) {
    problems.push_back(std::string("recomputation refused the recorded input: ") + e.what());
    return report;
  }
  const auto& steps = rerun.result.steps;
  const nlohmann::json& cert_steps = cert["steps"];
  if (steps.size() != recorded.size())
    problems.push_back("steps: recorded " + std::to_string(recorded.size()) + " steps, the theorem has " +
                       std::to_string(steps.size()));
  for (std::size_t i = 0; i < std::min(steps.size(), recorded.size()); ++i) {
    const StepResult& now = steps[i];
    const RecordedStep& was = recorded[i];
    const nlohmann::json& s = cert_steps[i];
    const std::string where = "steps/" + std::to_string(i) + " (" + was.id + ")";
    const std::size_t before = problems.size();
    const StepSpec& spec = now.spec;
    const std::pair<const char*, const std::string*> texts[] = {{"id", &spec.id},
                                                                {"claim", &spec.claim},
                                                                {"symbols", &spec.symbols},
                                                                {"lhs_name", &spec.lhs_name},
                                                                {"rhs_name", &spec.rhs_name},
                                                                {"reference", &spec.reference},
                                                                {"status", &spec.status},
                                                                {"mode", &spec.mode},
                                                                {"coq_lemma", &spec.coq_lemma}};
    for (const auto& [key, value] : texts)
      if (!s.contains(key) || s[key] != *value)
        problems.push_back(where + ": " + key + ": recorded text differs from the theorem's (\"" + *value + "\")");
    if (now.spec.relation != was.relation)
      problems.push_back(where + ": relation: recorded \"" + std::string(to_string(was.relation)) +
                         "\", the theorem says \"" + std::string(to_string(now.spec.relation)) + "\"");

    if (now.verdict != was.verdict) {
      if (now.verdict == Verdict::Unknown)
        problems.push_back(where + ": verdict: recorded \"" + std::string(to_string(was.verdict)) +
                           "\" was not re-confirmed (recomputed " + engine_text(now) + ": unknown)");
      else if (was.verdict != Verdict::Unknown)
        problems.push_back(where + ": verdict: recorded \"" + std::string(to_string(was.verdict)) + "\", recomputed " +
                           engine_text(now) + ": \"" + std::string(to_string(now.verdict)) + "\"");
    }
    if (was.candidate.has_value() != now.outcome.candidate.has_value())
      problems.push_back(where + ": candidate: " +
                         (was.candidate ? std::string("recorded, but the theorem's step does not search for one")
                                        : std::string("missing (the theorem's step certifies a searched candidate)")));
    const bool exact = now.kind == Computation::Kind::Exact;
    if (now.outcome.at == was.at) {
      compare_side(where + ": lhs", was.lhs, now.outcome.lhs.value, exact, problems);
      compare_side(where + ": rhs", was.rhs, now.outcome.rhs.value, exact, problems);
      if (was.rhs_high && now.outcome.rhs_high)
        compare_side(where + ": rhs_high", *was.rhs_high, now.outcome.rhs_high->value, exact, problems);
      for (const auto& [reported_name, value] : was.reported) {
        const std::string& name = reported_name;  // clang 14 cannot capture a structured binding
        const auto it = std::find_if(now.outcome.reported.begin(), now.outcome.reported.end(),
                                     [&](const auto& r) { return r.first == name; });
        if (it == now.outcome.reported.end()) problems.push_back(where + ": reported \"" + name + "\": not recomputed");
        else compare_side(where + ": reported \"" + name + "\"", value, it->second.value, exact, problems);
      }
    } else if (exact) {
      problems.push_back(where + ": at: the exact recomputation decides at a different point");
    } else if (const std::optional<PointSides>& there = now.outcome.at_watched) {
      // Another point decides the re-run (a tie broken differently at another precision): the
      // recorded sides must still be those of the recorded point.
      compare_side(where + ": lhs (at the recorded point)", was.lhs, there->lhs.value, false, problems);
      compare_side(where + ": rhs (at the recorded point)", was.rhs, there->rhs.value, false, problems);
      if (was.rhs_high && there->rhs_high)
        compare_side(where + ": rhs_high (at the recorded point)", *was.rhs_high, there->rhs_high->value, false,
                     problems);
    } else {
      problems.push_back(where +
                         ": at: the recomputation decides at another point and never evaluates the recorded one");
    }
    // A refuted step's counterexample must be the one the recomputation finds.
    if (now.verdict == Verdict::Refuted && was.verdict == Verdict::Refuted && s.contains("counterexample")) {
      Point p = now.outcome.at;
      if (p.empty() && now.outcome.lhs.evidence.supnorm) p = now.outcome.lhs.evidence.supnorm->witness;
      const nlohmann::json& c = s["counterexample"];
      if (!c.is_object() || !c.contains("point") || c["point"] != point_json(p))
        problems.push_back(where + ": counterexample: the recorded point is not the one the recomputation refutes at");
    }
    if (problems.size() == before) ++report.recomputed;
  }
  return report;
}

}  // namespace approxcert::chain
