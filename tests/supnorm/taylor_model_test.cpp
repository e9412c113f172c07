// The Taylor-model form: soundness of f(c + t) in P(t) + R against 200-bit Arb evaluations of the
// same program at many points (no slack), its refusal where f is not smooth, and the exact
// cancellation that makes it pay: exp minus its degree-16 Taylor polynomial on [-1, 1], whose
// sup-norm error exp(1) - sum_{k <= 16} 1/k! is known in closed form.
#include <doctest/doctest.h>

#include <string>

#include "net/expression.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/supnorm.hpp"
#include "supnorm/taylor_model.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// sum_{k <= n} x0^k / k! in Horner form, exact coefficients.
std::string taylor_polynomial_of_exp(int n) {
  std::string s = "1";
  for (int k = n; k >= 1; --k) s = "1 + x0/" + std::to_string(k) + "*(" + s + ")";
  return s;
}

// Every point of the interval: the form's range contains the 200-bit value (no slack).
void check_contains_values(const Program& prog, const Rational& lo, const Rational& hi, long order) {
  for (long bits : {64L, 128L}) {
    TaylorModel tm(prog, Prec(bits), TaylorModelOptions{order});
    const auto b = tm.bound(lo, hi, Rational(0));
    REQUIRE(b.has_value());
    for (int k = 0; k <= 40; ++k) {
      const Rational x = lo + (hi - lo) * frac(k, 40);
      const Ball v = reference_value(prog, {x});
      REQUIRE(is_finite(v));
      CHECK(b->range.lo <= upper(v));
      CHECK(lower(v) <= b->range.hi);
    }
    if (b->best_x) {
      CHECK(lo <= *b->best_x);
      CHECK(*b->best_x <= hi);
    }
  }
}

}  // namespace

TEST_CASE("taylor model: the range contains every value, for smooth programs of every operation") {
  const char* const targets[] = {
      "exp(x0) - 1 - x0",
      "log(x0 + 2) * sin(3*x0)",
      "sqrt(x0 + 3/2) / (x0^2 + 1/3)",
      "tan(x0/2) - atan(4*x0)",
      "tanh(5*x0 - 1) + sigmoid(-7*x0)",
      "cos(x0)^(-3) + x0^7",
      "relu(x0 + 2) - abs(x0 - 3) + max(x0, -5) + min(x0, 7)",  // kinks outside the interval
  };
  for (const std::string t : targets) {
    CAPTURE(t);
    const Program prog = compile_target(t, 1);
    for (long order : {1L, 3L, 12L, 30L}) {
      CAPTURE(order);
      check_contains_values(prog, frac(-3, 4), frac(1, 2), order);
      check_contains_values(prog, frac(1, 8), frac(1, 8) + frac(1, 1024), order);
    }
  }
}

TEST_CASE("taylor model: the range contains every value, for random sigmoid and tanh networks") {
  RandomNetworks gen(7);
  for (Hidden kind : {Hidden::Sigmoid, Hidden::Tanh}) {
    const Network net = gen.network(1, kind, 3);
    const Program prog = net_error_program(lower(net), 0, "sin(3*x0)");
    check_contains_values(prog, frac(-1, 2), frac(3, 4), 16);
  }
}

TEST_CASE("taylor model: not applicable where the program has a kink or a jump on the interval") {
  for (const std::string t : {"relu(x0)", "abs(x0 - 1/8)", "max(x0, 1/4)", "min(1/4, x0)", "sqrt(x0 + 1/2)",
                              "log(x0 + 1/2)", "1/x0", "x0^(-2)", "tan(4*x0)"}) {
    CAPTURE(t);
    const Program prog = compile_target(t, 1);
    TaylorModel tm(prog, Prec(64), TaylorModelOptions{8});
    CHECK_FALSE(tm.bound(frac(-1, 2), frac(1, 2), Rational(0)).has_value());
  }
  Program jump(1);  // step(x0 - 1/4), absent from the expression language
  jump.add_output(jump.unary(
      Op::Step, jump.affine(std::vector<NodeId>{jump.input(0)}, std::vector<Rational>{Rational(1)}, frac(-1, 4))));
  TaylorModel step_model(jump, Prec(64), TaylorModelOptions{8});
  CHECK_FALSE(step_model.bound(frac(-1, 2), frac(1, 2), Rational(0)).has_value());
  // the same kink or jump outside the interval: applicable
  const Program kink = compile_target("relu(x0)", 1);
  TaylorModel relu_model(kink, Prec(64), TaylorModelOptions{8});
  CHECK(relu_model.bound(frac(1, 4), frac(1, 2), Rational(0)).has_value());
  CHECK(step_model.bound(frac(1, 2), Rational(1), Rational(0)).has_value());
}

TEST_CASE("taylor model: exp minus its degree-16 Taylor polynomial on [-1, 1], closed-form error") {
  const Program prog = expression_error_program(taylor_polynomial_of_exp(16), "exp(x0)", 1);
  // The error sum_{k > 16} x^k / k! is largest at x = 1: e - sum_{k <= 16} 1/k!, at 300 bits.
  Ball e, term, sum;
  set(e, Rational(1), Prec(300));
  exp(e, e, Prec(300));
  Rational partial(0), factorial(1);
  for (long k = 0; k <= 16; ++k) {
    if (k > 0) factorial *= Rational(k);
    partial += Rational(1) / factorial;
  }
  set(sum, partial, Prec(300));
  Ball exact;
  sub(exact, e, sum, Prec(300));

  SupNormOptions o;
  o.rel_tol = parse_rational("1e-9");
  const SupNormResult r = sup_norm(prog, cube(Rational(-1), Rational(1), 1), o);
  CHECK(r.status == SupNormStatus::Converged);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower <= upper(exact));
  CHECK(lower(exact) <= *r.upper);
  CHECK(*r.upper <= r.lower * (Rational(1) + o.rel_tol));
  CHECK(r.boxes <= 16);  // the second-order form alone needs millions of boxes here

  o.taylor_model_order = 0;  // without the form, the run is cut by the budget, still sound
  o.max_boxes = 2000;
  const SupNormResult without = sup_norm(prog, cube(Rational(-1), Rational(1), 1), o);
  CHECK(without.status == SupNormStatus::BudgetExhausted);
  REQUIRE(without.upper.has_value());
  CHECK(lower(exact) <= *without.upper);
}
