#include "chain/certificate.hpp"

#include <filesystem>
#include <fmt/format.h>

#include "approxcert_version.hpp"
#include "chain/certificate_fields.hpp"
#include "io/file.hpp"
#include "io/sha256.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace fs = std::filesystem;

namespace {

std::string_view kind_name(Computation::Kind k) {
  return k == Computation::Kind::Exact ? "exact" : k == Computation::Kind::BallOnly ? "ball" : "generic";
}

// The recorded sides of a step decide the same verdict as the engine's exact enclosures when
// written with `digits` digits (and exact endpoints if asked).
struct SidesJson {
  nlohmann::json lhs, rhs, rhs_high;
};

SidesJson sides_json(const Outcome& o, int digits, bool exact_endpoints) {
  SidesJson s{side_json(o.lhs, digits, exact_endpoints), side_json(o.rhs, digits, exact_endpoints), nullptr};
  if (o.rhs_high) s.rhs_high = side_json(*o.rhs_high, digits, exact_endpoints);
  return s;
}

Verdict redecide(Relation r, const SidesJson& s) {
  const Enclosure lhs = recorded_enclosure(s.lhs, "lhs");
  const Enclosure rhs = recorded_enclosure(s.rhs, "rhs");
  if (s.rhs_high.is_null()) return decide(r, lhs, rhs);
  const Enclosure high = recorded_enclosure(s.rhs_high, "rhs_high");
  return decide(r, lhs, rhs, &high);
}

// Sides written so that decide() on the recorded numbers gives the engine's verdict: 17 digits,
// else 30, else 60, else exact endpoints (always enough: they are the engine's enclosures).
SidesJson reproducible_sides(const StepResult& s) {
  for (int digits : {17, 30, 60}) {
    SidesJson j = sides_json(s.outcome, digits, false);
    if (redecide(s.spec.relation, j) == s.verdict) return j;
  }
  return sides_json(s.outcome, 17, true);
}

// "e in [2.71828, 2.71829] > 2.71 = b": the counterexample in words.
std::string describe(const StepSpec& spec, const Outcome& o) {
  auto show = [](const Side& s, const std::string& name) {
    std::string t;
    if (!s.value.bounded()) t = "(-inf, +inf)";
    else if (s.value.is_exact()) t = s.value.lower().to_string();
    else t = "[" + decimal_down(s.value.lower(), 10) + ", " + decimal_up(s.value.upper(), 10) + "]";
    return name.empty() ? t : name + " = " + t;
  };
  std::string text = show(o.lhs, spec.lhs_name) + " violates " + std::string(to_string(spec.relation)) + " ";
  if (o.rhs_high) text += "[" + show(o.rhs, "") + ", " + show(*o.rhs_high, "") + "]";
  else text += show(o.rhs, spec.rhs_name);
  return text;
}

nlohmann::json step_json(const StepResult& s) {
  nlohmann::json j;
  const StepSpec& spec = s.spec;
  j["id"] = spec.id;
  j["claim"] = spec.claim;
  j["symbols"] = spec.symbols;
  j["relation"] = std::string(to_string(spec.relation));
  j["lhs_name"] = spec.lhs_name;
  j["rhs_name"] = spec.rhs_name;
  j["reference"] = spec.reference;
  j["status"] = spec.status;
  j["mode"] = spec.mode;
  j["coq_lemma"] = spec.coq_lemma;
  j["verdict"] = std::string(to_string(s.verdict));

  const SidesJson sides = reproducible_sides(s);
  j["lhs"] = sides.lhs;
  j["rhs"] = sides.rhs;
  if (!sides.rhs_high.is_null()) j["rhs_high"] = sides.rhs_high;
  // The margin of the RECORDED numbers (what anyone can re-derive from this file), rounded down.
  {
    const Enclosure lhs = recorded_enclosure(sides.lhs, "lhs"), rhs = recorded_enclosure(sides.rhs, "rhs");
    const std::optional<Enclosure> high =
        sides.rhs_high.is_null() ? std::nullopt : std::optional(recorded_enclosure(sides.rhs_high, "rhs_high"));
    if (const auto m = margin(spec.relation, lhs, rhs, high ? &*high : nullptr)) j["margin"] = decimal_down(*m, 17);
  }
  j["at"] = point_json(s.outcome.at);
  if (const auto& f = s.outcome.for_all)
    j["for_all"] = {{"points", f->points}, {"proved", f->proved}, {"refuted", f->refuted}, {"unknown", f->unknown}};
  nlohmann::json reported = nlohmann::json::array();
  for (const auto& [name, side] : s.outcome.reported) reported.push_back({{"name", name}, {"value", side_json(side, 17, false)}});
  j["reported"] = std::move(reported);

  if (s.verdict == Verdict::Refuted) {
    Point p = s.outcome.at;
    if (p.empty() && s.outcome.lhs.evidence.supnorm) p = s.outcome.lhs.evidence.supnorm->witness;
    j["counterexample"] = {{"point", point_json(p)}, {"instance", p.empty()}, {"description", describe(spec, s.outcome)}};
  }
  j["computation"] = std::string(kind_name(s.kind));
  j["engine"] = s.kind == Computation::Kind::Exact ? "exact" : std::string(to_string(s.engine));
  j["prec_bits"] = s.prec_bits;
  j["attempts"] = s.attempts;
  if (!s.error.empty()) j["error"] = s.error;
  j["elapsed_seconds"] = fmt::format("{:.3f}", s.elapsed_seconds);
  return j;
}

// ExactJson (numbers as source text) -> plain JSON; only integers are allowed as numbers.
nlohmann::json to_plain(const ExactJson& v, const JsonAt& at) {
  if (is_json_number(v)) {
    const std::string text(json_number_text(v));
    const bool integer = !text.empty() && text.find_first_not_of("-0123456789") == std::string::npos;
    if (!integer) at.fail("unexpected non-integer number " + text + " (certificates hold numbers as strings)");
    try {
      return text[0] == '-' ? nlohmann::json(std::stoll(text)) : nlohmann::json(std::stoull(text));
    } catch (const std::exception&) {
      at.fail("integer out of range: " + text);
    }
  }
  if (v.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& item : v.items()) out[item.key()] = to_plain(item.value(), at.key(item.key()));
    return out;
  }
  if (v.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(to_plain(v[i], at.index(i)));
    return out;
  }
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>();
  return nullptr;
}

void strip_volatile(nlohmann::json& j) {
  if (j.is_object()) {
    j.erase("elapsed_seconds");
    for (auto& [k, v] : j.items()) strip_volatile(v);
  } else if (j.is_array()) {
    for (auto& v : j) strip_volatile(v);
  }
}

}  // namespace

nlohmann::json make_certificate(const InstanceRun& run) {
  const ChainResult& r = run.result;
  nlohmann::json c;
  c["format"] = "approxcert-cert/1";
  c["kind"] = "chain";
  c["theorem"] = {{"name", run.theorem.name}, {"paper", run.theorem.paper}, {"title", run.theorem.title},
                  {"statement", run.theorem.statement}};
  c["instance"] = run.instance;
  c["parameters"] = run.parameters;
  c["precision"] = {{"engine", std::string(to_string(r.options.engine))}, {"base_bits", r.options.base_bits},
                    {"max_bits", r.options.max_bits}};
  nlohmann::json steps = nlohmann::json::array();
  std::size_t counts[3] = {0, 0, 0};
  for (const StepResult& s : r.steps) {
    try {
      steps.push_back(step_json(s));
    } catch (const InputError& e) {  // a number too large or small to write (docs/robustness.md)
      throw InputError("instance " + run.instance + ": step " + s.spec.id + ": cannot record: " + e.what());
    }
    ++counts[static_cast<int>(s.verdict)];
  }
  c["steps"] = std::move(steps);
  c["overall"] = std::string(to_string(r.overall));
  c["summary"] = {{"steps", r.steps.size()}, {"proved", counts[0]}, {"refuted", counts[1]}, {"unknown", counts[2]}};
  c["tool"] = {{"name", "approxcert"}, {"version", APPROXCERT_VERSION}, {"commit", APPROXCERT_COMMIT}};
  c["elapsed_seconds"] = fmt::format("{:.3f}", r.elapsed_seconds);
  c["sha256"] = certificate_hash(c);
  return c;
}

std::string canonical_text(const nlohmann::json& certificate) {
  nlohmann::json c = certificate;
  if (c.is_object()) c.erase("sha256");
  strip_volatile(c);
  return c.dump();
}

std::string certificate_hash(const nlohmann::json& certificate) { return sha256_hex(canonical_text(certificate)); }

nlohmann::json read_certificate(const std::string& path) {
  const ExactJson doc = read_exact_json_file(path);
  const JsonAt top(path);
  json_object(doc, top);
  nlohmann::json c = to_plain(doc, top);
  const auto fmt_it = c.find("format");
  if (fmt_it == c.end() || *fmt_it != "approxcert-cert/1") top.key("format").fail("not an \"approxcert-cert/1\" certificate");
  const auto kind_it = c.find("kind");
  if (kind_it == c.end() || *kind_it != "chain") top.key("kind").fail("not a chain certificate (\"kind\": \"chain\")");
  return c;
}

std::string write_certificate(const std::string& dir, const nlohmann::json& certificate) {
  const std::string paper = string_field(field(certificate, "theorem", "certificate"), "paper", "certificate/theorem");
  const std::string instance = string_field(certificate, "instance", "certificate");
  const fs::path folder = fs::path(dir) / paper;
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw InputError(folder.string() + ": cannot create directory: " + ec.message());
  const std::string json_text = certificate.dump(2) + "\n";
  const std::string markdown = render_markdown(certificate);
  const fs::path json_path = folder / (instance + ".json");
  write_file_atomic(json_path.string(), json_text);
  write_file_atomic((folder / (instance + ".md")).string(), markdown);
  return json_path.string();
}

void write_index(const std::string& dir) {
  std::vector<nlohmann::json> certs;
  std::error_code ec;
  if (fs::is_directory(dir, ec)) {
    std::vector<fs::path> files;
    for (const auto& paper : fs::directory_iterator(dir)) {
      if (!paper.is_directory()) continue;
      for (const auto& f : fs::directory_iterator(paper.path()))
        if (f.is_regular_file() && f.path().extension() == ".json") files.push_back(f.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) certs.push_back(read_certificate(f.string()));
  }
  fs::create_directories(dir, ec);
  write_file_atomic((fs::path(dir) / "index.md").string(), render_index(certs));
}

}  // namespace approxcert::chain
