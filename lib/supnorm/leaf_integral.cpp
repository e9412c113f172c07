#include "supnorm/leaf_integral.hpp"

#include <stdexcept>

namespace approxcert {

namespace {

// [a^n, b^n] for 0 <= a <= b.
Range power_of_positive(const Range& r, long n) { return {pow_int(r.lo, n), pow_int(r.hi, n)}; }

}  // namespace

std::optional<Range> mean_value_leaf_integral(const Box& box, unsigned long p, const Range& F, std::span<const Range> G,
                                              std::span<const Rational> centre, const Range& V) {
  const std::size_t d = box.dim();
  if (p < 1 || G.size() != d || centre.size() != d) return std::nullopt;
  if (F.lo.sign() <= 0 && F.hi.sign() >= 0) return std::nullopt;  // the sign of f is not certified
  for (std::size_t i = 0; i < d; ++i)
    if (!(box.lo[i] <= centre[i] && centre[i] <= box.hi[i])) return std::nullopt;
  const bool negative = F.hi.sign() < 0;
  const auto signed_range = [&](const Range& r) { return negative ? Range{-r.hi, -r.lo} : r; };
  const long n = static_cast<long>(p);

  const Range sF = signed_range(F);                 // 0 < sF.lo
  const Range sV = intersect(signed_range(V), sF);  // both contain s f(c)
  if (sV.hi < sV.lo) return std::nullopt;           // disjoint enclosures: not ours to certify
  Rational vol(1);
  for (std::size_t i = 0; i < d; ++i) vol *= box.hi[i] - box.lo[i];

  const Range outer_slope = power_of_positive(sF, n - 1) * Range{Rational(n), Rational(n)};  // p (sF)^(p-1)
  Range mean = power_of_positive(sV, n);                                                     // phi(c)
  for (std::size_t i = 0; i < d; ++i) {
    const Rational w = box.hi[i] - box.lo[i];
    if (w.sign() == 0) continue;  // h_i = 0 on the box
    const Range Phi = outer_slope * signed_range(G[i]);
    const Rational gamma = (Phi.lo + Phi.hi) / Rational(2), rho = (Phi.hi - Phi.lo) / Rational(2);
    const Rational a = box.hi[i] - centre[i], b = centre[i] - box.lo[i];
    const Rational mu = (a - b) / Rational(2);                // mean of x_i - c_i
    const Rational nu = (a * a + b * b) / (Rational(2) * w);  // mean of |x_i - c_i|
    mean = mean + Range{gamma * mu - rho * nu, gamma * mu + rho * nu};
  }
  const Range zeroth = power_of_positive(sF, n);  // m^p <= phi <= M^p on the box
  const Range both = intersect(mean, zeroth);
  if (both.hi < both.lo)
    throw std::logic_error(
        "mean_value_leaf_integral: the mean-value and zeroth-order enclosures are disjoint (a soundness bug)");
  return Range{vol * both.lo, vol * both.hi};
}

}  // namespace approxcert
