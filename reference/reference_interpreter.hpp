#pragma once
// An independent reference for soundness soaks: the network MODEL (net/network.hpp) interpreted
// layer by layer with MPFR at high precision, written apart from the lowering (net/lower.cpp) and
// the generic evaluator. Its values are approximations (round to nearest at `prec` bits), not
// enclosures: a soak compares them with certified enclosures allowing only for their own rounding
// (reference_tolerance), which at 512 bits is far below the widths of the enclosures checked.
#include <mpfr.h>

#include <vector>

#include "net/network.hpp"

namespace approxcert::soak {

// An MPFR number owning its storage.
class Mp {
 public:
  explicit Mp(long prec);
  Mp(const Mp& o);
  Mp& operator=(const Mp& o);
  ~Mp();
  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }

 private:
  mpfr_t v_;
};

// The network's outputs at x (sequence inputs column by column; sequence outputs likewise).
std::vector<Mp> reference_outputs(const Network& net, const std::vector<Rational>& x, long prec);

// An upper bound on |reference - exact| for a value of magnitude |v| computed at `prec` bits by
// the soak's networks (few layers, few terms): 2^(20 - prec) (1 + |v|).
Rational reference_tolerance(const Mp& v, long prec);

}  // namespace approxcert::soak
