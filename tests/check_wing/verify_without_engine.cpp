// The checker wing alone: verifies supnorm and lpnorm certificates with lib/check, linked without
// the engine (tests/CMakeLists.txt links this program with approxcert_check only, so a checker
// file that used lib/supnorm would not link). Prints "ok PATH" or "FAILED PATH: problem" per
// file; exit 0 when every certificate passed, 1 when one failed, 2 on unreadable input.
#include <exception>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "check/certificate_check.hpp"
#include "check/lpnorm_certificate_check.hpp"
#include "io/certificate_envelope.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: verify_without_engine CERTIFICATE...\n";
    return 2;
  }
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string path = argv[i];
    try {
      const nlohmann::json doc = approxcert::read_certificate_file(path);
      const std::string kind = approxcert::certificate_kind(doc);
      approxcert::SupNormCheckOptions options;
      options.threads = 1;
      approxcert::SupNormCheckReport report;
      if (kind == "supnorm") report = approxcert::check_supnorm_certificate(doc, path, options);
      else if (kind == "lpnorm") report = approxcert::check_lpnorm_certificate(doc, path, options);
      else throw std::runtime_error("not a supnorm or lpnorm certificate (kind \"" + kind + "\")");
      if (report.ok()) {
        std::cout << "ok " << path << "\n";
      } else {
        std::cout << "FAILED " << path << ": " << report.problems.front() << "\n";
        status = 1;
      }
    } catch (const std::exception& e) {
      std::cerr << path << ": " << e.what() << "\n";
      return 2;
    }
  }
  return status;
}
