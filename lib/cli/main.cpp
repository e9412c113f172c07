// approxcert: certifies approximation claims about neural networks.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>

#include "approxcert_version.hpp"
#include "cli/commands.hpp"
#include "scalar/input_error.hpp"

int main(int argc, char** argv) {
  CLI::App app{"approxcert: certified sup-norm bounds and theorem checks for neural networks"};
  app.set_version_flag("--version", std::string("approxcert ") + APPROXCERT_VERSION + " (" + APPROXCERT_COMMIT + ")");
  app.require_subcommand(1);
  approxcert::cli::register_eval_command(app);
  approxcert::cli::register_supnorm_command(app);
  approxcert::cli::register_build_command(app);
  approxcert::cli::register_check_command(app);
  approxcert::cli::register_verify_command(app);
  approxcert::cli::register_regress_command(app);
  approxcert::cli::register_coq_command(app);
  approxcert::cli::register_import_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code();  // a command's own failure status (check/verify/regress: 1)
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;  // usage errors are bad input: exit status 2
  } catch (const approxcert::InputError& e) {
    std::cerr << "approxcert: " << e.what() << "\n";
    return 2;
  } catch (const approxcert::NotExactError& e) {
    std::cerr << "approxcert: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "approxcert: internal error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
