// lib/io: SHA-256 against the FIPS 180-2 test vectors; atomic writes leave either the whole new
// file or the old one, and no temporary files.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "io/file.hpp"
#include "io/sha256.hpp"
#include "reference/scratch_dir.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
namespace fs = std::filesystem;

namespace {
std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("io: sha256 test vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("io: write_file_atomic writes, replaces, and fails cleanly") {
  const approxcert::test::ScratchDir scratch("io-test");
  const fs::path& dir = scratch.dir();
  const fs::path file = dir / "out.json";
  write_file_atomic(file.string(), "first");
  CHECK(slurp(file) == "first");
  CHECK(sha256_file_hex(file.string()) == sha256_hex("first"));
  write_file_atomic(file.string(), std::string(100000, 'x'));
  CHECK(slurp(file) == std::string(100000, 'x'));
  CHECK_THROWS_AS(write_file_atomic((dir / "missing" / "f").string(), "x"), InputError);
  CHECK_THROWS_AS(write_file_atomic(dir.string(), "x"), InputError);
  CHECK_THROWS_AS(sha256_file_hex((dir / "nope").string()), InputError);
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);  // no temporaries left
}

TEST_CASE("io: check_writable refuses what write_file_atomic could not write, and leaves nothing") {
  const approxcert::test::ScratchDir scratch("io-writable");
  const fs::path& dir = scratch.dir();
  const fs::path file = dir / "out.json";
  CHECK_NOTHROW(check_writable(file.string()));
  CHECK_FALSE(fs::exists(file));
  CHECK_THROWS_WITH_AS(check_writable(""), doctest::Contains("empty file name"), InputError);
  CHECK_THROWS_WITH_AS(check_writable(dir.string()), doctest::Contains("directory"), InputError);
  CHECK_THROWS_WITH_AS(check_writable((dir / "missing" / "f.json").string()), doctest::Contains("no such directory"),
                       InputError);
  CHECK_THROWS_AS(check_writable("/proc/approxcert-x.json"), InputError);  // a folder no one can create files in
  CHECK(fs::is_empty(dir));                                                // the probe file is gone
}
