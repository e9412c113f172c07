// approxcert build: writes the network a theorem's construction builds for exact parameters.
// Exit status: 0 written, 2 bad input (nothing written).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/count_text.hpp"
#include "cli/options.hpp"
#include "io/file.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"
#include "theorems/construction_registry.hpp"

namespace approxcert::cli {

namespace {

struct BuildOptions {
  std::string construction, output;
  std::vector<std::string> params;
  bool list = false, json = false;
};

void run_build(const BuildOptions& o) {
  const auto& registry = theorems::builtin_constructions();
  if (o.list) {
    nlohmann::ordered_json j = {{"command", "build"}, {"constructions", nlohmann::ordered_json::array()}};
    for (const std::string& name : registry.names()) {
      const std::string& description = registry.find(name)->info.description;
      if (o.json) j["constructions"].push_back({{"name", name}, {"description", description}});
      else std::cout << name << "  " << description << "\n";
    }
    if (o.json) std::cout << j.dump(2) << "\n";
    return;
  }
  if (o.construction.empty()) throw InputError("build: name a construction (see approxcert build --list)");
  if (o.output.empty()) throw InputError("build: -o NET.json is required");
  check_output_file(o.output, "-o");
  const CheckedNetwork net = theorems::build_construction(registry, o.construction, o.params, "--param");
  write_file_atomic(o.output, save_network(net.network()));  // only after the builder and the checks succeeded
  if (o.json) {
    nlohmann::ordered_json j = {{"command", "build"},     {"construction", o.construction}, {"output", o.output},
                                {"inputs", net.inputs()}, {"outputs", net.outputs()},       {"exit_status", 0}};
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << "wrote " << o.output << " (" << o.construction << ", " << count_text(net.inputs(), "input") << ", "
            << count_text(net.outputs(), "output") << ")\n";
}

}  // namespace

void register_build_command(CLI::App& app) {
  auto opts = std::make_shared<BuildOptions>();
  CLI::App* cmd = app.add_subcommand("build", "Write the network a theorem's construction builds");
  cmd->add_option("construction", opts->construction, "construction name, e.g. altabaa2024/voronoi-threshold")
      ->type_name(kName);
  cmd->add_option("--param", opts->params, "parameter k=v (exact value; [..] for lists); repeatable")
      ->type_name(kParameter);
  add_nonempty_option(cmd, "-o,--output", opts->output, "output network file (approxcert-net/1)")->type_name(kFile);
  cmd->add_flag("--list", opts->list, "list the constructions and their parameters");
  cmd->add_flag("--json", opts->json, "print the result as one JSON object on stdout (docs/cli.md)");
  cmd->footer(
      "Example:\n  approxcert build --list\n"
      "Exit status: 0 written, 2 bad input (unknown construction or parameter; nothing written).\n");
  cmd->callback([opts] { run_build(*opts); });
}

}  // namespace approxcert::cli
