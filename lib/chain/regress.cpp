#include "chain/regress.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/instance.hpp"
#include "chain/json_diff.hpp"
#include "io/sha256.hpp"
#include "scalar/arithmetic.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace {

namespace fs = std::filesystem;

// Compares one instance's steps. For an unchanged instance only losses are rows ("bound"); for a
// changed one (`moved`) every endpoint or margin that differs is a "moved" row.
// The recorded points are the same numbers (a baseline may spell them in an older form, "1/2").
bool same_point(const nlohmann::json& stored, const nlohmann::json& current) {
  return read_point(stored, "at (stored)") == read_point(current, "at");
}

// A stored precision in today's spelling of its engine (an older baseline says "ball" / "interval").
nlohmann::json current_spelling(nlohmann::json precision) {
  if (precision.contains("engine") && precision["engine"].is_string())
    if (const auto a = parse_arithmetic(precision["engine"].get<std::string>()))
      precision["engine"] = std::string(to_string(*a));
  return precision;
}

class Comparison {
 public:
  Comparison(const RegressOptions& o, std::string instance, std::vector<RegressRow>& rows)
      : options_(o), instance_(std::move(instance)), rows_(rows) {}

  void fail(const std::string& step, const std::string& field, const std::string& stored, const std::string& current,
            const std::string& problem, const std::string& kind) {
    rows_.push_back({instance_, step, field, stored, current, problem, kind});
  }

  void set_moved() { moved_ = true; }

  Rational tolerance(const Rational& stored) const { return options_.rel_tol * abs(stored) + options_.abs_tol; }

  // Lower endpoints must not drop, upper endpoints must not rise, beyond the tolerance.
  void side(const std::string& step, const std::string& name, const nlohmann::json& stored,
            const nlohmann::json& current) {
    const Enclosure s = recorded_enclosure(stored, step + "/" + name + " (stored)");
    const Enclosure c = recorded_enclosure(current, step + "/" + name);
    if (!s.bounded() && !c.bounded()) return;
    if (s.bounded() != c.bounded()) {
      if (c.bounded() && !moved_) return;  // an improvement
      fail(step, name, s.bounded() ? "bounded" : "unbounded", c.bounded() ? "bounded" : "unbounded",
           c.bounded() ? "the enclosure became bounded" : "the enclosure was lost", moved_ ? "moved" : "bound");
      return;
    }
    endpoint(step, name + ".lower", stored.at("lower"), current.at("lower"), s.lower(), c.lower(), false);
    endpoint(step, name + ".upper", stored.at("upper"), current.at("upper"), s.upper(), c.upper(), true);
  }

  void step(const nlohmann::json& stored, const nlohmann::json& current) {
    const std::string id = current.at("id");
    if (stored.at("verdict") != current.at("verdict")) {
      fail(id, "verdict", stored.at("verdict"), current.at("verdict"), "verdict changed", "verdict");
      if (!moved_) return;
    }
    if (same_point(stored.at("at"), current.at("at"))) {
      side(id, "lhs", stored.at("lhs"), current.at("lhs"));
      side(id, "rhs", stored.at("rhs"), current.at("rhs"));
      if (stored.contains("rhs_high") && current.contains("rhs_high"))
        side(id, "rhs_high", stored.at("rhs_high"), current.at("rhs_high"));
      for (const auto& r : stored.at("reported"))
        for (const auto& c : current.at("reported"))
          if (c.at("name") == r.at("name"))
            side(id, "reported \"" + r.at("name").get<std::string>() + "\"", r.at("value"), c.at("value"));
    } else if (moved_) {
      fail(id, "at", stored.at("at").dump(), current.at("at").dump(), "evaluated at another point: sides not compared",
           "moved");
    }
    // A margin is a slack for a proved step and a violation for a refuted one: compared only
    // between equal verdicts.
    if (stored.contains("margin") && current.contains("margin") && stored.at("verdict") == current.at("verdict")) {
      const Rational s = parse_rational(stored.at("margin").get<std::string>());
      const Rational c = parse_rational(current.at("margin").get<std::string>());
      if (moved_ && c != s)
        fail(id, "margin", stored.at("margin"), current.at("margin"), "margin " + change(s, c), "moved");
      else if (c < s - tolerance(s))
        fail(id, "margin", stored.at("margin"), current.at("margin"), "certified margin got smaller", "bound");
    }
  }

 private:
  // "rose by 0.01": the exact change, to 6 significant digits.
  static std::string change(const Rational& stored, const Rational& current) {
    return std::string(current > stored ? "rose by " : "fell by ") + decimal_near(abs(current - stored), 6);
  }

  // `upper`: the endpoint must not rise (an upper bound); else it must not drop.
  void endpoint(const std::string& step, const std::string& field, const nlohmann::json& stored_text,
                const nlohmann::json& current_text, const Rational& s, const Rational& c, bool upper) {
    if (moved_) {
      if (c != s) fail(step, field, stored_text, current_text, change(s, c), "moved");
      return;
    }
    if (upper ? c > s + tolerance(s) : c < s - tolerance(s))
      fail(step, field, stored_text, current_text, upper ? "upper bound got worse" : "lower bound got worse", "bound");
  }

  const RegressOptions& options_;
  std::string instance_;
  std::vector<RegressRow>& rows_;
  bool moved_ = false;
};

std::string short_hash(const nlohmann::json& j) { return "sha256 " + sha256_hex(j.dump()).substr(0, 16); }

// Rows naming, by JSON pointer, where `stored` and `current` differ below `pointer`; true if any.
bool member_changed(Comparison& cmp, const nlohmann::json& stored, const nlohmann::json& current,
                    const std::string& pointer) {
  const JsonDifferences d = json_differences(stored, current, pointer, kMaxInstanceRows);
  for (const JsonDifference& row : d.first)
    cmp.fail("-", row.pointer, row.stored, row.current, "the instance changed", "instance");
  if (d.total > d.first.size())
    cmp.fail("-", pointer, short_hash(stored), short_hash(current),
             std::to_string(d.total - d.first.size()) + " more difference(s) below " + pointer + ", " +
                 std::to_string(d.total) + " in all",
             "instance");
  return d.total > 0;
}

// Rows for what makes the current instance a different one from the stored; true if any.
bool instance_changed(Comparison& cmp, const nlohmann::json& stored, const nlohmann::json& current) {
  bool changed =
      member_changed(cmp, stored.at("theorem").at("name"), current.at("theorem").at("name"), "/theorem/name");
  changed |= member_changed(cmp, stored.at("parameters"), current.at("parameters"), "/parameters");
  if (stored.contains("precision"))
    changed |= member_changed(cmp, current_spelling(stored.at("precision")), current.at("precision"), "/precision");
  return changed;
}

const nlohmann::json* find_step(const nlohmann::json& steps, const nlohmann::json& id) {
  for (const auto& s : steps)
    if (s.contains("id") && s.at("id") == id) return &s;
  return nullptr;
}

// Stored chain certificates <baseline>/<paper>/<instance>.json whose paper/instance no run
// produced. Files that are not chain certificates are not the baseline's and are left alone.
void add_orphans(const RegressOptions& options, const std::set<std::string>& produced, RegressReport& report) {
  std::error_code ec;
  if (!fs::is_directory(options.baseline, ec)) return;
  std::vector<fs::path> files;
  for (const auto& paper : fs::directory_iterator(options.baseline, ec)) {
    if (!paper.is_directory(ec)) continue;
    for (const auto& f : fs::directory_iterator(paper.path(), ec))
      if (f.is_regular_file(ec) && f.path().extension() == ".json") files.push_back(f.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    const std::string name = f.parent_path().filename().string() + "/" + f.stem().string();
    if (produced.count(name)) continue;
    try {
      const nlohmann::json c = read_certificate(f.string());
      const std::string overall =
          c.contains("overall") && c.at("overall").is_string() ? c.at("overall").get<std::string>() : "?";
      report.rows.push_back({name, "-", "certificate", overall, "(no check)",
                             "no check file produces the stored certificate " + f.string(), "orphan"});
    } catch (const InputError&) {
      // not a chain certificate: not part of the baseline
    }
  }
}

}  // namespace

std::size_t RegressReport::failures() const {
  return static_cast<std::size_t>(
      std::count_if(rows.begin(), rows.end(), [this](const RegressRow& r) { return failing(r); }));
}

RegressReport regress(const TheoremRegistry& registry, const std::vector<std::string>& check_paths,
                      const RegressOptions& options) {
  RegressReport report;
  report.orphans_allowed = options.allow_orphans;
  CheckInputs read = read_check_files(check_paths);  // every input valid first
  const std::vector<CheckFile>& inputs = read.files;
  report.skipped = std::move(read.skipped);
  std::set<std::string> produced;
  for (std::size_t index = 0; index < inputs.size(); ++index) {
    const std::string& path = inputs[index].path;
    if (options.on_instance) options.on_instance(index, inputs.size(), path);
    const CheckRun run = run_check(registry, inputs[index]);
    const nlohmann::json current = make_certificate(run.run);
    const std::string name = run.run.theorem.paper + "/" + run.run.instance;
    Comparison cmp(options, name, report.rows);
    ++report.instances;
    report.instance_names.push_back(name);
    produced.insert(name);
    report.steps += run.run.result.steps.size();

    const std::string stored_path =
        (fs::path(options.baseline) / run.run.theorem.paper / (run.run.instance + ".json")).string();
    nlohmann::json stored;
    try {
      if (!fs::exists(stored_path)) {
        cmp.fail("-", "certificate", "(missing)", current.at("overall"), "no stored certificate " + stored_path,
                 "certificate");
        continue;
      }
      stored = read_certificate(stored_path);
      if (const std::string problem = hash_problem(stored); !problem.empty()) {
        cmp.fail("-", "sha256", stored_path, "-", "stored certificate not used: " + problem, "certificate");
        continue;
      }
      if (instance_changed(cmp, stored, current)) cmp.set_moved();
      if (stored.at("overall") != current.at("overall"))
        cmp.fail("overall", "verdict", stored.at("overall"), current.at("overall"), "overall verdict changed",
                 "verdict");
      for (const auto& s : current.at("steps")) {
        if (const nlohmann::json* old = find_step(stored.at("steps"), s.at("id"))) cmp.step(*old, s);
        else cmp.fail(s.at("id"), "step", "(absent)", s.at("verdict"), "step not in the stored certificate", "verdict");
      }
      for (const auto& s : stored.at("steps"))
        if (!find_step(current.at("steps"), s.at("id")))
          cmp.fail(s.at("id"), "step", s.at("verdict"), "(absent)", "step removed", "verdict");
    } catch (const InputError& e) {
      cmp.fail("-", "certificate", stored_path, "-", std::string("unreadable stored certificate: ") + e.what(),
               "certificate");
    } catch (const nlohmann::json::exception& e) {
      cmp.fail("-", "certificate", stored_path, "-", std::string("malformed stored certificate: ") + e.what(),
               "certificate");
    }
  }
  add_orphans(options, produced, report);
  return report;
}

}  // namespace approxcert::chain
