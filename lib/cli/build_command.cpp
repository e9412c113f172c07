// approxcert build: writes the network a theorem's construction builds for exact parameters.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "io/file.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::cli {

namespace {

struct BuildOptions {
  std::string construction, output;
  std::vector<std::string> params;
  bool list = false;
};

void run_build(const BuildOptions& o) {
  const auto& registry = theorems::builtin_constructions();
  if (o.list) {
    for (const std::string& name : registry.names())
      std::cout << name << "  " << registry.find(name)->info.description << "\n";
    return;
  }
  if (o.construction.empty()) throw InputError("build: name a construction (see approxcert build --list)");
  if (o.output.empty()) throw InputError("build: -o NET.json is required");
  const Network net = theorems::build_construction(registry, o.construction, o.params);
  write_file_atomic(o.output, save_network(net));  // only after the builder and the checks succeeded
  std::cout << "wrote " << o.output << " (" << o.construction << ", " << input_dim(net) << " inputs, "
            << output_dim(net) << " outputs)\n";
}

}  // namespace

void register_build_command(CLI::App& app) {
  auto opts = std::make_shared<BuildOptions>();
  CLI::App* cmd = app.add_subcommand("build", "Write the network a theorem's construction builds");
  cmd->add_option("construction", opts->construction, "construction name, e.g. altabaa2024/voronoi-threshold");
  cmd->add_option("--param", opts->params, "parameter k=v (exact value; [..] for lists); repeatable");
  cmd->add_option("-o,--output", opts->output, "output network file (approxcert-net/1)");
  cmd->add_flag("--list", opts->list, "list the constructions and their parameters");
  cmd->callback([opts] { run_build(*opts); });
}

}  // namespace approxcert::cli
