#pragma once
// Beginning the messages about an input with where it came from, which only the caller knows: the
// command line names its options ("--target"), a certificate's checker its file and JSON pointers
// ("c.json: /inputs/target/expression"); the code below reports in its own terms.
#include <string>

#include "scalar/input_error.hpp"

namespace approxcert {

// Runs `make` and returns its result; an InputError it throws is thrown again beginning with
// `origin` and ": ".
template <typename Make>
auto located(const std::string& origin, Make&& make) {
  try {
    return make();
  } catch (const InputError& e) {
    throw InputError(origin + ": " + e.what());
  }
}

}  // namespace approxcert
