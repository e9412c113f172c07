// The L^p-norm engine (supnorm/lpnorm.hpp) against closed forms computed here with exact rationals
// (no slack: lower^p <= exact integral <= upper^p, compared exactly):
//   - the ReLU interpolant I_n of x^2 on [0,1] with n pieces: on each piece [a, b] the error is
//     x^2 - I_n = (x - a)(x - b), so the integral of |x^2 - I_n|^p over [0,1] is
//     n h^(2p+1) B(p+1, p+1) = n^(-2p) (p!)^2 / (2p+1)!  (h = 1/n);
//   - a constant difference c on a box: vol * c^p;
//   - 2-D products: x0 x1 on [0,1]^2 gives 1/(p+1)^2, (x0 - 1/2)(x1 - 1/2) gives (2^-p/(p+1))^2.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "domain/domain.hpp"
#include "problem/error_program.hpp"
#include "scalar/rational.hpp"
#include "supnorm/lpnorm.hpp"

#include "lp_closed_forms.hpp"

using namespace approxcert;

namespace {

using namespace approxcert::lp_test;

void check_encloses(const LpNormResult& r, const Rational& exact_integral, unsigned long p) {
  lp_test::check_encloses(r, exact_integral, exact_integral, p);
}

}  // namespace

TEST_CASE("lp_norm: the ReLU interpolant of x^2 on [0,1] against its exact L^p error, p = 1, 2, 3") {
  for (long n : {1, 3, 4}) {
    const Program prog = expression_error_program(relu_interpolant(n), "x0^2", 1);
    for (unsigned long p : {1ul, 2ul, 3ul}) {
      CAPTURE(n);
      CAPTURE(p);
      LpNormOptions o;
      o.p = p;
      o.rel_tol = Rational(1) / Rational(100);
      o.threads = 1;
      const LpNormResult r = lp_norm(prog, parse_domain("[0,1]"), o);
      check_encloses(r, interpolant_integral(n, static_cast<long>(p)), p);
      CHECK(*r.upper <= r.lower * (Rational(1) + o.rel_tol));
    }
  }
  // p = 1, n = 2: 1/24 exactly; p = 2, n = 2: 1/480.
  CHECK(interpolant_integral(2, 1) == Rational(1) / Rational(24));
  CHECK(interpolant_integral(2, 2) == Rational(1) / Rational(480));
}

TEST_CASE("lp_norm: a constant difference, plain and normalised") {
  const Program prog = expression_error_program("x0 + x1", "x0 + x1 + 3/2", 2);
  const Box box = parse_domain("[0,2]x[-1,1]");  // volume 4
  for (unsigned long p : {1ul, 2ul, 5ul}) {
    LpNormOptions o;
    o.p = p;
    o.threads = 1;
    const Rational c(Rational(3) / Rational(2));
    const LpNormResult r = lp_norm(prog, box, o);
    check_encloses(r, Rational(4) * pow_int(c, static_cast<long>(p)), p);
    CHECK(r.boxes == 1);  // [m, M] = [3/2, 3/2] on the whole box: no refinement needed
    o.normalized = true;
    const LpNormResult n = lp_norm(prog, box, o);
    check_encloses(n, pow_int(c, static_cast<long>(p)), p);
    CHECK(n.lower <= c);
    CHECK(c <= *n.upper);
  }
}

TEST_CASE("lp_norm: 2-D products against exact integrals, the sign change included") {
  const Box unit = parse_domain("[0,1]^2");
  for (unsigned long p : {1ul, 2ul, 3ul}) {
    CAPTURE(p);
    LpNormOptions o;
    o.p = p;
    o.rel_tol = Rational(1) / Rational(50);  // second order in 2-D: the box count grows like 1/rel_tol
    o.threads = 1;
    const LpNormResult r = lp_norm(expression_error_program("0", "x0*x1", 2), unit, o);
    check_encloses(r, Rational(1) / pow_int(Rational(static_cast<long>(p) + 1), 2), p);
    const Rational side = pow_int(Rational(1) / Rational(2), static_cast<long>(p)) / Rational(static_cast<long>(p) + 1);
    const LpNormResult s = lp_norm(expression_error_program("x0/2 + x1/2 - 1/4", "x0*x1", 2), unit, o);
    check_encloses(s, side * side, p);
  }
}

TEST_CASE("lp_norm: two inputs converge at second order with the leaf integrals (x0 x1, p = 1 and 2, to 1e-2)") {
  // The exact integrals are 1/(p+1)^2. Without the second-order leaf form the first-order sums need
  // ~250000 boxes for p = 1 (docs/lpnorm.md); ten times the boxes the form needs must not suffice.
  const Program prog = expression_error_program("0", "x0*x1", 2);
  for (unsigned long p : {1ul, 2ul}) {
    CAPTURE(p);
    LpNormOptions o;
    o.p = p;
    o.rel_tol = Rational(1) / Rational(100);
    o.threads = 1;
    const LpNormResult r = lp_norm(prog, parse_domain("[0,1]^2"), o);
    check_encloses(r, Rational(1) / pow_int(Rational(static_cast<long>(p) + 1), 2), p);
    CHECK(r.boxes <= 4000);
    o.second_order_leaves = false;
    o.max_boxes = 10 * r.boxes;
    const LpNormResult first = lp_norm(prog, parse_domain("[0,1]^2"), o);
    CHECK(first.status == SupNormStatus::BudgetExhausted);
    CHECK(first.lower <= *r.upper);
  }
}

TEST_CASE(
    "lp_norm: every recorded leaf integral contains the exact integral over its leaf (x0 x1 - 1/3, a sign change)") {
  // On a leaf [a,b]x[c,d]: the integral of x0 x1 is (b^2-a^2)(d^2-c^2)/4, of (x0 x1)^2 it is
  // (b^3-a^3)(d^3-c^3)/9, so both |e| (where its sign is certified) and e^2 are exact.
  const Rational k = Rational(1) / Rational(3);
  const Program prog = expression_error_program("1/3", "x0*x1", 2);
  for (unsigned long p : {1ul, 2ul}) {
    CAPTURE(p);
    LpNormOptions o;
    o.p = p;
    o.rel_tol = Rational(1) / Rational(20);
    o.threads = 1;
    o.max_cover_leaves = 1000000;
    const LpNormResult r = lp_norm(prog, parse_domain("[0,1]^2"), o);
    REQUIRE(r.cover.has_value());
    std::size_t checked = 0;
    std::vector<std::pair<std::size_t, Box>> stack{{0, parse_domain("[0,1]^2")}};
    while (!stack.empty()) {
      auto [node, box] = stack.back();
      stack.pop_back();
      const CoverNode& n = r.cover->nodes[node];
      if (n.first_child != 0) {
        Box l = box, h = box;
        l.hi[n.dim] = n.at;
        h.lo[n.dim] = n.at;
        stack.push_back({n.first_child, l});
        stack.push_back({n.first_child + 1, h});
        continue;
      }
      const std::optional<Range>& I = r.leaf_integrals.at(node);
      if (!I) continue;
      const Rational &a = box.lo[0], &b = box.hi[0], &c = box.lo[1], &d = box.hi[1];
      const Rational vol = (b - a) * (d - c);
      const Rational m1 = (b * b - a * a) * (d * d - c * c) / Rational(4);
      const Rational m2 = (b * b * b - a * a * a) * (d * d * d - c * c * c) / Rational(9);
      Rational exact = p == 2 ? m2 - Rational(2) * k * m1 + k * k * vol : m1 - k * vol;
      if (p == 1 && exact.sign() < 0) exact = -exact;  // the leaf's sign is certified: |e| = +-e on it
      CHECK(I->lo <= exact);
      CHECK(exact <= I->hi);
      ++checked;
    }
    CHECK(checked * 2 >= r.leaves);
  }
}

TEST_CASE("lp_norm: the result does not depend on the thread count, and the cover records every leaf") {
  const Program prog = expression_error_program(relu_interpolant(3), "x0^2", 1);
  LpNormOptions o;
  o.p = 2;
  o.rel_tol = Rational(1) / Rational(50);
  o.max_cover_leaves = 1000000;
  o.threads = 1;
  const LpNormResult one = lp_norm(prog, parse_domain("[0,1]"), o);
  o.threads = 2;
  const LpNormResult two = lp_norm(prog, parse_domain("[0,1]"), o);
  CHECK(one.lower == two.lower);
  CHECK(one.upper == two.upper);
  CHECK(one.boxes == two.boxes);
  REQUIRE(one.cover.has_value());
  // The recorded leaves' sums are the result's sums.
  std::size_t leaves = 0, with_integral = 0;
  Rational low(0), high(0);
  std::vector<std::pair<std::size_t, Box>> stack{{0, parse_domain("[0,1]")}};
  while (!stack.empty()) {
    auto [node, box] = stack.back();
    stack.pop_back();
    const CoverNode& n = one.cover->nodes[node];
    if (n.first_child == 0) {
      ++leaves;
      REQUIRE(n.upper.has_value());
      CHECK(one.leaf_lower[node] <= *n.upper);
      // The tighter ends of vol [m^p, M^p] and the second-order leaf form's enclosure.
      Rational leaf_low = box_volume(box) * pow_int(one.leaf_lower[node], 2),
               leaf_high = box_volume(box) * pow_int(*n.upper, 2);
      if (const std::optional<Range>& I = one.leaf_integrals.at(node)) {
        ++with_integral;
        leaf_low = max(leaf_low, I->lo);
        leaf_high = min(leaf_high, I->hi);
      }
      low += leaf_low;
      high += leaf_high;
      continue;
    }
    Box l = box, r = box;
    l.hi[n.dim] = n.at;
    r.lo[n.dim] = n.at;
    stack.push_back({n.first_child, l});
    stack.push_back({n.first_child + 1, r});
  }
  CHECK(leaves == one.leaves);
  CHECK(with_integral * 2 >= leaves);  // the error has a sign on most leaves (not at the 4 zeros)
  CHECK(low == one.integral_lower);
  CHECK(high == *one.integral_upper);
}

TEST_CASE("lp_norm: budgets and bad options") {
  const Program prog = expression_error_program("0", "x0*x1", 2);
  LpNormOptions o;
  o.p = 1;
  o.rel_tol = Rational(0);
  o.max_boxes = 9;
  const LpNormResult r = lp_norm(prog, parse_domain("[0,1]^2"), o);
  CHECK(r.status == SupNormStatus::BudgetExhausted);
  CHECK(r.boxes <= 9);
  CHECK(pow_int(r.lower, 1) <= Rational(1) / Rational(4));  // the bounds hold whatever the status
  CHECK(Rational(1) / Rational(4) <= *r.upper);
  CHECK_THROWS_AS(lp_norm(prog, parse_domain("[0,1]x[1,1]"), o), std::invalid_argument);  // zero volume
  o.p = 0;
  CHECK_THROWS_AS(lp_norm(prog, parse_domain("[0,1]^2"), o), std::invalid_argument);
  o.p = kMaxLpExponent + 1;
  CHECK_THROWS_AS(lp_norm(prog, parse_domain("[0,1]^2"), o), std::invalid_argument);
}
