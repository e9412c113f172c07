#pragma once
// Shared by the fuzz targets: a reader may refuse its input only with InputError (exit status 2 in
// the command); any other exception, a crash, a sanitizer report or a hang is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../reference/scratch_dir.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs `read`; InputError is the expected refusal, anything else propagates (and aborts).
template <class Read>
void only_input_errors(Read&& read) {
  try {
    read();
  } catch (const InputError&) {
  }
}

// The process's one scratch folder (reference/scratch_dir.hpp), removed at exit.
inline const test::ScratchDir& scratch_dir() {
  static const test::ScratchDir dir("fuzz");
  return dir;
}

// The path-based readers take a file: the input is written to `name` (which may hold subfolders)
// in scratch_dir(), over the previous input; returns its path.
inline std::string scratch_file(std::string_view text, const std::string& name) {
  return scratch_dir().write(name, std::string(text));
}

}  // namespace approxcert::fuzz
