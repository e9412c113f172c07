#include "theorems/yun2020/error_steps.hpp"

#include <string>

#include "chain/trust_reasons.hpp"

namespace approxcert::theorems::yun2020 {

using chain::Outcome;
using chain::Relation;
using chain::Side;

namespace {

// ||v||_p^p exactly.
Rational norm_p_pow(const std::vector<Rational>& v, std::uint64_t p) {
  Rational s(0);
  for (const Rational& x : v) s += pow_int(abs(x), static_cast<long>(p));
  return s;
}

struct DuplicateSums {
  Rational duplicate_sum;  // sum over duplicate cells of delta^(dn) ||f(L)||_p^p
  Rational max_norm;       // max over G of ||f(L)||_p^p
};

DuplicateSums duplicate_sums(const Context& ctx, std::uint64_t p) {
  const Shape& s = ctx.config.shape;
  const Grid g(s, ctx.config.J, false);
  const Rational cell = pow_int(s.delta(), s.dl() * s.nl());
  DuplicateSums out{Rational(0), Rational(0)};
  std::vector<unsigned> lv;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    g.levels(i, lv);
    const Rational np = norm_p_pow(eval_target(ctx.target, g.corner(lv)), p);
    out.max_norm = max(out.max_norm, np);
    if (!g.distinct_in_range(lv)) out.duplicate_sum += cell * np;
  }
  return out;
}

}  // namespace

namespace {

// "x*x*...*x" (k >= 1 factors): a power the recheck evaluates exactly (recheck.hpp).
std::string power_text(const std::string& x, long k) {
  std::string t = x;
  for (long i = 1; i < k; ++i) t += "*" + x;
  return t;
}

}  // namespace

void add_error_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const ErrorBudget& b) {
  const Shape s = ctx->config.shape;
  auto sums = std::make_shared<std::optional<DuplicateSums>>();
  auto get = [ctx, sums, p = b.p]() -> const DuplicateSums& {
    if (!*sums) *sums = duplicate_sums(*ctx, p);
    return **sums;
  };
  const Rational third = b.eps / Rational(3);
  chain.add(
      {.id = "Y-13",
       .claim =
           "Proposition 4 error: bar g differs from bar f only on duplicate cells; their exact contribution is at most the exact duplicate volume fraction times max ||f(L)||_p^p",
       .symbols =
           "d_p(bar f, bar g)^p = sum_{L in G \\ G~} delta^(dn) ||f(L)||_p^p <= (1 - (delta^-d)! / ((delta^-d - n)! delta^(-dn))) max_L ||f(L)||_p^p",
       .relation = Relation::LessEqual,
       .lhs_name = "d_p(bar f, bar g)^p",
       .rhs_name = "dup. fraction * max ||f(L)||_p^p",
       .reference = "Proposition 4",
       .status = "P/R",
       .mode = "CF",
       .coq_lemma = "yun_thm2_Y13",
       .coq_proof = "YunVolume.yun_y13_duplicate_error"},
      chain::exact([get, s] {
        const DuplicateSums& d = get();
        return Outcome(Side::exact(d.duplicate_sum, "exact sum over the duplicate cells (uses Y-12)")
                           .trusted_because(chain::kEnumeration),
                       Side::exact(duplicate_fraction(s) * d.max_norm).trusted_because(chain::kEnumeration))
            .report("duplicate fraction", Side::exact(duplicate_fraction(s)))
            .report("max ||f(L)||_p^p", Side::exact(d.max_norm));
      }));
  chain.add({.id = "Y-13b",
             .claim = "the exact duplicate fraction is at most binom(n,2) delta^d (the paper's O(delta^(d/p)) term)",
             .symbols = "dup. fraction * max ||f(L)||_p^p <= binom(n,2) delta^d max ||f(L)||_p^p",
             .relation = Relation::LessEqual,
             .lhs_name = "dup. fraction * max",
             .rhs_name = "binom(n,2) delta^d max",
             .reference = "Proposition 4",
             .status = "P",
             .mode = "CF",
             .coq_lemma = "yun_thm2_Y13b",
             .coq_proof = "YunVolume.yun_y13_union_bound"},
            chain::exact([get, s] {
              const DuplicateSums& d = get();
              const Rational binom2(static_cast<long>(s.n * (s.n - 1) / 2));
              return Outcome(
                  Side::exact(duplicate_fraction(s) * d.max_norm)
                      .rechecked_by("x0*x1",
                                    {"step:Y-13:reported:duplicate fraction", "step:Y-13:reported:max ||f(L)||_p^p"}),
                  Side::exact(binom2 * pow_int(s.delta(), s.dl()) * d.max_norm)
                      .rechecked_by("x0*(x0-1)/2*" + power_text("x1", s.dl()) + "*x2",
                                    {"parameter:n", "parameter:delta", "step:Y-13:reported:max ||f(L)||_p^p"}));
            }));
  chain.add({.id = "Y-13e",
             .claim = "duplicate-cell budget: the Step 2 error is at most eps/3",
             .symbols = "d_p(bar f, bar g)^p <= (eps/3)^p",
             .relation = Relation::LessEqual,
             .lhs_name = "d_p(bar f, bar g)^p",
             .rhs_name = "(eps/3)^p",
             .reference = "Sec. 6 step 2",
             .status = "R",
             .mode = "CF",
             .coq_lemma = "yun_thm2_Y13e",
             .coq_proof = "YunVolume.yun_final_assembly",
             .coq_note = "the eps/3 budget of the duplicate cells"},
            chain::exact([get, third, p = b.p] {
              return Outcome(Side::exact(get().duplicate_sum).rechecked_by("x0", {"step:Y-13:lhs"}),
                             Side::exact(pow_int(third, static_cast<long>(p)))
                                 .rechecked_by(power_text("(x0/3)", static_cast<long>(p)), {"parameter:eps"}));
            }));
  chain.add(
      {.id = "Y-14",
       .claim =
           "Lemma 8: the piecewise-constant approximation error is at most eps/3, via the stated Lipschitz constant",
       .symbols = "d_p(f, bar f) <= omega_{f,p}(delta) <= Lip * delta <= eps/3",
       .relation = Relation::LessEqual,
       .lhs_name = "Lip * delta",
       .rhs_name = "eps/3",
       .reference = "Lemma 8",
       .status = "P",
       .mode = "CF",
       .coq_lemma = "yun_thm2_Y14",
       .coq_proof = "YunVolume.yun_final_assembly",
       .coq_note = "premise d_p(f, bar f) <= omega (Lemma 8 is not in Coq)"},
      chain::exact([lip = b.lipschitz, s, third] {
        return Outcome(Side::exact(lip * s.delta(), "Lip (stated in the instance) times delta")
                           .rechecked_by("x0*x1", {"parameter:lipschitz", "parameter:delta"}),
                       Side::exact(third).rechecked_by("x0/3", {"parameter:eps"}));
      }));
}

}  // namespace approxcert::theorems::yun2020
