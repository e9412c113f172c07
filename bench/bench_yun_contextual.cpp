// Exhaustive contextual-mapping claims of Yun et al. 2020 (Lemma 10, Lemma 6 properties 1-4 on the
// in-range grid G_delta) for d = 2, n = 3 at delta = 1/2, 1/4, 1/8 (64, 4096, 262144 inputs).
// g_c (delta^-d + 1 hardmax attention layers) is evaluated by the generic evaluator; measured in
// one run: Ball at 64 bits on 2 threads (delta is dyadic, so the ids and q-values are exact balls:
// counted as "inexact q"; scores may round, which only matters if a comparison became undecided),
// the same on 1 thread (the peer), Ball at 128 bits, and exact Rational (GMP mpq) on 2 threads
// (the last two only where they take at most a few minutes). Both the sweep and the claims run on
// the given threads (TBB); the claims' verdicts and decisive points do not depend on the thread
// count. Prints wall time and process CPU time of the sweep and of the claims, inputs per wall
// second and every claim's counts. The machine is shared: CPU time / wall time shows how much of
// the two cores the run actually got.
// The main row is the exact-first sweep (sweep_contextual_exact_first: DirectedInterval, exact when
// exact, Ball 64 only at points with an inexact value) with the same claims; the full bench compares
// its decisive points, sides and counts with the Ball 64 sweep's ("identical").
// Usage: bench_yun_contextual [max 1/delta, default 8] [--main-only: only the exact-first row on 2 threads]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "theorems/yun2020/contextual_claims.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;

namespace {

Config config_for(std::uint64_t N) {
  Config c;
  c.shape = Shape{2, 3, N};
  c.J = j_recalled(c.shape);
  c.K = global_scale_default(c.shape);
  c.t_l = tight_t_l(c.shape, c.K);
  c.t_r = tight_t_r(c.shape, c.K);
  return c;
}

struct Counts {
  std::uint64_t points = 0, proved = 0, refuted = 0, unknown = 0;
  void add(const chain::Outcome& o) {
    points += o.for_all->points, proved += o.for_all->proved, refuted += o.for_all->refuted,
        unknown += o.for_all->unknown;
  }
};

double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The claims' outcomes: decisive point, its sides and the counts.
struct Decisive {
  chain::Point at;
  chain::Enclosure lhs, rhs;
  std::uint64_t points, proved, refuted, unknown;
  bool operator==(const Decisive&) const = default;
};

// exact_first: sweep_contextual_exact_first (DirectedInterval, S only where a value is not exact).
template <RigorousScalar S>
std::vector<Decisive> run(const char* label, long bits, const Config& c, const Grid& g, const ContextualPrograms& progs,
                          unsigned threads, bool exact_first = false) {
  const double c0 = cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t fallbacks = 0;
  const ContextualValues<S> v = exact_first ? sweep_contextual_exact_first<S>(g, progs, Prec(bits), threads, &fallbacks)
                                            : sweep_contextual<S>(g, progs, Prec(bits), threads);
  const auto t1 = std::chrono::steady_clock::now();
  const double c1 = cpu_seconds();
  const Shape& s = c.shape;
  const chain::Outcome y5 = last_id_claim(g, v, lemma10_lower(s), lemma10_upper(s), threads);
  const chain::Outcome y5t = last_id_claim(g, v, tilde_min(s), tilde_max(s), threads);
  const chain::Outcome y6 = distinct_entries_claim(g, v, threads);
  const chain::Outcome y7 = class_distinct_claim(g, v, threads);
  const chain::Outcome y8 = thresholds_claim(g, v, c.t_l, c.t_r, true, threads);
  const chain::Outcome y9 = thresholds_claim(g, v, c.t_l, c.t_r, false, threads);
  const auto t2 = std::chrono::steady_clock::now();
  const double c2 = cpu_seconds();
  std::uint64_t inexact = 0;
  for (std::size_t k = 0; k < v.q.size(); ++k)  // a value kept as an exact double is an exact point
    inexact += (!v.exact_q.empty() && !std::isnan(v.exact_q[k])) || chain::Enclosure::of(v.q[k]).is_exact() ? 0 : 1;
  const double sweep = std::chrono::duration<double>(t1 - t0).count(),
               claims = std::chrono::duration<double>(t2 - t1).count();
  const double total = sweep + claims, cpu = c2 - c0;
  std::printf(
      "  %-30s threads %u  sweep %8.2f s (cpu %7.2f s)  claims %6.2f s (cpu %6.2f s)  total %8.2f s (cpu %8.2f s)  %9.0f inputs/s  inexact q %llu",
      label, threads, sweep, c1 - c0, claims, cpu - (c1 - c0), total, cpu, static_cast<double>(g.size()) / total,
      static_cast<unsigned long long>(inexact));
  if (exact_first) std::printf("  re-evaluated points %llu", static_cast<unsigned long long>(fallbacks));
  std::printf("\n");
  const std::pair<const char*, const chain::Outcome*> claims_list[] = {{"Y-5 Lemma 10", &y5}, {"Y-5t tight", &y5t},
                                                                       {"Y-6 P1", &y6},       {"Y-7 P2", &y7},
                                                                       {"Y-8 P3", &y8},       {"Y-9 P4 (dup.)", &y9}};
  std::vector<Decisive> decisive;
  for (const auto& [name, o] : claims_list) {
    const chain::ForAllSummary& f = *o->for_all;
    decisive.push_back({o->at, o->lhs.value, o->rhs.value, f.points, f.proved, f.refuted, f.unknown});
    std::printf("      %-14s %9llu checks: %9llu proved, %llu refuted, %llu unknown\n", name,
                static_cast<unsigned long long>(f.points), static_cast<unsigned long long>(f.proved),
                static_cast<unsigned long long>(f.refuted), static_cast<unsigned long long>(f.unknown));
  }
  return decisive;
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t max_N = argc > 1 ? std::stoull(argv[1]) : 8;
  const bool main_only = argc > 2 && std::string(argv[2]) == "--main-only";  // the exact-first row only
  std::printf("Yun 2020 contextual-mapping claims, d = 2, n = 3, exhaustive over G_delta (hardware threads: %u)\n", hw);
  for (std::uint64_t N = 2; N <= max_N; N *= 2) {
    const Config c = config_for(N);
    const Grid g(c.shape, c.J, false);
    const ContextualPrograms progs = contextual_programs(c);
    std::printf("delta = 1/%llu: %llu inputs, %llu attention layers, program nodes %zu + %zu\n",
                static_cast<unsigned long long>(N), static_cast<unsigned long long>(g.size()),
                static_cast<unsigned long long>(N * N + 1), progs.windows.nodes().size(), progs.global.nodes().size());
    const std::vector<Decisive> fast = run<Ball>("exact first, then Ball 64", 64, c, g, progs, 2, true);
    if (main_only) continue;
    const std::vector<Decisive> two = run<Ball>("Ball 64 bits", 64, c, g, progs, 2);
    const bool same = run<Ball>("Ball 64 bits", 64, c, g, progs, 1) == two;
    std::printf("  1 thread vs 2 threads: decisive points, sides and counts %s\n", same ? "identical" : "DIFFER");
    std::printf("  exact first vs Ball 64 bits: decisive points, sides and counts %s\n",
                fast == two ? "identical" : "DIFFER");
    const bool same_rational = run<Rational>("exact first, then Rational", 64, c, g, progs, 2, true) == two;
    std::printf("  exact first (Rational) vs Ball 64 bits: decisive points, sides and counts %s\n",
                same_rational ? "identical" : "DIFFER");
    if (N <= 4) {
      run<Ball>("Ball 128 bits", 128, c, g, progs, 2);
      run<Rational>("Rational (exact mpq)", 64, c, g, progs, 2);
    } else {
      std::printf(
          "  Ball 128 bits, Rational: skipped at this size (their cost relative to Ball 64 is in the delta = 1/4 rows)\n");
    }
  }
  return 0;
}
