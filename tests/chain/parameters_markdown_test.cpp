// parameters_markdown: short values inline, an embedded network as its shape, long objects as
// nested bullets, anything longer as its size; backticks in a value do not break the code span.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "chain/parameters_markdown.hpp"

using namespace approxcert::chain;

TEST_CASE("parameters_markdown: values, networks, nesting and sizes") {
  CHECK(parameters_markdown(nlohmann::json::object()) == "none\n");
  CHECK(parameters_markdown(nlohmann::json{{"eps", "1/10"}, {"n", 3}}) == "- `eps`: `1/10`\n- `n`: `3`\n");
  CHECK(parameters_markdown(nlohmann::json{{"s", "a`b"}}) == "- `s`: `` a`b ``\n");

  const auto net = nlohmann::json::parse(R"({"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [
      {"type": "dense", "weight": [["1", "1"], ["1", "-1"], ["0", "1"]], "bias": ["0", "0", "0"]}, {"type": "relu"},
      {"type": "dense", "weight": [["1", "1", "1"]], "bias": ["0"]}]})");
  const std::string page = parameters_markdown(nlohmann::json{{"networks", {{"f", net}}}});
  CHECK(page ==
        "- `networks`: 1 entry\n  - `f`: approxcert-net/1 network, 2 inputs; 3 layers: dense 2->3, relu, dense 3->1\n");

  nlohmann::json deep = nlohmann::json::object();
  for (int i = 0; i < 20; ++i)
    deep["q" + std::to_string(i)] = {{"supnorm", {{"net", "f"}, {"target", std::string(130, 'x')}}}};
  const std::string nested = parameters_markdown(nlohmann::json{{"quantities", deep}});
  CHECK(nested.starts_with("- `quantities`: 20 entries\n  - `q0`: 1 entry\n    - `supnorm`: "));
  CHECK(nested.find("characters (in the certificate)") != std::string::npos);  // below two levels: a size
  const std::string list = parameters_markdown(nlohmann::json{{"steps", nlohmann::json::array({deep, deep})}});
  CHECK(list == "- `steps`: 2 entries (in the certificate)\n");
}
