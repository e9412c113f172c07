// The relu-substitution form (forms/relu_substitution.hpp) against independent references, no
// slack:
//   - random relu and residual-relu networks of 2 and 3 inputs minus a polynomial target, on random
//     boxes: at random exact points of the box, f(x) from the layer-by-layer reference interpreter
//     (exact rationals) minus the target lies below the largest (above the smallest) substituted
//     program evaluated exactly, for the upper (lower) end, on Ball and on Interval;
//   - a hand-computed case, f = -relu(x0) - x1^2 on [-1, 1]^2: the upper end is the program -x1^2
//     (lam = 0), whose sup 0 is f's; the lower end branches into -x0 - x1^2 and -x1^2;
//   - the engine on a maximum on an oblique kink line (a concave f written with relus, its exact sup
//     derived below): converged around it with the form, in far fewer boxes than without it.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../test_multiplier.hpp"
#include "forms/relu_substitution.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "reference/reference_interpreter.hpp"
#include "scalar/ball.hpp"
#include "scalar/interval.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

Rational exact_value(const Program& prog, const std::vector<Rational>& x) {
  return evaluate<Rational>(prog, std::span<const Rational>(x), Prec(64))[0];
}

// The exact target x0 * x1 - x_{d-1}^2 / 3 at x (written here, independently of the expression compiler).
Rational target_at(const std::vector<Rational>& x) { return x[0] * x[1] - x.back() * x.back() / Rational(3); }

std::string target_text(std::size_t d) { return "x0*x1 - x" + std::to_string(d - 1) + "^2/3"; }

template <class S>
std::vector<S> natural_values(const Program& prog, const Box& box, Prec p) {
  std::vector<S> in(box.dim());
  for (std::size_t i = 0; i < box.dim(); ++i) set_interval(in[i], box.lo[i], box.hi[i], p);
  Evaluator<S> ev(prog, p);
  ev.run(in);
  return std::vector<S>(ev.values().begin(), ev.values().end());
}

template <class S>
void check_random_networks(std::uint64_t seed) {
  RandomNetworks rn(seed);
  std::size_t substituted = 0, branched = 0, checks = 0;
  for (int trial = 0; trial < approxcert::test::random_cases(120); ++trial) {
    const std::size_t d = 2 + static_cast<std::size_t>(trial % 2);
    const Network net = rn.network(d, trial % 3 == 0 ? Hidden::Residual : Hidden::Relu, 6);
    const Program prog = net_error_program(lower(net), 0, target_text(d));
    Box box{std::vector<Rational>(d), std::vector<Rational>(d)};
    for (std::size_t i = 0; i < d; ++i) {
      box.lo[i] = frac(rn.integer(-16, 8), 16);
      box.hi[i] = box.lo[i] + frac(rn.integer(1, 12), 16);
    }
    const std::vector<S> natural = natural_values<S>(prog, box, Prec(64));
    for (const bool upper : {true, false}) {
      const std::vector<Program> programs =
          relu_substituted_programs<S>(prog, prog.outputs()[0], box, std::span<const S>(natural), upper, Prec(64));
      if (programs.empty()) continue;
      ++substituted;
      branched += programs.size() > 1;
      for (int k = 0; k < 12; ++k) {
        const std::vector<Rational> x = rn.point(box);
        const Rational f = target_at(x) - reference_outputs(net, x)[0].value();
        std::vector<Rational> values;
        for (const Program& q : programs) values.push_back(exact_value(q, x));
        const Rational bound =
            upper ? *std::max_element(values.begin(), values.end()) : *std::min_element(values.begin(), values.end());
        if (upper) CHECK(f <= bound);
        else CHECK(f >= bound);
        ++checks;
      }
    }
  }
  // The premise: the form applied often, with and without branching.
  CHECK(substituted >= 40);
  CHECK(branched >= 10);
  CHECK(checks >= 480);
}

}  // namespace

TEST_CASE("relu substitution: the substituted programs bound f at random points of random relu networks (Ball)") {
  check_random_networks<Ball>(11);
}

TEST_CASE("relu substitution: the substituted programs bound f at random points of random relu networks (Interval)") {
  check_random_networks<Interval>(12);
}

TEST_CASE("relu substitution: hand-computed programs for -relu(x0) - x1^2 on [-1,1]^2") {
  const Program prog = expression_error_program("0", "-relu(x0) - x1^2", 2);  // output: target - approx
  const Box box = cube(Rational(-1), Rational(1), 2);
  const std::vector<Ball> natural = natural_values<Ball>(prog, box, Prec(64));
  const NodeId out = prog.outputs()[0];
  const std::vector<Program> up =
      relu_substituted_programs<Ball>(prog, out, box, std::span<const Ball>(natural), true, Prec(64));
  REQUIRE(up.size() == 1);  // f falls in r: one program, r := lam x0 with lam = 0 (gradient 0 at the midpoint)
  for (const auto& x : grid(box, 9)) CHECK(exact_value(up[0], x) == -x[1] * x[1]);
  const std::vector<Program> down =
      relu_substituted_programs<Ball>(prog, out, box, std::span<const Ball>(natural), false, Prec(64));
  REQUIRE(down.size() == 2);  // the two phases: -x0 - x1^2 and -x1^2
  for (const auto& x : grid(box, 9)) {
    const Rational a = exact_value(down[0], x), b = exact_value(down[1], x);
    CHECK(std::min(a, b) == std::min(-x[1] * x[1], -x[0] - x[1] * x[1]));
  }
}

TEST_CASE("relu substitution: no undecided relu, no programs") {
  const Program prog = expression_error_program("0", "relu(x0 + 2) - x1", 2);
  const Box box = cube(Rational(-1), Rational(1), 2);
  const std::vector<Ball> natural = natural_values<Ball>(prog, box, Prec(64));
  CHECK(relu_substituted_programs<Ball>(prog, prog.outputs()[0], box, std::span<const Ball>(natural), true, Prec(64))
            .empty());
}

TEST_CASE("relu substitution: the engine settles a maximum on a kink ridge") {
  // f = 2 - |z| - (x0 - 3/10)^2 - (x1 + 1/5)^2 with z = x0 - x1/2 - 1/7, on [-1/2,1/2]^2. f is
  // concave; on the line z = 0 the quadratic is least at x* = (33/350, -17/175), where its gradient
  // is mu (1, -1/2) with mu = -72/175 in [-1, 1], so 0 is in f's superdifferential there: sup f =
  // f(x*) = 11926/6125, a maximum on the oblique kink line. f's minimum is at a corner, > -1/40, so
  // sup |f| = 11926/6125.
  const Program prog = expression_error_program(
      "0", "2 - relu(x0 - x1/2 - 1/7) - relu(1/7 - x0 + x1/2) - (x0 - 3/10)^2 - (x1 + 1/5)^2", 2);
  const Rational sup(mpz_class(11926), mpz_class(6125));
  const Box box = cube(frac(-1, 2), frac(1, 2), 2);
  SupNormOptions o;
  o.threads = 1;
  o.rel_tol = Rational(1) / Rational(1000000);
  o.max_boxes = 200000;
  const SupNormResult with = sup_norm(prog, box, o);
  o.relu_substitution = false;
  const SupNormResult without = sup_norm(prog, box, o);
  REQUIRE(with.status == SupNormStatus::Converged);
  REQUIRE(with.upper.has_value());
  CHECK(with.lower <= sup);
  CHECK(sup <= *with.upper);
  CHECK(*with.upper <= sup * (Rational(1) + o.rel_tol));
  MESSAGE("boxes with the form: " << with.boxes << ", without: " << without.boxes);
  CHECK(with.boxes * 4 <= without.boxes);
}
