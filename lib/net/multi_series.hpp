#pragma once
// MultiSeries: a truncated Taylor series in d variables, u(x0 + t) = sum_{|alpha| <= K} u_alpha t^alpha
// + O(|t|^(K+1)), with FastInterval coefficients (outward-rounded doubles), as a Scalar, so the ONE
// generic evaluator computes multivariate Taylor coefficients of any program (Evaluator<MultiSeries>).
// The d-variable analogue of Series (series.hpp).
//
// Guarantee: if input i is seeded by multi_series_variable(X_i, i, table) and the program is
// evaluated, then for every node u and every xi in the box X = prod X_i, coefficient alpha of the
// node's series encloses D^alpha u(xi) / alpha!, provided every coefficient is finite. Seeded with
// points c_i (X_i of width 0) the coefficients enclose those of the Taylor polynomial at c. A node
// whose function may fail to be smooth on X (relu, step, abs, min, max, hull whose argument is
// undecided on X) or an argument leaving a function's domain gets indeterminate coefficients, which
// is_finite() reports; decided branches are taken exactly, as in Series.
//
// How: sums, differences and products coefficient by coefficient (the truncated Cauchy product);
// a function f of a series a with value enclosure a_0 is f(a) = sum_j c_j (a - a_0)^j, Horner's
// scheme in the truncated algebra (the powers of a - a_0 vanish above K), where c_j encloses
// f^(j)(y)/j! for every y in a_0, taken from Series run on the one-variable series a_0 + s
// (Faa di Bruno's formula is polynomial in those enclosures, so the interval result encloses it).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "scalar/fast_interval.hpp"
#include "scalar/prec.hpp"
#include "scalar/rational.hpp"
#include "scalar/truth.hpp"

namespace approxcert {

// The monomials t^alpha of d variables with |alpha| <= K in graded order (degree 0 first), and
// the pairs whose product stays within degree K. One table per (d, K), shared and never freed.
struct MonomialTable {
  std::size_t d = 0, order = 0;                  // order: K, the highest total degree kept
  std::vector<std::vector<unsigned>> exponents;  // alpha of each index
  std::vector<unsigned> degree;                  // |alpha| of each index
  std::vector<std::size_t> first_of_degree;      // index of the first monomial of degree k, k = 0..K+1
  struct Product {
    std::uint32_t a, b, r;
  };                                               // t^alpha_a t^alpha_b = t^alpha_r
  std::vector<Product> products;                   // every pair with |alpha_a| + |alpha_b| <= K, both >= 1,
                                                   // by increasing |alpha_a| + |alpha_b|
  std::vector<std::size_t> products_up_to_degree;  // [n]: how many products have degree <= n, n = 0..K
  std::size_t size() const { return exponents.size(); }
  std::size_t variable(std::size_t i) const { return 1 + i; }      // the index of t_i
  std::size_t index_of(const std::vector<unsigned>& alpha) const;  // SIZE_MAX if |alpha| > K
};
// The table of (d, K) (thread-safe; d >= 1, K <= 16, size at most 2^20, else std::invalid_argument).
const MonomialTable& monomial_table(std::size_t d, std::size_t order);

class MultiSeries {
 public:
  MultiSeries() : c_(1) {}                               // exactly 0 (a constant)
  const MonomialTable* table() const { return table_; }  // null: a constant (no t terms)
  const std::vector<FastInterval>& coefficients() const { return c_; }
  // Coefficient of monomial `index` of the table (exactly 0 for a constant beyond index 0).
  FastInterval coefficient(std::size_t index) const { return index < c_.size() ? c_[index] : FastInterval{}; }
  const FastInterval& value() const { return c_[0]; }

  // For the operations (multi_series.cpp).
  std::vector<FastInterval>& mutable_coefficients() { return c_; }
  void set_table(const MonomialTable* t) {
    table_ = t;
    c_.assign(t ? t->size() : 1, FastInterval{});
  }

 private:
  const MonomialTable* table_ = nullptr;
  std::vector<FastInterval> c_;
};

// The series x + t_i of input i (x a FastInterval: the box's coordinate, or a point).
MultiSeries multi_series_variable(const FastInterval& x, std::size_t i, const MonomialTable& table);

// One line per operation (the Prec argument sets only the precision of the Arb one-variable series
// that give the c_j of the functions; tests/net/multi_series_test.cpp):
void set(MultiSeries& r, const Rational& q, Prec p);                           // the constant q, rounded outward
void set_pi(MultiSeries& r, Prec p);                                           // a constant containing pi
void add(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p);  // coefficientwise
void sub(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p);  // coefficientwise
void mul(MultiSeries& r, const MultiSeries& a, const MultiSeries& b,
         Prec p);  // truncated Cauchy product (a constant scales)
void addmul(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p);  // r + a b, as mul then add
void div(MultiSeries& r, const MultiSeries& a, const MultiSeries& b,
         Prec p);                                // a (1/b), 1/b composed; indeterminate if b's value may be 0
void neg(MultiSeries& r, const MultiSeries& a);  // coefficientwise, exact
void pow_int(MultiSeries& r, const MultiSeries& a, long n,
             Prec p);  // composed with y^n (n < 0: indeterminate if a's value may be 0)
// Each composed with Series' function (indeterminate where Series' is, e.g. log at a value <= 0);
// a constant argument goes through FastInterval's function. tanh and sigmoid take Series'
// recurrence in FastInterval instead (multi_series.cpp).
void exp(MultiSeries& r, const MultiSeries& a, Prec p);
void log(MultiSeries& r, const MultiSeries& a, Prec p);
void expm1(MultiSeries& r, const MultiSeries& a, Prec p);
void log1p(MultiSeries& r, const MultiSeries& a, Prec p);
void log2(MultiSeries& r, const MultiSeries& a, Prec p);
void log10(MultiSeries& r, const MultiSeries& a, Prec p);
void asin(MultiSeries& r, const MultiSeries& a, Prec p);
void acos(MultiSeries& r, const MultiSeries& a, Prec p);
void sinh(MultiSeries& r, const MultiSeries& a, Prec p);
void cosh(MultiSeries& r, const MultiSeries& a, Prec p);
void asinh(MultiSeries& r, const MultiSeries& a, Prec p);
void acosh(MultiSeries& r, const MultiSeries& a, Prec p);
void atanh(MultiSeries& r, const MultiSeries& a, Prec p);
void erf(MultiSeries& r, const MultiSeries& a, Prec p);
void erfc(MultiSeries& r, const MultiSeries& a, Prec p);
void sqrt(MultiSeries& r, const MultiSeries& a, Prec p);
void sin(MultiSeries& r, const MultiSeries& a, Prec p);
void cos(MultiSeries& r, const MultiSeries& a, Prec p);
void tan(MultiSeries& r, const MultiSeries& a, Prec p);
void atan(MultiSeries& r, const MultiSeries& a, Prec p);
void tanh(MultiSeries& r, const MultiSeries& a, Prec p);
void sigmoid(MultiSeries& r, const MultiSeries& a, Prec p);
void pow(MultiSeries& r, const MultiSeries& a, const MultiSeries& b,
         Prec p);  // b constant: composed with y^b; else exp(b log a)
void relu(MultiSeries& r, const MultiSeries& a,
          Prec p);  // a where a >= 0 on X, exactly 0 where a <= 0, else indeterminate
void step(MultiSeries& r, const MultiSeries& a,
          Prec p);  // exactly 1 where a >= 0 on X, 0 where a < 0, else indeterminate
void abs(MultiSeries& r, const MultiSeries& a, Prec p);  // a where a >= 0 on X, -a where a <= 0, else indeterminate
void min(MultiSeries& r, const MultiSeries& a, const MultiSeries& b,
         Prec p);  // the argument <= the other on all of X, or the common exact series, else indeterminate
void max(MultiSeries& r, const MultiSeries& a, const MultiSeries& b,
         Prec p);  // the argument >= the other on all of X, or the common exact series, else indeterminate
void hull(MultiSeries& r, const MultiSeries& a, const MultiSeries& b,
          Prec p);  // a if a, b are the same exact series, else indeterminate

// Comparisons of the values (coefficient 0) on the whole box X; equal: True only for identical
// exact series.
Truth less(const MultiSeries& a, const MultiSeries& b);
Truth less_equal(const MultiSeries& a, const MultiSeries& b);
Truth equal(const MultiSeries& a, const MultiSeries& b);
bool is_finite(const MultiSeries& a);    // every coefficient finite
double dirty_mid(const MultiSeries& a);  // non-rigorous: midpoint of the value

}  // namespace approxcert
