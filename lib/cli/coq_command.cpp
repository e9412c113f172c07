// approxcert coq: exports a chain certificate as a Coq file (lib/chain/coq_export.hpp); the file
// is compiled with `coqc -Q <build>/proofs/coq Approxcert FILE.v` (docs/proofs.md).
#include <iostream>
#include <string>

#include "chain/coq_export.hpp"
#include "cli/commands.hpp"
#include "io/certificate_envelope.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::cli {

namespace {

struct CoqCommandOptions {
  std::string certificate;
  std::string output;
};

void run_coq_command(const CoqCommandOptions& o) {
  // Supnorm certificates are refused by name (their leaf cover is re-checked by `verify`, not Coq).
  if (certificate_kind(read_certificate_file(o.certificate)) == "supnorm")
    throw InputError(o.certificate + ": /kind: \"supnorm\": only chain certificates are exported to Coq; " +
                     "re-check it with `approxcert verify " + o.certificate + "`");
  const chain::CoqExport e = chain::export_certificate_to_coq(theorems::builtin_theorems(), o.certificate, o.output);
  std::cout << "wrote " << o.output << ": " << e.facts << " proved steps as leaves, " << e.negations
            << " refuted steps as negations, " << e.skipped << " steps not exported (unknown)";
  if (e.theorems.empty()) std::cout << "; no chain lemma applied";
  for (const std::string& t : e.theorems) std::cout << "; concludes " << t;
  std::cout << "\n";
}

}  // namespace

void register_coq_command(CLI::App& app) {
  auto opts = std::make_shared<CoqCommandOptions>();
  CLI::App* cmd = app.add_subcommand("coq", "Export a chain certificate's numeric leaves and chain conclusion as a Coq file");
  cmd->add_option("certificate", opts->certificate, "certificate file (approxcert-cert/1, kind chain)")->required();
  cmd->add_option("-o,--output", opts->output, "the .v file to write (base name [A-Za-z_][A-Za-z0-9_]*.v)")->required();
  cmd->callback([opts] { run_coq_command(*opts); });
}

}  // namespace approxcert::cli
