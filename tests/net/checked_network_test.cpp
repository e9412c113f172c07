// CheckedNetwork: made only by check(), with the checked sizes; loaders return one; lower() of it
// builds the same program as lower() of the network and does not check it a second time.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "net/lower.hpp"
#include "net/network.hpp"
#include "net/network_json.hpp"
#include "net_support.hpp"
#include "scalar/input_error.hpp"

namespace approxcert {
namespace {

constexpr const char* kTwoOutputs = R"({"format": "approxcert-net/1", "input": {"dim": 3}, "layers": [
  {"type": "dense", "weight": [[1, 0, -1], ["1/2", 2, 0]], "bias": [0, 1]}, {"type": "relu"}]})";

// A network of `dim` inputs and one relu layer (no weights), built in memory.
Network relu_only(std::size_t dim) {
  Network net;
  net.input.dim = dim;
  net.layers.push_back(Layer{ReluLayer{}});
  return net;
}

TEST_CASE("CheckedNetwork::check keeps the network with its checked sizes") {
  const Network net = test::net_from(kTwoOutputs);
  const CheckedNetwork c = CheckedNetwork::check(net, "two.json");
  CHECK(c.network() == net);
  CHECK(c.inputs() == 3);
  CHECK(c.outputs() == 2);
  CHECK(c.outputs() == output_dim(net));
}

TEST_CASE("CheckedNetwork::check refuses what check_network refuses, with the same message") {
  Network bad = test::net_from(kTwoOutputs);
  std::get<DenseLayer>(bad.layers[0].kind).bias.pop_back();
  std::string expected;
  try {
    check_network(bad, "bad.json");
  } catch (const InputError& e) {
    expected = e.what();
  }
  REQUIRE(expected.find("bad.json: /layers/0/bias: has 1 entries") == 0);
  CHECK_THROWS_WITH_AS(CheckedNetwork::check(bad, "bad.json"), expected.c_str(), InputError);
}

TEST_CASE("the loaders return checked networks") {
  const CheckedNetwork c = parse_network(kTwoOutputs, "two.json");
  CHECK(c.outputs() == 2);
  CHECK(c.inputs() == 3);
  const Network moved = parse_network(kTwoOutputs, "two.json").network();  // a temporary's network, moved out
  CHECK(moved == c.network());
}

TEST_CASE("lower() of a CheckedNetwork builds the program of the network") {
  const CheckedNetwork c = parse_network(kTwoOutputs, "two.json");
  const Program a = lower(c);
  const Program b = lower(c.network());
  REQUIRE(a.nodes().size() == b.nodes().size());
  CHECK(a.outputs().size() == 2);
  CHECK(std::equal(a.outputs().begin(), a.outputs().end(), b.outputs().begin(), b.outputs().end()));
  for (std::size_t k = 0; k < a.nodes().size(); ++k) CHECK(a.nodes()[k].op == b.nodes()[k].op);
}

TEST_CASE("lower() of a CheckedNetwork does not check it again") {
  // Checked against a larger dimension limit than lower() of a plain Network applies: the checked
  // one lowers, the plain one is refused, so lowering the checked one ran no second check.
  NetworkLimits wide;
  wide.max_dim = 1'000'001;
  const CheckedNetwork c = CheckedNetwork::check(relu_only(1'000'001), "wide", wide);
  CHECK(lower(c).outputs().size() == 1'000'001);
  CHECK_THROWS_WITH_AS(lower(c.network()), "network: /input/dim: input dimension 1000001 exceeds the limit of 1000000",
                       InputError);
}

}  // namespace
}  // namespace approxcert
