// docs/examples/*.json: every example network loads, round-trips, lowers and evaluates.
#include <doctest/doctest.h>

#include <filesystem>

#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

std::filesystem::path examples_dir() { return std::filesystem::path(APPROXCERT_SOURCE_DIR) / "docs" / "examples"; }

Network example(std::string_view name) { return load_network((examples_dir() / name).string()); }

}  // namespace

TEST_CASE("examples: every docs/examples network loads, round-trips and evaluates with Ball") {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(examples_dir())) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    ++count;
    const Network net = load_network(entry.path().string());
    CHECK(parse_network(save_network(net), "saved.json") == net);
    const Program prog = lower(net);
    std::vector<Ball> x(input_dim(net));
    for (std::size_t k = 0; k < x.size(); ++k)
      set(x[k], Rational(mpz_class(static_cast<long>(k) - 1), mpz_class(3)), Prec(128));
    const auto out = evaluate<Ball>(prog, std::span<const Ball>(x), Prec(128));
    CHECK(out.size() == output_dim(net));
    for (const Ball& b : out) {
      CHECK(is_finite(b));
      CHECK(rad(b) < pow2(-100));
    }
  }
  CHECK(count >= 8);
}

TEST_CASE("examples: values documented in docs/net.md") {
  CHECK(eval_exact(example("relu_2d.json"), qs({"1/3", "-0.25"})) == qs({"19/24"}));
  CHECK(eval_exact(example("step.json"), qs({"0"})) == qs({"1"}));
  CHECK(eval_exact(example("step.json"), qs({"1"})) == qs({"0"}));
  CHECK(eval_exact(example("piecewise.json"), qs({"0.75", "-0.25"})) == qs({"3/4"}));  // 5/8 + 1/8
  CHECK(eval_exact(example("attention_hardmax.json"), qs({"1", "10", "1", "20", "0", "30"})) ==
        qs({"1", "25", "1", "35", "0", "50"}));
  CHECK(eval_exact(example("inner_product.json"), qs({"1", "2", "3", "-1"})) == qs({"12"}));
  CHECK(eval_exact(example("residual.json"), qs({"1", "-1"})) == qs({"1"}));
  {
    CHECK(eval_exact(example("attention_hardmax_first.json"), qs({"1", "10", "1", "20", "0", "30"})) ==
          qs({"1", "20", "1", "30", "0", "40"}));
    CHECK(eval_exact(example("attention_linear.json"), qs({"1", "2", "3", "-1"})) == qs({"9", "11", "34", "-9"}));
    // token (1, 3): var + eps = 4 -> (0, 1/2); token (5, 5): var = 0 -> beta = (1, -1)
    const Network ln = example("layer_norm.json");
    const auto x = qs({"1", "3", "5", "5"});
    std::vector<Ball> in(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) set(in[k], x[k], Prec(128));
    const auto out = evaluate<Ball>(lower(ln), std::span<const Ball>(in), Prec(128));
    const auto expected = qs({"0", "1/2", "1", "-1"});
    for (std::size_t k = 0; k < out.size(); ++k) {
      CHECK(lower(out[k]) <= expected[k]);
      CHECK(expected[k] <= upper(out[k]));
    }
  }
  {
    // rotate45.json (constant-expression weights sqrt(2)/2): at (1, 0) the output is sqrt(2), so its
    // enclosure y satisfies lower(y)^2 <= 2 <= upper(y)^2 (exact rational arithmetic, no slack).
    std::vector<Ball> x(2);
    set(x[0], Rational(1), Prec(128));
    set(x[1], Rational(0), Prec(128));
    const Ball y = evaluate<Ball>(lower(example("rotate45.json")), std::span<const Ball>(x), Prec(128)).at(0);
    CHECK(lower(y) * lower(y) <= Rational(2));
    CHECK(Rational(2) <= upper(y) * upper(y));
    CHECK(rad(y) < pow2(-100));
    CHECK_THROWS_AS(eval_exact(example("rotate45.json"), qs({"1", "0"})), NotExactError);
  }
}
