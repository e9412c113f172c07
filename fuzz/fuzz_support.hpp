#pragma once
// Shared by the fuzz targets: a reader may refuse its input only with InputError (exit status 2 in
// the command); any other exception, a crash, a sanitizer report or a hang is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unistd.h>

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

inline void write_file(const std::string& path, std::string_view text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write " + path);
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

// The path-based readers take a file: the input is written to one scratch file per process.
inline std::string scratch_file(std::string_view text, std::string_view suffix) {
  const std::string path = "/tmp/approxcert-fuzz-" + std::to_string(::getpid()) + std::string(suffix);
  write_file(path, text);
  return path;
}

}  // namespace approxcert::fuzz
