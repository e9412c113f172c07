#include "chain/regress.hpp"

#include <filesystem>
#include <optional>
#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/certificate_fields.hpp"
#include "chain/instance.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace {

class Comparison {
 public:
  Comparison(const RegressOptions& o, std::string instance, std::vector<RegressRow>& rows)
      : options_(o), instance_(std::move(instance)), rows_(rows) {}

  void fail(const std::string& step, const std::string& field, const std::string& stored, const std::string& current,
            const std::string& problem, const std::string& kind) {
    rows_.push_back({instance_, step, field, stored, current, problem, kind});
  }

  Rational tolerance(const Rational& stored) const { return options_.rel_tol * abs(stored) + options_.abs_tol; }

  // Lower endpoints must not drop, upper endpoints must not rise, beyond the tolerance.
  void side(const std::string& step, const std::string& name, const nlohmann::json& stored, const nlohmann::json& current) {
    const Enclosure s = recorded_enclosure(stored, step + "/" + name + " (stored)");
    const Enclosure c = recorded_enclosure(current, step + "/" + name);
    if (!s.bounded()) return;
    if (!c.bounded()) {
      fail(step, name, "bounded", "unbounded", "the enclosure was lost", "bound");
      return;
    }
    if (c.lower() < s.lower() - tolerance(s.lower()))
      fail(step, name + ".lower", stored.at("lower"), current.at("lower"), "lower bound got worse", "bound");
    if (c.upper() > s.upper() + tolerance(s.upper()))
      fail(step, name + ".upper", stored.at("upper"), current.at("upper"), "upper bound got worse", "bound");
  }

  void step(const nlohmann::json& stored, const nlohmann::json& current) {
    const std::string id = current.at("id");
    if (stored.at("verdict") != current.at("verdict")) {
      fail(id, "verdict", stored.at("verdict"), current.at("verdict"), "verdict changed", "verdict");
      return;
    }
    if (stored.at("at") == current.at("at")) {
      side(id, "lhs", stored.at("lhs"), current.at("lhs"));
      side(id, "rhs", stored.at("rhs"), current.at("rhs"));
      if (stored.contains("rhs_high") && current.contains("rhs_high")) side(id, "rhs_high", stored.at("rhs_high"), current.at("rhs_high"));
      for (const auto& r : stored.at("reported"))
        for (const auto& c : current.at("reported"))
          if (c.at("name") == r.at("name")) side(id, "reported \"" + r.at("name").get<std::string>() + "\"", r.at("value"), c.at("value"));
    }
    if (stored.contains("margin") && current.contains("margin")) {
      const Rational s = parse_rational(stored.at("margin").get<std::string>());
      const Rational c = parse_rational(current.at("margin").get<std::string>());
      if (c < s - tolerance(s)) fail(id, "margin", stored.at("margin"), current.at("margin"), "certified margin got smaller", "bound");
    }
  }

 private:
  const RegressOptions& options_;
  std::string instance_;
  std::vector<RegressRow>& rows_;
};

std::string short_text(const nlohmann::json& j) {
  std::string s = j.is_string() ? j.get<std::string>() : j.dump();
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

// Rows for what makes the current instance a different one from the stored; true if any.
bool instance_changed(Comparison& cmp, const nlohmann::json& stored, const nlohmann::json& current) {
  const std::string why = "the instance changed: bounds not compared";
  bool changed = false;
  const nlohmann::json& s_name = stored.at("theorem").at("name");
  if (s_name != current.at("theorem").at("name")) {
    cmp.fail("-", "theorem", short_text(s_name), short_text(current.at("theorem").at("name")), why, "instance");
    changed = true;
  }
  const nlohmann::json& sp = stored.at("parameters");
  const nlohmann::json& cp = current.at("parameters");
  if (sp != cp) {
    changed = true;
    if (sp.is_object() && cp.is_object()) {
      for (const auto& [k, v] : cp.items())
        if (!sp.contains(k) || sp.at(k) != v)
          cmp.fail("-", "parameters." + k, sp.contains(k) ? short_text(sp.at(k)) : "(absent)", short_text(v), why, "instance");
      for (const auto& [k, v] : sp.items())
        if (!cp.contains(k)) cmp.fail("-", "parameters." + k, short_text(v), "(absent)", why, "instance");
    } else {
      cmp.fail("-", "parameters", short_text(sp), short_text(cp), why, "instance");
    }
  }
  if (stored.contains("precision") && stored.at("precision") != current.at("precision")) {
    cmp.fail("-", "precision", short_text(stored.at("precision")), short_text(current.at("precision")), why, "instance");
    changed = true;
  }
  return changed;
}

const nlohmann::json* find_step(const nlohmann::json& steps, const nlohmann::json& id) {
  for (const auto& s : steps)
    if (s.contains("id") && s.at("id") == id) return &s;
  return nullptr;
}

}  // namespace

RegressReport regress(const TheoremRegistry& registry, const std::vector<std::string>& check_paths,
                      const RegressOptions& options) {
  RegressReport report;
  const std::vector<std::string> files = collect_json_files(check_paths);
  std::vector<CheckFile> inputs;
  for (const std::string& path : files) inputs.push_back(read_check_file(path));  // every input valid first
  for (std::size_t index = 0; index < inputs.size(); ++index) {
    const std::string& path = files[index];
    if (options.on_instance) options.on_instance(index, inputs.size(), path);
    const CheckRun run = run_check(registry, inputs[index]);
    const nlohmann::json current = make_certificate(run.run);
    const std::string name = run.run.theorem.paper + "/" + run.run.instance;
    Comparison cmp(options, name, report.rows);
    ++report.instances;
    report.instance_names.push_back(name);
    report.steps += run.run.result.steps.size();

    const std::string stored_path =
        (std::filesystem::path(options.baseline) / run.run.theorem.paper / (run.run.instance + ".json")).string();
    nlohmann::json stored;
    try {
      if (!std::filesystem::exists(stored_path)) {
        cmp.fail("-", "certificate", "(missing)", current.at("overall"), "no stored certificate " + stored_path, "certificate");
        continue;
      }
      stored = read_certificate(stored_path);
      if (instance_changed(cmp, stored, current)) continue;
      if (stored.at("overall") != current.at("overall"))
        cmp.fail("overall", "verdict", stored.at("overall"), current.at("overall"), "overall verdict changed", "verdict");
      for (const auto& s : current.at("steps")) {
        if (const nlohmann::json* old = find_step(stored.at("steps"), s.at("id"))) cmp.step(*old, s);
        else cmp.fail(s.at("id"), "step", "(absent)", s.at("verdict"), "step not in the stored certificate", "verdict");
      }
      for (const auto& s : stored.at("steps"))
        if (!find_step(current.at("steps"), s.at("id"))) cmp.fail(s.at("id"), "step", s.at("verdict"), "(absent)", "step removed", "verdict");
    } catch (const InputError& e) {
      cmp.fail("-", "certificate", stored_path, "-", std::string("unreadable stored certificate: ") + e.what(), "certificate");
    } catch (const nlohmann::json::exception& e) {
      cmp.fail("-", "certificate", stored_path, "-", std::string("malformed stored certificate: ") + e.what(), "certificate");
    }
  }
  return report;
}

}  // namespace approxcert::chain
