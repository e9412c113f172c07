// Fuzz target: the certificate readers of `approxcert verify` without the re-computation (which
// re-runs whole theorems): chain certificates (hash, recorded verdicts, counts) and supnorm
// certificates (structure, input hashes, the witness evaluation).
#include <nlohmann/json.hpp>

#include "chain/verify.hpp"
#include "check/certificate_check.hpp"
#include "fuzz_support.hpp"
#include "io/certificate_envelope.hpp"
#include "theorems/builtin.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  static const chain::TheoremRegistry& registry = theorems::builtin_theorems();
  const std::string_view text = fuzz::as_text(data, size);
  const std::string path = fuzz::scratch_file(text, "cert.json");
  fuzz::only_input_errors([&] {
    if (text.find("\"supnorm\"") != std::string_view::npos)
      (void)check_supnorm_certificate(read_certificate_file(path), path, {.recheck_cover = false});
    else (void)chain::verify_certificate(registry, path, {.recompute = false, .rebuild = false});
  });
  return 0;
}
