// fang2022 constructions: the built networks run through the layer-by-layer reference interpreter
// (tests/net, independent of the lowering) and the composed program, against the spec's exact
// numbers of 4.1, 4.3, 4.5 and the mpmath values of reference_fang.py (softmax / LayerNorm).
#include <doctest/doctest.h>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/network_json.hpp"
#include "reference/reference_interpreter.hpp"
#include "scalar/rational.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/register.hpp"

using namespace approxcert;
using namespace approxcert::theorems;
using namespace approxcert::theorems::fang2022;

namespace {

Rational q(const char* t) { return parse_rational(t); }

std::vector<Rational> exact_values(const test::RefVector& v) {
  std::vector<Rational> out;
  for (const test::RefNumber& r : v) {
    REQUIRE(r.is_exact());
    out.push_back(r.value());
  }
  return out;
}

const char* kTarget = "1 - 2*x0 + 3*x0*x1 + 0.5*x0^2*x1 - x1^3";

std::vector<Rational> spec_readout() {
  return {q("1"), q("-2"), q("0"), q("0"), q("3"), q("0"), q("0"), q("1/2"), q("0"), q("-1")};
}

}  // namespace

TEST_CASE("fang2022 read-out of the main target by lattice interpolation is the spec's c = (1,-2,0,0,3,0,0,1/2,0,-1)") {
  const Monomials mono = monomials(2, 3);
  CHECK(interpolated_readout(mono, compile_target(kTarget, 2)) == spec_readout());
  CHECK(det(lattice_vandermonde(mono)) == Rational(-576));
}

TEST_CASE(
    "fang2022 main instance states at (1/2, -1/3), reference interpreter: R_1, R_2, R_3 of spec 4.1 in every token") {
  const Monomials mono = monomials(2, 3);
  const Layout L = layout(mono);
  const std::vector<Rational> x{q("1/2"), q("-1/3")};
  const std::vector<Rational> h0 = exact_values(test::reference_outputs(embedding_network(mono), x));
  const std::vector<Rational> h3 = exact_values(test::reference_outputs(block_network(mono, {.blocks = 3}), h0));
  const std::vector<Rational> r3{q("1"),   q("1/2"), q("-1/3"),  q("1/4"),  q("-1/6"),
                                 q("1/9"), q("1/8"), q("-1/12"), q("1/18"), q("-1/27")};
  for (std::size_t i = 0; i < L.n; ++i) {
    for (std::size_t t = 0; t < 3; ++t) CHECK(h3[i * L.D + L.r(1, t)] == r3[t]);
    for (std::size_t t = 0; t < 6; ++t) CHECK(h3[i * L.D + L.r(2, t)] == r3[t]);
    for (std::size_t t = 0; t < 10; ++t) CHECK(h3[i * L.D + L.r(3, t)] == r3[t]);
    CHECK(h3[i * L.D + L.pos(i)] == Rational(1));
    CHECK(h3[i * L.D + L.r(0, 0)] == Rational(1));
  }
}

TEST_CASE(
    "fang2022 main instance T_c: the spec's exact outputs, by the reference interpreter and by the composed program") {
  const Monomials mono = monomials(2, 3);
  const Network embed = embedding_network(mono), blocks = block_network(mono, {.blocks = 3, .readout = spec_readout()});
  const Program T = composed_program(embed, blocks, true);
  const std::vector<std::pair<std::vector<Rational>, Rational>> cases{{{q("1/2"), q("-1/3")}, q("-109/216")},
                                                                      {{q("3"), q("2")}, q("14")},
                                                                      {{q("-7/5"), q("11/13")}, q("51581/109850")},
                                                                      {{q("0"), q("0")}, q("1")}};
  for (const auto& [x, want] : cases) {
    const std::vector<Rational> out =
        exact_values(test::reference_outputs(blocks, exact_values(test::reference_outputs(embed, x))));
    for (const Rational& v : out) CHECK(v == want);  // broadcast: every token reads out T_c
    CHECK(evaluate<Rational>(T, std::span<const Rational>(x), Prec(64)).at(0) == want);
  }
}

TEST_CASE("fang2022 ablations contain the mpmath reference values (reference_fang.py, 60 digits)") {
  const Monomials mono = monomials(2, 3);
  const Network embed = embedding_network(mono);
  const std::vector<Rational> x{q("1/2"), q("-1/3")};
  const Prec p(200);
  std::vector<Ball> in(2);
  for (std::size_t i = 0; i < 2; ++i) set(in[i], x[i], p);
  struct Case {
    BlockOptions options;
    const char* reference;  // reference_fang.py (network semantics), 30 digits: |error| < 1e-29
  };
  const std::vector<Case> cases{
      {{.blocks = 3, .normalizer = Normalizer::Softmax, .readout = spec_readout()}, "0.139743652469012205281505157959"},
      {{.blocks = 3, .layer_norm_eps = q("1e-5"), .readout = spec_readout()}, "-1.89929392696711654823330883243"}};
  for (const Case& c : cases) {
    const Program prog = composed_program(embed, block_network(mono, c.options), true);
    const Ball t = evaluate<Ball>(prog, std::span<const Ball>(in), p).at(0);
    const Rational ref = q(c.reference);
    CHECK(lower(t) <= ref + pow10(-29));
    CHECK(ref - pow10(-29) <= upper(t));
    CHECK(upper(t) - lower(t) < pow10(-50));
  }
}

TEST_CASE("fang2022 one-token variant (4.3) and cube blocks (4.5) against the spec's numbers") {
  const std::vector<Rational> x{q("1/2"), q("-1/3")};
  const std::vector<Rational> h = exact_values(test::reference_outputs(one_token_embedding(2, {1, 1, 2}), x));
  const std::vector<Rational> out = exact_values(test::reference_outputs(one_token_blocks(3), h));
  REQUIRE(out.size() == 7);
  CHECK(std::vector<Rational>(out.begin(), out.begin() + 4) ==
        std::vector<Rational>{q("1"), q("1/2"), q("1/4"), q("-1/12")});
  const std::vector<Rational> c0 = exact_values(test::reference_outputs(cube_embedding(3), {q("2/3")}));
  const std::vector<Rational> c3 = exact_values(test::reference_outputs(cube_blocks(3), c0));
  CHECK(c3.at(1) == q("8/27"));
  CHECK(c3.at(2) == pow_int(q("2/3"), 9));
  CHECK(c3.at(3) == pow_int(q("2/3"), 27));
}

TEST_CASE(
    "fang2022 build: embedding and blocks by name, (E, W) independent of the target, bad parameters are InputErrors") {
  ConstructionRegistry r;
  register_constructions(r);
  const Network e = build_construction(r, "fang2022/embedding", {"d=2", "k=3"}, "parameters");
  CHECK(e == embedding_network(monomials(2, 3)));
  const Network a =
      build_construction(r, "fang2022/blocks", {"d=2", "k=3", std::string("target=") + kTarget}, "parameters");
  const Network b = build_construction(r, "fang2022/blocks", {"d=2", "k=3", "target=x0^3 - x1 + 5"}, "parameters");
  REQUIRE(a.layers.size() == 4);
  CHECK(std::vector<Layer>(a.layers.begin(), a.layers.begin() + 3) ==
        std::vector<Layer>(b.layers.begin(), b.layers.begin() + 3));
  CHECK(a.layers[3] != b.layers[3]);
  CHECK_THROWS_AS(build_construction(r, "fang2022/blocks", {"d=2", "k=3", "target=exp(x0)"}, "parameters"), InputError);
  CHECK_THROWS_AS(
      build_construction(r, "fang2022/blocks", {"d=2", "k=3", "target=x0", "normalizer=hardmax"}, "parameters"),
      InputError);
  CHECK_THROWS_AS(build_construction(r, "fang2022/embedding", {"d=0", "k=3"}, "parameters"), InputError);
  CHECK_THROWS_AS(build_construction(r, "fang2022/embedding", {"d=10", "k=40"}, "parameters"), InputError);
}
