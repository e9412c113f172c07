// approxcert check: runs theorem instances (check files or folders), writes their certificates
// and Markdown pages, prints a summary; exit 1 if a verdict differs from the expected one.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "chain/certificate.hpp"
#include "chain/instance.hpp"
#include "cli/commands.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct CheckOptions {
  std::vector<std::string> paths;
  std::string out = "docs/certificates";
};

void run_check_command(const CheckOptions& o) {
  const auto& registry = theorems::builtin_theorems();
  const std::vector<std::string> files = chain::collect_json_files(o.paths);
  std::vector<chain::CheckFile> checks;
  for (const std::string& f : files) checks.push_back(chain::read_check_file(f));  // all inputs valid first

  std::size_t width = 40;  // the instance column fits the longest paper/instance name
  for (const chain::CheckFile& file : checks)  // names are paper/instance; a theorem name starts with its paper
    width = std::max(width, file.theorem.substr(0, file.theorem.find('/')).size() + 1 + file.instance.size());
  std::cout << fmt::format("{:<{}} {:>5} {:>6} {:>7} {:>7}  {:<8} {:<8} {:>8}\n", "instance", width, "steps", "proved",
                           "refuted", "unknown", "overall", "expected", "time");
  std::vector<std::string> mismatches;
  for (const chain::CheckFile& file : checks) {
    const chain::CheckRun run = chain::run_check(registry, file);
    const nlohmann::json cert = chain::make_certificate(run.run);
    chain::write_certificate(o.out, cert);
    const auto& summary = cert["summary"];
    const std::string name = run.run.theorem.paper + "/" + run.run.instance;
    std::cout << fmt::format("{:<{}} {:>5} {:>6} {:>7} {:>7}  {:<8} {:<8} {:>7.2f}s\n", name, width, summary["steps"].get<int>(),
                             summary["proved"].get<int>(), summary["refuted"].get<int>(), summary["unknown"].get<int>(),
                             cert["overall"].get<std::string>(), run.mismatches.empty() ? "ok" : "DIFFERS",
                             run.run.result.elapsed_seconds);
    for (const auto& m : run.mismatches)
      mismatches.push_back(fmt::format("{} ({}): step {}: expected {}, got {}", name, file.path, m.step, m.expected, m.actual));
  }
  chain::write_index(o.out);
  std::cout << fmt::format("{} instance(s); certificates in {}/\n", checks.size(), o.out);
  if (!mismatches.empty()) {
    std::cout << "\nverdicts that differ from the expected ones:\n";
    for (const std::string& m : mismatches) std::cout << "  " << m << "\n";
    throw CLI::RuntimeError(1);
  }
}

}  // namespace

void register_check_command(CLI::App& app) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Check theorem instances (approxcert-check/1 files or folders) and write certificates");
  cmd->add_option("paths", opts->paths, "check files or folders (searched recursively for *.json)")->required();
  cmd->add_option("--out", opts->out, "certificate folder (default docs/certificates)");
  cmd->callback([opts] { run_check_command(*opts); });
}

}  // namespace approxcert::cli
