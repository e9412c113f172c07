// "Encloses zero within tau" certifies |x| <= tau, never x = 0. References: closed forms
// (sin(pi) = 0 exactly; |1e-30| = 1e-30 and |-1e-50| = 1e-50 exactly).
#include <doctest/doctest.h>

#include "chain/encloses_zero.hpp"

using namespace approxcert;
using namespace approxcert::chain;

namespace {

Verdict verdict(const Outcome& o) { return decide(Relation::LessEqual, o.lhs.value, o.rhs.value); }

const Side& reported_x(const Outcome& o) {
  REQUIRE(o.reported.size() == 1);
  REQUIRE(o.reported[0].first == "x");
  return o.reported[0].second;
}

}  // namespace

TEST_CASE_TEMPLATE("encloses_zero: sin(pi) encloses zero within 1e-30 at 128..512 bits", S, Ball, Interval) {
  for (long bits : {128L, 256L, 512L}) {
    CAPTURE(bits);
    const Prec p(bits);
    S pi, s;
    set_pi(pi, p);
    sin(s, pi, p);
    const Outcome o = encloses_zero_within(s, parse_rational("1e-30"), p);
    CHECK(verdict(o) == Verdict::Proved);
    CHECK(o.lhs.value.contains(Rational(0)));  // |sin(pi)| = 0 is enclosed
    CHECK(reported_x(o).value.contains(Rational(0)));
    CHECK(reported_x(o).evidence.note.find("contains 0") != std::string::npos);
  }
}

TEST_CASE_TEMPLATE("encloses_zero: 1e-30 is refused with tau 1e-40, and a proved bound may still exclude 0", S, Ball,
                   Interval) {
  const Prec p(128);
  S x;
  set(x, parse_rational("1e-30"), p);
  const Outcome o = encloses_zero_within(x, parse_rational("1e-40"), p);
  CHECK(verdict(o) == Verdict::Refuted);
  CHECK(o.lhs.value.contains(parse_rational("1e-30")));
  CHECK_FALSE(reported_x(o).value.contains(Rational(0)));

  // |-1e-50| <= 1e-40 is proved, and the record says the enclosure proves x != 0.
  S y;
  set(y, parse_rational("-1e-50"), p);
  const Outcome q = encloses_zero_within(y, parse_rational("1e-40"), p);
  CHECK(verdict(q) == Verdict::Proved);
  CHECK(q.lhs.value.contains(parse_rational("1e-50")));
  CHECK(reported_x(q).evidence.note.find("excludes 0") != std::string::npos);

  // Exactly zero: proved with tau = 0.
  S zero;
  set(zero, Rational(0), p);
  CHECK(verdict(encloses_zero_within(zero, Rational(0), p)) == Verdict::Proved);
  CHECK_THROWS_AS(encloses_zero_within(zero, Rational(-1), p), std::logic_error);
}
