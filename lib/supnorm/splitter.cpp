#include "supnorm/splitter.hpp"

#include <algorithm>
#include <cmath>

#include "forms/dyadic.hpp"
#include "scalar/double_weight.hpp"

namespace approxcert {

namespace {

// simplest_dyadic_between(lo + w/4, hi - w/4), w = hi - lo: in doubles where every step is exact.
Rational middle_half_dyadic(const Rational& lo, const Rational& hi) {
  const std::optional<double> l = exact_double(lo), h = exact_double(hi);
  if (l && h)
    if (const std::optional<double> w = exact_difference(*l, *h); w && std::isnormal(*w / 4)) {
      const double quarter = *w / 4;  // exact: a normal result of a division by 4
      const std::optional<double> a = exact_difference(-quarter, *l), b = exact_difference(quarter, *h);
      if (a && b)
        if (const std::optional<double> m = simplest_dyadic_between_doubles(*a, *b)) return dirty_dyadic(*m);
    }
  const Rational quarter = (hi - lo) * Rational(mpz_class(1), mpz_class(4));
  return simplest_dyadic_between(lo + quarter, hi - quarter);
}

}  // namespace

std::optional<Split> choose_split(const Box& box, const std::vector<double>& dirty_gradient, const Box& domain) {
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t best = kNone;
  double best_score = -1;
  bool by_gradient = !dirty_gradient.empty();
  for (int pass = 0; pass < 2 && best == kNone; ++pass) {
    for (std::size_t i = 0; i < box.dim(); ++i) {
      if (!(box.lo[i] < box.hi[i])) continue;
      const double width = dirty_width(box.lo[i], box.hi[i]);
      const double domain_width = dirty_width(domain.lo[i], domain.hi[i]);
      const double score = by_gradient ? width * dirty_gradient[i] : width / domain_width;
      if (!(score > best_score)) continue;
      best_score = score;
      best = i;
    }
    // f does not vary along any splittable coordinate as far as the gradient tells: use widths.
    if (by_gradient && !(best_score > 0)) {
      best = kNone;
      best_score = -1;
      by_gradient = false;
    }
  }
  if (best == kNone) return std::nullopt;
  return Split{best, middle_half_dyadic(box.lo[best], box.hi[best])};
}

std::pair<Box, Box> split_box(const Box& box, const Split& s) {
  std::pair<Box, Box> halves{box, box};
  halves.first.hi[s.dim] = s.at;
  halves.second.lo[s.dim] = s.at;
  return halves;
}

std::size_t dirty_split_levels(const Box& box, double upper, double prune_at, std::size_t max_levels) {
  // Measured on tanh width 64, d = 4 (170k boxes with one cut each): cutting when upper > 2 prune_at
  // left 119k boxes; 1.25 and 3 left 139k and 144k (over- and under-cutting boxes of width 1/8).
  constexpr double kFar = 2;
  if (!(prune_at > 0) || !(upper > kFar * prune_at)) return 1;
  std::size_t wide = 0;
  for (std::size_t i = 0; i < box.dim(); ++i) wide += box.lo[i] < box.hi[i];
  return std::max<std::size_t>(1, std::min(wide, max_levels));
}

}  // namespace approxcert
