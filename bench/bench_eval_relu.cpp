// Cost of the generic evaluator on a 1-input, 1000-neuron ReLU layer and the same tanh layer:
//   f(x) = c + sum_j v_j act(w_j x + b_j)
// in Dirty (double), FastInterval (double intervals), BatchInterval<B> (B FastInterval lanes, B
// points per pass of the same evaluator), Ball at 64 and 128 bits and Interval (MPFI) at 128 bits, measured in one run
// against a hand-written double loop (the peer). Prints ns per neuron and the ratios. Weights are exact dyadic
// rationals (random 53-bit fractions), inputs exact points in [-1, 1] (FastInterval: also intervals of width 2^-10
// around them).
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "net/evaluate.hpp"
#include "scalar/batch_interval.hpp"
#include "scalar/fast_interval.hpp"
#include "scalar/scalar.hpp"

using namespace approxcert;

namespace {

constexpr int kNeurons = 1000;

// This thread's CPU time in ns: on a shared machine, time spent waiting for a core is not counted.
double cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

Rational random_dyadic(std::mt19937_64& rng) {  // uniform in [-1, 1), exact 53-bit dyadic
  const long long k = static_cast<long long>(rng() >> 11) - (1LL << 52);
  return Rational(mpz_class(std::to_string(k)), mpz_class(1) << 52);
}

Program layer(std::mt19937_64& rng, Op activation) {
  Program prog(1);
  const NodeId x = prog.input(0);
  std::vector<NodeId> hidden;
  std::vector<Rational> v;
  for (int j = 0; j < kNeurons; ++j) {
    const Rational w = random_dyadic(rng), b = random_dyadic(rng);
    const NodeId xs[] = {x};
    const Rational ws[] = {w};
    hidden.push_back(prog.unary(activation, prog.affine(xs, ws, b)));
    v.push_back(random_dyadic(rng) * Rational(mpz_class(1), mpz_class(32)));
  }
  prog.add_output(prog.affine(hidden, v, Rational(0)));
  return prog;
}

// Median over repetitions of the CPU time of running `ev` on every input set of `ins`, per neuron of
// `points` point evaluations, in ns.
template <Scalar S>
double median_ns_per_neuron(Evaluator<S>& ev, const Program& prog, const std::vector<std::vector<S>>& ins,
                            std::size_t points, int reps) {
  std::vector<double> times;
  double sink = 0;
  for (int r = 0; r < reps; ++r) {
    const double t0 = cpu_ns();
    for (const std::vector<S>& in : ins) {
      ev.run(in);
      sink += dirty_mid(ev.value(prog.outputs()[0]));
    }
    times.push_back((cpu_ns() - t0) / (double(points) * kNeurons));
  }
  std::sort(times.begin(), times.end());
  if (sink == 12345.678) std::puts("");  // keep the work observable
  return times[times.size() / 2];
}

// Median over repetitions of the CPU time per neuron evaluation, in ns.
// The inputs are set outside the timed loop (entering an exact rational is not the evaluator's
// cost); with a nonzero half_width, each input is the interval x +/- half_width.
template <Scalar S>
double ns_per_neuron(const Program& prog, const std::vector<Rational>& xs, Prec p, int reps,
                     const Rational& half_width = Rational(0)) {
  Evaluator<S> ev(prog, p);
  std::vector<std::vector<S>> ins(xs.size(), std::vector<S>(1));
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (half_width.sign() == 0) set(ins[i][0], xs[i], p);
    else if constexpr (std::is_same_v<S, FastInterval>)
      set_interval(ins[i][0], xs[i] - half_width, xs[i] + half_width, p);
  }
  return median_ns_per_neuron(ev, prog, ins, xs.size(), reps);
}

// The same with B points per pass (BatchInterval<B>: lane k holds point k of the pass); the
// points are a multiple of B (the caller's count rounded down).
template <std::size_t B>
double ns_per_neuron_batch(const Program& prog, const std::vector<Rational>& xs, int reps,
                           const Rational& half_width = Rational(0)) {
  using S = BatchInterval<B>;
  const Prec p(53);
  Evaluator<S> ev(prog, p);
  const std::size_t passes = xs.size() / B;
  std::vector<std::vector<S>> ins(passes, std::vector<S>(1));
  for (std::size_t i = 0; i < passes; ++i)
    for (std::size_t k = 0; k < B; ++k) {
      FastInterval x;
      set_interval(x, xs[i * B + k] - half_width, xs[i * B + k] + half_width, p);
      set_lane(ins[i][0], k, x);
    }
  return median_ns_per_neuron(ev, prog, ins, passes * B, reps);
}

// The peer outside the IR: the same layer as a hand-written double loop (what a plain float
// evaluation of the network costs).
double ns_per_neuron_plain_loop(const Program& prog, const std::vector<Rational>& xs, int reps, bool tanh_layer) {
  std::vector<double> w, b, v;
  const auto nodes = prog.nodes();
  const auto pool = prog.pool();
  for (const Node& n : nodes) {
    if (n.op != Op::Affine || prog.args(n).size() != 1) continue;
    w.push_back(pool[n.first].dirty_to_double());
    b.push_back(pool[n.first + 1].dirty_to_double());
  }
  const Node& out = nodes[prog.outputs()[0]];
  for (std::size_t j = 0; j < prog.args(out).size(); ++j) v.push_back(pool[out.first + j].dirty_to_double());
  std::vector<double> xd;
  for (const Rational& x : xs) xd.push_back(x.dirty_to_double());
  std::vector<double> times;
  volatile double sink = 0;
  for (int r = 0; r < reps; ++r) {
    const double t0 = cpu_ns();
    for (double x : xd) {
      double acc = 0;
      if (tanh_layer)
        for (std::size_t j = 0; j < w.size(); ++j) acc += v[j] * std::tanh(w[j] * x + b[j]);
      else
        for (std::size_t j = 0; j < w.size(); ++j) acc += v[j] * std::max(w[j] * x + b[j], 0.0);
      sink = sink + acc;
    }
    times.push_back((cpu_ns() - t0) / (double(xs.size()) * kNeurons));
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int points = argc > 1 ? std::stoi(argv[1]) : 2000;  // bench-only argument parsing
  const int reps = 5;
  for (const Op act : {Op::Relu, Op::Tanh}) {
    const bool is_tanh = act == Op::Tanh;
    std::mt19937_64 rng(12345);
    const Program prog = layer(rng, act);
    std::vector<Rational> xs;
    for (int i = 0; i < points; ++i) xs.push_back(random_dyadic(rng));
    const int n = is_tanh ? std::max(1, points / 10) : points;  // Arb's tanh is slow: fewer points
    xs.resize(static_cast<std::size_t>(n));
    const double plain = ns_per_neuron_plain_loop(prog, xs, reps, is_tanh);
    const double dirty = ns_per_neuron<Dirty>(prog, xs, Prec(53), reps);
    const double fast = ns_per_neuron<FastInterval>(prog, xs, Prec(53), reps);
    const double fast_wide = ns_per_neuron<FastInterval>(prog, xs, Prec(53), reps, pow2(-10));
    const double batch4 = ns_per_neuron_batch<4>(prog, xs, reps);
    const double batch8 = ns_per_neuron_batch<8>(prog, xs, reps);
    const double batch16 = ns_per_neuron_batch<16>(prog, xs, reps);
    const double batch32 = ns_per_neuron_batch<32>(prog, xs, reps);
    const double batch16_wide = ns_per_neuron_batch<16>(prog, xs, reps, pow2(-10));
    const double ball64 = ns_per_neuron<Ball>(prog, xs, Prec(64), reps);
    const double ball128 = ns_per_neuron<Ball>(prog, xs, Prec(128), reps);
    const double mpfi128 = ns_per_neuron<Interval>(prog, xs, Prec(128), reps);
    std::printf("%s1-input, %d-neuron %s layer, %d points, median of %d runs (thread CPU time), generic Evaluator<S>\n",
                is_tanh ? "\n" : "", kNeurons, is_tanh ? "tanh" : "ReLU", n, reps);
    std::printf("%-26s %10s %9s %12s\n", "scalar", "ns/neuron", "x Dirty", "x plain loop");
    const auto row = [&](const char* name, double ns) {
      std::printf("%-26s %10.2f %9.1f %12.1f\n", name, ns, ns / dirty, ns / plain);
    };
    row("plain double loop", plain);
    row("Dirty (IR, double)", dirty);
    row("FastInterval (points)", fast);
    row("FastInterval (width 2^-9)", fast_wide);
    row("BatchInterval<4> (points)", batch4);
    row("BatchInterval<8> (points)", batch8);
    row("BatchInterval<16> (points)", batch16);
    row("BatchInterval<32> (points)", batch32);
    row("BatchInterval<16> (2^-9)", batch16_wide);
    row("Ball 64 bits", ball64);
    row("Ball 128 bits", ball128);
    row("Interval (MPFI) 128", mpfi128);
  }
  return 0;
}
