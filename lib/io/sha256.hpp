#pragma once
// SHA-256 digests (OpenSSL EVP) as 64 lower-case hex digits, for recording inputs in certificates.
#include <string>
#include <string_view>

namespace approxcert {

std::string sha256_hex(std::string_view bytes);
// Digest of a file's bytes; InputError("<path>: cannot read file: ...") if it cannot be read.
std::string sha256_file_hex(const std::string& path);

}  // namespace approxcert
