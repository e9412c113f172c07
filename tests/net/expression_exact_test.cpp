// Target expressions: grammar (precedence, associativity, exponents, numbers) checked by exact
// rational evaluation, and the shape of the compiled program.
#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

Rational q(std::string_view s) { return parse_rational(s); }

// The exact value of the expression at the point x (one coordinate per variable).
Rational exact(std::string_view text, const std::vector<Rational>& x = {}) {
  const Program prog = compile_target(text, x.size());
  const auto out = evaluate<Rational>(prog, std::span<const Rational>(x), Prec(64));
  REQUIRE(out.size() == 1);
  return out[0];
}

std::vector<Op> ops(const Program& prog) {
  std::vector<Op> v;
  for (const Node& n : prog.nodes()) v.push_back(n.op);
  return v;
}

}  // namespace

TEST_CASE("target expression: precedence and associativity") {
  CHECK(exact("2-3-4") == -5);
  CHECK(exact("2/3/4") == q("1/6"));
  CHECK(exact("1+2*3") == 7);
  CHECK(exact("(1+2)*3") == 9);
  CHECK(exact("2*3-4/8") == q("11/2"));
  CHECK(exact("2^3^2") == 512);
  CHECK(exact("(2^3)^2") == 64);
  CHECK(exact("2^2^3") == 256);
  CHECK(exact("-x0^2", {3}) == -9);
  CHECK(exact("(-x0)^2", {3}) == 9);
  CHECK(exact("-2^2") == -4);
  CHECK(exact("2*-3") == -6);
  CHECK(exact("2--3") == 5);
  CHECK(exact("--2") == 2);
  CHECK(exact("+2") == 2);
  CHECK(exact("-2*3+1") == -5);
  CHECK(exact("x1 - x0", {1, 10}) == 9);
  CHECK(exact("  x0\t+\n1 ", {1}) == 2);
}

TEST_CASE("target expression: exact numbers") {
  CHECK(exact("1/3+1/6") == q("1/2"));
  CHECK(exact("0.1*3") == q("3/10"));
  CHECK(exact("0x1.8p-3") == q("3/16"));
  CHECK(exact("0X1P+2") == 4);
  CHECK(exact("-3.5e-4") == q("-7/20000"));
  CHECK(exact("1e-3+2E2") == q("200001/1000"));
  CHECK(exact("0.1+0.2") == q("3/10"));  // the decimals as spelled, not as doubles
  CHECK(exact("123456789012345678901234567890") == q("123456789012345678901234567890"));
}

TEST_CASE("target expression: integer exponents") {
  CHECK(exact("x0^3", {q("-2/3")}) == q("-8/27"));
  CHECK(exact("x0^-2", {2}) == q("1/4"));
  CHECK(exact("x0^(-2)", {2}) == q("1/4"));
  CHECK(exact("x0^(3)", {2}) == 8);
  CHECK(exact("x0^+2", {3}) == 9);
  CHECK(exact("x0^0", {5}) == 1);
  CHECK(exact("x0^2.0", {3}) == 9);  // an exponent spelled as an exact integer is fine
  CHECK(exact("x0^-(2)", {2}) == q("1/4"));
  CHECK(exact("2^-1^2") == q("1/2"));  // 2^(-(1^2))
  CHECK(exact("x0^(-1)^3", {2}) == q("1/2"));
  CHECK(exact("x0^2^-0", {3}) == 3);  // x0^(2^0)
  CHECK(exact("x0^10000", {1}) == 1);
  CHECK(exact("x0^-10000", {-1}) == 1);
}

TEST_CASE("target expression: min max abs relu are exact") {
  CHECK(exact("min(x0, x1)", {q("1/3"), q("0.3")}) == q("3/10"));
  CHECK(exact("max(x0,x1)", {q("1/3"), q("0.3")}) == q("1/3"));
  CHECK(exact("max(-1,-2)") == -1);
  CHECK(exact("abs(-x0)", {q("-5/2")}) == q("5/2"));
  CHECK(exact("abs(x0)", {q("-5/2")}) == q("5/2"));
  CHECK(exact("relu(x0)", {-1}) == 0);
  CHECK(exact("relu(x0)", {q("3/2")}) == q("3/2"));
  CHECK(exact("relu(x0 - 1/2) + min(max(x0, 0), 1)", {q("3/4")}) == 1);
}

TEST_CASE("target expression: compiled program shape") {
  SUBCASE("a fraction is a division node of two constants") {
    const Program p = compile_target("1/3", 0);
    CHECK(ops(p) == std::vector<Op>{Op::Const, Op::Const, Op::Div});
    CHECK(p.pool()[0] == 1);
    CHECK(p.pool()[1] == 3);
    CHECK(p.outputs().size() == 1);
    CHECK(p.outputs()[0] == 2);
  }
  SUBCASE("e is exp(1) and pi is the Pi node") {
    CHECK(ops(compile_target("e", 0)) == std::vector<Op>{Op::Const, Op::Exp});
    CHECK(ops(compile_target("pi", 0)) == std::vector<Op>{Op::Pi});
  }
  SUBCASE("a negative exponent is one PowInt node") {
    const Program p = compile_target("x0^-2", 1);
    CHECK(ops(p) == std::vector<Op>{Op::Input, Op::PowInt});
    CHECK(p.nodes()[1].index == -2);
  }
  SUBCASE("1/0 compiles; its exact value does not exist") {
    const Program p = compile_target("1/0", 0);
    CHECK_THROWS_AS(evaluate<Rational>(p, std::span<const Rational>(), Prec(64)), NotExactError);
  }
  SUBCASE("every function maps to its op") {
    const Program p = compile_target(
        "exp(x0)+log(x0)+sqrt(x0)+sin(x0)+cos(x0)+tan(x0)+atan(x0)+tanh(x0)"
        "+sigmoid(x0)+relu(x0)+abs(x0)+min(x0,x0)+max(x0,x0)",
        1);
    std::vector<Op> calls;
    for (Op op : ops(p))
      if (op != Op::Input && op != Op::Add) calls.push_back(op);
    CHECK(calls == std::vector<Op>{Op::Exp, Op::Log, Op::Sqrt, Op::Sin, Op::Cos, Op::Tan, Op::Atan, Op::Tanh,
                                   Op::Sigmoid, Op::Relu, Op::Abs, Op::Min, Op::Max});
  }
  SUBCASE("the functions of issue 17 map to their ops") {
    const Program p = compile_target(
        "log2(x)+log10(x)+asin(x)+acos(x)+sinh(x)+cosh(x)+asinh(x)+acosh(x)+atanh(x)"
        "+erf(x)+erfc(x)+pow(x,x)",
        1);
    std::vector<Op> calls;
    for (Op op : ops(p))
      if (op != Op::Input && op != Op::Add) calls.push_back(op);
    CHECK(calls == std::vector<Op>{Op::Log2, Op::Log10, Op::Asin, Op::Acos, Op::Sinh, Op::Cosh, Op::Asinh, Op::Acosh,
                                   Op::Atanh, Op::Erf, Op::Erfc, Op::Pow});
  }
  SUBCASE("an integer exponent is PowInt (any real base), any other exponent is Pow (base > 0)") {
    CHECK(ops(compile_target("x^2", 1)) == std::vector<Op>{Op::Input, Op::PowInt});
    CHECK(ops(compile_target("x^(-3)", 1)) == std::vector<Op>{Op::Input, Op::PowInt});
    CHECK(ops(compile_target("x^2^2", 1)) == std::vector<Op>{Op::Input, Op::PowInt});
    CHECK(ops(compile_target("x^0.5", 1)) == std::vector<Op>{Op::Input, Op::Const, Op::Pow});
    CHECK(ops(compile_target("x^(1/3)", 1)) == std::vector<Op>{Op::Input, Op::Const, Op::Const, Op::Div, Op::Pow});
    CHECK(ops(compile_target("x^-x", 1)) ==
          std::vector<Op>{Op::Input, Op::Neg, Op::Pow});  // one Input node per variable
    CHECK(ops(compile_target("2^x", 1)) == std::vector<Op>{Op::Input, Op::Const, Op::Pow});
    CHECK(ops(compile_target("x^pi", 1)) == std::vector<Op>{Op::Input, Op::Pi, Op::Pow});
    // right-associative: x^y^2 is x^(y^2), and -x^0.5 is -(x^0.5)
    CHECK(ops(compile_target("x0^x1^2", 2)) == std::vector<Op>{Op::Input, Op::Input, Op::PowInt, Op::Pow});
    CHECK(ops(compile_target("-x^0.5", 1)) == std::vector<Op>{Op::Input, Op::Const, Op::Pow, Op::Neg});
  }
}

TEST_CASE("target expression: a real power is exact only for an integer exponent and a positive base") {
  CHECK(exact("pow(x0, 3)", {q("2/3")}) == q("8/27"));
  CHECK(exact("x0^(4/2)", {q("3/2")}) == q("9/4"));
  CHECK(exact("pow(x0, -2)", {q("1/2")}) == 4);
  CHECK_THROWS_AS(exact("x0^(1/2)", {4}), NotExactError);     // sqrt is never evaluated exactly
  CHECK_THROWS_AS(exact("pow(x0, 2)", {-3}), NotExactError);  // outside pow's domain, unlike x0^2
  CHECK(exact("x0^2", {-3}) == 9);
  CHECK_THROWS_AS(exact("pow(x0, 100000)", {2}), NotExactError);  // absurd size refused
}

TEST_CASE("target expression: compile_expression appends to an existing program") {
  Program prog(2);
  const NodeId a = prog.input(0);
  const NodeId b = prog.input(1);
  const NodeId sum = prog.binary(Op::Add, a, b);
  const std::vector<NodeId> vars = {sum, a};  // x0 := a + b, x1 := a
  const NodeId out = compile_expression("x0*x1 - 1/2", prog, vars);
  prog.add_output(out);
  const std::vector<Rational> in = {3, 4};
  CHECK(evaluate<Rational>(prog, std::span<const Rational>(in), Prec(64))[0] == q("41/2"));

  SUBCASE("rejected text appends nothing") {
    const std::size_t before = prog.nodes().size();
    const std::size_t pool_before = prog.pool().size();
    CHECK_THROWS_AS(compile_expression("x0 + 1/3 + foo", prog, vars), InputError);
    CHECK(prog.nodes().size() == before);
    CHECK(prog.pool().size() == pool_before);
  }
}
