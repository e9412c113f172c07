// Step Y-14c of the Yun 2020 chain (theorems/yun2020/lp_step.hpp): d_p(f, bar f) certified by the
// L^p-norm engine, against the closed form. For Y-A (d = 1, n = 2, delta = 1/4) and the averaging
// target f = (3x0/4 + x1/4, x0/4 + 3x1/4), f - bar f on a cell is 3u0/4 + u1/4 (and symmetric)
// with u in [0, delta)^2, so each output's integral of |f_k - bar f_k|^p over [0,1)^2 is
// 16 * integral over [0,1/4]^2 of (3u0/4 + u1/4)^p: 1/8 for p = 1 (d_1 = 1/4), 29/1536 for p = 2
// (d_2 = sqrt(29/768)), by exact polynomial integration.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "chain/instance.hpp"
#include "reference/scratch_dir.hpp"
#include "scalar/input_error.hpp"
#include "theorems/yun2020/register.hpp"

using namespace approxcert;

namespace {

// The finite part of Y-A (no softmax network) with Y-14c, in L^p, as a check file.
chain::CheckRun run_ya(long p, const std::string& tol) {
  const approxcert::test::ScratchDir s("yun-lp");
  const std::string file = s.path("check.json");
  std::ofstream(file) << R"({"format": "approxcert-check/1", "theorem": "yun2020/theorem-2",
    "parameters": {"d": 1, "n": 2, "delta": "1/4", "J": "restatement", "thresholds": "loose", "acceptance": "thresholds",
                   "target": ["x0/2 + (x0 + x1)/4", "x1/2 + (x0 + x1)/4"], "p": )"
                      << p << R"(, "eps": "3", "lipschitz": "2", "certified_lp_rel_tol": ")" << tol << R"("},
    "precision": {"base_bits": 128, "max_bits": 256}, "expected": {"Y-14c": "proved"}})";
  chain::TheoremRegistry r;
  theorems::yun2020::register_theorems(r);
  chain::CheckRun run = chain::run_check(r, chain::read_check_file(file));
  return run;
}

const chain::StepResult& step(const chain::CheckRun& run, const std::string& id) {
  for (const chain::StepResult& s : run.run.result.steps)
    if (s.spec.id == id) return s;
  FAIL("no step " << id);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("yun2020 Y-14c: the certified d_p(f, bar f) of Y-A encloses the closed form, p = 1 and 2") {
  for (long p : {1L, 2L}) {
    CAPTURE(p);
    const chain::CheckRun run = run_ya(p, "1/10");
    const chain::StepResult& s = step(run, "Y-14c");  // (the file expects Y-14c only)
    CHECK(s.verdict == chain::Verdict::Proved);
    const chain::Enclosure& d = s.outcome.lhs.value;
    REQUIRE(d.bounded());
    // Exactly: d^p = 1/4 (p = 1) or 2 * 29/1536 = 29/768 (p = 2).
    const Rational exact_p = p == 1 ? Rational(1) / Rational(4) : Rational(29) / Rational(768);
    CHECK(pow_int(d.lower(), p) <= exact_p);
    CHECK(exact_p <= pow_int(d.upper(), p));
    CHECK(s.outcome.rhs.value == chain::Enclosure::exact(Rational(1)));  // eps/3 = 1
  }
}

TEST_CASE("yun2020 Y-14c: a bad certified_lp_rel_tol is refused, naming the parameter") {
  CHECK_THROWS_WITH_AS(run_ya(1, "0"), doctest::Contains("certified_lp_rel_tol"), InputError);
  CHECK_THROWS_WITH_AS(run_ya(1, "2"), doctest::Contains("certified_lp_rel_tol"), InputError);
}
