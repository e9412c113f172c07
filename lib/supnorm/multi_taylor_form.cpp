#include "supnorm/multi_taylor_form.hpp"

#include <stdexcept>

#include "forms/dirty_solve.hpp"
#include "forms/dyadic.hpp"
#include "supnorm/polynomial_extremum.hpp"
#include "supnorm/second_order_form.hpp"

namespace approxcert {

namespace {

// Arb's precision for the one-variable series of the functions (MultiSeries' c_j): a little above
// that of the double coefficients.
const Prec kSeriesPrec(64);

std::size_t checked_order(std::size_t order) {
  if (order < 2) throw std::invalid_argument("MultiTaylorForm: the order must be at least 2");
  return order;
}

}  // namespace

MultiTaylorForm::MultiTaylorForm(const Program& prog, NodeId out, std::size_t order)
    : out_(out),
      order_(checked_order(order)),
      centre_table_(monomial_table(prog.num_inputs(), order_)),
      box_table_(monomial_table(prog.num_inputs(), order_ + 1)),
      centre_(prog, kSeriesPrec),
      box_(prog, kSeriesPrec) {}

bool MultiTaylorForm::affordable(std::size_t d, std::size_t order) {
  double monomials = 1;  // C(d + K, K) with K = order + 1
  for (std::size_t j = 1; j <= order + 1; ++j)
    monomials = monomials * static_cast<double>(d + j) / static_cast<double>(j);
  return monomials <= 2000;
}

std::optional<MultiTaylorBound> MultiTaylorForm::bound(const Box& box) {
  const std::size_t d = box.dim();
  const Rational half(mpz_class(1), mpz_class(2));
  // The centre m as a FastInterval (a point when the dyadic is a double); the polynomial's
  // coefficients then hold at every point c of it, and h = x - c lies in [lo - c.hi, hi - c.lo].
  std::vector<FastInterval> centre(d), coordinate(d);
  std::vector<Range> offsets(d);
  std::vector<Rational> m(d);
  for (std::size_t i = 0; i < d; ++i) {
    m[i] = dyadic_near((box.lo[i] + box.hi[i]) * half, box.lo[i], box.hi[i]);
    set(centre[i], m[i], kSeriesPrec);
    set_interval(coordinate[i], box.lo[i], box.hi[i], kSeriesPrec);
    offsets[i] = Range{min(box.lo[i] - upper(centre[i]), Rational(0)), max(box.hi[i] - lower(centre[i]), Rational(0))};
  }
  in_.resize(d);
  for (std::size_t i = 0; i < d; ++i) in_[i] = multi_series_variable(centre[i], i, centre_table_);
  centre_.run(in_);
  const MultiSeries P = centre_.value(out_);
  if (!is_finite(P)) return std::nullopt;
  for (std::size_t i = 0; i < d; ++i) in_[i] = multi_series_variable(coordinate[i], i, box_table_);
  box_.run(in_);
  const MultiSeries& R = box_.value(out_);
  if (!is_finite(R)) return std::nullopt;

  // Constant, linear and quadratic parts (P of order >= 2: a constant P has every coefficient 0).
  auto coefficient = [&](const std::vector<unsigned>& alpha) { return P.coefficient(centre_table_.index_of(alpha)); };
  SecondOrderTerms terms{range_of(P.value()), std::vector<Range>(d),
                         std::vector<std::vector<Range>>(d, std::vector<Range>(d))};
  std::vector<unsigned> alpha(d, 0);
  for (std::size_t i = 0; i < d; ++i) {
    alpha[i] = 1;
    terms.gradient[i] = range_of(coefficient(alpha));
    for (std::size_t j = 0; j < d; ++j) {
      ++alpha[j];
      const Range c = range_of(coefficient(alpha));
      terms.hessian[i][j] = i == j ? Range{c.lo * Rational(2), c.hi * Rational(2)} : c;
      --alpha[j];
    }
    alpha[i] = 0;
  }
  Range range = second_order_range(terms, offsets);

  // The terms of degree 3..k of P and the remainder's of degree k + 1, by interval products over
  // the offsets.
  std::vector<FastInterval> h(d);
  for (std::size_t i = 0; i < d; ++i) set_interval(h[i], offsets[i].lo, offsets[i].hi, kSeriesPrec);
  auto terms_of_degree = [&](const MultiSeries& s, const MonomialTable& t, std::size_t from, std::size_t to) {
    FastInterval sum{};
    for (std::size_t k = t.first_of_degree[from]; k < t.first_of_degree[to + 1]; ++k) {
      FastInterval term = s.coefficient(k), power;
      for (std::size_t i = 0; i < d; ++i) {
        if (t.exponents[k][i] == 0) continue;
        pow_int(power, h[i], static_cast<long>(t.exponents[k][i]), kSeriesPrec);
        mul(term, term, power, kSeriesPrec);
      }
      add(sum, sum, term, kSeriesPrec);
    }
    return sum;
  };
  const FastInterval cubic_and_up = order_ >= 3 ? terms_of_degree(P, centre_table_, 3, order_) : FastInterval{};
  const FastInterval remainder = terms_of_degree(R, box_table_, order_ + 1, order_ + 1);
  if (!is_finite(cubic_and_up) || !is_finite(remainder)) return std::nullopt;
  const Range rem = range_of(remainder);
  range = range + range_of(cubic_and_up) + rem;

  // dirty: s, one Newton step on P's quadratic part from 0 (in h), kept in the offsets' box: the
  // point where P's ends near a definite extremum are re-expanded, and a witness candidate.
  std::vector<std::vector<double>> H(d, std::vector<double>(d));
  std::vector<double> g(d);
  for (std::size_t i = 0; i < d; ++i) {
    g[i] = -(terms.gradient[i].lo + terms.gradient[i].hi).dirty_to_double() / 2;
    for (std::size_t j = 0; j < d; ++j)
      H[i][j] = (terms.hessian[i][j].lo + terms.hessian[i][j].hi).dirty_to_double() / 2;
  }
  const std::vector<double> step = dirty_solve(H, g);
  std::vector<Rational> s(d, Rational(0));
  if (!step.empty())
    for (std::size_t i = 0; i < d; ++i) s[i] = dyadic_near(dirty_dyadic(step[i]), offsets[i].lo, offsets[i].hi, 40);
  if (const std::optional<Rational> hi = polynomial_end_near_extremum(P, offsets, s, true))
    range.hi = min(range.hi, *hi + rem.hi);
  if (const std::optional<Rational> lo = polynomial_end_near_extremum(P, offsets, s, false))
    range.lo = max(range.lo, *lo + rem.lo);
  if (range.hi < range.lo) throw std::logic_error("MultiTaylorForm: disjoint enclosures (a soundness bug)");

  MultiTaylorBound b{range, m};
  for (std::size_t i = 0; i < d; ++i) b.dirty_best_point[i] = min(max(m[i] + s[i], box.lo[i]), box.hi[i]);
  return b;
}

}  // namespace approxcert
