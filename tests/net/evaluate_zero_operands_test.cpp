// The evaluator skips the terms of an Affine node whose operand is exactly 0, and the softmax
// weights of a Mix node whose value is exactly 0 (finite scores). The node values must be exactly
// those of the full sums: exact Rational against the sum of every term written out here, and Ball /
// Interval enclosures identical (same endpoints) to the same sums over every term.
#include <doctest/doctest.h>

#include <vector>

#include "net/evaluate.hpp"
#include "net/program.hpp"
#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// y = b + sum_j w_j x_j over 6 inputs, every weight nonzero; the inputs below are mostly 0.
struct AffineCase {
  Program prog{6};
  RationalVector w = qs({"3/7", "-2", "5", "1/3", "-11/13", "7"});
  Rational b = q("-5/9");
  AffineCase() {
    std::vector<NodeId> xs;
    for (std::size_t k = 0; k < 6; ++k) xs.push_back(prog.input(k));
    prog.set_outputs({prog.affine(xs, w, b)});
  }
};

const std::vector<RationalVector> kInputs = {qs({"0", "0", "0", "0", "0", "0"}), qs({"0", "1", "0", "0", "0", "0"}),
                                             qs({"1/2", "0", "0", "-4", "0", "0"}), qs({"1", "2", "3", "4", "5", "6"}),
                                             qs({"0", "0", "0", "0", "0", "-1/1000"})};

// Every term, zero or not, multiplied and added in order, as the evaluator did before skipping.
template <class S>
S affine_every_term(const AffineCase& c, const std::vector<S>& x, Prec p) {
  S r, wk;
  set(r, c.b, p);
  for (std::size_t k = 0; k < x.size(); ++k) {
    set(wk, c.w[k], p);
    addmul(r, x[k], wk, p);
  }
  return r;
}

template <class S>
void check_identical_enclosures(const AffineCase& c, Prec p) {
  for (const RationalVector& xq : kInputs) {
    std::vector<S> x(xq.size());
    for (std::size_t k = 0; k < x.size(); ++k) set(x[k], xq[k], p);
    const S got = evaluate<S>(c.prog, x, p)[0];
    const S want = affine_every_term(c, x, p);
    CHECK(lower(got) == lower(want));
    CHECK(upper(got) == upper(want));
  }
}

}  // namespace

TEST_CASE("evaluate: exact-zero operands of an Affine node change no value (Rational, exact)") {
  const AffineCase c;
  for (const RationalVector& x : kInputs) {
    Rational want = c.b;
    for (std::size_t k = 0; k < x.size(); ++k) want += c.w[k] * x[k];
    CHECK(evaluate<Rational>(c.prog, x, Prec(64))[0] == want);
  }
}

TEST_CASE("evaluate: exact-zero operands of an Affine node leave Ball and Interval enclosures identical") {
  const AffineCase c;
  for (long bits : {53L, 128L, 1000L}) {
    check_identical_enclosures<Ball>(c, Prec(bits));
    check_identical_enclosures<Interval>(c, Prec(bits));
  }
}

TEST_CASE("evaluate: a softmax value exactly 0 adds nothing, the mix equals the sum over every weight") {
  // mix(scores s, values (1, 0, v)): the weight of the 0 value is not computed.
  Program p(4);
  const NodeId s[3] = {p.input(0), p.input(1), p.input(2)};
  const NodeId v[3] = {p.constant(Rational(1)), p.constant(Rational(0)), p.input(3)};
  p.set_outputs({p.mix(Normalizer::Softmax, s, v)});
  const Prec prec(200);
  for (const RationalVector& xq :
       {qs({"1", "2", "3", "1/2"}), qs({"-40", "0", "7/3", "0"}), qs({"0", "0", "0", "-5"})}) {
    std::vector<Ball> x(4);
    for (std::size_t k = 0; k < 4; ++k) set(x[k], xq[k], prec);
    // Every weight w_j = 1 / sum_k exp(s_k - s_j) times its value, in order.
    Ball want, denom, d, e, w, val;
    set(want, Rational(0), prec);
    for (std::size_t j = 0; j < 3; ++j) {
      set(denom, Rational(1), prec);
      for (std::size_t k = 0; k < 3; ++k) {
        if (k == j) continue;
        sub(d, x[k], x[j], prec);
        exp(e, d, prec);
        add(denom, denom, e, prec);
      }
      set(w, Rational(1), prec);
      div(w, w, denom, prec);
      if (j == 2) val = x[3];
      else set(val, Rational(j == 0 ? 1 : 0), prec);
      addmul(want, w, val, prec);
    }
    const Ball got = evaluate<Ball>(p, x, prec)[0];
    CHECK(lower(got) == lower(want));
    CHECK(upper(got) == upper(want));
  }
}

TEST_CASE("evaluate: with a score that is not finite, a softmax of zero values is not reported as 0") {
  // log(-1) has no real value: the mix has none either, even though every value is exactly 0.
  Program p(2);
  const NodeId s[2] = {p.unary(Op::Log, p.input(0)), p.input(1)};
  const NodeId zero = p.constant(Rational(0));
  const NodeId v[2] = {zero, zero};
  p.set_outputs({p.mix(Normalizer::Softmax, s, v)});
  std::vector<Ball> x(2);
  set(x[0], Rational(-1), Prec(64));
  set(x[1], Rational(0), Prec(64));
  REQUIRE_FALSE(is_finite(evaluate<Ball>(p, x, Prec(64))[0]));
}

TEST_CASE("is_exact_zero: only the single point 0") {
  Ball b;
  set(b, Rational(0), Prec(64));
  CHECK(is_exact_zero(b));
  set(b, q("1/3"), Prec(64));
  CHECK_FALSE(is_exact_zero(b));
  set_interval(b, q("-1/1000"), q("1/1000"), Prec(64));
  CHECK_FALSE(is_exact_zero(b));
  Interval i;
  set(i, Rational(0), Prec(64));
  CHECK(is_exact_zero(i));
  set_interval(i, Rational(0), q("1/1000"), Prec(64));
  CHECK_FALSE(is_exact_zero(i));
  CHECK(is_exact_zero(Rational(0)));
  CHECK_FALSE(is_exact_zero(q("-2/3")));
}
