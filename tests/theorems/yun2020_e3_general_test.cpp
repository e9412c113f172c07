// Yun et al. 2020, the E3 witness beyond d = 1, n = 2 (unbounded_steps.hpp): on
// d1n3-repair-j-e3 (d = 1, n = 3) and d2n2-repair-j-e3 (d = 2, n = 2) the certified lower bound c
// of Y-E3 is checked against an independent evaluation at points spread over the witness set W
// (x_1 on both rays, near and far; x_2 at the ends and middle of I; every other entry at the ends
// and middle of its piece [k_e delta, (k_e + 1) delta - eta]): the softmax/ReLU network in its ReLU form (not the clamp
// form the step uses) with Arb balls at 1024 bits (not MPFI), and bar g in exact rationals. Also the ray start for an
// eta that is not dyadic, and the refusals.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "chain/parameters.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/ball.hpp"
#include "theorems/yun2020/assembly.hpp"
#include "theorems/yun2020/config.hpp"
#include "theorems/yun2020/unbounded_steps.hpp"
#include "yun2020_runs.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;
using namespace approxcert::theorems::yun2020::testing;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

Rational reported(const chain::StepResult& s, const std::string& name) {
  const chain::Side& side = reported_side(s, name);
  REQUIRE(side.value.is_exact());
  return side.value.lower();
}

// Checks the certified witness of `file` at points of W against the independent evaluation.
void check_witness(const std::string& file) {
  const chain::CheckRun run = run_check_file(file);
  CHECK(run.mismatches.empty());
  CHECK(step_of(run, "Y-E3r").verdict == chain::Verdict::Proved);
  const chain::StepResult& w = step_of(run, "Y-E3");
  REQUIRE(w.verdict == chain::Verdict::Refuted);
  REQUIRE(w.outcome.candidate.has_value());
  const Rational lo = w.outcome.candidate->coordinates.at(0).second, hi = w.outcome.candidate->coordinates.at(1).second;
  const Rational c = reported(w, "c: |g - f| >= c on W (infinite measure)");
  REQUIRE(c.sign() > 0);

  // The same construction, from the check file's parameters.
  std::ifstream in(check_path(file));
  std::stringstream text;
  text << in.rdbuf();
  const ExactJson doc = parse_exact_json(text.str(), file);
  const chain::Parameters p(doc["parameters"], JsonAt(file));
  const Config cfg = read_config(p);
  const TargetMap f = read_target(p, cfg.shape);
  const Assembly a = assemble(cfg, f, std::nullopt, 1);
  const Smoothing sm{p.rational("lambda"), p.rational("eta")};
  const Program g = lower(a.network(sm)), bar_g = lower(a.network());
  const Shape& s = cfg.shape;
  const std::size_t dn = s.d * s.n;
  REQUIRE(dn > 2);
  std::vector<long> levels(dn - 2, 0);  // e3_levels, default all 0
  if (p.has("e3_levels")) {
    const auto given = p.rationals("e3_levels");
    for (std::size_t i = 0; i < levels.size(); ++i) levels[i] = given.at(i).num().get_si();
  }
  const Rational delta = s.delta(), eta = sm.eta;
  CHECK(delta - eta <= lo);  // I inside the quantizer ramp [delta - eta, delta)
  CHECK(hi < delta);
  const Prec prec(1024);
  Evaluator<Ball> soft(g, prec);
  Evaluator<Rational> hard(bar_g, Prec(64));
  long checked = 0;
  for (const Rational& x1 : {Rational(2), q(1), -eta, q(-1000000)})
    for (const Rational& x2 : {lo, (lo + hi) / Rational(2), hi})
      for (int where = 0; where < 3;
           ++where) {  // every other entry at the start, middle or end of its piece [k delta, (k+1) delta - eta]
        const Rational offset = where == 0 ? Rational(0) : where == 1 ? (delta - eta) / Rational(2) : delta - eta;
        std::vector<Rational> x(dn);
        for (std::size_t e = 0, i = 0; e < dn; ++e)
          if (e != 0 && e != s.d) x[e] = Rational(levels.at(i++)) * delta + offset;
        x[0] = x1;
        x[s.d] = x2;
        std::vector<Ball> xb(dn);
        for (std::size_t e = 0; e < dn; ++e) set(xb[e], x[e], prec);
        soft.run(xb);
        hard.run(x);
        Rational worst(0);  // a lower bound on max_k |g_k - bar g_k| at x
        for (std::size_t k = 0; k < dn; ++k) {
          Ball d, b;
          set(b, hard.value(bar_g.outputs()[k]), prec);
          sub(d, soft.value(g.outputs()[k]), b, prec);
          abs(d, d, prec);
          worst = max(worst, lower(d));
        }
        CHECK_MESSAGE(c <= worst, file, ": x1 = ", x1.to_string(), ", x2 = ", x2.to_string(), ", others at offset ",
                      offset.to_string());
        for (std::size_t k = 0; k < dn; ++k)
          CHECK(hard.value(bar_g.outputs()[k]) == Rational(0));  // bar g = f = 0 on W
        ++checked;
      }
  CHECK(checked == 36);
}

}  // namespace

TEST_CASE("yun2020 E3, d = 1, n = 3: the certified c is below |g - bar g| at 36 points of W (ReLU form, Arb)") {
  check_witness("d1n3-repair-j-e3.json");
}

TEST_CASE("yun2020 E3, d = 2, n = 2: the certified c is below |g - bar g| at 36 points of W (ReLU form, Arb)") {
  check_witness("d2n2-repair-j-e3.json");
}

TEST_CASE(
    "yun2020 E3: the lower ray starts at -eta for a dyadic eta, else at -eta rounded down to a multiple of 2^-64") {
  CHECK(e3_ray_start(q(1, 128)) == q(-1, 128));
  CHECK(e3_ray_start(q(3, 1024)) == q(-3, 1024));
  const Rational s = e3_ray_start(q(1, 100)), ulp = pow2(-64);
  CHECK(s <= q(-1, 100));
  CHECK(q(-1, 100) - ulp < s);
  CHECK((s * pow2(64)).is_integer());
}

TEST_CASE("yun2020 E3: the witness parameters are refused without x_1, with x_1 in range, I reversed or wrong levels") {
  auto message = [](const std::string& extra, long n = 3, const std::string& eta = "1/128") {
    const std::string shape = n == 3 ? R"("n": 3, "target": ["x0", "x1", "x2"])" : R"("n": 2, "target": ["x0", "x1"])";
    return refusal("yun2020/theorem-2",
                   R"({"d": 1, "delta": "1/4", "J": "repair", "thresholds": "tight", "p": 1, "eps": "6",
        "lipschitz": "3", "lambda": "2000", "eps_grid": "1e-3", "eta": ")" +
                       eta + "\", " + shape + ", " + extra + "}",
                   "e3.json");
  };
  CHECK(
      message(R"("e3_x1": "2", "e3_levels": [0, 1])") ==
      "e3.json: /parameters/e3_levels: must list d n - 2 = 1 levels (the entries other than (1,1) and (1,2), in input order)");
  CHECK(message(R"("e3_x1": "2", "e3_levels": [4])") ==
        "e3.json: /parameters/e3_levels: every level must be an integer k with 0 <= k < 1/delta");
  CHECK(message(R"("e3_levels": [0])") == "e3.json: /parameters/e3_levels: needs e3_x1");
  CHECK(message(R"("e3_x2": ["0.245", "0.246"])") == "e3.json: /parameters/e3_x2: needs e3_x1");
  CHECK(message(R"("e3_x1": "-1/256")") == "e3.json: /parameters/e3_x1: must be out of range: <= -eta or >= 1");
  CHECK(message(R"("e3_x1": "1/2")", 2) == "e3.json: /parameters/e3_x1: must be out of range: <= -eta or >= 1");
  CHECK(message(R"("e3_x1": "2", "e3_x2": ["0.246", "0.245"])", 2) ==
        "e3.json: /parameters/e3_x2: must be an interval [lo, hi] with lo <= hi");
  // eta = 1/100 is not dyadic: the ray starts at -eta rounded down to a multiple of 2^-64, so -1/100 is in range
  CHECK(message(R"("e3_x1": "-1/100")", 2, "1/100").find("e3.json: /parameters/e3_x1: must be out of range: <= -") ==
        0);
}
