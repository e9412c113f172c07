// approxcert check: runs theorem instances (check files or folders), writes their certificates
// and Markdown pages into --out, prints a summary. Every input is read and every instance run
// before anything is written, so bad input anywhere leaves --out untouched.
// Exit status: 0 every verdict as expected; 1 a verdict differs; 3 none differs but an instance's
// overall verdict is unknown (and its file does not expect "overall": "unknown").
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "cli/commands.hpp"
#include "cli/count_text.hpp"
#include "cli/exit_status.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct CheckOptions {
  std::vector<std::string> paths;
  std::string out = "docs/certificates";
  bool json = false;
  ProgressOptions progress;
};

struct Checked {
  chain::CheckRun run;
  nlohmann::json certificate;
  std::string name;  // paper/instance
};

// --out must be a folder we can write into (created if missing, like mkdir -p).
void check_out_folder(const std::string& out) {
  namespace fs = std::filesystem;
  if (out.empty()) throw InputError("--out: empty folder name");
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_directory(out, ec)) throw InputError("--out: " + out + ": not a folder");
  fs::path existing = fs::absolute(out, ec);
  while (!fs::exists(existing, ec) && existing.has_parent_path() && existing != existing.parent_path())
    existing = existing.parent_path();
  if (!fs::is_directory(existing, ec))
    throw InputError("--out: " + out + ": " + existing.string() + " is not a folder");
  check_output_file((existing / "index.md").string(), "--out");
}

double total_seconds(const Checked& c) { return c.run.run.build_seconds + c.run.run.result.elapsed_seconds; }
double rounded_to_ms(double seconds) { return std::round(seconds * 1000) / 1000; }

bool undecided(const Checked& c) {
  return c.run.run.result.overall == chain::Verdict::Unknown &&
         c.run.file.expected_overall != std::optional<chain::Verdict>(chain::Verdict::Unknown);
}

void run_check_command(const CheckOptions& o) {
  const auto& registry = theorems::builtin_theorems();
  check_out_folder(o.out);
  const chain::CheckInputs read = chain::read_check_files(o.paths);  // all inputs valid first
  const std::vector<chain::CheckFile>& inputs = read.files;

  std::vector<Checked> done;
  {
    Progress progress("check", o.progress);
    for (const chain::CheckFile& file : inputs) {
      progress.status(fmt::format("{}/{} {}", done.size() + 1, inputs.size(), file.path));
      chain::CheckRun run = chain::run_check(registry, file);  // InputError (bad parameters): nothing written yet
      nlohmann::json cert = chain::make_certificate(run.run);
      std::string name = run.run.theorem.paper + "/" + run.run.instance;
      done.push_back({std::move(run), std::move(cert), std::move(name)});
    }
  }
  for (const Checked& c : done) chain::write_certificate(o.out, c.certificate);
  chain::write_index(o.out);

  const bool differs =
      std::any_of(done.begin(), done.end(), [](const Checked& c) { return !c.run.mismatches.empty(); });
  const bool unknown = std::any_of(done.begin(), done.end(), undecided);
  const int status = differs ? kExitDiffers : unknown ? kExitUndecided : kExitOk;

  if (o.json) {
    nlohmann::ordered_json j;
    j["command"] = "check";
    j["out"] = o.out;
    j["instances"] = nlohmann::ordered_json::array();
    j["mismatches"] = nlohmann::ordered_json::array();
    for (const Checked& c : done) {
      const auto& summary = c.certificate["summary"];
      j["instances"].push_back({{"instance", c.name},
                                {"file", c.run.file.path},
                                {"steps", summary["steps"]},
                                {"proved", summary["proved"]},
                                {"refuted", summary["refuted"]},
                                {"unknown", summary["unknown"]},
                                {"overall", c.certificate["overall"]},
                                {"as_expected", c.run.mismatches.empty()},
                                {"not_compared", c.run.not_compared},
                                {"build_seconds", rounded_to_ms(c.run.run.build_seconds)},
                                {"steps_seconds", rounded_to_ms(c.run.run.result.elapsed_seconds)},
                                {"elapsed_seconds", rounded_to_ms(total_seconds(c))},
                                {"certificate", (std::filesystem::path(o.out) / (c.name + ".json")).string()}});
      for (const auto& m : c.run.mismatches)
        j["mismatches"].push_back({{"instance", c.name},
                                   {"file", c.run.file.path},
                                   {"step", m.step},
                                   {"expected", m.expected},
                                   {"actual", m.actual}});
    }
    j["skipped"] = chain::skipped_json(read.skipped);
    j["exit_status"] = status;
    std::cout << j.dump(2) << "\n";
  } else {
    std::size_t width = 40;  // the instance column fits the longest paper/instance name
    for (const Checked& c : done) width = std::max(width, c.name.size());
    std::cout << fmt::format("{:<{}} {:>5} {:>6} {:>7} {:>7}  {:<8} {:<8} {:>8} {:>8} {:>8}\n", "instance", width,
                             "steps", "proved", "refuted", "unknown", "overall", "expected", "build", "steps", "total");
    for (const Checked& c : done) {
      const auto& summary = c.certificate["summary"];
      std::cout << fmt::format("{:<{}} {:>5} {:>6} {:>7} {:>7}  {:<8} {:<8} {:>7.2f}s {:>7.2f}s {:>7.2f}s\n", c.name,
                               width, summary["steps"].get<int>(), summary["proved"].get<int>(),
                               summary["refuted"].get<int>(), summary["unknown"].get<int>(),
                               c.certificate["overall"].get<std::string>(), c.run.mismatches.empty() ? "ok" : "DIFFERS",
                               c.run.run.build_seconds, c.run.run.result.elapsed_seconds, total_seconds(c));
    }
    std::cout << fmt::format(
        "{}; certificates in {}/ (times: wall seconds building the chain, running its steps, both)\n",
        count_text(done.size(), "instance"), o.out);
    if (!read.skipped.empty()) std::cout << "  " << chain::skipped_text(read.skipped) << "\n";
    for (const Checked& c : done)
      if (!c.run.not_compared.empty())
        std::cout << fmt::format("  {} ({}): no expected verdict for {}, not compared: {}\n", c.name, c.run.file.path,
                                 count_text(c.run.not_compared.size(), "step"), fmt::join(c.run.not_compared, ", "));
    if (differs) {
      std::cout << "\nverdicts that differ from the expected ones:\n";
      for (const Checked& c : done)
        for (const auto& m : c.run.mismatches)
          std::cout << fmt::format("  {} ({}): step {}: expected {}, got {}\n", c.name, c.run.file.path, m.step,
                                   m.expected, m.actual);
    } else if (unknown) {
      std::cout << "\nnot decided (overall verdict unknown):\n";
      for (const Checked& c : done)
        if (undecided(c)) std::cout << "  " << c.name << " (" << c.run.file.path << ")\n";
    }
  }
  if (status != kExitOk) throw CLI::RuntimeError(status);
}

}  // namespace

void register_check_command(CLI::App& app) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Check theorem instances (approxcert-check/1 files or folders) and write certificates");
  cmd->add_option(
         "paths", opts->paths,
         "check files or folders (searched recursively for *.json check and claim files; other JSON is skipped)")
      ->type_name(kPath)
      ->required();
  cmd->add_option("--out", opts->out,
                  "certificate folder, created if missing (default docs/certificates, relative to the current folder)")
      ->type_name(kFolder);
  cmd->add_flag("--json", opts->json, "print the result as one JSON object on stdout (docs/cli.md)");
  add_progress_options(cmd, opts->progress);
  cmd->footer(
      "Example:\n  approxcert check checks/yun2020 --out /tmp/certs\n"
      "Exit status: 0 every verdict as expected, 1 a verdict differs, 2 bad input (nothing written),\n"
      "3 an overall verdict is unknown (not decided).\n");
  cmd->callback([opts] { run_check_command(*opts); });
}

}  // namespace approxcert::cli
