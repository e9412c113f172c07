// approxcert coq: exports a chain certificate as a Coq file (lib/chain/coq_export.hpp); the file
// is compiled with `coqc -Q <build>/proofs/coq Approxcert FILE.v` (docs/proofs.md).
// Exit status: 0 written, 2 bad input (nothing written).
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "chain/coq_export.hpp"
#include "cli/commands.hpp"
#include "cli/count_text.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "io/certificate_envelope.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct CoqCommandOptions {
  std::string certificate;
  std::string output;
  bool json = false;
  ProgressOptions progress;
};

void run_coq_command(const CoqCommandOptions& o) {
  check_output_file(o.output, "-o");
  // Supnorm certificates are refused by name (their leaf cover is re-checked by `verify`, not Coq).
  if (certificate_kind(read_certificate_file(o.certificate)) == "supnorm")
    throw InputError(o.certificate + ": /kind: \"supnorm\": only chain certificates are exported to Coq; " +
                     "re-check it with `approxcert verify " + o.certificate + "`");
  chain::CoqExport e;
  {
    Progress progress("coq", o.progress);
    progress.status("exporting " + o.certificate);
    e = chain::export_certificate_to_coq(theorems::builtin_theorems(), o.certificate, o.output);
  }
  if (o.json) {
    nlohmann::ordered_json j = {
        {"command", "coq"},         {"certificate", o.certificate}, {"output", o.output},     {"facts", e.facts},
        {"negations", e.negations}, {"skipped", e.skipped},         {"theorems", e.theorems}, {"exit_status", 0}};
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << "wrote " << o.output << ": " << count_text(e.facts, "proved step") << " as leaves, "
            << count_text(e.negations, "refuted step") << " as negations, " << count_text(e.skipped, "step")
            << " not exported (unknown)";
  if (e.theorems.empty()) std::cout << "; no chain lemma applied";
  for (const std::string& t : e.theorems) std::cout << "; concludes " << t;
  std::cout << "\n";
}

}  // namespace

void register_coq_command(CLI::App& app) {
  auto opts = std::make_shared<CoqCommandOptions>();
  CLI::App* cmd =
      app.add_subcommand("coq", "Export a chain certificate's numeric leaves and chain conclusion as a Coq file");
  cmd->add_option("certificate", opts->certificate, "certificate file (approxcert-cert/1, kind chain)")
      ->type_name(kFile)
      ->required();
  add_nonempty_option(cmd, "-o,--output", opts->output, "the .v file to write (base name [A-Za-z_][A-Za-z0-9_]*.v)")
      ->type_name(kFile)
      ->required();
  cmd->add_flag("--json", opts->json, "print the result as one JSON object on stdout (docs/cli.md)");
  add_progress_options(cmd, opts->progress);
  cmd->footer(
      "Example:\n  approxcert coq docs/certificates/altabaa2024/lem31-strict-order.json -o /tmp/lem31.v\n"
      "Exit status: 0 written, 2 bad input (not a chain certificate, bad output name; nothing written).\n");
  cmd->callback([opts] { run_coq_command(*opts); });
}

}  // namespace approxcert::cli
