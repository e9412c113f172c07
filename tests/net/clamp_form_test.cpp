// clamp_form (net/clamp_form.hpp): the rewritten network computes exactly the same function. The
// reference is the ReLU sum written out by hand in exact rationals, u + sum_i c_i relu(s_i u + o_i),
// at points on both sides of and inside every ramp; a group of another shape is left unchanged.
#include <doctest/doctest.h>

#include "net/clamp_form.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"

using namespace approxcert;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }
Rational relu_of(const Rational& x) { return x.sign() > 0 ? x : Rational(0); }

struct Unit {
  Rational c, s, o;  // c relu(s t + o)
};

// One token of dimension 1: tokenwise[lift (x, t) = (u, u), residual[dense(units of t), relu,
// dense(rows (1, 0) * c)], drop x]: the function u + sum_i c_i relu(s_i u + o_i).
Network ramp_network(const std::vector<Unit>& units) {
  DenseLayer lift{{{Number(1)}, {Number(1)}}, {Number(0), Number(0)}};
  DenseLayer in, out;
  NumberVector coeff;
  for (const Unit& u : units) {
    in.weight.push_back({Number(0), Number(u.s)});
    in.bias.push_back(Number(u.o));
    coeff.push_back(Number(u.c));
  }
  out.weight = {coeff, NumberVector(units.size(), Number(0))};
  out.bias = {Number(0), Number(0)};
  DenseLayer drop{{{Number(1), Number(0)}}, {Number(0)}};
  TokenwiseLayer tw;
  tw.layers = {Layer{lift}, Layer{ResidualLayer{{Layer{in}, Layer{ReluLayer{}}, Layer{out}}}}, Layer{drop}};
  Network net;
  net.input = NetworkInput{1, 1};
  net.layers = {Layer{tw}};
  return net;
}

Rational by_hand(const std::vector<Unit>& units, const Rational& u) {
  Rational v = u;
  for (const Unit& x : units) v += x.c * relu_of(x.s * u + x.o);
  return v;
}

bool has_piecewise_linear(const Network& net) {
  for (const Layer& l : net.layers)
    if (const auto* tw = std::get_if<TokenwiseLayer>(&l.kind))
      for (const Layer& g : tw->layers)
        if (const auto* r = std::get_if<ResidualLayer>(&g.kind))
          for (const Layer& b : r->body)
            if (std::holds_alternative<PiecewiseLinearLayer>(b.kind)) return true;
  return false;
}

}  // namespace

TEST_CASE("clamp_form: a ReLU ramp group becomes one piecewise-linear node computing the same function exactly") {
  const Rational eta = q(1, 1000), b = q(1, 4);
  // A steep ramp (1/eta) (relu(t - b) - relu(t - b - eta)), two units of negative slope and a zero
  // unit. The end slopes agree: sum of c s over s < 0 is 3 (-2) + (-6)(-1) = 0, over s > 0 it is
  // 1/eta - 1/eta = 0.
  const std::vector<Unit> units = {{q(1) / eta, q(1), q(0) - b},
                                   {q(-1) / eta, q(1), q(0) - b - eta},
                                   {q(3), q(-2), q(1)},
                                   {q(-6), q(-1), q(1, 2)},
                                   {q(0), q(1), q(0)}};
  const Network net = ramp_network(units);
  const Network clamped = clamp_form(net);
  REQUIRE(has_piecewise_linear(clamped));
  CHECK_FALSE(has_piecewise_linear(net));
  const Program p = lower(clamped), original = lower(net);
  long compared = 0;
  for (const Rational& u : {q(-100), q(-1), q(0), q(1, 4), b + eta / q(2), b + eta, q(1, 2), q(1, 2) + q(1, 7), q(1),
                            q(3, 5), q(250), b - eta, q(1, 3)}) {
    const std::vector<Rational> x{u};
    CHECK(evaluate<Rational>(p, x, Prec(64)).at(0) == by_hand(units, u));
    CHECK(evaluate<Rational>(original, x, Prec(64)).at(0) == by_hand(units, u));
    ++compared;
  }
  CHECK(compared == 13);
}

TEST_CASE("clamp_form: a group whose end slopes differ is kept as it is") {
  const std::vector<Unit> single = {{q(1), q(1), q(-1, 2)}};  // relu(t - 1/2): slopes 0 and 1
  const Network net = ramp_network(single);
  CHECK(clamp_form(net) == net);
}
