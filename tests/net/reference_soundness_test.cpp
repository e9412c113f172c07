// Soundness of the lowering and the generic evaluator against an INDEPENDENT reference: the
// layer-by-layer interpreter of reference_interpreter.hpp walks the Network model (not the Program
// IR). Reference values are exact rationals where the network's path is rational and otherwise
// 512-bit MPFR point values (round to nearest; their error, about 2^-500 relative, is far below the
// widths of the 128-bit enclosures they are compared with). Random exact networks of every layer
// type and normalizer (vector and sequence, dimensions 1..3), at random exact points: every Ball,
// Interval, FastInterval and Jet<Ball> enclosure must contain the reference value, with no slack.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "../test_multiplier.hpp"
#include "net/jet.hpp"
#include "net_support.hpp"
#include "reference/random_networks.hpp"
#include "reference/reference_interpreter.hpp"
#include "scalar/fast_interval.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

template <class S>
std::vector<S> eval_at(const Program& prog, const std::vector<Rational>& x, Prec p) {
  std::vector<S> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], p);
  return evaluate<S>(prog, std::span<const S>(in), p);
}

std::vector<Jet<Ball>> eval_jet_at(const Program& prog, const std::vector<Rational>& x, Prec p) {
  std::vector<Jet<Ball>> in;
  for (std::size_t i = 0; i < x.size(); ++i) {
    Ball b;
    set(b, x[i], p);
    in.push_back(jet_variable(b, i, x.size(), p));
  }
  return evaluate<Jet<Ball>>(prog, std::span<const Jet<Ball>>(in), p);
}

// Counts of every layer type and attention normalizer seen, so the test shows it covered them.
void count_kinds(const LayerList& layers, std::map<std::string, int>& seen) {
  for (const Layer& l : layers) {
    ++seen[std::string(layer_type_name(l))];
    if (const auto* a = std::get_if<AttentionLayer>(&l.kind))
      ++seen["normalizer " + std::to_string(static_cast<int>(a->normalizer))];
    if (const auto* r = std::get_if<ResidualLayer>(&l.kind)) count_kinds(r->body, seen);
    if (const auto* t = std::get_if<TokenwiseLayer>(&l.kind)) count_kinds(t->layers, seen);
    if (const auto* ip = std::get_if<InnerProductLayer>(&l.kind)) {
      count_kinds(ip->left, seen);
      count_kinds(ip->right, seen);
    }
  }
}

template <class S>
void check_contains(const std::vector<S>& enclosures, const RefVector& ref, const char* what) {
  REQUIRE(enclosures.size() == ref.size());
  for (std::size_t o = 0; o < ref.size(); ++o) {
    CAPTURE(what);
    CAPTURE(o);
    const Rational r = ref[o].value();
    CAPTURE(r.to_string());
    REQUIRE(is_finite(enclosures[o]));
    CHECK(lower(enclosures[o]) <= r);
    CHECK(r <= upper(enclosures[o]));
  }
}

// One random network at one random point: Ball, Interval, FastInterval and Jet<Ball> values contain the reference.
// Rational networks are evaluated at points drawn like their weights (small integers make exact
// kinks and ties frequent, and the reference decides them exactly); networks with transcendental
// layers at generic points, where an irrational value lands exactly on a kink or tie only when the
// weights force it (then it is an exact value, e.g. a score with a zero factor): two identical
// irrational scores cannot be told apart by a point reference.
void check_against_reference(const Network& net, RandomNetworks& gen, bool exact, int& exact_points) {
  const Program prog = lower(net);
  const std::vector<Rational> x = exact ? gen.vector(input_dim(net)) : gen.generic_vector(input_dim(net));
  RefVector ref;
  REQUIRE_NOTHROW(ref = reference_outputs(net, x));
  const Prec p(128);
  check_contains(eval_at<Ball>(prog, x, p), ref, "ball");
  check_contains(eval_at<Interval>(prog, x, p), ref, "interval");
  check_contains(eval_at<FastInterval>(prog, x, p), ref, "fast interval");
  std::vector<Ball> jet_values;
  for (const Jet<Ball>& j : eval_jet_at(prog, x, p)) jet_values.push_back(j.v);
  check_contains(jet_values, ref, "jet value");
  if (std::all_of(ref.begin(), ref.end(), [](const RefNumber& r) { return r.is_exact(); })) ++exact_points;
}

void run_suite(std::uint64_t seed, bool small_integers, bool sequence, int trials) {
  RandomNetworks gen(seed, small_integers ? kSmallIntegers : kFractionsUpTo20);
  std::map<std::string, int> seen;
  int exact_points = 0;
  for (int trial = 0; trial < approxcert::test::random_cases(trials); ++trial) {
    CAPTURE(trial);
    const bool exact = trial % 3 == 0;
    const Network net = sequence ? gen.sequence_network(exact, 3) : gen.vector_network(exact, 3);
    CAPTURE(save_network(net));
    count_kinds(net.layers, seen);
    check_against_reference(net, gen, exact, exact_points);
  }
  // Every layer type the generator can emit here, and every normalizer, was exercised.
  const std::vector<std::string> expected =
      sequence
          ? std::vector<std::string>{"attention",
                                     "tokenwise",
                                     "positional_encoding",
                                     "layer_norm",
                                     "dense",
                                     "relu",
                                     "step",
                                     "sigmoid",
                                     "tanh",
                                     "piecewise_linear",
                                     "residual",
                                     "normalizer 0",
                                     "normalizer 1",
                                     "normalizer 2",
                                     "normalizer 3",
                                     "normalizer 4"}
          : std::vector<std::string>{"dense",    "relu",          "step",      "sigmoid", "tanh", "piecewise_linear",
                                     "residual", "inner_product", "layer_norm"};
  for (const std::string& kind : expected) {
    CAPTURE(kind);
    CHECK(seen[kind] > 0);
  }
  CHECK(exact_points > 0);
  MESSAGE("exact reference points: " << exact_points << " of " << trials);
}

}  // namespace

TEST_CASE("reference interpreter: random vector networks, enclosures contain the reference") {
  run_suite(31, false, false, 300);
}

TEST_CASE("reference interpreter: random vector networks with small integer weights (kinks at 0)") {
  run_suite(32, true, false, 300);
}

TEST_CASE("reference interpreter: random sequence networks, enclosures contain the reference") {
  run_suite(33, false, true, 200);
}

TEST_CASE("reference interpreter: random sequence networks with small integer weights (hardmax ties)") {
  run_suite(34, true, true, 200);
}

TEST_CASE("reference interpreter: hand-checked values") {
  // The reference itself against values worked out by hand, so that a wrong reference cannot make
  // the suites above vacuous (tests/net/attention_rules_test.cpp checks its attention values).
  // layer_norm of (1, 3), eps = 1: mean 2, var 1, y = (-1, 1) / sqrt(2).
  const Network plain = net_from(doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "1"}])"));
  const RefVector y = reference_outputs(plain, qs({"1", "3"}));
  REQUIRE(y.size() == 2);
  CHECK(!y[0].is_exact());
  const Rational bound(mpz_class(1), mpz_class(mpz_class(1) << 400));
  CHECK(abs(y[0].value() * y[0].value() - q("1/2")) < bound);
  CHECK(y[0].value().sign() < 0);
  CHECK(y[1].value() == -y[0].value());
  // gamma (2, 3), beta (1, -1), eps 3: var + eps = 4, y = (2 (-1/2) + 1, 3 (1/2) - 1) = (0, 1/2).
  const Network affine = net_from(
      doc(R"({"dim": 2})", R"([{"type": "layer_norm", "eps": "3", "gamma": ["2", "3"], "beta": ["1", "-1"]}])"));
  const RefVector z = reference_outputs(affine, qs({"1", "3"}));
  CHECK(z[0].value() == q("0"));
  CHECK(z[1].value() == q("1/2"));
  // one coordinate: x - mean = 0 exactly, so the output is beta exactly
  const Network one = net_from(doc(R"({"dim": 1})", R"([{"type": "layer_norm", "eps": "1/7", "beta": ["5/3"]}])"));
  const RefVector w = reference_outputs(one, qs({"-9"}));
  CHECK(w[0].is_exact());
  CHECK(w[0].value() == q("5/3"));
  // sigmoid(0) = 1/2, tanh(atanh(1/2)) checked through 2 sigmoid(2t) - 1 = tanh(t) at t = 1/3
  const Network sig = net_from(doc(R"({"dim": 1})", R"([{"type": "sigmoid"}])"));
  CHECK(reference_outputs(sig, qs({"0"}))[0].value() == q("1/2"));
  const Network th = net_from(doc(R"({"dim": 1})", R"([{"type": "tanh"}])"));
  const Rational t = reference_outputs(th, qs({"1/3"}))[0].value();
  const Rational s2 = reference_outputs(sig, qs({"2/3"}))[0].value();
  CHECK(abs(q("2") * s2 - q("1") - t) < bound);
}
