// Arb's random oracles, run for every operation of the table over Ball, Interval, FastInterval and
// DirectedInterval (the last two always at 53 bits: their (a) compares the same computation twice):
//  (a) the same exact input at 64 and at 256 bits gives overlapping enclosures;
//  (d) exact points inside random input enclosures (exact rational endpoints, zero to wide widths,
//      touching and straddling kinks, mixed input/output precisions) have their exact value
//      (rational operations) or their MPFR value rounded down and up at prec+100 bits
//      (transcendental operations) inside the result; the same holds when the result aliases an
//      argument. No slack anywhere.
#include <doctest/doctest.h>

#include <sstream>

#include "../test_multiplier.hpp"
#include "operation_table.hpp"
#include "scalar/directed_interval.hpp"

using namespace approxcert;
using namespace approxcert::testing;

namespace {

const int kCases = approxcert::test::random_cases(300);

std::string describe(const std::string& name, const std::vector<Range>& in, Prec pin, Prec pout) {
  std::ostringstream s;
  s << name << " on";
  for (const auto& r : in) s << " [" << r.lo.to_string() << ", " << r.hi.to_string() << "]";
  s << " (input prec " << pin.bits << ", output prec " << pout.bits << ")";
  return s.str();
}

bool inside_some(const Range& r, const std::vector<Range>& ranges) {
  for (const auto& g : ranges)
    if (g.lo <= r.lo && r.hi <= g.hi) return true;
  return false;
}

// Random intended inputs for op; the second argument is sometimes equal to the first.
template <class S>
std::vector<Range> draw_inputs(const Operation<S>& op, Rng& rng) {
  std::vector<Range> in;
  for (const auto& a : op.args) in.push_back(rng.interval(a.ranges, a.kinks));
  if (in.size() >= 2 && rng.chance(25) && inside_some(in[0], op.args[1].ranges)) in[1] = in[0];
  return in;
}

template <class S>
std::vector<S> make_all(const std::vector<Range>& in, Prec p) {
  std::vector<S> out;
  for (const auto& r : in) out.push_back(make<S>(r, p));
  return out;
}

template <class S>
void two_precisions_overlap(const Operation<S>& op, std::uint64_t seed) {
  Rng rng(seed);
  for (int c = 0; c < kCases; ++c) {
    const auto in = draw_inputs(op, rng);
    INFO(describe(op.name, in, Prec(64), Prec(256)));
    S r64, r256;
    const auto in256 = make_all<S>(in, Prec(256));
    op.eval(r64, make_all<S>(in, Prec(64)), Prec(64));
    op.eval(r256, in256, Prec(256));
    CHECK(overlaps(r64, r256));
    std::vector<Range> actual;
    for (const auto& a : in256) actual.push_back(exact_range(a));
    if (op.finite_expected(actual)) CHECK(is_finite(r256));
  }
}

template <class S>
void random_points_enclosed(const Operation<S>& op, std::uint64_t seed) {
  Rng rng(seed);
  int checked = 0;
  for (int c = 0; c < kCases; ++c) {
    const auto intended = draw_inputs(op, rng);
    const Prec pin = rng.prec(), pout = rng.prec();
    INFO(describe(op.name, intended, pin, pout));
    const auto in = make_all<S>(intended, pin);
    std::vector<Range> actual;
    for (const auto& a : in) {
      REQUIRE(encloses(a, intended[actual.size()].lo, intended[actual.size()].hi));
      actual.push_back(exact_range(a));
    }

    std::vector<S> results(1);
    op.eval(results[0], in, pout);
    if (op.finite_expected(actual)) CHECK(is_finite(results[0]));
    if (op.aliasable) {
      for (std::size_t i = 0; i < in.size(); ++i) {  // r passed as argument i
        auto args = in;
        op.eval(args[i], args, pout);
        results.push_back(args[i]);
      }
    }

    for (int k = 0; k < 6; ++k) {
      std::vector<Rational> x;
      for (std::size_t i = 0; i < in.size(); ++i) {
        const bool intended_point = op.exact && rng.chance(50);
        x.push_back(intended_point ? rng.in(intended[i].lo, intended[i].hi)
                                   : rng.dyadic_in(actual[i].lo, actual[i].hi));
      }
      if (x.size() >= 2 && intended[0].lo == intended[1].lo && intended[0].hi == intended[1].hi && rng.chance(30))
        x[1] = x[0];
      if (!op.defined(x)) continue;
      std::string point = "at";
      for (const auto& xi : x) point += " " + xi.to_string();
      INFO(point);
      for (const auto& r : results) {
        if (op.exact) CHECK(encloses(r, op.exact(x)));
        else if (op.reference)
          CHECK(encloses_value(
              r, [&](long bits) { return op.reference(x[0], bits); }, pout.bits + 100));
        else
          CHECK(encloses_value(
              r, [&](long bits) { return op.reference_n(x, bits); }, pout.bits + 100));
      }
      ++checked;
    }
  }
  CHECK(checked >= kCases * 3);  // the oracle really ran
}

}  // namespace

#define APPROXCERT_RANDOM_ORACLES(OPNAME, SEED)                                                                       \
  TEST_CASE_TEMPLATE("scalar oracles: " OPNAME ": 64 and 256 bits overlap", S, Ball, Interval, FastInterval,          \
                     DirectedInterval) {                                                                              \
    two_precisions_overlap(operation<S>(OPNAME), SEED);                                                               \
  }                                                                                                                   \
  TEST_CASE_TEMPLATE("scalar oracles: " OPNAME ": random exact points are enclosed", S, Ball, Interval, FastInterval, \
                     DirectedInterval) {                                                                              \
    random_points_enclosed(operation<S>(OPNAME), SEED);                                                               \
  }

APPROXCERT_RANDOM_ORACLES("add", 101)
APPROXCERT_RANDOM_ORACLES("sub", 102)
APPROXCERT_RANDOM_ORACLES("mul", 103)
APPROXCERT_RANDOM_ORACLES("addmul", 104)
APPROXCERT_RANDOM_ORACLES("div", 105)
APPROXCERT_RANDOM_ORACLES("neg", 106)
APPROXCERT_RANDOM_ORACLES("pow_int(-3)", 107)
APPROXCERT_RANDOM_ORACLES("pow_int(-2)", 108)
APPROXCERT_RANDOM_ORACLES("pow_int(-1)", 109)
APPROXCERT_RANDOM_ORACLES("pow_int(0)", 110)
APPROXCERT_RANDOM_ORACLES("pow_int(1)", 111)
APPROXCERT_RANDOM_ORACLES("pow_int(2)", 112)
APPROXCERT_RANDOM_ORACLES("pow_int(3)", 113)
APPROXCERT_RANDOM_ORACLES("pow_int(4)", 114)
APPROXCERT_RANDOM_ORACLES("pow_int(7)", 115)
APPROXCERT_RANDOM_ORACLES("exp", 116)
APPROXCERT_RANDOM_ORACLES("log", 117)
APPROXCERT_RANDOM_ORACLES("sqrt", 118)
APPROXCERT_RANDOM_ORACLES("sin", 119)
APPROXCERT_RANDOM_ORACLES("cos", 120)
APPROXCERT_RANDOM_ORACLES("tan", 121)
APPROXCERT_RANDOM_ORACLES("atan", 122)
APPROXCERT_RANDOM_ORACLES("tanh", 123)
APPROXCERT_RANDOM_ORACLES("sigmoid", 124)
APPROXCERT_RANDOM_ORACLES("relu", 125)
APPROXCERT_RANDOM_ORACLES("step", 126)
APPROXCERT_RANDOM_ORACLES("abs", 127)
APPROXCERT_RANDOM_ORACLES("min", 128)
APPROXCERT_RANDOM_ORACLES("max", 129)
APPROXCERT_RANDOM_ORACLES("expm1", 130)
APPROXCERT_RANDOM_ORACLES("log1p", 131)
APPROXCERT_RANDOM_ORACLES("log2", 132)
APPROXCERT_RANDOM_ORACLES("log10", 133)
APPROXCERT_RANDOM_ORACLES("asin", 134)
APPROXCERT_RANDOM_ORACLES("acos", 135)
APPROXCERT_RANDOM_ORACLES("sinh", 136)
APPROXCERT_RANDOM_ORACLES("cosh", 137)
APPROXCERT_RANDOM_ORACLES("asinh", 138)
APPROXCERT_RANDOM_ORACLES("acosh", 139)
APPROXCERT_RANDOM_ORACLES("atanh", 140)
APPROXCERT_RANDOM_ORACLES("erf", 141)
APPROXCERT_RANDOM_ORACLES("erfc", 142)
APPROXCERT_RANDOM_ORACLES("pow(x, 1/3)", 143)
APPROXCERT_RANDOM_ORACLES("pow(x, 2/3)", 144)
APPROXCERT_RANDOM_ORACLES("pow(x, -1/2)", 145)
APPROXCERT_RANDOM_ORACLES("pow(x, 3/4)", 146)
APPROXCERT_RANDOM_ORACLES("pow(x, -5/3)", 147)
APPROXCERT_RANDOM_ORACLES("pow(x, 7/2)", 148)
APPROXCERT_RANDOM_ORACLES("pow", 149)

TEST_CASE_TEMPLATE("scalar oracles: the table covers every operation of the header", S, Ball, Interval, FastInterval,
                   DirectedInterval) {
  // hull, set, set_pi and the comparisons have their own tests (reference_test.cpp, comparison_test.cpp).
  std::vector<std::string> names;
  for (const auto& op : operations<S>()) names.push_back(op.name);
  for (const char* want : {"add",  "sub",  "mul",   "addmul", "div",   "neg",  "pow_int(-1)", "exp",         "log",
                           "sqrt", "sin",  "cos",   "tan",    "atan",  "tanh", "sigmoid",     "relu",        "step",
                           "abs",  "min",  "max",   "expm1",  "log1p", "log2", "log10",       "asin",        "acos",
                           "sinh", "cosh", "asinh", "acosh",  "atanh", "erf",  "erfc",        "pow(x, 1/3)", "pow"})
    CHECK(std::find(names.begin(), names.end(), want) != names.end());
}

// A fifth oracle: two independent implementations of the same operations must give overlapping
// results for the same exact inputs.
template <class A, class B>
void check_engines_overlap(std::uint64_t seed) {
  const auto a_ops = operations<A>();
  const auto b_ops = operations<B>();
  REQUIRE(a_ops.size() == b_ops.size());
  Rng rng(seed);
  for (std::size_t k = 0; k < a_ops.size(); ++k) {
    const auto& aop = a_ops[k];
    const auto& bop = b_ops[k];
    REQUIRE(aop.name == bop.name);
    for (int c = 0; c < approxcert::test::random_cases(100); ++c) {
      const auto in = draw_inputs(aop, rng);
      const Prec p = rng.prec();
      INFO(describe(aop.name, in, p, p));
      A x;
      B y;
      aop.eval(x, make_all<A>(in, p), p);
      bop.eval(y, make_all<B>(in, p), p);
      const auto xl = lower_bound_of(x), xu = upper_bound_of(x), yl = lower_bound_of(y), yu = upper_bound_of(y);
      CHECK((!xl || !yu || *xl <= *yu));
      CHECK((!yl || !xu || *yl <= *xu));
    }
  }
}

// Arb and MPFI.
TEST_CASE("scalar oracles: Ball and Interval overlap on every operation") {
  check_engines_overlap<Ball, Interval>(130);
}

// The double-interval engine against MPFI: FastInterval's own code (doubles rounded outward, Arb
// for transcendental functions) and MPFI share no arithmetic.
TEST_CASE("scalar oracles: FastInterval and Interval overlap on every operation") {
  check_engines_overlap<FastInterval, Interval>(131);
}

// DirectedInterval's own + - * / (TwoSum and fma remainders) against MPFI.
TEST_CASE("scalar oracles: DirectedInterval and Interval overlap on every operation") {
  check_engines_overlap<DirectedInterval, Interval>(132);
}
