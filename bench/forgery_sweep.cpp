// Forgery sweep: every leaf field of every chain certificate given (files or folders), changed
// upward and downward with the hash recomputed (reference/certificate_forger.hpp), must be
// rejected by `verify` (default options: rechecks and the theorem module re-run), unless it is a
// field the certificate format declares as not claimed (reference/unclaimed_fields.hpp) or the
// change widens an enclosure. Prints each accepted forgery and a summary; exit 1 if any was.
//   build/bench/forgery_sweep [--one-per-pattern] docs/certificates
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/certificate_envelope.hpp"
#include "reference/certificate_forger.hpp"
#include "reference/scratch_dir.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"

using namespace approxcert;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
  bool one_per_pattern = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--one-per-pattern") {
      one_per_pattern = true;
    } else if (fs::is_directory(a)) {
      for (const auto& e : fs::recursive_directory_iterator(a))
        if (e.path().extension() == ".json") files.push_back(e.path().string());
    } else {
      files.push_back(a);
    }
  }
  std::sort(files.begin(), files.end());
  const test::ScratchDir scratch_dir("forgery-sweep");
  const std::string scratch = scratch_dir.path("forgery.json");
  reference::ForgerySweep total;
  std::size_t certificates = 0;
  for (const std::string& path : files) {
    nlohmann::json cert;
    try {
      cert = read_certificate_file(path);
    } catch (const InputError&) {
      continue;  // not a certificate (e.g. a claim file beside them)
    }
    if (certificate_kind(cert) != "chain") continue;
    ++certificates;
    const reference::ForgerySweep s =
        reference::sweep_forgeries(theorems::builtin_theorems(), cert, scratch, one_per_pattern);
    for (const std::string& a : s.accepted) std::cout << "ACCEPTED " << path << " " << a << "\n";
    total.forged += s.forged, total.rejected += s.rejected, total.unclaimed += s.unclaimed, total.widened += s.widened,
        total.recertified += s.recertified;
    total.accepted.insert(total.accepted.end(), s.accepted.begin(), s.accepted.end());
    std::cerr << path << ": " << s.forged << " forgeries, " << s.accepted.size() << " accepted\n";
  }
  std::cout << certificates << " chain certificates, " << total.forged << " forgeries: " << total.rejected
            << " rejected, " << total.unclaimed << " of unclaimed fields (not verified), " << total.widened
            << " widened enclosures accepted, " << total.recertified << " other candidates re-certified, "
            << total.accepted.size() << " accepted\n";
  return total.accepted.empty() ? 0 : 1;
}
