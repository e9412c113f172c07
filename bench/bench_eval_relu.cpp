// Cost of the generic evaluator on a 1-input, 1000-neuron ReLU layer:
//   f(x) = c + sum_j v_j relu(w_j x + b_j)
// in Dirty (double, the peer), Ball at 64 and 128 bits and Interval (MPFI) at 128 bits, measured
// in one run. Prints ns per neuron and the ratio to Dirty. Weights are exact dyadic rationals
// (random 53-bit fractions), inputs exact points in [-1, 1].
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "net/evaluate.hpp"
#include "scalar/scalar.hpp"

using namespace approxcert;

namespace {

constexpr int kNeurons = 1000;

Rational random_dyadic(std::mt19937_64& rng) {  // uniform in [-1, 1), exact 53-bit dyadic
  const long long k = static_cast<long long>(rng() >> 11) - (1LL << 52);
  return Rational(mpz_class(std::to_string(k)), mpz_class(1) << 52);
}

Program relu_layer(std::mt19937_64& rng) {
  Program prog(1);
  const NodeId x = prog.input(0);
  std::vector<NodeId> hidden;
  std::vector<Rational> v;
  for (int j = 0; j < kNeurons; ++j) {
    const Rational w = random_dyadic(rng), b = random_dyadic(rng);
    const NodeId xs[] = {x};
    const Rational ws[] = {w};
    hidden.push_back(prog.unary(Op::Relu, prog.affine(xs, ws, b)));
    v.push_back(random_dyadic(rng) * Rational(mpz_class(1), mpz_class(32)));
  }
  prog.add_output(prog.affine(hidden, v, Rational(0)));
  return prog;
}

// Median over repetitions of the time per neuron evaluation, in ns.
template <Scalar S>
double ns_per_neuron(const Program& prog, const std::vector<Rational>& xs, Prec p, int reps) {
  Evaluator<S> ev(prog, p);
  std::vector<S> in(1);
  std::vector<double> times;
  double sink = 0;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (const Rational& x : xs) {
      set(in[0], x, p);
      ev.run(in);
      sink += dirty_mid(ev.value(prog.outputs()[0]));
    }
    const auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / (double(xs.size()) * kNeurons));
  }
  std::sort(times.begin(), times.end());
  if (sink == 12345.678) std::puts("");  // keep the work observable
  return times[times.size() / 2];
}

// The peer outside the IR: the same layer as a hand-written double loop (what a plain float
// evaluation of the network costs).
double ns_per_neuron_plain_loop(const Program& prog, const std::vector<Rational>& xs, int reps) {
  std::vector<double> w, b, v;
  const auto nodes = prog.nodes();
  const auto pool = prog.pool();
  for (const Node& n : nodes) {
    if (n.op != Op::Affine || n.args.size() != 1) continue;
    w.push_back(pool[n.first].dirty_to_double());
    b.push_back(pool[n.first + 1].dirty_to_double());
  }
  const Node& out = nodes[prog.outputs()[0]];
  for (std::size_t j = 0; j < out.args.size(); ++j) v.push_back(pool[out.first + j].dirty_to_double());
  std::vector<double> xd;
  for (const Rational& x : xs) xd.push_back(x.dirty_to_double());
  std::vector<double> times;
  volatile double sink = 0;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (double x : xd) {
      double acc = 0;
      for (std::size_t j = 0; j < w.size(); ++j) acc += v[j] * std::max(w[j] * x + b[j], 0.0);
      sink = sink + acc;
    }
    const auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / (double(xs.size()) * kNeurons));
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int points = argc > 1 ? std::stoi(argv[1]) : 2000;  // bench-only argument parsing
  std::mt19937_64 rng(12345);
  const Program prog = relu_layer(rng);
  std::vector<Rational> xs;
  for (int i = 0; i < points; ++i) xs.push_back(random_dyadic(rng));
  const int reps = 5;
  const double plain = ns_per_neuron_plain_loop(prog, xs, reps);
  const double dirty = ns_per_neuron<Dirty>(prog, xs, Prec(53), reps);
  const double ball64 = ns_per_neuron<Ball>(prog, xs, Prec(64), reps);
  const double ball128 = ns_per_neuron<Ball>(prog, xs, Prec(128), reps);
  const double mpfi128 = ns_per_neuron<Interval>(prog, xs, Prec(128), reps);
  std::printf("1-input, %d-neuron ReLU layer, %d points, median of %d runs, generic Evaluator<S>\n", kNeurons, points, reps);
  std::printf("%-22s %10s %9s %12s\n", "scalar", "ns/neuron", "x Dirty", "x plain loop");
  const auto row = [&](const char* name, double ns) {
    std::printf("%-22s %10.2f %9.1f %12.1f\n", name, ns, ns / dirty, ns / plain);
  };
  row("plain double loop", plain);
  row("Dirty (IR, double)", dirty);
  row("Ball 64 bits", ball64);
  row("Ball 128 bits", ball128);
  row("Interval (MPFI) 128", mpfi128);
  return 0;
}
