#pragma once
// Shared by the yun2020 tests that run check files or instances: one check file of
// checks/yun2020/, a step of its run by id, a reported value by name prefix, and the InputError
// message of an instance that must be refused.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "chain/instance.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"
#include "theorems/yun2020/register.hpp"

namespace approxcert::theorems::yun2020::testing {

inline std::string check_path(const std::string& file) {
  return std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/" + file;
}

inline chain::CheckRun run_check_file(const std::string& file) {
  chain::TheoremRegistry r;
  register_theorems(r);
  return chain::run_check(r, chain::read_check_file(check_path(file)));
}

inline const chain::StepResult& step_of(const chain::CheckRun& r, const std::string& id) {
  for (const chain::StepResult& s : r.run.result.steps)
    if (s.spec.id == id) return s;
  FAIL("no step " << id);
  throw std::logic_error("unreachable");
}

inline const chain::Side& reported_side(const chain::StepResult& s, const std::string& prefix) {
  for (const auto& [n, side] : s.outcome.reported)
    if (n.rfind(prefix, 0) == 0) return side;
  FAIL("no reported " << prefix);
  throw std::logic_error("unreachable");
}

// The message of the InputError that running `theorem` on these parameters (a JSON object's
// text) throws, as a file named `label`; "no error" if it runs.
inline std::string refusal(const std::string& theorem, const std::string& params, const std::string& label) {
  try {
    (void)chain::run_instance(theorems::builtin_theorems(), theorem, parse_exact_json(params, "<test>"), JsonAt(label),
                              label.substr(0, label.find('.')), chain::RunOptions{});
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace approxcert::theorems::yun2020::testing
