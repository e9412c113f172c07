// coq_program / coq_expression (lib/theorems/fang2022/coq_program.hpp): the Coq text of a small
// program, compared with text written by hand; unreachable nodes are left out; non-ring nodes are
// refused. (That the text means what the program computes is checked by coqc: the proofs.export.fang_*
// ctest entries compile the exports, whose theorems fail if a node were mistranslated.)
#include <doctest/doctest.h>

#include "net/program.hpp"
#include "theorems/fang2022/coq_program.hpp"

using namespace approxcert;
using namespace approxcert::theorems::fang2022;

namespace {

// x0, x1; a = 2 x0 - x1 + 1/3; m = a * x1; d = a x0 + m x1; out = d^2 (plus an unused constant and exp).
struct Sample {
  Program p{2};
  NodeId out = 0;
  Sample() {
    const NodeId x0 = p.input(0), x1 = p.input(1);
    p.constant(Rational(1) / Rational(2));
    const NodeId xs[] = {x0, x1};
    const Rational w[] = {Rational(2), Rational(-1)};
    const NodeId a = p.affine(xs, w, Rational(1) / Rational(3));
    const NodeId m = p.binary(Op::Mul, a, x1);
    p.unary(Op::Exp, x0);
    const NodeId l[] = {a, m};
    const NodeId d = p.dot(l, xs);
    out = p.pow_int(d, 2);
    p.add_output(out);
  }
};

}  // namespace

TEST_CASE("coq_program writes the nodes the root depends on, keyed id+1, and nothing else") {
  const Sample s;
  const auto cp = coq_program(s.p, {s.out}, "P");
  REQUIRE(cp.has_value());
  CHECK(cp->nodes == 6);
  CHECK(cp->keys == std::vector<std::string>{"8%positive"});
  CHECK(cp->definition ==
        "Definition P : program := [\n"
        "  (1, NInput 0)\n"
        " ;(2, NInput 1)\n"
        " ;(4, NAffine [(1, (Qmake 2 1)); (2, (Qmake (-1) 1))] (Qmake 1 3))\n"
        " ;(5, NMul 4 2)\n"
        " ;(7, NDot [(4, 1); (5, 2)])\n"
        " ;(8, NPow 7 2)\n"
        "]%positive.\n");
}

TEST_CASE("coq_program refuses a program whose root depends on a non-ring node") {
  Program p(1);
  const NodeId e = p.unary(Op::Exp, p.input(0));
  CHECK_FALSE(coq_program(p, {e}, "P").has_value());
  const NodeId inv = p.pow_int(p.input(0), -1);
  CHECK_FALSE(coq_program(p, {inv}, "P").has_value());
}

TEST_CASE("coq_expression spells a node as a Coq real expression") {
  const Sample s;
  const auto e = coq_expression(s.p, s.out, {"x0", "x1"});
  REQUIRE(e.has_value());
  CHECK(*e == "((0 + ((1 / 3) + 2 * x0 + (-1) * x1) * x0 + (((1 / 3) + 2 * x0 + (-1) * x1) * x1) * x1) ^ 2)");
  Program p(1);
  const NodeId a = p.unary(Op::Abs, p.binary(Op::Sub, p.input(0), p.constant(Rational(3))));
  CHECK(coq_expression(p, a, {"y"}) == std::optional<std::string>("(Rabs (y - 3))"));
  CHECK_FALSE(coq_expression(p, p.unary(Op::Exp, a), {"y"}).has_value());
  CHECK_FALSE(coq_expression(s.p, s.out, {"x0", "x1"}, 10).has_value());  // longer than 10 characters
}

TEST_CASE("coq_program writes a copy 1 * v_a + 0 as a and leaves out terms with an identically zero operand") {
  Program q(1);
  const NodeId x = q.input(0), z = q.constant(Rational(0));
  const Rational one(1);
  const NodeId c = q.affine({&x, 1}, {&one, 1}, Rational(0));  // copy of x
  const NodeId a1[] = {c, z}, b1[] = {x, x};
  const NodeId d = q.dot(a1, b1);  // c x + 0 x
  const NodeId a2[] = {z, c};
  const Rational w2[] = {Rational(5), Rational(2)};
  const NodeId e = q.affine(a2, w2, Rational(0));  // 5 * 0 + 2 c
  const NodeId f = q.binary(Op::Add, d, e);
  const auto cp = coq_program(q, {f, c}, "Q");
  REQUIRE(cp.has_value());
  CHECK(cp->definition ==
        "Definition Q : program := [\n"
        "  (1, NInput 0)\n"
        " ;(4, NDot [(1, 1)])\n"
        " ;(5, NAffine [(1, (Qmake 2 1))] (Qmake 0 1))\n"
        " ;(6, NAdd 4 5)\n"
        "]%positive.\n");
  CHECK(cp->keys == std::vector<std::string>{"6%positive", "1%positive"});
  CHECK(cp->nodes == 4);
}
