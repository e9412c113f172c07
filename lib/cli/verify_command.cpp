// approxcert verify: independent re-check of chain certificates (hash, recorded verdicts, and a
// recomputation with MPFI / other precisions); exit 1 if any certificate fails.
#include <iostream>
#include <string>
#include <vector>

#include "chain/verify.hpp"
#include "cli/commands.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct VerifyCommandOptions {
  std::vector<std::string> certificates;
  bool no_recompute = false;
};

void run_verify_command(const VerifyCommandOptions& o) {
  chain::VerifyOptions options;
  options.recompute = !o.no_recompute;
  bool all_ok = true;
  for (const std::string& path : o.certificates) {
    const chain::VerifyReport r = chain::verify_certificate(theorems::builtin_theorems(), path, options);
    if (r.ok()) {
      std::cout << "OK      " << path << ": " << r.steps << " steps; hash and recorded verdicts consistent";
      if (options.recompute) std::cout << "; " << r.recomputed << " steps re-confirmed by recomputation (MPFI / other precision)";
      std::cout << "\n";
      continue;
    }
    all_ok = false;
    std::cout << "FAILED  " << path << ":\n";
    for (const std::string& p : r.problems) std::cout << "  " << p << "\n";
  }
  if (!all_ok) throw CLI::RuntimeError(1);
}

}  // namespace

void register_verify_command(CLI::App& app) {
  auto opts = std::make_shared<VerifyCommandOptions>();
  CLI::App* cmd = app.add_subcommand("verify", "Re-check chain certificates independently of the engine that wrote them");
  cmd->add_option("certificates", opts->certificates, "certificate files (approxcert-cert/1, kind chain)")->required();
  cmd->add_flag("--no-recompute", opts->no_recompute, "check the hash and the recorded verdicts only");
  cmd->callback([opts] { run_verify_command(*opts); });
}

}  // namespace approxcert::cli
