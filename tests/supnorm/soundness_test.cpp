// Soundness without slack: for random networks of every vector layer type against several targets
// in 1 to 3 dimensions, the certified upper bound is at least |target - net| at random and grid
// points evaluated with Arb at 200 bits, and the lower bound is at most the 200-bit error at the
// witness (which lies in the domain).
#include <doctest/doctest.h>

#include <string>

#include "../test_multiplier.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

const char* const kTargets[3][2] = {
    {"sin(3*x0)", "abs(x0 - 1/3)"},
    {"exp(x0)*x1", "tanh(x0 - 2*x1) + relu(x1)"},
    {"x0^2 - x1*x2", "sigmoid(x0 + x1 + x2) * cos(x2)"},
};

std::string describe(const Network& net) { return "hidden layer kind " + std::string(layer_type_name(net.layers[1])); }

void check_sound(const Program& prog, const Box& domain, const SupNormResult& r, RandomNetworks& gen) {
  REQUIRE(r.upper.has_value());
  const Rational& upper = *r.upper;
  CHECK(r.lower <= upper);
  std::vector<std::vector<Rational>> points = grid(domain, 5);
  for (int k = 0; k < 40; ++k) points.push_back(gen.point(domain));
  for (const auto& x : points) {
    const Ball e = reference_value(prog, x);
    REQUIRE(is_finite(e));
    CHECK(abs_min(range_of(e)) <= upper);  // |error(x)| <= upper, no slack
  }
  REQUIRE(r.witness.has_value());
  for (std::size_t i = 0; i < domain.dim(); ++i) {
    CHECK(domain.lo[i] <= (*r.witness)[i]);
    CHECK((*r.witness)[i] <= domain.hi[i]);
  }
  const Ball w = reference_value(prog, *r.witness);
  CHECK(r.lower <= abs_max(range_of(w)));  // lower <= |error(witness)|
}

// Runs check(prog, domain) on a random network of every vector layer type (3 hidden units)
// against each target of kTargets, in dimensions d_lo to 3 (APPROXCERT_TEST_MULTIPLIER networks each).
template <class Check>
void for_each_random_problem(RandomNetworks& gen, std::size_t d_lo, Check check) {
  for (std::size_t d = d_lo; d <= 3; ++d) {
    const Box domain = cube(frac(-1, 1), frac(3, 4), d);
    for (Hidden kind : kAllHidden) {
      for (const char* target : kTargets[d - 1]) {
        for (int rep = 0; rep < approxcert::test::random_cases(1); ++rep) {
          const Network net = gen.network(d, kind, 3);
          const Program prog = net_error_program(lower(net), 0, target);
          CAPTURE(d);
          CAPTURE(describe(net));
          CAPTURE(target);
          check(prog, domain);
        }
      }
    }
  }
}

SupNormOptions small_run(std::uint64_t max_boxes) {
  SupNormOptions o;
  o.rel_tol = parse_rational("1e-3");
  o.max_boxes = max_boxes;
  o.threads = 1;
  return o;
}

}  // namespace

TEST_CASE("supnorm soundness: random networks of every vector layer type, 1 to 3 dimensions") {
  RandomNetworks gen(20261121);
  for_each_random_problem(gen, 1, [&](const Program& prog, const Box& domain) {
    SupNormOptions o = small_run(120);
    o.fast_path = true;  // the default: boxes are bounded in FastInterval first
    check_sound(prog, domain, sup_norm(prog, domain, o), gen);
  });
}

TEST_CASE("supnorm soundness: random networks with the multivariate Taylor-model form, 2 and 3 dimensions") {
  RandomNetworks gen(20261129);
  for_each_random_problem(gen, 2, [&](const Program& prog, const Box& domain) {
    for (const std::size_t order : {std::size_t{2}, std::size_t{3}}) {
      CAPTURE(order);
      SupNormOptions o = small_run(200);
      o.multi_taylor_order = order;
      check_sound(prog, domain, sup_norm(prog, domain, o), gen);
    }
  });
}
