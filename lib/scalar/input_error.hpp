#pragma once
// The one exception type for bad user input. The CLI prints what() on stderr and exits with 2.
#include <stdexcept>
#include <string>
namespace approxcert {
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Raised when an operation has no exact rational result (e.g. exp on a Rational).
struct NotExactError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
}  // namespace approxcert
