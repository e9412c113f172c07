#pragma once
// A cheap certain-domain-error check before a long run: a problem whose box contains a point where
// the program is certainly undefined (log1p(x) on [-2, 1]) is refused up front rather than bounded
// for minutes before it gives up.
//
// Rule (docs/target.md): the program is evaluated with balls at sample points of the box (the
// centre, the corners up to dimension 6, else the lowest and highest corner, and 17 equally
// spaced points on each coordinate line through the centre up to dimension 16; at least the centre
// and two corners, and no more points than keep the work under 2 million node evaluations). A violation is an
// argument that is certainly outside its function's domain at one of them: log, log2, log10 <= 0;
// log1p <= -1; sqrt < 0; asin, acos outside [-1, 1]; acosh < 1; atanh outside (-1, 1); the base of
// a real power (pow, x^y) <= 0. Division by zero, negative integer powers at 0 and poles of tan are
// not checked (a removable singularity such as sin(x)/x at 0 is the business of relative mode).
// Guarantee: a reported violation is real (the ball encloses the exact argument at an exact
// point of the box); no report proves nothing.
#include <optional>
#include <string>
#include <vector>

#include "domain/domain.hpp"
#include "net/program.hpp"

namespace approxcert {

struct DomainViolation {
  std::vector<Rational> point;  // an exact point of the box
  std::string function;         // "log1p"
  std::string argument;         // an enclosure of the argument there, as text
  std::string domain;           // the function's domain, as text ("> -1")
};

std::optional<DomainViolation> find_domain_violation(const Program& prog, const Box& box);

// "log1p is undefined at x0 = -2: its argument -2.000000000 is not > -1" (one line).
std::string describe(const DomainViolation& v);

}  // namespace approxcert
