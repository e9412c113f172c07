#pragma once
// Range: a closed interval [lo, hi] with exact rational endpoints, and exact interval arithmetic
// on it (no rounding: every result is the exact image of its inputs' sets).
// Beside chain::Enclosure because the two contracts differ: a Range is a finite operand that may
// come out empty (intersect); an Enclosure is a claim side's record, never empty, maybe unbounded.
#include "scalar/rational.hpp"

namespace approxcert {

struct Range {
  Rational lo, hi;
  bool contains(const Rational& x) const { return lo <= x && x <= hi; }
};

// [lower(b), upper(b)] of a rigorous scalar (Ball, Interval): encloses b. b must be finite (else
// std::domain_error).
template <class S>
Range range_of(const S& b) {
  return {lower(b), upper(b)};
}

inline Range operator+(const Range& a, const Range& b) { return {a.lo + b.lo, a.hi + b.hi}; }

// The exact product set's hull: min and max of the four endpoint products.
inline Range operator*(const Range& a, const Range& b) {
  const Rational p1 = a.lo * b.lo, p2 = a.lo * b.hi, p3 = a.hi * b.lo, p4 = a.hi * b.hi;
  return {min(min(p1, p2), min(p3, p4)), max(max(p1, p2), max(p3, p4))};
}

// Intersection; empty (lo > hi) when the ranges are disjoint.
inline Range intersect(const Range& a, const Range& b) { return {max(a.lo, b.lo), min(a.hi, b.hi)}; }

// max |x| over the range, and min |x| (0 when the range contains 0).
inline Rational abs_max(const Range& r) { return max(-r.lo, r.hi); }
inline Rational abs_min(const Range& r) {
  if (r.lo.sign() > 0) return r.lo;
  if (r.hi.sign() < 0) return -r.hi;
  return Rational(0);
}

}  // namespace approxcert
