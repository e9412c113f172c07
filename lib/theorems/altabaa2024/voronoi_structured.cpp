#include "theorems/altabaa2024/voronoi_structured.hpp"

#include <numeric>
#include <stdexcept>

#include "net/threshold_sweep.hpp"

namespace approxcert::theorems::altabaa2024 {

LayerList voronoi_structured_layers(const RationalVector& sites, VoronoiTie tie) {
  const std::size_t m = sites.size();
  if (m < 2) throw std::logic_error("voronoi_structured_layers: needs at least two sites");
  const bool largest = tie == VoronoiTie::Largest;
  DenseLayer l1;
  for (std::size_t k = 0; k + 1 < m; ++k) {
    const Rational b = (sites[k] + sites[k + 1]) / Rational(2);
    // Smallest: step(b_k - x) = 1[x <= b_k]; largest: step(x - b_k) = 1[x >= b_k].
    l1.weight.push_back({Rational(largest ? 1 : -1)});
    l1.bias.push_back(largest ? -b : b);
  }
  const Rational half = Rational(1) / Rational(2);
  SparseDenseLayer l2{m, m - 1, {}, {}};
  for (std::size_t k = 0; k < m; ++k) {
    if (!largest) {  // z_k = step(g_k - g_{k-1} - 1/2), g_{-1} = 0, g_{m-1} = 1
      if (k > 0) l2.entries.push_back({k, k - 1, Rational(-1)});
      if (k + 1 < m) l2.entries.push_back({k, k, Rational(1)});
      l2.bias.push_back(k + 1 < m ? -half : half);
    } else {  // z_k = step(h_{k-1} - h_k - 1/2), h_{-1} = 1, h_{m-1} = 0
      if (k > 0) l2.entries.push_back({k, k - 1, Rational(1)});
      if (k + 1 < m) l2.entries.push_back({k, k, Rational(-1)});
      l2.bias.push_back(k > 0 ? -half : half);
    }
  }
  return {Layer{std::move(l1)}, Layer{StepLayer{}}, Layer{std::move(l2)}, Layer{StepLayer{}}};
}

std::uint64_t voronoi_structured_neurons(std::uint64_t m) { return 2 * m - 1; }
std::uint64_t voronoi_structured_stored_numbers(std::uint64_t m) { return 2 * (m - 1) + 2 * (m - 1) + m; }

PairRow paper_pair_row(std::int64_t a_i, std::int64_t a_j, VoronoiTie tie) {
  const std::int64_t sign = tie == VoronoiTie::Largest ? -1 : 1;
  return {sign * (a_i - a_j), sign * (a_j * a_j - a_i * a_i)};
}

namespace {

std::int64_t floor_div(std::int64_t p, std::int64_t q) {  // q > 0
  std::int64_t r = p / q;
  if (p % q != 0 && p < 0) --r;
  return r;
}

}  // namespace

QuantiserEquality structured_equals_paper(const RationalVector& sites, VoronoiTie tie) {
  return quantiser_equals_paper(voronoi_structured_layers(sites, tie), sites, tie);
}

QuantiserEquality quantiser_equals_paper(const LayerList& candidate, const RationalVector& sites, VoronoiTie tie) {
  const std::size_t m = sites.size();
  if (m < 2 || m > 65535) throw std::domain_error("quantiser equality: needs 2 <= m <= 65535 sites");
  mpz_class D = 1;
  for (const Rational& s : sites) mpz_lcm(D.get_mpz_t(), D.get_mpz_t(), s.den().get_mpz_t());
  if (mpz_sizeinbase(D.get_mpz_t(), 2) > 24)
    throw std::domain_error("quantiser equality: common denominator above 2^24");
  const std::int64_t d = D.get_si(), top = 4 * d;  // points P / (4D), P = 0..4D
  std::vector<std::int64_t> a;
  for (const Rational& s : sites) {
    if (s.sign() < 0 || s > Rational(1)) throw std::domain_error("quantiser equality: sites must lie in [0, 1]");
    a.push_back(mpz_class(s.num() * (D / s.den())).get_si());
  }
  const bool largest = tie == VoronoiTie::Largest;
  const std::int64_t sign = largest ? -1 : 1;
  // Layer-2 pre-activations times 2 (voronoi_layers: bias 1/2 - (m-1-k), or 1/2 - k when largest;
  // unit (i, j) enters row i with +sign and row j with -sign).
  std::vector<std::int64_t> pre(m);
  for (std::size_t k = 0; k < m; ++k) pre[k] = 1 - 2 * static_cast<std::int64_t>(largest ? k : m - 1 - k);
  // Unit (i, j) is on at P iff w P + 2 b >= 0 (its pre-activation times 4 D^2). Its state at P = 0,
  // and the one P in 1..4D where it changes (if any), bucketed by P.
  std::vector<std::uint32_t> count(static_cast<std::size_t>(top) + 2, 0);
  auto change_point = [top](const PairRow& r) -> std::int64_t {  // 0: no change in 1..4D
    std::int64_t e =
        r.w > 0 ? -floor_div(2 * r.b, r.w) : floor_div(2 * r.b, -r.w) + 1;  // ceil(-2b/w) or floor(2b/-w) + 1
    return e >= 1 && e <= top ? e : 0;
  };
  QuantiserEquality out;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 1; j < m; ++j) {
      const PairRow r = paper_pair_row(a[i], a[j], tie);
      if (r.w == 0) throw std::domain_error("quantiser equality: sites must be distinct");
      if (2 * r.b >= 0) {  // on at P = 0
        pre[i] += 2 * sign;
        pre[j] -= 2 * sign;
      }
      ++count[static_cast<std::size_t>(change_point(r))];
      ++out.paper_units;
    }
  std::vector<std::uint64_t> start(count.size() + 1, 0);
  for (std::size_t p = 0; p < count.size(); ++p) start[p + 1] = start[p] + count[p];
  std::vector<std::uint32_t> events(start.back());
  std::vector<std::uint64_t> fill(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 1; j < m; ++j)
      events[fill[static_cast<std::size_t>(change_point(paper_pair_row(a[i], a[j], tie)))]++] =
          static_cast<std::uint32_t>(i << 16 | j);
  RationalVector points;
  for (std::int64_t p = 0; p <= top; ++p)
    points.push_back(Rational(mpz_class(static_cast<long>(p)), mpz_class(static_cast<long>(top))));
  const auto want = threshold_network_ones(candidate, points);
  std::size_t npos = 0;
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k < m; ++k)
    if (pre[k] >= 0) ++npos, sum += k;
  auto bump = [&](std::size_t k, std::int64_t by) {
    const bool was = pre[k] >= 0;
    pre[k] += by;
    const bool now = pre[k] >= 0;
    if (was != now) {
      if (now) ++npos, sum += k;
      else --npos, sum -= k;
    }
  };
  for (std::int64_t p = 0; p <= top; ++p) {
    const std::size_t bucket = static_cast<std::size_t>(p);
    if (p > 0)
      for (std::uint64_t e = start[bucket]; e < start[bucket + 1]; ++e) {
        const std::size_t i = events[e] >> 16, j = events[e] & 0xffff;
        const std::int64_t dir = paper_pair_row(a[i], a[j], tie).w > 0 ? 1 : -1;  // off -> on, or on -> off
        bump(i, 2 * sign * dir);
        bump(j, -2 * sign * dir);
      }
    ++out.points;
    std::vector<std::size_t> paper;
    if (npos == 1) {
      paper.push_back(static_cast<std::size_t>(sum));
    } else {
      for (std::size_t k = 0; k < m; ++k)
        if (pre[k] >= 0) paper.push_back(k);
    }
    if (paper != want[bucket] && !out.mismatch) out.mismatch = points[bucket];
  }
  return out;
}

}  // namespace approxcert::theorems::altabaa2024
