// Network against network: net_vs_net_error_program lowers both networks onto shared inputs
// (lower_into) and outputs target_net - net. References: the exact difference of the two networks
// evaluated separately in exact rational arithmetic, and a closed-form sup-norm.
#include <doctest/doctest.h>

#include <random>

#include "../test_multiplier.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;

namespace {

CheckedNetwork net(std::string_view layers, int dim = 2) {
  return parse_network(R"({"format": "approxcert-net/1", "input": {"dim": )" + std::to_string(dim) +
                           R"(}, "layers": )" + std::string(layers) + "}",
                       "net.json");
}

Rational exact_output(const Network& n, const std::vector<Rational>& x, std::size_t k) {
  return evaluate<Rational>(lower(n), std::span<const Rational>(x), Prec(64))[k];
}

const char* kA = R"([{"type": "dense", "weight": [["1", "-1/2"], ["1/3", "2"]], "bias": ["1/7", "0"]}, {"type": "relu"},
                     {"type": "dense", "weight": [["1", "1"], ["-1", "3"]], "bias": ["0", "1/5"]}])";
const char* kB = R"([{"type": "dense", "weight": [["1", "0"], ["0", "2"]], "bias": ["0", "0"]}, {"type": "relu"},
                     {"type": "dense", "weight": [["1", "1"]], "bias": ["-1/9"]}])";

}  // namespace

TEST_CASE("net_vs_net: the error program is target_net - net, exactly, at random rational points") {
  const CheckedNetwork a = net(kA), b = net(kB);
  std::mt19937 rng(3);
  for (std::size_t out_a : {0u, 1u}) {
    const Program prog = net_vs_net_error_program(a, out_a, b, 0);
    CHECK(prog.num_inputs() == 2);
    CHECK(prog.outputs().size() == 1);
    for (int i = 0; i < approxcert::test::random_cases(50); ++i) {
      const std::vector<Rational> x{Rational(mpz_class(static_cast<long>(rng() % 2001) - 1000), mpz_class(977)),
                                    Rational(mpz_class(static_cast<long>(rng() % 2001) - 1000), mpz_class(331))};
      const Rational got = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(64))[0];
      CHECK(got == exact_output(b, x, 0) - exact_output(a, x, out_a));
    }
  }
}

TEST_CASE("net_vs_net: sup |relu(x) - x| on [-1,1] is exactly 1, attained at -1") {
  const CheckedNetwork identity = net(R"([{"type": "dense", "weight": [["1"]], "bias": ["0"]}])", 1);
  const CheckedNetwork relu = net(R"([{"type": "relu"}])", 1);
  SupNormOptions o;
  o.rel_tol = parse_rational("1e-9");
  const SupNormResult r =
      sup_norm(net_vs_net_error_program(identity, 0, relu, 0), Box{{Rational(-1)}, {Rational(1)}}, o);
  REQUIRE(r.upper.has_value());
  CHECK(r.status == SupNormStatus::Converged);
  CHECK(r.lower <= Rational(1));
  CHECK(Rational(1) <= *r.upper);
  CHECK(*r.upper <= Rational(1) + parse_rational("1e-9"));
}

TEST_CASE("net_vs_net: different input dimensions and bad output indices are input errors") {
  // In the engine's terms: the caller (load_problem) begins them with the input's origin.
  const CheckedNetwork a = net(kA), one = net(R"([{"type": "relu"}])", 1);
  CHECK_THROWS_WITH_AS(net_vs_net_error_program(a, 0, one, 0), "the target network takes 1 inputs, the network 2",
                       InputError);
  CHECK_THROWS_WITH_AS(net_vs_net_error_program(a, 2, a, 0), "the network has 2 outputs (indices 0..1), got 2",
                       InputError);
  CHECK_THROWS_WITH_AS(net_vs_net_error_program(a, 0, net(kB), 1),
                       "the target network has 1 output (indices 0..0), got 1", InputError);
  CHECK_THROWS_WITH_AS(net_error_program(lower(a), 2, "x0"), "the network has 2 outputs (indices 0..1), got 2",
                       InputError);
}
