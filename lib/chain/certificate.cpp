#include "chain/certificate.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "approxcert_version.hpp"
#include "chain/certificate_fields.hpp"
#include "io/certificate_envelope.hpp"
#include "io/file.hpp"
#include "io/sha256.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace fs = std::filesystem;

namespace {

std::string_view kind_name(Computation::Kind k) {
  return k == Computation::Kind::Exact      ? "exact"
         : k == Computation::Kind::BallOnly ? to_string(Arithmetic::Ball)
                                            : "generic";
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
  for (const auto& [name, side] : s.outcome.reported)
    reported.push_back({{"name", name}, {"value", side_json(side, 17, false)}});
  j["reported"] = std::move(reported);
  if (s.outcome.candidate) j["candidate"] = point_json(*s.outcome.candidate);

  if (s.verdict == Verdict::Refuted) {
    Point p = s.outcome.at;
    if (p.empty() && s.outcome.lhs.evidence.supnorm) p = s.outcome.lhs.evidence.supnorm->witness;
    j["counterexample"] = {
        {"point", point_json(p)},
        {"instance", p.empty()},
        {"description", counterexample_description(
                            spec.lhs_name, spec.rhs_name, spec.relation, s.outcome.lhs.value, s.outcome.rhs.value,
                            s.outcome.rhs_high ? std::optional(s.outcome.rhs_high->value) : std::nullopt)}};
  }
  j["computation"] = std::string(kind_name(s.kind));
  j["engine"] = s.kind == Computation::Kind::Exact ? "exact" : std::string(to_string(s.engine));
  j["prec_bits"] = s.prec_bits;
  j["attempts"] = s.attempts;
  if (!s.error.empty()) j["error"] = s.error;
  j["elapsed_seconds"] = fmt::format("{:.3f}", s.elapsed_seconds);
  return j;
}

// The networks the sides' network recipes evaluate, once each by SHA-256, as compact JSON text
// (recorded_networks.hpp).
nlohmann::json recorded_networks_json(const ChainResult& r) {
  nlohmann::json networks = nlohmann::json::object();
  auto add = [&](const Side& side) {
    const auto& c = side.evidence.recheck;
    if (c && !c->network.empty() && c->network_text && !networks.contains(c->network))
      networks[c->network] = nlohmann::json::parse(*c->network_text).dump();  // compact: one line
  };
  for (const StepResult& s : r.steps) {
    add(s.outcome.lhs);
    add(s.outcome.rhs);
    if (s.outcome.rhs_high) add(*s.outcome.rhs_high);
    for (const auto& [name, side] : s.outcome.reported) add(side);
  }
  return networks;
}

}  // namespace

nlohmann::json make_certificate(const InstanceRun& run) {
  const ChainResult& r = run.result;
  nlohmann::json c;
  c["format"] = "approxcert-cert/1";
  c["kind"] = "chain";
  c["theorem"] = {{"name", run.theorem.name},
                  {"paper", run.theorem.paper},
                  {"title", run.theorem.title},
                  {"statement", run.theorem.statement}};
  c["instance"] = run.instance;
  if (!run.description.empty()) c["description"] = run.description;
  c["parameters"] = run.parameters;
  c["precision"] = {{"engine", std::string(to_string(r.options.engine))},
                    {"base_bits", r.options.base_bits},
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
  if (nlohmann::json networks = recorded_networks_json(r); !networks.empty()) c["networks"] = std::move(networks);
  c["overall"] = std::string(to_string(r.overall));
  c["summary"] = {{"steps", r.steps.size()}, {"proved", counts[0]}, {"refuted", counts[1]}, {"unknown", counts[2]}};
  c["tool"] = {{"name", "approxcert"}, {"version", APPROXCERT_VERSION}, {"commit", APPROXCERT_COMMIT}};
  c["build_seconds"] = fmt::format("{:.3f}", run.build_seconds);
  c["steps_seconds"] = fmt::format("{:.3f}", r.elapsed_seconds);
  c["elapsed_seconds"] = fmt::format("{:.3f}", run.build_seconds + r.elapsed_seconds);
  c["sha256"] = certificate_hash(c);
  return c;
}

std::string canonical_text(const nlohmann::json& certificate) { return canonical_certificate_text(certificate); }

std::string certificate_hash(const nlohmann::json& certificate) { return certificate_sha256(certificate); }

std::string hash_problem(const nlohmann::json& certificate) {
  const std::string computed = certificate_hash(certificate);
  const auto it = certificate.is_object() ? certificate.find("sha256") : certificate.end();
  const std::string recorded = it != certificate.end() && it->is_string() ? it->get<std::string>() : "";
  if (recorded == computed) return "";
  return "sha256: recorded \"" + recorded + "\" but the canonical content hashes to " + computed +
         " (the certificate was modified)";
}

nlohmann::json read_certificate(const std::string& path) {
  nlohmann::json c = read_certificate_file(path);
  if (certificate_kind(c) != "chain") JsonAt(path).key("kind").fail("not a chain certificate (\"kind\": \"chain\")");
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
  std::vector<std::string> not_listed;
  std::error_code ec;
  if (fs::is_directory(dir, ec)) {
    std::vector<fs::path> files;
    for (const auto& paper : fs::directory_iterator(dir)) {
      if (!paper.is_directory()) continue;
      for (const auto& f : fs::directory_iterator(paper.path()))
        if (f.is_regular_file() && f.path().extension() == ".json") files.push_back(f.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      const std::string shown = fs::relative(f, dir, ec).string();
      try {
        certs.push_back(read_certificate(f.string()));  // checks "format" and "kind": "chain"
      } catch (const InputError& e) {
        std::string why = e.what();
        if (why.size() > 200) why = why.substr(0, 200) + "...";
        not_listed.push_back(shown + ": " + why);
      }
    }
  }
  fs::create_directories(dir, ec);
  std::string index = render_index(certs);
  if (!not_listed.empty()) {
    index += "\n## Not listed\n\nJSON files in this folder that are not readable chain certificates:\n\n";
    for (const std::string& n : not_listed) index += "- `" + n + "`\n";
  }
  write_file_atomic((fs::path(dir) / "index.md").string(), index);
}

}  // namespace approxcert::chain
