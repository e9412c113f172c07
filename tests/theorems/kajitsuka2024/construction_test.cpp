// Kajitsuka & Sato 2024 constructions against independent references: the closed-form constants and
// the attention layer's output against plain MPFR evaluations of the spec's formulas (a different
// code path from the generic evaluator), the projection against exact rational arithmetic and the
// spec's (cos pi/8, sin pi/8), the memoriser against the label rule, and the spec's size table.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "chain/parameters.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"
#include "theorems/construction_registry.hpp"
#include "theorems/kajitsuka2024/constants.hpp"
#include "theorems/kajitsuka2024/context.hpp"
#include "theorems/kajitsuka2024/memoriser.hpp"
#include "theorems/kajitsuka2024/register.hpp"

namespace approxcert::theorems::kajitsuka2024 {

namespace {

Rational q(long p, long r = 1) { return Rational(mpz_class(p), mpz_class(r)); }

Instance instance(long d, long n, const std::string& grid, const std::string& lambda) {
  chain::Parameters p(parse_exact_json("{\"d\": " + std::to_string(d) + ", \"n\": " + std::to_string(n) +
                                           ", \"grid\": \"" + grid + "\", \"lambda\": \"" + lambda + "\"}",
                                       "test"),
                      JsonAt("test"));
  return read_instance(p);
}

// A plain MPFR number (round to nearest); the reference values below carry an explicit slack far
// above their rounding error.
struct M {
  mpfr_t v;
  explicit M(long bits = 1000) { mpfr_init2(v, bits); }
  ~M() { mpfr_clear(v); }
  M(const M&) = delete;
  Rational rational() const {
    mpq_class out;
    mpfr_get_q(out.get_mpq_t(), v);
    return Rational(out);
  }
};

bool ball_contains(const Ball& b, const Rational& x, const Rational& slack) {
  return lower(b) <= x + slack && x - slack <= upper(b);
}

}  // namespace

TEST_CASE("kajitsuka2024 constants: the paper's lambda, gamma, c and delta_P against MPFR closed forms (K-A)") {
  const Instance I = instance(1, 2, "1/4", "paper");
  const Projection pr = project(I, {q(1)});
  const Constants<Ball> k = constants<Ball>(I, pr, Prec(200));
  // lambda = (2 ln 2 + 3) 5^4 pi / (8 * 1/4 * 1/8) = (2 ln 2 + 3) 2500 pi  (spec: 34449.875)
  M l, t, pi;
  mpfr_const_log2(l.v, MPFR_RNDN);
  mpfr_mul_ui(l.v, l.v, 2, MPFR_RNDN);
  mpfr_add_ui(l.v, l.v, 3, MPFR_RNDN);
  mpfr_const_pi(pi.v, MPFR_RNDN);
  mpfr_mul(l.v, l.v, pi.v, MPFR_RNDN);
  mpfr_mul_ui(l.v, l.v, 2500, MPFR_RNDN);
  const Rational slack = pow2(-150);
  CHECK(ball_contains(k.lambda, l.rational(), slack * Rational(100000)));
  CHECK(lower(k.lambda) > q(344498753, 10000));
  CHECK(upper(k.lambda) < q(344498754, 10000));
  CHECK(ball_contains(k.gamma, q(1, 14), slack));
  // c = sqrt(8/pi)/25 = 0.0638308 (spec)
  mpfr_ui_div(t.v, 8, pi.v, MPFR_RNDN);
  mpfr_sqrt(t.v, t.v, MPFR_RNDN);
  mpfr_div_ui(t.v, t.v, 25, MPFR_RNDN);
  CHECK(ball_contains(k.c, t.rational(), slack));
  // kappa_B(2 ln 2 + 3) = 0.937450 (spec §2.5)
  CHECK(lower(k.kappa_B) > q(9374504, 10000000));
  CHECK(upper(k.kappa_B) < q(9374505, 10000000));
  // delta_P = 2.671242e-22916 (spec §4.1): log10 within [-22915.5733, -22915.5732]
  Ball lg, ten;
  log(lg, k.delta_P, Prec(200));
  set(ten, q(10), Prec(200));
  log(ten, ten, Prec(200));
  div(lg, lg, ten, Prec(200));
  CHECK(lower(lg) > q(-229155733, 10000));
  CHECK(upper(lg) < q(-229155732, 10000));
}

TEST_CASE(
    "kajitsuka2024 attention layer: generic evaluator equals the Boltzmann identity evaluated with MPFR (K-A, instance lambda)") {
  const Instance I = instance(1, 2, "1/4", "instance");
  const Projection pr = project(I, {q(1)});
  // lambda_inst = (2 ln 2 + 3) / (g_min a_min) = 32 (2 ln 2 + 3), gamma = 1/14
  const Program prog = lower(attention_network(I, pr));
  Evaluator<Ball> ev(prog, Prec(256));
  for (std::size_t i = 0; i < I.sets.size(); ++i) {
    std::vector<Ball> x;
    for (const Rational& e : I.sequence_input(i)) x.push_back(exact_value<Ball>(e, Prec(256)));
    ev.run(x);
    const std::vector<Ball> out = ev.outputs();
    for (std::size_t l = 0; l < I.n; ++l) {
      // z_l = x_l + (1/14) sum_k x_k e^{lambda x_l x_k} / sum_k e^{lambda x_l x_k}, with MPFR at 1000 bits
      M lam, num, den, e, t;
      mpfr_const_log2(lam.v, MPFR_RNDN);
      mpfr_mul_ui(lam.v, lam.v, 2, MPFR_RNDN);
      mpfr_add_ui(lam.v, lam.v, 3, MPFR_RNDN);
      mpfr_mul_ui(lam.v, lam.v, 32, MPFR_RNDN);
      mpfr_set_zero(num.v, 1);
      mpfr_set_zero(den.v, 1);
      const Rational xl = I.vocabulary[I.sets[i][l]][0];
      for (std::size_t k = 0; k < I.n; ++k) {
        const Rational xk = I.vocabulary[I.sets[i][k]][0];
        mpfr_mul_q(e.v, lam.v, (xl * xk).get_mpq_t(), MPFR_RNDN);
        mpfr_exp(e.v, e.v, MPFR_RNDN);
        mpfr_add(den.v, den.v, e.v, MPFR_RNDN);
        mpfr_mul_q(t.v, e.v, xk.get_mpq_t(), MPFR_RNDN);
        mpfr_add(num.v, num.v, t.v, MPFR_RNDN);
      }
      mpfr_div(t.v, num.v, den.v, MPFR_RNDN);
      mpfr_div_ui(t.v, t.v, 14, MPFR_RNDN);
      mpfr_add_q(t.v, t.v, xl.get_mpq_t(), MPFR_RNDN);
      CHECK(ball_contains(out[l], t.rational(), pow2(-900)));
      CHECK(upper(out[l]) - lower(out[l]) < pow2(-200));
    }
  }
}

TEST_CASE(
    "kajitsuka2024 projection: stereographic points are exact unit vectors, the d = 2 search finds (cos pi/8, sin pi/8)") {
  for (const RationalVector& t : std::vector<RationalVector>{{q(1, 3)}, {q(-7, 5), q(2, 9)}, {q(0)}}) {
    const RationalVector u = stereographic_unit_vector(t);
    Rational n2(0);
    for (const Rational& x : u) n2 += x * x;
    CHECK(n2 == q(1));
    CHECK(u.size() == t.size() + 1);
  }
  const Instance I = instance(2, 2, "1/2", "instance");
  const RationalVector u = dirty_search_projection(I);
  REQUIRE(u.size() == 2);
  const double pi8 = std::acos(-1.0) / 8;
  CHECK(std::abs(u[0].dirty_to_double() - std::cos(pi8)) < 1e-14);
  CHECK(std::abs(u[1].dirty_to_double() - std::sin(pi8)) < 1e-14);
  // token ids 0.32664074, 0.51798246, 0.78858051, 0.97992222 (spec §4.3), exactly u . v
  const Projection pr = project(I, u);
  const std::vector<double> spec = {0.32664074, 0.51798246, 0.78858051, 0.97992222};
  std::vector<double> got;
  for (const Rational& a : pr.a) got.push_back(a.dirty_to_double());
  std::sort(got.begin(), got.end());
  for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(got[i] - spec[i]) < 1e-8);
}

TEST_CASE(
    "kajitsuka2024 memoriser: fits the label rule at every sequence, extrapolates boundedly, 44 parameters (K-A)") {
  const Instance I = instance(1, 2, "1/4", "instance");
  const Projection pr = project(I, {q(1)});
  const Network net = memoriser_network(I, pr);
  CHECK(parameter_count(net) == 44);  // spec §4.1: SA 4 + FF_2 40
  const Program prog = lower(net);
  const Prec p(256);
  Evaluator<Ball> ev(prog, p);
  const LabelledData data = memorisation_data(I);
  for (std::size_t i = 0; i < data.sequences.size(); ++i) {
    std::vector<Ball> x;
    for (std::size_t v : data.sequences[i]) x.push_back(exact_value<Ball>(I.vocabulary[v][0], p));
    ev.run(x);
    for (std::size_t k = 0; k < I.n; ++k) {
      const Rational y = label_rule(data.sequences[i][k], data.set_of[i], 1)[0];
      CHECK(ball_contains(ev.outputs()[k], y, pow2(-150)));
    }
  }
  // Off the data (a repeated token, A1 fails): F(z) - z stays within max |rho| <= 2 (labels in [0,1], z in [0,1]).
  std::vector<Ball> x = {exact_value<Ball>(q(7, 8), p), exact_value<Ball>(q(7, 8), p)};
  ev.run(x);
  CHECK(upper(ev.outputs()[0]) < q(3));
  CHECK(lower(ev.outputs()[0]) > q(-2));
}

TEST_CASE("kajitsuka2024 build: constructions by name, bad parameters are InputErrors") {
  ConstructionRegistry r;
  register_constructions(r);
  const Network att =
      build_construction(r, "kajitsuka2024/attention", {"d=1", "n=2", "grid=1/4", "lambda=paper"}, "parameters");
  CHECK(att.layers.size() == 1);
  CHECK(parameter_count(att) == 4);
  CHECK_THROWS_AS(
      build_construction(r, "kajitsuka2024/attention", {"d=1", "n=2", "grid=1/3", "lambda=paper", "x=1"}, "parameters"),
      InputError);
  CHECK_THROWS_AS(
      build_construction(r, "kajitsuka2024/attention", {"d=1", "n=1", "grid=1/4", "lambda=paper"}, "parameters"),
      InputError);
  CHECK_THROWS_AS(
      build_construction(r, "kajitsuka2024/attention", {"d=1", "n=2", "grid=0.3", "lambda=paper"}, "parameters"),
      InputError);
  CHECK_THROWS_AS(
      build_construction(r, "kajitsuka2024/attention", {"d=1", "n=2", "grid=1/4", "lambda=huge"}, "parameters"),
      InputError);
  CHECK_THROWS_AS(
      build_construction(r, "kajitsuka2024/attention", {"d=1", "n=5", "grid=1/4", "lambda=paper"}, "parameters"),
      InputError);
  CHECK_THROWS_AS(
      build_construction(r, "kajitsuka2024/attention", {"d=3", "n=2", "grid=1/8", "lambda=paper"}, "parameters"),
      InputError);
}

TEST_CASE("kajitsuka2024 build: the quantiser maps entries off the ramps to their cell centres (closed form)") {
  ConstructionRegistry r;
  register_constructions(r);
  const Network net =
      build_construction(r, "kajitsuka2024/quantiser", {"d=1", "n=2", "grid=1/4", "eta=1/100"}, "parameters");
  const Program prog = lower(net);  // the evaluator keeps a reference
  Evaluator<Rational> ev(prog, Prec(64));
  // Q(x) = (min(floor(x / delta), K - 1) + 1/2) delta, off the ramps [k delta - eta, k delta)
  auto Q = [](const Rational& x) { return (min(floor_div(x * q(4)), q(3)) + q(1, 2)) / q(4); };
  for (const Rational& x : {q(0), q(1, 10), q(1, 4), q(3, 10), q(1, 2), q(7, 10), q(99, 100), q(1)})
    for (const Rational& y : {q(0), q(1, 2), q(1)}) {
      ev.run(std::vector<Rational>{x, y});
      CHECK(ev.outputs().at(0) == Q(x));
      CHECK(ev.outputs().at(1) == Q(y));
    }
  CHECK_THROWS_AS(build_construction(r, "kajitsuka2024/quantiser", {"d=1", "n=2", "grid=1/4", "eta=1/8"}, "parameters"),
                  InputError);
  CHECK_THROWS_AS(build_construction(r, "kajitsuka2024/quantiser", {"d=1", "n=2", "grid=1/3", "eta=0"}, "parameters"),
                  InputError);
}

TEST_CASE("kajitsuka2024 build: the hardmax witness layer gives the same output at the token e on both sequences") {
  ConstructionRegistry r;
  register_constructions(r);
  for (const char* tie : {"tie=split", "tie=first", "tie=last"})
    for (const char* kappa : {"kappa=1", "kappa=-2", "kappa=0"}) {
      const Program prog =
          lower(build_construction(r, "kajitsuka2024/hardmax-witness", {kappa, "b_q=1/2", tie}, "parameters"));
      Evaluator<Rational> ev(prog, Prec(64));
      ev.run(std::vector<Rational>{q(1), q(2), q(5), q(6)});
      const Rational y1 = ev.outputs().at(0);
      ev.run(std::vector<Rational>{q(1), q(3), q(4), q(6)});
      CHECK(ev.outputs().at(0) == y1);  // spec §2.7: same max 6, min 1, mean 7/2
    }
  CHECK_THROWS_AS(
      build_construction(r, "kajitsuka2024/hardmax-witness", {"kappa=1", "b_q=0", "tie=middle"}, "parameters"),
      InputError);
}

}  // namespace approxcert::theorems::kajitsuka2024
