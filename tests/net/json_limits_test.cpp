// Regression tests for issue #20 items 2 and 6 (JSON documents): array lengths, value counts and
// nesting are limited while parsing, a device or oversized file is refused without being read to
// the end, and offending keys are echoed shortened.
#include <doctest/doctest.h>

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "net/network_json.hpp"
#include "reference/scratch_dir.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

double cpu_seconds_since(std::clock_t start) { return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC; }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("json limits: an array longer than 10^6 entries is refused while parsing, naming its pointer") {
  std::string text = R"({"a": [)";
  for (int i = 0; i < 1000001; ++i) text += i ? ",0" : "0";
  text += "]}";
  const std::clock_t start = std::clock();  // CPU time: stable on a loaded machine
  const std::string msg = error_of([&] { parse_exact_json(text, "big.json"); });
  CHECK(msg == "big.json: /a: array longer than 1000000 entries");
  CHECK(cpu_seconds_since(start) < 5.0);
  // 10^6 entries are accepted.
  text.erase(text.size() - 4, 2);
  CHECK(parse_exact_json(text, "ok.json")["a"].size() == 1000000);
}

TEST_CASE("json limits: a file over 1 GiB is refused by its size, before it is read") {
  namespace fs = std::filesystem;
  const approxcert::test::ScratchDir s("json-limits");
  const fs::path path = s.path("sparse.json");
  { std::ofstream(path) << "[]"; }
  fs::resize_file(path, (std::uint64_t{1} << 30) + 1);  // sparse: no disk space, no reading
  const std::clock_t start = std::clock();              // CPU time: stable on a loaded machine
  const std::string msg = error_of([&] { read_exact_json_file(path.string()); });
  CHECK(cpu_seconds_since(start) < 1.0);
  CHECK(msg == path.string() + ": cannot read file: larger than the limit of 1073741824 bytes");
}

TEST_CASE("json limits: unknown and duplicate keys are echoed shortened to 60 bytes") {
  const std::string key(200000, 'k');
  const std::string unknown = error_of([&] {
    parse_network(R"({"format": "approxcert-net/1", "input": {"dim": 1}, "layers": [], ")" + key + R"(": 1})",
                  "net.json");
  });
  CHECK(unknown.starts_with("net.json: /" + std::string(60, 'k') + "...: unknown key \"" + std::string(60, 'k') +
                            "...\""));
  CHECK(unknown.size() < 400);
  const std::string dup = error_of([&] { parse_exact_json("{\"" + key + "\": 1, \"" + key + "\": 2}", "d.json"); });
  CHECK(dup == "d.json: /" + std::string(60, 'k') + "...: duplicate key \"" + std::string(60, 'k') + "...\"");
}
