// approxcert verify: independent re-check of certificates. Each file is read once through the one
// envelope reader and dispatched on its "kind" by theorems/verify_by_kind.hpp (shared with the
// Python module): chain certificates to chain/verify.hpp (and, unless --no-rebuild, the theorem
// module re-run), supnorm certificates to the small checker (check/certificate_check.hpp, which
// does not re-run the search). Prints each certificate's verdict; exit 0 when all verify,
// 1 when one fails, 2 on bad input (nothing printed).
#include <cstdint>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "theorems/verify_by_kind.hpp"

namespace approxcert::cli {

namespace {

struct VerifyCommandOptions {
  std::vector<std::string> certificates;
  std::string net;
  bool no_recompute = false;
  bool rebuild = true;
  bool json = false;
  std::string threads = "0";
  ProgressOptions progress;
};

using Outcome = theorems::VerifyByKindReport;

Outcome verify_one(const std::string& path, const VerifyCommandOptions& o, unsigned threads,
                   const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  return theorems::verify_by_kind(path, {!o.no_recompute, o.rebuild, o.net, threads, progress});
}

void run_verify_command(const VerifyCommandOptions& o) {
  const unsigned threads = static_cast<unsigned>(parse_count(o.threads, "--threads", 0, 1024));
  std::vector<Outcome> outcomes;  // all read and checked before anything is printed
  {
    Progress progress("verify", o.progress);
    for (const std::string& path : o.certificates) {
      const std::string name =
          std::to_string(outcomes.size() + 1) + "/" + std::to_string(o.certificates.size()) + " " + path;
      progress.status(name);
      const auto leaves = [&](std::uint64_t done, std::uint64_t total) {
        progress.status(name + ": leaves " + std::to_string(done) + "/" + std::to_string(total));
      };
      outcomes.push_back(verify_one(path, o, threads, leaves));
    }
  }
  bool all_ok = true;
  nlohmann::json report = nlohmann::json::array();
  for (const Outcome& r : outcomes) {
    const bool ok = r.problems.empty();
    all_ok = all_ok && ok;
    if (o.json) {
      report.push_back({{"path", r.path},
                        {"kind", r.kind},
                        {"verdict", r.verdict},
                        {"verified", ok},
                        {"problems", r.problems},
                        {"confirmations", r.confirmations}});
      if (r.kind == "chain") report.back()["steps"] = r.steps;
      if (!r.trust.is_null()) report.back()["trust"] = r.trust;
      continue;
    }
    std::cout << (ok ? "OK      " : "FAILED  ") << r.path << ": " << r.kind << " certificate, verdict " << r.verdict;
    if (ok) {
      for (const std::string& c : r.confirmations) std::cout << "; " << c;
      std::cout << "\n";
    } else {
      std::cout << "\n";
      for (const std::string& p : r.problems) std::cout << "  " << p << "\n";
    }
  }
  if (o.json) std::cout << nlohmann::json{{"verified", all_ok}, {"certificates", report}}.dump(2) << "\n";
  if (!all_ok) throw CLI::RuntimeError(1);
}

}  // namespace

void register_verify_command(CLI::App& app) {
  auto opts = std::make_shared<VerifyCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify", "Re-check chain, supnorm and lpnorm certificates independently of the run that wrote them");
  cmd->add_option("certificates", opts->certificates,
                  "certificate files (approxcert-cert/1, kind chain, supnorm or lpnorm)")
      ->type_name(kFile)
      ->required();
  cmd->add_option("--net", opts->net,
                  "the network file of supnorm and lpnorm certificates, if it is no longer where they say")
      ->type_name(kFile);
  cmd->add_flag("--no-recompute", opts->no_recompute,
                "check hashes and recorded numbers only (no recomputation; supnorm leaf bounds not re-proved)");
  cmd->add_flag("--rebuild,!--no-rebuild", opts->rebuild,
                "chain certificates: also re-run the theorem module from the recorded parameters (MPFI, other "
                "precision); on by default, --no-rebuild checks from the certificate alone");
  cmd->add_flag("--json", opts->json, "print the result as one JSON object on stdout");
  cmd->add_option("--threads", opts->threads,
                  "supnorm and lpnorm certificates: prove the cover's leaves on this many threads, 0 to 1024 "
                  "(default 0: all cores); the report is the same for every count")
      ->type_name(kCount);
  add_progress_options(cmd, opts->progress);
  cmd->footer(
      "Example:\n  approxcert verify cert.json --net moved/net.json\n"
      "Exit status: 0 every certificate verified, 1 one fails verification, 2 bad input.\n");
  cmd->callback([opts] { run_verify_command(*opts); });
}

}  // namespace approxcert::cli
