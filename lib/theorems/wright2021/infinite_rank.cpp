// Infinite rank versus numerical rank (spec §2.1, §4.7): W-C9. e^{xy} is strictly totally
// positive, so every Gram [e^{x_i x_j}] on increasing points has a positive determinant, at every
// size; a degree-p polynomial kernel in one variable has rank <= p + 1, so its Gram on more points
// is singular (checked exactly).
#include "chain/matrix_claims.hpp"
#include "linalg/eigen.hpp"
#include "linalg/kernel_gram.hpp"
#include "theorems/wright2021/kernel.hpp"
#include "theorems/wright2021/theorems.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

using chain::Outcome;
using chain::Relation;
using chain::Side;

constexpr std::uint64_t kMaxSize = 24;

// The points x_i = i h, i = 0..n-1, as an n x 1 matrix.
ExactMatrix grid(const Rational& h, std::uint64_t n) {
  ExactMatrix X(static_cast<long>(n), 1);
  for (std::uint64_t i = 0; i < n; ++i) X.set(static_cast<long>(i), 0, count_q(i) * h);
  return X;
}

BallMatrix exp_gram(const ExactMatrix& X, Prec p) {
  BallMatrix K;
  Ball one;
  set(one, Rational(1), p);
  exp_bilinear_gram(K, X, ExactMatrix::identity(1), X, one, p);
  return K;
}

std::vector<std::uint64_t> read_sizes(const chain::Parameters& p, const std::string& name, std::uint64_t lo,
                                      std::uint64_t hi) {
  std::vector<std::uint64_t> r;
  for (const Rational& n : p.rationals(name)) {
    if (!n.is_integer() || n < count_q(lo) || n > count_q(hi))
      p.fail(name, "sizes must be integers in " + std::to_string(lo) + ".." + std::to_string(hi));
    r.push_back(static_cast<std::uint64_t>(n.num().get_ui()));
  }
  return r;
}

}  // namespace

chain::Chain build_infinite_rank(const chain::Parameters& p) {
  const Rational h = p.rational("spacing");
  if (h.sign() <= 0 || h > Rational(10)) p.fail("spacing", "must lie in (0, 10]");
  const std::uint64_t n_min = p.count("n_min"), n_max = p.count("n_max");
  if (n_min < 2) p.fail("n_min", "must be at least 2");
  if (n_max < n_min || n_max > kMaxSize) p.fail("n_max", "must lie in n_min.." + std::to_string(kMaxSize));
  const std::uint64_t degree = p.count("poly_degree");
  const std::uint64_t poly_points = p.count("poly_points");
  if (degree < 1 || degree > 8) p.fail("poly_degree", "must lie in 1..8");
  if (poly_points <= degree + 1 || poly_points > kMaxSize)
    p.fail("poly_points", "must exceed poly_degree + 1 (the rank bound) and be at most " + std::to_string(kMaxSize));
  std::vector<std::uint64_t> det_sizes, spectrum_sizes;
  std::vector<SpecNumber> spec_det, spec_lmin, spec_lmax, spec_cond;
  if (p.has("spec_det_sizes")) {
    det_sizes = read_sizes(p, "spec_det_sizes", 2, kMaxSize);
    spec_det = read_spec(p, "spec_det", det_sizes.size());
  }
  if (p.has("spec_spectrum_sizes")) {
    spectrum_sizes = read_sizes(p, "spec_spectrum_sizes", 2, kMaxSize);
    spec_lmin = read_spec(p, "spec_lambda_min", spectrum_sizes.size());
    spec_lmax = read_spec(p, "spec_lambda_max", spectrum_sizes.size());
    spec_cond = read_spec(p, "spec_condition", spectrum_sizes.size());
  }

  chain::Chain c;
  c.add({.id = "W-C9",
         .claim = "infinite rank: det[e^{x_i x_j}] > 0 on the increasing points x_i = i h at every tested size n",
         .symbols = "det[e^{x_i x_j}]_{i,j<n} > 0, n = n_min..n_max",
         .relation = chain::determinant_sign_relation(1),
         .lhs_name = "det",
         .rhs_name = "0",
         .reference = "§2.1 (total positivity)",
         .status = "P2",
         .mode = "CF",
         .coq_lemma = "wright_rank_C9",
         .coq_note = kNoCoqLemma},
        chain::ball([h, n_min, n_max](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          for (std::uint64_t n = n_min; n <= n_max; ++n) {
            Ball dt;
            det(dt, exp_gram(grid(h, n), a.prec), a.prec);
            fa.add(chain::Point{}.add("n", count_q(n)), Side::enclosure(dt), Side::exact(Rational(0)));
          }
          return fa.outcome();
        }));
  const ExactMatrix Y = grid(h, poly_points);
  ExactMatrix P(Y.rows(), Y.rows());
  for (long i = 0; i < Y.rows(); ++i)
    for (long j = 0; j < Y.rows(); ++j)
      P.set(i, j, pow_int(Rational(1) + Y.at(i, 0) * Y.at(j, 0), static_cast<long>(degree)));
  c.add({.id = "W-C9.poly",
         .claim = "the degree-p polynomial kernel (1 + xy)^p has rank p + 1 = binom(1+p, p) on the same points (exact)",
         .symbols = "rank [(1 + x_i x_j)^p] = p + 1",
         .relation = Relation::Equal,
         .lhs_name = "rank",
         .rhs_name = "p + 1",
         .reference = "§2.1",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "wright_rank_C9_poly",
         .coq_note = kNoCoqLemma},
        chain::exact([P, degree] {
          return Outcome(Side::exact(Rational(rank(P)), "exact Gaussian elimination"), Side::exact(count_q(degree + 1)))
              .report("det", Side::exact(det(P)));
        }));
  c.add({.id = "W-C9.polydet",
         .claim = "so its Gram on more than p + 1 points is singular: det = 0 exactly",
         .symbols = "det [(1 + x_i x_j)^p] = 0",
         .relation = chain::determinant_sign_relation(0),
         .lhs_name = "det",
         .rhs_name = "0",
         .reference = "§2.1, §4.7",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "wright_rank_C9_polydet",
         .coq_note = kNoCoqLemma},
        chain::exact([P] { return chain::determinant_claim(P); }));
  if (!det_sizes.empty())
    c.add({.id = "W-C9.C",
           .claim = "the determinants reproduce the spec's printed values",
           .symbols = "det_n in spec +- 1 ulp",
           .relation = Relation::InClosed,
           .lhs_name = "det",
           .rhs_name = "[spec - ulp, spec + ulp]",
           .reference = "§4.7",
           .status = "C",
           .mode = "CF",
           .coq_lemma = "wright_rank_C9_C",
           .coq_note = kNoCoqLemma},
          chain::ball([h, det_sizes, spec_det](const chain::Attempt& a) {
            chain::ForAll fa = a.for_all();
            for (std::size_t i = 0; i < det_sizes.size(); ++i) {
              Ball dt;
              det(dt, exp_gram(grid(h, det_sizes[i]), a.prec), a.prec);
              const Outcome o = matches_spec(dt, spec_det[i]);
              fa.add(chain::Point{}.add("n", count_q(det_sizes[i])), o.lhs, o.rhs, *o.rhs_high);
            }
            return fa.outcome();
          }));
  if (!spectrum_sizes.empty())
    c.add(
        {.id = "W-C9.spectrum",
         .claim =
             "the certified extreme eigenvalues and condition numbers reproduce the spec's values (numerical rank collapses)",
         .symbols = "lambda_min, lambda_max, lambda_max/lambda_min in spec +- 1 ulp",
         .relation = Relation::InClosed,
         .lhs_name = "certified value",
         .rhs_name = "[spec - ulp, spec + ulp]",
         .reference = "§4.7",
         .status = "C",
         .mode = "CF",
         .coq_lemma = "wright_rank_C9_spectrum",
         .coq_note = kNoCoqLemma},
        chain::ball([h, spectrum_sizes, spec_lmin, spec_lmax, spec_cond](const chain::Attempt& a) {
          chain::ForAll fa = a.for_all();
          for (std::size_t i = 0; i < spectrum_sizes.size(); ++i) {
            std::vector<Ball> lambda;
            Ball lmin = indeterminate(a.prec), lmax = indeterminate(a.prec), cond = indeterminate(a.prec);
            if (symmetric_eigenvalues(lambda, exp_gram(grid(h, spectrum_sizes[i]), a.prec), a.prec)) {
              lmin = lambda.front();
              lmax = lambda.back();
              div(cond, lmax, lmin, a.prec);
            }
            const chain::Point at = chain::Point{}.add("n", count_q(spectrum_sizes[i]));
            for (int col = 0; col < 3; ++col) {
              const Ball& v = col == 0 ? lmin : col == 1 ? lmax : cond;
              const SpecNumber& sp = col == 0 ? spec_lmin[i] : col == 1 ? spec_lmax[i] : spec_cond[i];
              const Outcome o = matches_spec(v, sp, "Arb certified eigenvalue enclosure");
              fa.add(chain::Point(at).add("column", Rational(col + 1)), o.lhs, o.rhs, *o.rhs_high);
            }
          }
          return fa.outcome();
        }));
  return c;
}

}  // namespace approxcert::theorems::wright2021
