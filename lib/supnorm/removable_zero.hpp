#pragma once
// Relative error with removable zeros. A relative-mode program (relative_error_program,
// error_program.hpp) has outputs q = e/t, e = approx - target, t = target. Where t vanishes, q is
// only defined by continuity: at an exact rational point x0 where t has a zero of order m >= 1
// (t^(j)(x0) = 0 for j < m, t^(m)(x0) != 0) and e vanishes to at least the same order, q extends
// analytically through x0 (q = e^/t^ with e = (x - x0)^m e^, t = (x - x0)^m t^). This file finds
// and certifies such zeros; quotient_taylor_model.hpp bounds q near them.
#include <cstddef>
#include <string>
#include <vector>

#include "domain/domain.hpp"
#include "net/program.hpp"
#include "problem/statement.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

// A certified removable zero: t has a zero of exactly `order` at `at` (one input), and e vanishes
// there to at least that order.
struct RemovableZero {
  Rational at;
  long order = 1;
  friend bool operator==(const RemovableZero&, const RemovableZero&) = default;
};

// True when `prog` has the shape relative_error_program builds: one input or more, outputs
// {q, e, t} with q = Div(e, t).
bool is_relative_error_program(const Program& prog);

// The order m of the zero of t at x0 (one-input relative program), certified: the Taylor
// coefficients t_j(x0) and e_j(x0) for j < m are exactly 0 (Arb series at the exact point give
// radius-0 zero balls) and t_m(x0) certainly differs from 0. 0 when t(x0) is not exactly 0 (no
// zero certified there). Throws InputError with the reason when t(x0) is exactly 0 but the zero is
// not a certified removable one (a coefficient neither exactly 0 nor certainly nonzero; e not
// vanishing to the order m: then the relative error is unbounded near x0).
long certify_removable_zero(const Program& prog, const Rational& x0, Prec p);

// The simplest rational in [lo, hi] (smallest denominator, then smallest magnitude): a candidate
// for an exact zero (0, 1/3, 1 ...).
Rational simplest_rational(const Rational& lo, const Rational& hi);

// Covers the domain by boxes on which t certainly does not vanish, except around certified
// removable zeros (one input: on a box containing x0, the hull of t_m over the box excludes 0, so
// x0 is t's only zero there). Returns the zeros found (sorted). Throws InputError beginning with
// `origin` (where relative mode was asked for, e.g. the command's option) and naming the interval
// where t may vanish when no such cover is found within the box budget (a zero that is irrational,
// not removable, or not certified exactly), or certify_removable_zero's reason.
std::vector<RemovableZero> find_removable_zeros(const Program& prog, const Box& domain, Prec p,
                                                const std::string& origin, std::size_t max_boxes = 20000);

}  // namespace approxcert
