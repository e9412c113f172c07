#pragma once
// Theorem instances: reading a check file ("format": "approxcert-check/1", see checks/README.md)
// and running a theorem's chain for given parameters.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "chain/chain.hpp"
#include "chain/registry.hpp"
#include "scalar/exact_json.hpp"

namespace approxcert::chain {

struct CheckFile {
  std::string path;                         // as given
  std::string instance;                     // the file name without ".json"
  std::string theorem;                      // "theorem"
  std::string description;                  // optional "description"
  ExactJson parameters;                     // "parameters" (an object)
  std::map<std::string, Verdict> expected;  // "expected": step id -> verdict
  std::optional<Verdict> expected_overall;  // "expected"."overall", if given
  RunOptions options;                       // optional "precision": {"base_bits", "max_bits"}
  // Where the parameters are in the file, for error messages: absent means "/parameters"; a
  // claim file's parameters are its top-level "networks", "quantities" and "steps".
  std::optional<JsonAt> parameters_at;
};

// Reads and validates the file's structure (InputError "<file>: <json pointer>: ..." on any
// problem). Parameters and step ids are checked against the theorem by run_check(). A claim file
// ("format": "approxcert-claims/1", chain/claims_file.hpp) is read by read_claims_file.
CheckFile read_check_file(const std::string& path);

inline constexpr std::string_view kCheckFormat = "approxcert-check/1";

// The optional "precision" and the required "expected" members of a check or claim file `doc`.
void read_precision_and_expected(const ExactJson& doc, const JsonAt& top, CheckFile& f);

// One instance run: the theorem, its parameters as recorded, the chain's result.
struct InstanceRun {
  TheoremInfo theorem;
  std::string instance;
  nlohmann::json parameters;
  ChainResult result;        // result.elapsed_seconds: running the steps
  double build_seconds = 0;  // wall time of reading the parameters and building the chain
  std::string description;   // the check or claim file's "description" (may be empty)
};

// Builds the chain of `theorem_name` (looked up in `registry`, InputError at `at` + "/theorem"
// if unknown) from `parameters` (located at `at` + "/parameters"; every parameter must be read
// by the builder) and runs it.
InstanceRun run_instance(const TheoremRegistry& registry, const std::string& theorem_name, const ExactJson& parameters,
                         const JsonAt& at, const std::string& instance, const RunOptions& options);
// The same with the parameters located at `parameters_at` instead of `at` + "/parameters".
InstanceRun run_instance_at(const TheoremRegistry& registry, const std::string& theorem_name,
                            const ExactJson& parameters, const JsonAt& theorem_at, const JsonAt& parameters_at,
                            const std::string& instance, const RunOptions& options);

// How a run compares with a check file's expectations.
struct ExpectationMismatch {
  std::string step;  // step id, or "overall"
  std::string expected, actual;
};
// Runs a check file. InputError if "expected" names a step the chain does not have. Steps the
// file gives no expected verdict for are not compared; they are listed in `not_compared`.
struct CheckRun {
  CheckFile file;
  InstanceRun run;
  std::vector<ExpectationMismatch> mismatches;  // empty: every listed verdict is as expected
  std::vector<std::string> not_compared;        // ids of the steps "expected" does not list
};
CheckRun run_check(const TheoremRegistry& registry, const CheckFile& file);

// A *.json file in a searched folder that is not a check or claim file: left out of the run.
struct SkippedFile {
  std::string path;
  std::optional<std::string> format;  // its "format" (a string), absent when it has none
};

// The check and claim files a run reads, and the files it left out.
struct CheckInputs {
  std::vector<CheckFile> files;
  std::vector<SkippedFile> skipped;
};

// Reads the check and claim files under `paths`: a file given as such is read as one (another
// format is an InputError); a folder is searched recursively for *.json files (sorted; names
// starting with '.' are not searched), and of those the files whose "format" is a check or claim
// format are read, the others (JSON with another format or none: networks, reference data) are
// skipped. A path that does not exist, a *.json file that is not JSON, a malformed check or claim
// file, and no check or claim file at all (a run over nothing must not pass) are InputErrors.
CheckInputs read_check_files(const std::vector<std::string>& paths);

// One line for the user: "skipped 2 files that are not a check or claim file: a/net.json (format
// approxcert-net/1), a/ref.json (no format)".
std::string skipped_text(const std::vector<SkippedFile>& skipped);
// The same for --json: [{"file": "a/net.json", "format": "approxcert-net/1"}, {"file": ..., "format": null}].
nlohmann::ordered_json skipped_json(const std::vector<SkippedFile>& skipped);

}  // namespace approxcert::chain
