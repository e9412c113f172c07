#pragma once
// THE layer-by-layer reference interpreter of networks, for the soundness tests and the soaks
// (bench), independent of the lowering and of the Program IR: it walks the Network model (docs/net.md) directly, with
// its own formulas (softmax as exp(s_j - m) / sum_k exp(s_k - m) with m the largest score, hardmax from the exact
// argmax set, layer_norm from mean and variance, piecewise_linear by locating the segment).
//
// Numbers stay exact rationals as long as every value on their path is rational, so kinks and
// hardmax ties of rational networks are decided exactly. Once a transcendental operation enters
// (exp, sigmoid, tanh, sqrt) the value is an MPFR number at 512 bits, rounded to nearest: a reference
// POINT value whose error (about 2^-500 relative per operation) is far below the width of the
// enclosures it is compared with. A kink or tie decided on such a value closer than 2^-400 to the
// branch point throws ReferenceUndecided rather than guessing.
#include <mpfr.h>

#include <optional>
#include <stdexcept>
#include <vector>

#include "net/network.hpp"

namespace approxcert::test {

struct ReferenceUndecided : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class RefNumber {
 public:
  static constexpr mpfr_prec_t kBits = 512;

  RefNumber(const Rational& q);  // NOLINT: exact
  // An exact network number (a constant expression is refused: NotExactError).
  explicit RefNumber(const Number& q) : RefNumber(q.rational()) {}
  RefNumber(const RefNumber& o);
  RefNumber& operator=(const RefNumber& o);
  ~RefNumber();

  bool is_exact() const { return exact_.has_value(); }
  // The value as an exact rational: the exact value, or the (rounded) MPFR value converted exactly.
  Rational value() const;

  friend RefNumber operator+(const RefNumber& a, const RefNumber& b);
  friend RefNumber operator-(const RefNumber& a, const RefNumber& b);
  friend RefNumber operator*(const RefNumber& a, const RefNumber& b);
  friend RefNumber operator/(const RefNumber& a, const RefNumber& b);  // b != 0

  // Sign of a - b: exact for exact numbers, else ReferenceUndecided when too close to call.
  friend int compare(const RefNumber& a, const RefNumber& b);
  // a > b for the rounded values: only for choices that do not change the result (a shift).
  friend bool rounded_greater(const RefNumber& a, const RefNumber& b);

  // Exact at the exact arguments where the value is rational: exp(0) = 1, tanh(0) = 0,
  // sigmoid(0) = 1/2, sqrt of a rational square.
  RefNumber exp() const;
  RefNumber sqrt() const;
  RefNumber tanh() const;
  RefNumber sigmoid() const;  // 1 / (1 + exp(-x))

 private:
  RefNumber();  // inexact, value unset
  static RefNumber from_mpfr_op(const RefNumber& a, const RefNumber& b,
                                int (*op)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t));
  void fill_approx();  // approx_ = exact_ rounded to nearest

  std::optional<Rational> exact_;
  mpfr_t approx_;
};

using RefVector = std::vector<RefNumber>;

// The network's outputs at exact inputs x (input_dim(net) entries; sequence inputs column by
// column), computed layer by layer from the model.
RefVector reference_outputs(const Network& net, const std::vector<Rational>& x);

}  // namespace approxcert::test

// The soak's view of the same interpreter: MPFR numbers at `prec` bits.
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

// The network's outputs at x (sequence inputs column by column; sequence outputs likewise):
// test::reference_outputs rounded to nearest at `prec` bits (its values are exact, or MPFR at 512
// bits); ReferenceUndecided where it cannot decide a kink or tie.
std::vector<Mp> reference_outputs(const Network& net, const std::vector<Rational>& x, long prec);

// An upper bound on |reference - exact| for a value of magnitude |v| computed at `prec` <= 512 bits
// by the soak's networks (few layers, few terms): 2^(20 - prec) (1 + |v|).
Rational reference_tolerance(const Mp& v, long prec);

}  // namespace approxcert::soak
