#pragma once
// Writing output files safely. Reading: scalar/exact_json.hpp's read_text_file().
#include <string>
#include <string_view>

namespace approxcert {

// Writes `bytes` to `path` atomically: into a temporary file in the same directory, flushed to
// disk, then renamed over `path`. Either the whole new content is at `path` afterwards or `path`
// is untouched; no partial file is ever visible. Failure throws InputError("<path>: cannot write: ...").
void write_file_atomic(const std::string& path, std::string_view bytes);

// Refuses, before a long run, a path write_file_atomic() could not write: an empty name, a
// directory, a missing or unwritable folder (probed by creating and removing a temporary file
// there). Throws InputError("<path>: cannot write: ..."); writes nothing that stays.
void check_writable(const std::string& path);

}  // namespace approxcert
