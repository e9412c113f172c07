// recompute_side (chain/recheck.hpp): what verify re-computes without the theorem module. The
// references are independent: closed forms and exact interval arithmetic done by hand, 50 known
// digits of e (the enclosure must meet them and miss the next 10^-50), and MPFR's correctly rounded sin at
// 2000 bits (directed roundings, the enclosure must contain them); no slack.
#include <doctest/doctest.h>

#include <mpfr.h>
#include <nlohmann/json.hpp>

#include "chain/recheck.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

const nlohmann::json kParameters = {{"n", 10}, {"b", "2.72"}, {"c", "pi"}, {"m", "1/3"}};

Recomputed run(const std::string& expression, std::vector<std::string> inputs, const Point* at = nullptr,
               std::map<std::string, Enclosure, std::less<>> earlier = {}) {
  RecheckData data;
  data.parameters = &kParameters;
  data.at = at;
  data.earlier = std::move(earlier);
  return recompute_side(Recheck{expression, std::move(inputs)}, data, Prec(256));
}

// sin(q) rounded down / up by MPFR at 2000 bits, as exact rationals.
std::pair<Rational, Rational> mpfr_sin_bracket(const Rational& q) {
  std::pair<Rational, Rational> out;
  for (mpfr_rnd_t rnd : {MPFR_RNDD, MPFR_RNDU}) {
    mpfr_t x, y;
    mpfr_inits2(2000, x, y, static_cast<mpfr_ptr>(nullptr));
    // q = 1/3 is not a binary number: bracket it first, then sin is increasing near 1/3.
    mpfr_set_q(x, q.get_mpq_t(), rnd);
    mpfr_sin(y, x, rnd);
    mpq_class v;
    mpfr_get_q(v.get_mpq_t(), y);
    (rnd == MPFR_RNDD ? out.first : out.second) = Rational(v);
    mpfr_clears(x, y, static_cast<mpfr_ptr>(nullptr));
  }
  return out;
}

}  // namespace

TEST_CASE("recheck: exact inputs and a rational expression are re-computed exactly") {
  const Recomputed r = run("x0*(x0+1)/2", {"parameter:n"});
  CHECK(r.exact);
  CHECK(r.value == Enclosure::exact(Rational(55)));
  const Recomputed b = run("x0 + 1/2", {"parameter:b"});
  CHECK(b.value == Enclosure::exact(parse_rational("3.22")));
  const Point at = Point{}.add("x", parse_rational("3/4"));
  CHECK(run("x0 - x0*x0*x0/6", {"at:x"}, &at).value ==
        Enclosure::exact(parse_rational("3/4") - parse_rational("27/384")));
}

TEST_CASE("recheck: transcendental expressions are enclosed with MPFI around the true value, tightly") {
  // e to 50 digits: 2.71828182845904523536028747135266249775724709369995...
  const Rational e_lo = parse_rational("2.71828182845904523536028747135266249775724709369995");
  const Rational e_hi = parse_rational("2.71828182845904523536028747135266249775724709369996");
  const Recomputed e = run("exp(1)", {});
  CHECK_FALSE(e.exact);
  REQUIRE(e.value.bounded());
  // e lies in [e_lo, e_hi] and in the enclosure: they must meet (the 50 digits are wider than it).
  CHECK(e.value.intersects(Enclosure::between(e_lo, e_hi)));
  CHECK_FALSE(e.value.intersects(Enclosure::between(e_hi, e_hi + parse_rational("1e-50"))));
  CHECK(e.value.upper() - e.value.lower() < parse_rational("1e-70"));

  const Point at = Point{}.add("x", parse_rational("1/3"));
  const auto [lo, hi] = mpfr_sin_bracket(parse_rational("1/3"));
  const Recomputed s = run("sin(x0)", {"at:x"}, &at);
  REQUIRE(s.value.bounded());
  CHECK(s.value.lower() <= lo);
  CHECK(s.value.upper() >= hi);
  CHECK(s.value.upper() - s.value.lower() < parse_rational("1e-70"));
}

TEST_CASE("recheck: interval inputs give an enclosure of the whole range, a power is not exact") {
  std::map<std::string, Enclosure, std::less<>> earlier = {{"A:lhs", Enclosure::between(Rational(1), Rational(2))},
                                                           {"B:rhs", Enclosure::between(Rational(3), Rational(5))}};
  const Recomputed d = run("x0 - x1", {"step:A:lhs", "step:B:rhs"}, nullptr, earlier);
  CHECK_FALSE(d.exact);
  REQUIRE(d.value.bounded());
  // x0 - x1 over [1,2] x [3,5] is exactly [-4, -1] (endpoints 1-5 and 2-3).
  CHECK(d.value.lower() <= Rational(-4));
  CHECK(d.value.upper() >= Rational(-1));
  CHECK(d.value.lower() >= Rational(-4) - parse_rational("1e-60"));
  CHECK(d.value.upper() <= Rational(-1) + parse_rational("1e-60"));

  const Recomputed p = run("x0^2", {"parameter:n"});
  CHECK_FALSE(p.exact);  // texts with ^ are enclosed numerically (bounded cost on hostile input)
  CHECK(p.value.contains(Rational(100)));
  // Division by an exact zero: no exact value, MPFI gives the whole line (nothing is known).
  CHECK_FALSE(run("1/(x0-10)", {"parameter:n"}).value.bounded());
  // An unbounded input: nothing is known either.
  CHECK_FALSE(run("x0", {"step:U:lhs"}, nullptr, {{"U:lhs", Enclosure::whole_line()}}).value.bounded());
}

TEST_CASE("recheck: bad recorded rechecks are InputErrors naming what is wrong") {
  const Point at = Point{}.add("x", Rational(1));
  auto fails = [&](const std::string& expression, std::vector<std::string> inputs, const std::string& message) {
    INFO(expression << " / " << message);
    try {
      (void)run(expression, std::move(inputs), &at);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(message) != std::string::npos);
    }
  };
  fails("x0", {"parameter:c"}, "not an exact rational");  // "pi" is not an exact parameter
  fails("x0", {"parameter:nope"}, "not a parameter of the instance");
  fails("x0", {"at:y"}, "has no coordinate \"y\"");
  fails("x0", {"step:Q:lhs"}, "no such side of an earlier step");
  fails("x0", {"somewhere"}, "expected parameter:NAME, at:NAME, number:Q or step:ID:...");
  fails("x0 + x1", {"parameter:n"}, "expression: column");
  fails("sin(", {}, "expression: column");
  fails(std::string(kMaxRecheckExpressionLength + 1, '1'), {}, "longer than");
  fails("1", std::vector<std::string>(kMaxRecheckInputs + 1, "parameter:n"), "more than");
}

TEST_CASE("recheck: the JSON form round-trips and malformed JSON is refused") {
  const Recheck r{"x0 + x1", {"parameter:b", "step:D1:lhs"}};
  CHECK(read_recheck(recheck_json(r), "w") == r);
  CHECK_THROWS_AS(read_recheck(nlohmann::json{{"expression", "x0"}}, "w"), InputError);
  CHECK_THROWS_AS(read_recheck(nlohmann::json{{"expression", "x0"}, {"inputs", {1}}}, "w"), InputError);
  CHECK_THROWS_AS(read_recheck(nlohmann::json{{"expression", 3}, {"inputs", nlohmann::json::array()}}, "w"),
                  InputError);
}

TEST_CASE("recheck: an entry of an array parameter by 0-based indices, bad indices refused") {
  using nlohmann::json;
  json matrix = json::object();  // (brace lists of string pairs would make objects)
  matrix["R"] = json::array({json::array({"0", "1/3"}), json::array({"2", 5})});
  matrix["v"] = json::array({"7/2"});
  RecheckData data;
  data.parameters = &matrix;
  auto value = [&](const std::string& input) { return recompute_side(Recheck{"x0", {input}}, data, Prec(64)); };
  // The recorded entries themselves, exactly (R[0][1] = 1/3, R[1][1] = 5, v[0] = 7/2).
  CHECK(value("parameter:R/0/1").exact);
  CHECK(value("parameter:R/0/1").value == Enclosure::exact(Rational(1) / Rational(3)));
  CHECK(value("parameter:R/1/1").value == Enclosure::exact(Rational(5)));
  CHECK(value("parameter:v/0").value == Enclosure::exact(Rational(7) / Rational(2)));
  for (const auto& [input, message] : std::vector<std::pair<std::string, std::string>>{
           {"parameter:R/2/0", "no entry 2"},
           {"parameter:R/0/1/0", "no entry 0"},  // R[0][1] is a number, not an array
           {"parameter:R/0", "not an exact number"},
           {"parameter:R/-1/0", "is not an index"},
           {"parameter:R//0", "is not an index"},
           {"parameter:R/1x/0", "is not an index"},
           {"parameter:R/99999999999/0", "is not an index"},
           {"parameter:S/0/0", "not a parameter of the instance"}}) {
    CAPTURE(input);
    try {
      value(input);
      FAIL("no InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(message) != std::string::npos);
    }
  }
}
