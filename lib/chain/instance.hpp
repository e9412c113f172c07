#pragma once
// Theorem instances: reading a check file ("format": "approxcert-check/1", see checks/README.md)
// and running a theorem's chain for given parameters.
#include <map>
#include <optional>
#include <string>
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

// The optional "precision" and the required "expected" members of a check or claim file `doc`.
void read_precision_and_expected(const ExactJson& doc, const JsonAt& top, CheckFile& f);

// One instance run: the theorem, its parameters as recorded, the chain's result.
struct InstanceRun {
  TheoremInfo theorem;
  std::string instance;
  nlohmann::json parameters;
  ChainResult result;            // result.elapsed_seconds: running the steps
  double build_seconds = 0;      // wall time of reading the parameters and building the chain
  std::string description;       // the check or claim file's "description" (may be empty)
};

// Builds the chain of `theorem_name` (looked up in `registry`, InputError at `at` + "/theorem"
// if unknown) from `parameters` (located at `at` + "/parameters"; every parameter must be read
// by the builder) and runs it.
InstanceRun run_instance(const TheoremRegistry& registry, const std::string& theorem_name, const ExactJson& parameters,
                         const JsonAt& at, const std::string& instance, const RunOptions& options);
// The same with the parameters located at `parameters_at` instead of `at` + "/parameters".
InstanceRun run_instance_at(const TheoremRegistry& registry, const std::string& theorem_name, const ExactJson& parameters,
                            const JsonAt& theorem_at, const JsonAt& parameters_at, const std::string& instance,
                            const RunOptions& options);

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

// Every *.json file under the given files/folders (folders recursively, sorted); a path that
// does not exist is an InputError. Files and folders whose name starts with '.' are skipped.
std::vector<std::string> collect_json_files(const std::vector<std::string>& paths);
// The same for check and claim files: no *.json file at all under `paths` is an InputError (a
// run over nothing must not pass).
std::vector<std::string> collect_check_files(const std::vector<std::string>& paths);

}  // namespace approxcert::chain
