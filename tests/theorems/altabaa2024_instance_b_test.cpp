// Instance B (checks-large/altabaa2024/thm51-instance-b.json) is one honest draw: its keys are the first
// four outputs of std::mt19937_64 seeded with 18, y_j = (g() >> 32) / 2^32, as its description says.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

namespace {

TEST_CASE("altabaa2024 Instance B keys are the seeded draw its description names") {
  std::ifstream in(std::string(APPROXCERT_SOURCE_DIR) + "/checks-large/altabaa2024/thm51-instance-b.json");
  REQUIRE(in);
  const nlohmann::json f = nlohmann::json::parse(in);
  const auto& y = f.at("parameters").at("y");
  REQUIRE(y.size() == 4);
  std::mt19937_64 g(18);
  for (std::size_t j = 0; j < 4; ++j) CHECK(y[j].get<std::string>() == std::to_string(g() >> 32) + "/4294967296");
  CHECK(f.at("description").get<std::string>().find("std::mt19937_64 seeded with 18") != std::string::npos);
  CHECK(f.at("parameters").at("m").get<int>() == 8000);
}

}  // namespace
