// The hardmax tie rule of the Yun 2020 construction (parameter "ties", spec 1.5 and E5): a window
// layer of bar g at an input whose query sits exactly at a head's bias, evaluated exactly, against
// the three outputs worked out by hand; the instances under each rule; the parameter's errors.
#include <doctest/doctest.h>

#include <string>

#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "theorems/builtin.hpp"
#include "theorems/yun2020/construction.hpp"
#include "theorems/yun2020/register.hpp"

using namespace approxcert;
using namespace approxcert::theorems::yun2020;

namespace {

Rational q(long a, long b = 1) { return Rational(a) / Rational(b); }

}  // namespace

TEST_CASE("yun2020 ties: a window layer with a query at its bias, split / first / last by hand") {
  // Y-A shape (d = 1, n = 2, delta = 1/4), window l = 1/4: head 1 has bias 1/8 and W_O = 4, head 2
  // bias 3/8 and W_O = -4. Input Z = (0, 1/8). Column 2's query in head 1 is 1/8 - 1/8 = 0: every
  // score is 0, a tie between the keys 0 and 1/8, so head 1 gives (0 + 1/8)/2 (split), 0 (first),
  // 1/8 (last). In head 2 its query is -1/4: scores 0 and -1/32, key 1 wins: 0. Column 1's queries
  // are -1/8 and -3/8: key 1 (value 0) wins both. So the outputs are (0, 1/8 + 4 h1):
  // split (0, 3/8), first (0, 1/8), last (0, 5/8).
  Config c;
  c.shape = Shape{1, 2, 4};
  const std::vector<Rational> in{q(0), q(1, 8)};
  for (const auto& [rule, want] :
       {std::pair{Normalizer::Hardmax, q(3, 8)}, std::pair{Normalizer::HardmaxFirst, q(1, 8)},
        std::pair{Normalizer::HardmaxLast, q(5, 8)}}) {
    c.ties = rule;
    const Program prog = lower(sequence_network(c.shape, {window_layer(c, q(1, 4), std::nullopt)}));
    const std::vector<Rational> out = evaluate<Rational>(prog, in, Prec(64));
    REQUIRE(out.size() == 2);
    CHECK(out[0] == q(0));
    CHECK(out[1] == want);
  }
}

TEST_CASE(
    "yun2020 ties: properties 1-4 and Proposition 4 hold on Y-A and Y-C under every tie rule (tight thresholds)") {
  chain::TheoremRegistry r;
  register_theorems(r);
  for (const char* f : {"ya-tight", "ya-tight-ties-first", "ya-tight-ties-last", "yc-tight", "yc-tight-ties-first",
                        "yc-tight-ties-last"}) {
    CAPTURE(f);
    const chain::CheckRun run = chain::run_check(
        r, chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/yun2020/" + f + ".json"));
    CHECK(run.mismatches.empty());
    for (const chain::StepResult& s : run.run.result.steps)
      if (s.spec.id == "Y-6" || s.spec.id == "Y-7" || s.spec.id == "Y-8" || s.spec.id == "Y-9" || s.spec.id == "Y-12")
        CHECK(s.verdict == chain::Verdict::Proved);
  }
}

TEST_CASE("yun2020 ties: an unknown tie rule names /parameters/ties") {
  const ExactJson params = parse_exact_json(R"({"d": 1, "n": 2, "delta": "1/4", "J": "recalled", "thresholds": "tight",
      "target": ["x0", "x1"], "p": 1, "eps": "6", "lipschitz": "2", "ties": "random"})",
                                            "<test>");
  try {
    (void)chain::run_instance(theorems::builtin_theorems(), "yun2020/theorem-2", params, JsonAt("ties.json"), "ties",
                              chain::RunOptions{});
    FAIL("no InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) ==
          "ties.json: /parameters/ties: must be \"split\" (average), \"first\" (min index) or \"last\" (max index)");
  }
}
