// approxcert import: an ONNX model written as an approxcert-net/1 file, every weight exact.
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/commands.hpp"
#include "cli/count_text.hpp"
#include "cli/options.hpp"
#include "io/file.hpp"
#include "net/network_json.hpp"
#include "net/onnx_import.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::cli {

namespace {

struct ImportOptions {
  std::string model, output;
  bool json = false;
};

void run_import(const ImportOptions& o) {
  if (o.output.empty()) throw InputError("import: -o NET.json is required");
  const std::string bytes = read_text_file(o.model);
  if (looks_like_json(bytes)) throw InputError(o.model + ": is a JSON file, not an ONNX model");
  const CheckedNetwork net = import_onnx(bytes, o.model);
  write_file_atomic(o.output, save_network(net.network()));  // only after the import and the checks succeeded
  if (o.json) {
    const nlohmann::ordered_json j = {{"command", "import"},    {"model", o.model},
                                      {"output", o.output},     {"layers", net.network().layers.size()},
                                      {"inputs", net.inputs()}, {"outputs", net.outputs()},
                                      {"exit_status", 0}};
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << "wrote " << o.output << " (" << count_text(net.network().layers.size(), "layer") << ", "
            << count_text(net.inputs(), "input") << ", " << count_text(net.outputs(), "output") << ")\n";
}

}  // namespace

void register_import_command(CLI::App& app) {
  auto opts = std::make_shared<ImportOptions>();
  CLI::App* cmd =
      app.add_subcommand("import", "Convert an ONNX model to an approxcert-net/1 file (weights read exactly)");
  cmd->add_option("model", opts->model, "the .onnx file")->type_name(kFile)->required();
  cmd->add_option("-o,--output", opts->output, "output network file (approxcert-net/1)")->type_name(kFile);
  cmd->add_flag("--json", opts->json, "print the result as one JSON object on stdout (docs/cli.md)");
  cmd->footer(
      "Example:\n  approxcert import model.onnx -o model.json\n"
      "Exit status: 0 written, 2 bad input (an unsupported operator is named; nothing written).\n");
  cmd->callback([opts] { run_import(*opts); });
}

}  // namespace approxcert::cli
