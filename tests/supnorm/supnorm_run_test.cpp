// The engine-level runs (supnorm_run.hpp, lpnorm_run.hpp) on problems whose answers are known in
// closed form: an exact sup, a claim proved and one refuted, relative mode finding the target's
// zeros, what ended each run, a program given in memory, and the bad input each run refuses.
// upper_claim agrees with the one place that decides verdicts above the engine (chain's decide()).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "chain/relation.hpp"
#include "problem/error_program.hpp"
#include "scalar/input_error.hpp"
#include "scalar/rational.hpp"
#include "supnorm/lpnorm_run.hpp"
#include "supnorm/supnorm_run.hpp"

using namespace approxcert;

namespace {

const InputOrigins kOrigins{"--net",    "--approx", "--target",        "--target-net",
                            "--domain", "--output", "--target-output", "--relative"};

SupNormRequest expression_request(const std::string& approx, const std::string& target, const std::string& domain) {
  SupNormRequest q;
  q.inputs.approx = approx;
  q.inputs.target = target;
  q.inputs.domain = domain;
  q.origins = kOrigins;
  q.options.threads = 1;
  return q;
}

Rational frac(long p, long q) { return Rational(p) / Rational(q); }

}  // namespace

TEST_CASE("run_supnorm: sup |x^2 - x| on [-1,1] is 2 (at -1), stopped by the relative tolerance") {
  const SupNormRun run = run_supnorm(expression_request("x0", "x0^2", "[-1,1]"));
  const SupNormResult& r = run.result;
  CHECK(r.status == SupNormStatus::Converged);
  CHECK(r.lower <= Rational(2));
  REQUIRE(r.upper);
  CHECK(Rational(2) <= *r.upper);
  CHECK(*r.upper <= r.lower * (Rational(1) + run.options.rel_tol));
  CHECK(run.stopped_by == StoppedBy::RelTol);
  CHECK_FALSE(run.claim);
  CHECK(run.domain.is_exact());
  CHECK(run.problem.program.num_inputs() == 1);
  CHECK(run.options.removable_zeros.empty());
}

TEST_CASE("run_supnorm: the claim sup <= U is proved above the sup (2), refuted below it, unknown on a budget") {
  SupNormRequest q = expression_request("x0", "x0^2", "[-1,1]");
  q.require_upper = frac(21, 10);
  CHECK(run_supnorm(q).claim == Truth::True);
  q.require_upper = frac(19, 10);
  CHECK(run_supnorm(q).claim == Truth::False);
  // sup |sin(x0) - x0| on [0,1] = 1 - sin(1) = 0.15852901519210349...; one box cannot decide a
  // bound 1e-17 above it (and with both tolerances 0 the run cannot converge instead)
  SupNormRequest tight = expression_request("x0", "sin(x0)", "[0,1]");
  tight.options.max_boxes = 1;
  tight.options.rel_tol = tight.options.abs_tol = Rational(0);
  tight.options.taylor_model_order = 0;
  tight.require_upper = parse_rational("0.15852901519210350");
  const SupNormRun unknown = run_supnorm(tight);
  CHECK(unknown.result.status == SupNormStatus::BudgetExhausted);
  CHECK(unknown.claim == Truth::Unknown);
  CHECK(unknown.stopped_by == StoppedBy::Neither);
}

TEST_CASE("run_supnorm: relative mode finds the target's three removable zeros, q = x/10, sup 1/5 on [-1,2]") {
  SupNormRequest q = expression_request("x0*(x0 - 1)*(2*x0 - 1)*(1 + x0/10)", "x0*(x0 - 1)*(2*x0 - 1)", "[-1,2]");
  q.inputs.relative = true;
  const SupNormRun run = run_supnorm(q);
  const std::vector<RemovableZero> zeros{{Rational(0), 1}, {frac(1, 2), 1}, {Rational(1), 1}};
  CHECK(run.options.removable_zeros == zeros);
  CHECK(is_relative_error_program(run.problem.program));
  CHECK(run.result.status == SupNormStatus::Converged);
  CHECK(run.result.lower <= frac(1, 5));
  REQUIRE(run.result.upper);
  CHECK(frac(1, 5) <= *run.result.upper);
  CHECK(*run.result.upper <= frac(1, 5) * (Rational(1) + frac(1, 100000)));
}

TEST_CASE("run_supnorm: only the absolute tolerance ends the run on an error of 1e-40") {
  const SupNormRun run = run_supnorm(expression_request("0", "x0/10^40", "[0,1]"));
  CHECK(run.result.status == SupNormStatus::Converged);
  CHECK(run.result.lower <= pow10(-40));
  REQUIRE(run.result.upper);
  CHECK(pow10(-40) <= *run.result.upper);
  CHECK(run.stopped_by == StoppedBy::AbsTol);
}

TEST_CASE("run_supnorm: constant-expression endpoints keep the witness in the inner box") {
  // sup |sin(x0)| on [0, pi/2] = 1 (at pi/2, irrational: the witness lies just inside)
  const SupNormRun run = run_supnorm(expression_request("0", "sin(x0)", "[0,pi/2]"));
  CHECK_FALSE(run.domain.is_exact());
  REQUIRE(run.options.witness_box);
  CHECK(*run.options.witness_box == run.domain.inner);
  REQUIRE(run.result.witness);
  CHECK(run.domain.inner.lo[0] <= (*run.result.witness)[0]);
  CHECK((*run.result.witness)[0] <= run.domain.inner.hi[0]);
  CHECK(run.result.lower <= Rational(1));
  REQUIRE(run.result.upper);
  CHECK(Rational(1) <= *run.result.upper);
}

TEST_CASE("run_supnorm: a program given in memory runs like the inputs that describe it") {
  const SupNormRun from_inputs = run_supnorm(expression_request("x0*x1", "sin(x0)*x1", "[0,1]^2"));
  SupNormRequest q;
  q.inputs.domain = "[0,1]^2";
  q.program = expression_error_program("x0*x1", "sin(x0)*x1", 2);
  q.options.threads = 1;
  const SupNormRun given = run_supnorm(q);
  CHECK(given.result.lower == from_inputs.result.lower);
  CHECK(given.result.upper == from_inputs.result.upper);
  CHECK(given.result.boxes == from_inputs.result.boxes);
  CHECK_FALSE(given.problem.net_sha256);
  q.inputs.domain = "[0,1]^3";
  CHECK_THROWS_AS(run_supnorm(q), InputError);
}

TEST_CASE("run_supnorm: bad input is an InputError naming its origin") {
  auto message = [](const SupNormRequest& q) {
    try {
      run_supnorm(q);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message(expression_request("x0", "x0^2", "[0,1")).find("domain") != std::string::npos);
  CHECK(message(expression_request("x2", "x0^2", "[0,1]^2")).find("--approx") !=
        std::string::npos);  // no x2 in 2 inputs
  CHECK(message(expression_request("x0", "log(x0)", "[-1,1]")).find("--domain") != std::string::npos);
  // the target vanishes at 1/3, where the error (x0 + 1) - (x0 - 1/3) = 4/3 does not: not removable
  SupNormRequest pole = expression_request("x0 + 1", "x0 - 1/3", "[-2,1]");
  pole.inputs.relative = true;
  CHECK(message(pole).find("--relative") != std::string::npos);
}

TEST_CASE("run_lpnorm: the L^2 norm of x - x^2 on [0,1] is sqrt(1/30), and finite p refuses what it cannot integrate") {
  LpNormRequest q;
  q.inputs.approx = "x0";
  q.inputs.target = "x0^2";
  q.inputs.domain = "[0,1]";
  q.origins = kOrigins;
  q.options.p = 2;
  q.options.threads = 1;
  const LpNormRun run = run_lpnorm(q);
  CHECK(run.result.status == SupNormStatus::Converged);
  CHECK(run.result.integral_lower <= frac(1, 30));
  REQUIRE(run.result.integral_upper);
  CHECK(frac(1, 30) <= *run.result.integral_upper);
  CHECK(run.result.lower * run.result.lower <= frac(1, 30));
  REQUIRE(run.result.upper);
  CHECK(frac(1, 30) <= *run.result.upper * *run.result.upper);
  CHECK(run.domain.is_exact());

  q.inputs.domain = "[0,pi]";
  CHECK_THROWS_WITH_AS(run_lpnorm(q), doctest::Contains("--domain: an L^p norm of finite p needs exact endpoints"),
                       InputError);
  q.inputs.domain = "[1/2,1/2]";
  CHECK_THROWS_WITH_AS(run_lpnorm(q), doctest::Contains("zero volume"), InputError);
  q.inputs.domain = "[0,1]^2";
  q.inputs.approx = "x0*x1";
  q.options.method = LpMethod::ArbIntegration;
  q.method_origin = "--method arb";
  CHECK_THROWS_WITH_AS(run_lpnorm(q), "--method arb: Arb's integration needs a problem of one input, this one has 2",
                       InputError);
}

TEST_CASE("upper_claim: the verdict of chain's decide() for [lower, upper] <= U, on every ordering") {
  const std::vector<Rational> points{Rational(0), frac(1, 3), Rational(1), frac(3, 2), Rational(2)};
  for (const Rational& lo : points)
    for (const Rational& hi : points) {
      if (hi < lo) continue;
      for (const Rational& u : points) {
        const chain::Verdict v =
            chain::decide(chain::Relation::LessEqual, chain::Enclosure::between(lo, hi), chain::Enclosure::exact(u));
        const Truth t = upper_claim(lo, hi, u);
        CHECK((v == chain::Verdict::Proved) == (t == Truth::True));
        CHECK((v == chain::Verdict::Refuted) == (t == Truth::False));
      }
    }
  // no finite upper bound: only refutable
  CHECK(upper_claim(Rational(1), std::nullopt, Rational(2)) == Truth::Unknown);
  CHECK(upper_claim(Rational(3), std::nullopt, Rational(2)) == Truth::False);
}
