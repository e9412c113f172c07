// approxcert: certifies approximation claims about neural networks.
// Exit statuses (docs/cli.md): 0 ok, 1 differs/refuted/fails verification, 2 bad input,
// 3 not decided, 4 internal error.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include "approxcert_version.hpp"
#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/interface_json.hpp"
#include "scalar/input_error.hpp"

namespace {

// One readable message even when the input echoed in it is huge (a 200 KB JSON key).
std::string bounded_message(const std::string& m) {
  constexpr std::size_t kHead = 300, kTail = 150;
  if (m.size() <= kHead + kTail + 40) return m;
  return m.substr(0, kHead) + " ... [" + std::to_string(m.size() - kHead - kTail) + " characters omitted] ... " +
         m.substr(m.size() - kTail);
}

int report(const std::string& prefix, const std::string& what, int status) {
  std::cerr << "approxcert: " << prefix << bounded_message(what) << "\n";
  return status;
}

// The command the user ran ("lpnorm: "), empty before one was recognised. Bad-input messages are
// prefixed with it here, once, so a message from a loader or reader shared by several commands
// (the problem loader, the certificate readers) names the command that was run, not one of them.
std::string command_prefix(const CLI::App& app, const std::string& what) {
  const auto subs = app.get_subcommands();
  if (subs.empty()) return "";
  const std::string prefix = subs.front()->get_name() + ": ";
  return what.rfind(prefix, 0) == 0 ? "" : prefix;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace approxcert::cli;
  CLI::App app{"approxcert: certified sup-norm bounds and theorem checks for neural networks"};
  app.set_version_flag("--version", std::string("approxcert ") + APPROXCERT_VERSION + " (" + APPROXCERT_COMMIT + ")");
  app.require_subcommand(1);
  app.footer(
      "Example:\n  approxcert eval --expr 'exp(x0)' --at 1/3\n"
      "Exit status (every command): 0 proved / converged / verified / written, 1 a verdict differs, a claim is\n"
      "refuted or a certificate fails verification, 2 bad input (no output written), 3 not decided (budget\n"
      "exhausted, unknown, upper = inf), 4 internal error. `approxcert COMMAND --help` for each command.\n");
  register_eval_command(app);
  register_supnorm_command(app);
  register_lpnorm_command(app);
  register_build_command(app);
  register_check_command(app);
  register_verify_command(app);
  register_regress_command(app);
  register_coq_command(app);
  register_import_command(app);
  // For the build only (completion and man pages are generated from it): not in --help.
  if (argc == 2 && std::string(argv[1]) == "--interface-json") {
    std::cout << describe_interface(app).dump(1) << "\n";
    return kExitOk;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code();  // a command's own status (1 differs, 3 not decided)
  } catch (const CLI::ParseError& e) {
    // An unknown first word is an unknown command: name it (CLI11 would say "arguments not expected").
    if (argc > 1 && app.get_subcommands().empty() && argv[1][0] != '-')
      return report(
          "",
          std::string("unknown command \"") + argv[1] + "\"; commands: " + command_names(app) + " (approxcert --help)",
          kExitBadInput);
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::string what = e.what();
    if (what.size() > 600) return report("", what, kExitBadInput);
    const int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitBadInput;  // usage errors are bad input
  } catch (const approxcert::InputError& e) {
    return report(command_prefix(app, e.what()), e.what(), kExitBadInput);
  } catch (const approxcert::NotExactError& e) {
    return report(command_prefix(app, e.what()), e.what(), kExitBadInput);
  } catch (const std::bad_alloc&) {
    return report(command_prefix(app, ""), "out of memory (the input is too large for this machine)", kExitBadInput);
  } catch (const std::exception& e) {
    return report("internal error (please report it): ", e.what(), kExitInternal);
  }
  return kExitOk;
}
