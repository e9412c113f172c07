// approxcert verify: independent re-check of certificates; exit 1 if any fails. Chain
// certificates: hash, recorded verdicts, and a recomputation with MPFI / other precisions.
// Supnorm certificates: inputs' hashes, the witness with MPFI, and a second run with the other
// arithmetic (supnorm/certificate_check.hpp).
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chain/verify.hpp"
#include "cli/commands.hpp"
#include "scalar/exact_json.hpp"
#include "supnorm/certificate_check.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct VerifyCommandOptions {
  std::vector<std::string> certificates;
  bool no_recompute = false;
};

bool is_supnorm_certificate(const std::string& path) {
  const nlohmann::json doc = nlohmann::json::parse(read_text_file(path), nullptr, false);
  return doc.is_object() && doc.contains("kind") && doc["kind"] == "supnorm";
}

// true if the certificate passed
bool verify_supnorm(const std::string& path, bool recompute) {
  const SupNormCheckReport r = check_supnorm_certificate(path, recompute);
  if (r.ok()) {
    std::cout << "OK      " << path << ": supnorm certificate; inputs' hashes consistent";
    for (const std::string& c : r.confirmations) std::cout << "; " << c;
    std::cout << "\n";
    return true;
  }
  std::cout << "FAILED  " << path << ":\n";
  for (const std::string& p : r.problems) std::cout << "  " << p << "\n";
  return false;
}

void run_verify_command(const VerifyCommandOptions& o) {
  chain::VerifyOptions options;
  options.recompute = !o.no_recompute;
  bool all_ok = true;
  for (const std::string& path : o.certificates) {
    if (is_supnorm_certificate(path)) {
      all_ok = verify_supnorm(path, options.recompute) && all_ok;
      continue;
    }
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
  CLI::App* cmd = app.add_subcommand("verify", "Re-check chain and supnorm certificates independently of the run that wrote them");
  cmd->add_option("certificates", opts->certificates, "certificate files (approxcert-cert/1, kind chain or supnorm)")->required();
  cmd->add_flag("--no-recompute", opts->no_recompute, "check hashes and recorded verdicts only (no recomputation)");
  cmd->callback([opts] { run_verify_command(*opts); });
}

}  // namespace approxcert::cli
