// Exit statuses of every command (docs/cli.md): 0 ok, 1 differs / refuted, 2 bad input,
// 3 not decided; each checked against a case whose answer is known in closed form.
#include <doctest/doctest.h>

#include "cli_support.hpp"

using namespace approxcert::cli::test;

TEST_CASE("cli exit status: eval 0 finite, 2 bad input, 3 no finite enclosure") {
  ScratchDir s("exit-eval");
  CHECK(run_cli("eval --expr 'exp(x0)' --at 1/3", s).status == 0);
  const Run bad = run_cli("eval --expr 'exp(' --at 0", s);
  CHECK(bad.status == 2);
  CHECK(bad.out.empty());
  const Run log0 = run_cli("eval --expr 'log(x0)' --at 0", s);  // log 0 = -inf: no finite enclosure
  CHECK(log0.status == 3);
  CHECK(log0.out.find("not finite") != std::string::npos);
}

TEST_CASE("cli exit status: supnorm 0 converged, 3 budget exhausted or upper = inf") {
  ScratchDir s("exit-supnorm");
  s.write("net.json", identity_net());
  CHECK(run_cli("supnorm --net " + s.path("net.json") + " --target x0 --domain '[-1,2]'", s).status == 0);
  const Run budget =
      run_cli("supnorm --approx 'x0*x1' --target 'sin(x0)*sin(x1)' --domain '[-1,1]^2' --max-boxes 3", s);
  CHECK(budget.status == 3);
  CHECK(budget.out.find("status budget_exhausted") != std::string::npos);
  // 1/x0 on [-1,1] has no finite sup: upper stays inf, which must never exit 0
  const Run unbounded = run_cli("supnorm --approx 0 --target '1/x0' --domain '[-1,1]' --max-boxes 50", s);
  CHECK(unbounded.status == 3);
  CHECK(unbounded.out.find(", inf]") != std::string::npos);
}

TEST_CASE("cli exit status: supnorm --require-upper U is three-valued") {
  ScratchDir s("exit-require");
  // sup |sin(x0) - x0| on [0,1] = 1 - sin(1) = 0.158529015192103...
  const std::string run = "supnorm --approx x0 --target 'sin(x0)' --domain '[0,1]' --rel-tol 1e-9 ";
  const Run proved = run_cli(run + "--require-upper 0.1586", s);
  CHECK(proved.status == 0);
  CHECK(proved.out.find("sup <= 0.1586: proved") != std::string::npos);
  const Run refuted = run_cli(run + "--require-upper 0.1585", s);
  CHECK(refuted.status == 1);
  CHECK(refuted.out.find("sup <= 0.1585: refuted") != std::string::npos);
  // a budget of 3 boxes cannot bring the upper bound within 1e-17 of the true value (the fast path
  // alone reaches 3e-16 in one box): undecided
  const Run unknown = run_cli(
      "supnorm --approx x0 --target 'sin(x0)' --domain '[0,1]' --max-boxes 3 --taylor-order 0 "
      "--require-upper 0.1585290151921035",
      s);
  CHECK(unknown.status == 3);
  CHECK(unknown.out.find(": unknown") != std::string::npos);
}

TEST_CASE("cli exit status: build, coq, regress, check, and an unknown command") {
  ScratchDir s("exit-other");
  CHECK(run_cli("build --list", s).status == 0);
  const Run unknown_construction = run_cli("build no/such -o " + s.path("n.json"), s);
  CHECK(unknown_construction.status == 2);
  CHECK_FALSE(std::filesystem::exists(s.path("n.json")));

  REQUIRE(run_cli("check " + data_dir() + " --out " + s.path("certs"), s).status == 0);
  CHECK(run_cli("coq " + s.path("certs/demo/demo_proved.json") + " -o " + s.path("demo_proved.v"), s).status == 0);
  CHECK(run_cli("coq " + s.path("missing.json") + " -o " + s.path("x.v"), s).status == 2);
  CHECK(run_cli("regress --baseline " + s.path("certs") + " --checks " + data_dir(), s).status == 0);
  CHECK(run_cli("regress --baseline " + s.path("certs") + " --checks " + s.path("missing"), s).status == 2);

  // e <= 2.71829 cannot be decided with 16-bit balls: the overall verdict is unknown, status 3
  const std::string proved_rest =
      R"("D2": "proved", "D3": "proved", "D4": "proved", "D5": "proved", "D6": "proved", "D7": "proved")";
  const std::string tie = R"({"format": "approxcert-check/1", "theorem": "demo/constants",
    "parameters": {"b": "2.71829", "n": 1, "m": 1}, "precision": {"base_bits": 16, "max_bits": 16}, "expected": {"D1": "unknown", )";
  s.write("tie.json", tie + proved_rest + "}}");
  const Run undecided = run_cli("check " + s.path("tie.json") + " --out " + s.path("tie"), s);
  CHECK(undecided.status == 3);
  CHECK(undecided.out.find("not decided") != std::string::npos);
  // ... unless the file expects the overall verdict to be unknown
  s.write("tie.json", tie + "\"overall\": \"unknown\", " + proved_rest + "}}");
  CHECK(run_cli("check " + s.path("tie.json") + " --out " + s.path("tie"), s).status == 0);

  const Run nosuch = run_cli("frobnicate --x 1", s);
  CHECK(nosuch.status == 2);
  CHECK(nosuch.err.find("unknown command \"frobnicate\"") != std::string::npos);
}
