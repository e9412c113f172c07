#include "chain/instance.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "chain/claims_file.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace fs = std::filesystem;

namespace {

long precision_bits(const ExactJson& v, const JsonAt& at) {
  const std::uint64_t bits = json_count(v, at);
  if (bits < 16 || bits > static_cast<std::uint64_t>(kMaxPrecisionBits))
    at.fail("precision must be between 16 and " + std::to_string(kMaxPrecisionBits) + " bits");
  return static_cast<long>(bits);
}

}  // namespace

namespace {

// The check or claim file `doc` read from `path`.
CheckFile check_file_of(const std::string& path, const ExactJson& doc) {
  const JsonAt top(path);
  json_object(doc, top);
  const std::string format = json_string(json_required(doc, "format", top, "a check file"), top.key("format"));
  if (format == kClaimsFormat) return read_claims_file(path, doc);
  if (format != kCheckFormat)
    top.key("format").fail("expected \"" + std::string(kCheckFormat) + "\" (or \"" + std::string(kClaimsFormat) +
                           "\" for a claim file), got \"" + format + "\"");
  json_check_file_keys(doc, top, {"format", "theorem", "description", "parameters", "precision", "expected"},
                       "a check file");

  CheckFile f;
  f.path = path;
  f.instance = fs::path(path).stem().string();
  f.theorem = json_string(json_required(doc, "theorem", top, "a check file"), top.key("theorem"));
  if (const ExactJson* d = json_optional(doc, "description")) f.description = json_string(*d, top.key("description"));
  f.parameters = json_object(json_required(doc, "parameters", top, "a check file"), top.key("parameters"));

  read_precision_and_expected(doc, top, f);
  return f;
}

}  // namespace

CheckFile read_check_file(const std::string& path) { return check_file_of(path, read_exact_json_file(path)); }

void read_precision_and_expected(const ExactJson& doc, const JsonAt& top, CheckFile& f) {
  if (const ExactJson* p = json_optional(doc, "precision")) {
    const JsonAt at = top.key("precision");
    json_object(*p, at);
    json_check_keys(*p, at, {"base_bits", "max_bits"}, "\"precision\"");
    if (const ExactJson* b = json_optional(*p, "base_bits"))
      f.options.base_bits = precision_bits(*b, at.key("base_bits"));
    if (const ExactJson* m = json_optional(*p, "max_bits")) f.options.max_bits = precision_bits(*m, at.key("max_bits"));
    if (f.options.max_bits < f.options.base_bits) at.fail("max_bits is below base_bits");
  }

  const JsonAt exp_at = top.key("expected");
  const ExactJson& expected = json_object(json_required(doc, "expected", top, "a check file"), exp_at);
  if (expected.empty()) exp_at.fail("lists no verdict: give at least one step's or \"overall\"'s expected verdict");
  for (const auto& item : expected.items()) {
    const JsonAt at = exp_at.key(item.key());
    const std::string text = json_string(item.value(), at);
    const auto v = parse_verdict(text);
    if (!v) at.fail("expected \"proved\", \"refuted\" or \"unknown\", got \"" + text + "\"");
    if (item.key() == "overall") f.expected_overall = *v;
    else f.expected[item.key()] = *v;
  }
}

InstanceRun run_instance(const TheoremRegistry& registry, const std::string& theorem_name, const ExactJson& parameters,
                         const JsonAt& at, const std::string& instance, const RunOptions& options) {
  return run_instance_at(registry, theorem_name, parameters, at.key("theorem"), at.key("parameters"), instance,
                         options);
}

InstanceRun run_instance_at(const TheoremRegistry& registry, const std::string& theorem_name,
                            const ExactJson& parameters, const JsonAt& theorem_at, const JsonAt& parameters_at,
                            const std::string& instance, const RunOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const Theorem& theorem = registry.get(theorem_name, theorem_at);
  const Parameters params(parameters, parameters_at);
  const Chain chain = theorem.build(params);
  params.check_all_read();
  if (chain.steps().empty()) throw std::logic_error("theorem " + theorem_name + " built an empty chain");
  const double build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return InstanceRun{theorem.info, instance, params.to_json(), run_chain(chain, options), build_seconds, ""};
}

CheckRun run_check(const TheoremRegistry& registry, const CheckFile& file) {
  const JsonAt top(file.path);
  CheckRun out{
      file,
      run_instance_at(registry, file.theorem, file.parameters, top.key("theorem"),
                      file.parameters_at ? *file.parameters_at : top.key("parameters"), file.instance, file.options),
      {},
      {}};
  out.run.description = file.description;
  for (const auto& expected : file.expected) {
    const std::string& id = expected.first;  // a named variable: clang 14 cannot capture a structured binding
    const auto& steps = out.run.result.steps;
    if (std::none_of(steps.begin(), steps.end(), [&](const StepResult& s) { return s.spec.id == id; })) {
      std::string ids;
      for (const StepResult& s : steps) ids += (ids.empty() ? "" : ", ") + s.spec.id;
      top.key("expected")
          .key(id)
          .fail("theorem " + file.theorem + " has no step \"" + id + "\" (its steps: " + ids + ")");
    }
  }
  for (const StepResult& s : out.run.result.steps) {
    const auto it = file.expected.find(s.spec.id);
    if (it == file.expected.end()) out.not_compared.push_back(s.spec.id);
    else if (it->second != s.verdict)
      out.mismatches.push_back({s.spec.id, std::string(to_string(it->second)), std::string(to_string(s.verdict))});
  }
  if (file.expected_overall && *file.expected_overall != out.run.result.overall)
    out.mismatches.push_back(
        {"overall", std::string(to_string(*file.expected_overall)), std::string(to_string(out.run.result.overall))});
  return out;
}

namespace {

// A path to read: a file given as such, or a *.json file found in a given folder.
struct Found {
  std::string path;
  bool in_folder = false;
};

// Every *.json file under the given files/folders (folders recursively, sorted); a path that
// does not exist is an InputError. Files and folders whose name starts with '.' are skipped.
std::vector<Found> collect_json_files(const std::vector<std::string>& paths) {
  std::vector<Found> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    const auto status = fs::status(p, ec);
    if (ec || !fs::exists(status)) throw InputError(p + ": no such file or directory");
    if (!fs::is_directory(status)) {
      out.push_back({p, false});
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (name.starts_with(".")) {
        if (it->is_directory()) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file() && it->path().extension() == ".json") found.push_back(it->path().string());
    }
    if (ec) throw InputError(p + ": cannot list directory: " + ec.message());
    std::sort(found.begin(), found.end());
    for (std::string& f : found) out.push_back({std::move(f), true});
  }
  return out;
}

// The "format" member of `doc` when it is an object with a string "format".
std::optional<std::string> format_of(const ExactJson& doc) {
  if (!doc.is_object()) return std::nullopt;
  const ExactJson* format = json_optional(doc, "format");
  if (format == nullptr || !format->is_string()) return std::nullopt;
  return format->get<std::string>();
}

}  // namespace

CheckInputs read_check_files(const std::vector<std::string>& paths) {
  CheckInputs in;
  for (const Found& f : collect_json_files(paths)) {
    const ExactJson doc = read_exact_json_file(f.path);  // not JSON: an InputError naming the file
    const std::optional<std::string> format = format_of(doc);
    if (f.in_folder && format != kCheckFormat && format != kClaimsFormat) in.skipped.push_back({f.path, format});
    else in.files.push_back(check_file_of(f.path, doc));
  }
  if (in.files.empty()) {
    std::string where;
    for (const std::string& p : paths) where += (where.empty() ? "" : ", ") + p;
    throw InputError(where + ": no check or claim file (*.json) found" +
                     (in.skipped.empty() ? std::string() : "; " + skipped_text(in.skipped)));
  }
  return in;
}

std::string skipped_text(const std::vector<SkippedFile>& skipped) {
  std::string list;
  for (const SkippedFile& f : skipped)
    list += (list.empty() ? "" : ", ") + f.path + " (" + (f.format ? "format " + *f.format : std::string("no format")) +
            ")";
  return "skipped " + std::to_string(skipped.size()) + (skipped.size() == 1 ? " file" : " files") + " that " +
         (skipped.size() == 1 ? "is" : "are") + " not a check or claim file: " + list;
}

nlohmann::ordered_json skipped_json(const std::vector<SkippedFile>& skipped) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const SkippedFile& f : skipped)
    out.push_back(
        {{"file", f.path}, {"format", f.format ? nlohmann::ordered_json(*f.format) : nlohmann::ordered_json(nullptr)}});
  return out;
}

}  // namespace approxcert::chain
