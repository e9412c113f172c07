// Sup-norm engine benchmarks (docs/benchmarks.md, issue 3):
//  1. ReLU interpolants of x^2 on [0,1], N pieces: boxes per local maximum and time to a relative
//     gap of 1e-6 (the exact sup error is 1/(4N^2), attained at N points).
//  2. Dimension scaling: tanh and ReLU networks of width 16 and 64, fitted (least squares on the
//     output layer, in doubles) to prod_i sin(2 x_i) on [-1,1]^d, d = --min-d..--max-d (default
//     1..4): boxes and time to a relative gap of 1e-4, with the linear-relaxation form on kinked
//     boxes (default), on every box (--linear-everywhere) or off (--no-linear), and the
//     FastInterval fast path on and off (--fast-path on|off|both, default both) in the same run,
//     and the monotonicity test on and off (--monotonicity on|off|both, default on); the
//     "eliminated / faces" column counts the boxes the test dropped and the faces it kept.
//     Each row also gives the double evaluations of the error the run's CPU time buys and the largest
//     |error| that many random points find (plain sampling, the uncertified peer).
//     --write-nets DIR saves each network as DIR/<activation>_<width>_d<d>.json, for timing the
//     same problems as whole `approxcert supnorm` processes.
// Usage: bench_supnorm_relu [--quick] [--threads T] [--time-limit S] [--max-taylor-dim K] [--only-scaling]
//                           [--min-d D] [--max-d D] [--no-linear] [--no-relu-substitution] [--linear-everywhere]
//                           [--fast-path on|off|both] [--monotonicity on|off|both] [--multi-taylor on|off|both]
//                           [--multi-taylor-order K] [--write-nets DIR]
//                           [--activation relu|tanh]
// Prints Markdown tables: wall-clock time and the process CPU time (all threads) of each run; on a
// shared machine the CPU time is the steadier of the two.
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"  // the exact-reference problems the tests use
#include "scalar/dirty.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using approxcert::test::frac;
using approxcert::test::relu_interpolant_error;

namespace {

std::string fmt(double x, int digits = 3) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

std::string status_cell(const SupNormResult& r) { return std::string(to_string(r.status)); }

std::string gap_cell(const SupNormResult& r) {
  if (!r.upper) return "inf";
  if (r.lower.sign() <= 0) return "abs " + decimal_up(*r.upper - r.lower, 2);
  return decimal_up((*r.upper - r.lower) / r.lower, 2);
}

// dirty: rounds a double to a decimal rational with about 9 significant digits (exact from then on).
Rational dirty_decimal(double x) {
  if (x == 0) return Rational(0);
  const int e = static_cast<int>(std::floor(std::log10(std::fabs(x)))) - 8;
  const long long m = std::llround(x / std::pow(10.0, e));
  return Rational(m) * pow10(e);
}

// dirty: solves (A^T A + lambda I) c = A^T y by Cholesky.
std::vector<double> dirty_least_squares(const std::vector<std::vector<double>>& A, const std::vector<double>& y) {
  const std::size_t n = A[0].size();
  std::vector<std::vector<double>> M(n, std::vector<double>(n, 0.0));
  std::vector<double> b(n, 0.0);
  for (std::size_t s = 0; s < A.size(); ++s)
    for (std::size_t i = 0; i < n; ++i) {
      b[i] += A[s][i] * y[s];
      for (std::size_t j = 0; j < n; ++j) M[i][j] += A[s][i] * A[s][j];
    }
  for (std::size_t i = 0; i < n; ++i) M[i][i] += 1e-6 * A.size();
  for (std::size_t k = 0; k < n; ++k) {
    M[k][k] = std::sqrt(M[k][k]);
    for (std::size_t i = k + 1; i < n; ++i) M[i][k] /= M[k][k];
    for (std::size_t i = k + 1; i < n; ++i)
      for (std::size_t j = k + 1; j <= i; ++j) M[i][j] -= M[i][k] * M[j][k];
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = 0; k < i; ++k) b[i] -= M[i][k] * b[k];
    b[i] /= M[i][i];
  }
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t k = i + 1; k < n; ++k) b[i] -= M[k][i] * b[k];
    b[i] /= M[i][i];
  }
  return b;
}

// A width-h network of the given activation with random exact hidden weights (multiples of 1/16)
// and an output layer fitted to prod_i sin(2 x_i) on random points of [-1,1]^d.
Network fitted_network(std::size_t d, std::size_t h, bool relu, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<long> w16(-40, 40), b16(-24, 24);
  Network net;
  net.input.dim = d;
  DenseLayer hidden;
  for (std::size_t j = 0; j < h; ++j) {
    RationalVector row;
    for (std::size_t i = 0; i < d; ++i) row.push_back(frac(w16(rng), 16));
    hidden.weight.push_back(numbers(row));
    hidden.bias.push_back(frac(b16(rng), 16));
  }
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<std::vector<double>> A;
  std::vector<double> y;
  for (int s = 0; s < 4000; ++s) {
    std::vector<double> x(d);
    double t = 1;
    for (auto& xi : x) t *= std::sin(2 * (xi = u(rng)));
    std::vector<double> row{1.0};
    for (std::size_t j = 0; j < h; ++j) {
      double z = hidden.bias[j].rational().dirty_to_double();
      for (std::size_t i = 0; i < d; ++i) z += hidden.weight[j][i].rational().dirty_to_double() * x[i];
      row.push_back(relu ? std::max(z, 0.0) : std::tanh(z));
    }
    A.push_back(row);
    y.push_back(t);
  }
  const std::vector<double> c = dirty_least_squares(A, y);
  DenseLayer out;
  out.bias.push_back(dirty_decimal(c[0]));
  out.weight.emplace_back();
  for (std::size_t j = 0; j < h; ++j) out.weight[0].push_back(dirty_decimal(c[j + 1]));
  net.layers.push_back({hidden});
  if (relu) net.layers.push_back({ReluLayer{}});
  else net.layers.push_back({TanhLayer{}});
  net.layers.push_back({out});
  return net;
}

// Plain uncertified sampling, the peer of a certified run: how many double evaluations of the
// error program (Dirty, NON-RIGOROUS) the certified run's CPU seconds buy, measured on 20,000
// random points, and the largest |error| that many uniform random points find (at most 10^7).
struct Sampling {
  double evaluations = 0, max_error = 0;
};
Sampling dirty_sampling_for(const Program& prog, std::size_t d, double cpu_seconds, std::uint64_t seed) {
  Evaluator<Dirty> ev(prog, Prec(53));
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Dirty> x(d);
  Sampling s;
  auto sample = [&] {
    for (Dirty& xi : x) xi.v = u(g);
    ev.run(x);
    s.max_error = std::fmax(s.max_error, std::fabs(ev.value(prog.outputs()[0]).v));
  };
  const std::clock_t c0 = std::clock();
  for (int i = 0; i < 20000; ++i) sample();
  const double per_eval = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC / 20000;
  s.evaluations = cpu_seconds / per_eval;
  for (double i = 20000; i < std::fmin(s.evaluations, 1e7); ++i) sample();
  return s;
}

std::string product_of_sines(std::size_t d) {
  std::string t;
  for (std::size_t i = 0; i < d; ++i) t += (i ? "*" : "") + std::string("sin(2*x") + std::to_string(i) + ")";
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  unsigned threads = 0;
  double time_limit = 120;
  std::size_t max_taylor_dim = SupNormOptions{}.max_taylor_dim;
  bool only_scaling = false, linear = true, linear_everywhere = false, relu_substitution = true;
  std::size_t max_d_arg = 0, min_d = 1;
  std::vector<bool> fast_modes{true, false}, monotonicity_modes{true}, multi_taylor_modes{true};
  std::size_t multi_taylor_order = SupNormOptions{}.multi_taylor_order;
  std::string nets_dir, activation = "both";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quick") quick = true;
    else if (a == "--threads" && i + 1 < argc) threads = static_cast<unsigned>(std::atoi(argv[++i]));
    else if (a == "--time-limit" && i + 1 < argc) time_limit = std::atof(argv[++i]);
    else if (a == "--max-taylor-dim" && i + 1 < argc) max_taylor_dim = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (a == "--only-scaling") only_scaling = true;
    else if (a == "--no-linear") linear = false;
    else if (a == "--no-relu-substitution") relu_substitution = false;
    else if (a == "--linear-everywhere") linear_everywhere = true;
    else if (a == "--activation" && i + 1 < argc) activation = argv[++i];
    else if (a == "--write-nets" && i + 1 < argc) nets_dir = argv[++i];
    else if (a == "--max-d" && i + 1 < argc) max_d_arg = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (a == "--min-d" && i + 1 < argc) min_d = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (a == "--multi-taylor-order" && i + 1 < argc)
      multi_taylor_order = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if ((a == "--fast-path" || a == "--monotonicity" || a == "--multi-taylor") && i + 1 < argc) {
      const std::string m = argv[++i];
      (a == "--fast-path"      ? fast_modes
       : a == "--monotonicity" ? monotonicity_modes
                               : multi_taylor_modes) = m == "on"    ? std::vector<bool>{true}
                                                       : m == "off" ? std::vector<bool>{false}
                                                                    : std::vector<bool>{true, false};
    } else {
      std::cerr
          << "usage: bench_supnorm_relu [--quick] [--threads T] [--time-limit S] [--max-taylor-dim K] [--only-scaling]"
             " [--min-d D] [--max-d D] [--no-linear] [--no-relu-substitution] [--linear-everywhere] [--fast-path on|off|both]"
             " [--monotonicity on|off|both] [--write-nets DIR] [--activation relu|tanh]\n";
      return 2;
    }
  }

  std::cout << "## ReLU interpolants of x^2 on [0,1], rel-tol 1e-6\n\n"
            << "| N | arithmetic | boxes | boxes per local max | time (s) | cpu (s) | lower | upper | status |\n"
            << "|---|---|---|---|---|---|---|---|---|\n";
  std::vector<long> ns = quick ? std::vector<long>{8, 64, 256} : std::vector<long>{8, 64, 256, 1024};
  if (only_scaling) ns.clear();
  for (long n : ns) {
    for (const std::optional<Arithmetic> a :
         {std::optional<Arithmetic>(), std::optional(Arithmetic::Ball)}) {  // auto, arb
      SupNormOptions o;
      o.rel_tol = parse_rational("1e-6");
      o.threads = threads;
      o.arithmetic = a;
      o.time_limit_seconds = time_limit;
      const std::clock_t c0 = std::clock();
      const SupNormResult r = sup_norm(relu_interpolant_error(n), Box{{Rational(0)}, {Rational(1)}}, o);
      const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
      std::cout << "| " << n << " | " << (r.arithmetic == Arithmetic::Interval ? "mpfi (auto)" : "arb") << " | "
                << r.boxes << " | " << fmt(static_cast<double>(r.boxes) / static_cast<double>(n)) << " | "
                << fmt(r.elapsed_seconds) << " | " << fmt(cpu) << " | " << decimal_down(r.lower, 10) << " | "
                << (r.upper ? decimal_up(*r.upper, 10) : "inf") << " | " << status_cell(r) << " |\n";
    }
  }

  std::cout
      << "\n## Dimension scaling: fitted networks against prod sin(2 x_i) on [-1,1]^d, rel-tol 1e-4, linear relaxation "
      << (linear ? (linear_everywhere ? "on every box" : "on kinked boxes") : "off") << "\n\n"
      << "Sampling: the double evaluations of the error that the run's CPU time buys (plain, uncertified), and\n"
      << "the largest |error| found by that many uniform random points (at most 10^7), against the certified lower end.\n\n"
      << "| activation | width | d | fast path | monotonicity | multi-taylor | boxes | eliminated / faces | time (s) | cpu (s) | lower | upper | gap | status | evals in cpu | sampled max |\n"
      << "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  const std::size_t max_d = max_d_arg ? max_d_arg : quick ? 2 : 4;
  for (bool relu : {false, true})
    for (std::size_t h : {16, 64}) {
      if (activation != "both" && activation != (relu ? "relu" : "tanh")) continue;
      for (std::size_t d = min_d; d <= max_d; ++d) {
        const Network net = fitted_network(d, h, relu, 1000 * d + h);
        if (!nets_dir.empty())
          std::ofstream(nets_dir + "/" + (relu ? "relu_" : "tanh_") + std::to_string(h) + "_d" + std::to_string(d) +
                        ".json")
              << save_network(net);
        const Program prog = net_error_program(lower(net), 0, product_of_sines(d));
        for (bool fast : fast_modes)
          for (bool monotonicity : monotonicity_modes)
            for (bool multi_taylor : multi_taylor_modes) {
              SupNormOptions o;
              o.multi_taylor_order = multi_taylor ? multi_taylor_order : 0;
              o.monotonicity = monotonicity;
              o.max_taylor_dim = max_taylor_dim;
              o.linear_relaxation = linear;
              o.relu_substitution = relu_substitution;
              o.linear_on_smooth_boxes = linear_everywhere;
              o.fast_path = fast;
              o.rel_tol = parse_rational("1e-4");
              o.threads = threads;
              o.time_limit_seconds = time_limit;
              const std::clock_t c0 = std::clock();
              const SupNormResult r =
                  sup_norm(prog, Box{std::vector<Rational>(d, Rational(-1)), std::vector<Rational>(d, Rational(1))}, o);
              const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
              const Sampling sampled = dirty_sampling_for(prog, d, cpu, 7 * d + h);
              std::cout << "| " << (relu ? "relu" : "tanh") << " | " << h << " | " << d << " | "
                        << (fast ? "on" : "off") << " | " << (monotonicity ? "on" : "off") << " | "
                        << (multi_taylor ? std::to_string(multi_taylor_order) : "off") << " | " << r.boxes << " | "
                        << r.monotone_eliminated << " / " << r.monotone_faces << " | " << fmt(r.elapsed_seconds)
                        << " | " << fmt(cpu) << " | " << decimal_down(r.lower, 6) << " | "
                        << (r.upper ? decimal_up(*r.upper, 6) : "inf") << " | " << gap_cell(r) << " | "
                        << status_cell(r) << " | " << fmt(sampled.evaluations) << " | " << fmt(sampled.max_error, 6)
                        << " |" << std::endl;
            }
      }
    }
  return 0;
}
