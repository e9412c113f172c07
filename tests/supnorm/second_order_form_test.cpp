// The second-order form (supnorm/second_order_form.hpp) against independent references, no slack:
//   - cubic polynomials, whose value, gradient and Hessian range over a box are exact closed forms
//     (the Hessian of a cubic is affine): the form contains p at every point of a grid and at
//     random points, on boxes where the definite-quadratic bound applies and where it does not;
//   - concave quadratics with their maximiser inside the box: the definite bound IS the maximum;
//   - the bounder on 4-input tanh networks against the 200-bit reference interpreter;
//   - the O(w^3) remainder: the excess over the maximum of exp(-(quadratic)) at 0 shrinks about 8x
//     when the box is halved (a form losing O(w^2) shrinks 4x).
#include <doctest/doctest.h>

#include <vector>

#include "../test_multiplier.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/second_order_form.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// A polynomial as monomials c * prod x_i^e_i.
struct Monomial {
  Rational c;
  std::vector<int> e;
};
using Poly = std::vector<Monomial>;

Rational eval(const Poly& p, const std::vector<Rational>& x) {
  Rational s(0);
  for (const Monomial& m : p) {
    Rational t = m.c;
    for (std::size_t i = 0; i < x.size(); ++i)
      for (int k = 0; k < m.e[i]; ++k) t *= x[i];
    s += t;
  }
  return s;
}

Poly derivative(const Poly& p, std::size_t i) {
  Poly d;
  for (const Monomial& m : p) {
    if (m.e[i] == 0) continue;
    Monomial n = m;
    n.c *= Rational(m.e[i]);
    n.e[i] -= 1;
    d.push_back(n);
  }
  return d;
}

// The exact range over the box of a polynomial of degree <= 1.
Range affine_range(const Poly& p, const Box& box) {
  Range r{Rational(0), Rational(0)};
  for (const Monomial& m : p) {
    int degree = 0;
    std::size_t var = 0;
    for (std::size_t i = 0; i < m.e.size(); ++i)
      if (m.e[i]) degree += m.e[i], var = i;
    REQUIRE(degree <= 1);
    const Range c{m.c, m.c};
    r = r + (degree == 0 ? c : c * Range{box.lo[var], box.hi[var]});
  }
  return r;
}

Range point(const Rational& x) { return {x, x}; }

// Terms of p at m over the box: exact, or (loose) with the value and gradient widened at random
// (still enclosures, as a rounded evaluation would give).
SecondOrderTerms terms_of(const Poly& p, const std::vector<Rational>& m, const Box& box, RandomNetworks& gen,
                          bool loose) {
  const std::size_t d = m.size();
  auto widened = [&](const Rational& x) {
    if (!loose) return point(x);
    return Range{x - frac(gen.integer(0, 8), 64), x + frac(gen.integer(0, 8), 64)};
  };
  SecondOrderTerms t{widened(eval(p, m)), {}, {}};
  for (std::size_t i = 0; i < d; ++i) {
    const Poly di = derivative(p, i);
    t.gradient.push_back(widened(eval(di, m)));
    t.hessian.emplace_back();
    for (std::size_t j = 0; j < d; ++j) t.hessian[i].push_back(affine_range(derivative(di, j), box));
  }
  return t;
}

// A random cubic: a random quadratic part plus `bend` * (sum of squares + (sum x)^2) (concave for
// bend < 0 and small cubic terms) and small random cubic monomials.
Poly random_cubic(std::size_t d, RandomNetworks& gen, long bend) {
  Poly p;
  auto mono = [&](Rational c, std::vector<int> e) { p.push_back({std::move(c), std::move(e)}); };
  mono(gen.number(), std::vector<int>(d, 0));
  for (std::size_t i = 0; i < d; ++i) {
    std::vector<int> e(d, 0);
    e[i] = 1;
    mono(gen.number() / Rational(4), e);
    for (std::size_t j = i; j < d; ++j) {
      std::vector<int> q(d, 0);
      q[i] += 1;
      q[j] += 1;
      mono(gen.number() / Rational(8) + Rational(bend) * Rational(i == j ? 4 : 2), q);
      for (std::size_t k = j; k < d; ++k) {
        if (gen.integer(0, 2) != 0) continue;
        std::vector<int> c = q;
        c[k] += 1;
        mono(gen.number() / Rational(16), c);
      }
    }
  }
  return p;
}

std::vector<Range> offsets_of(const Box& box, const std::vector<Rational>& m) {
  std::vector<Range> o;
  for (std::size_t i = 0; i < m.size(); ++i) o.push_back({box.lo[i] - m[i], box.hi[i] - m[i]});
  return o;
}

}  // namespace

TEST_CASE("second-order form: contains random cubic polynomials on their boxes (exact references)") {
  RandomNetworks gen(14001);
  int upper_used = 0, lower_used = 0, neither = 0;
  for (int trial = 0; trial < approxcert::test::random_cases(240); ++trial) {
    const std::size_t d = static_cast<std::size_t>(1 + trial % 4);
    const long bend = trial % 3 == 0 ? -1 : trial % 3 == 1 ? 1 : 0;
    const Poly p = random_cubic(d, gen, bend);
    Box box = cube(Rational(-1), Rational(1), d);
    for (std::size_t i = 0; i < d; ++i) {
      const Rational a = gen.point(box)[i], w = frac(gen.integer(1, 16), 16);
      box.lo[i] = a;
      box.hi[i] = a + w;
    }
    // The form holds for any centre in the box; the midpoint makes A the Hessian at m exactly.
    std::vector<Rational> m = trial % 2 ? gen.point(box) : std::vector<Rational>(d);
    if (trial % 2 == 0)
      for (std::size_t i = 0; i < d; ++i) m[i] = (box.lo[i] + box.hi[i]) / Rational(2);
    const SecondOrderTerms t = terms_of(p, m, box, gen, trial % 5 >= 3);
    const std::vector<Range> off = offsets_of(box, m);
    const Range r = second_order_range(t, off);
    const DefiniteQuadraticBound q = second_order_definite(t, off);
    upper_used += q.upper.has_value();
    lower_used += q.lower.has_value();
    neither += !q.upper && !q.lower;
    CAPTURE(trial);
    std::vector<std::vector<Rational>> xs = grid(box, d <= 2 ? 9 : d == 3 ? 6 : 4);
    for (int k = 0; k < 30; ++k) xs.push_back(gen.point(box));
    for (const auto& x : xs) {
      const Rational y = eval(p, x);
      CHECK(r.contains(y));
      if (q.upper) CHECK(y <= *q.upper);
      if (q.lower) CHECK(*q.lower <= y);
    }
  }
  CHECK(upper_used > 40);  // every branch of the form is exercised
  CHECK(lower_used > 40);
  CHECK(neither > 20);
}

TEST_CASE("second-order form: the definite bound is the exact maximum of a concave quadratic") {
  RandomNetworks gen(14002);
  for (int trial = 0; trial < approxcert::test::random_cases(60); ++trial) {
    const std::size_t d = static_cast<std::size_t>(1 + trial % 5);
    // A = -(L L^T + I/4), L random lower triangular: negative definite.
    std::vector<std::vector<Rational>> L(d, std::vector<Rational>(d)), A(d, std::vector<Rational>(d));
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j <= i; ++j) L[i][j] = gen.number();
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j < d; ++j) {
        Rational s = i == j ? frac(1, 4) : Rational(0);
        for (std::size_t k = 0; k < d; ++k) s += L[i][k] * L[j][k];
        A[i][j] = -s;
      }
    // The maximiser h* inside the box of offsets [-1, 1]^d; g = -A h*.
    std::vector<Rational> hs(d), g(d, Rational(0));
    for (std::size_t i = 0; i < d; ++i) hs[i] = frac(gen.integer(-7, 7), 8);
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j < d; ++j) g[i] -= A[i][j] * hs[j];
    Rational qmax = gen.number();  // f(m), then plus g.h* + h*^T A h* / 2
    const Rational f0 = qmax;
    for (std::size_t i = 0; i < d; ++i) {
      qmax += g[i] * hs[i];
      for (std::size_t j = 0; j < d; ++j) qmax += A[i][j] * hs[i] * hs[j] / Rational(2);
    }
    SecondOrderTerms t{point(f0), {}, {}};
    for (std::size_t i = 0; i < d; ++i) {
      t.gradient.push_back(point(g[i]));
      t.hessian.emplace_back();
      for (std::size_t j = 0; j < d; ++j) t.hessian[i].push_back(point(A[i][j]));
    }
    const std::vector<Range> off(d, Range{Rational(-1), Rational(1)});
    const DefiniteQuadraticBound q = second_order_definite(t, off);
    CAPTURE(trial);
    REQUIRE(q.upper.has_value());
    CHECK(*q.upper == qmax);
    CHECK(!q.lower.has_value());  // A is not positive definite
    CHECK(second_order_range(t, off).hi == qmax);
  }
}

TEST_CASE("second-order form: the definite bound is attained by a worst-case Hessian in its enclosure") {
  // S = A0 +- E (A0 negative definite), M = A0 + E_ij s_i s_j for a sign vector s, g = -A0 s: the
  // quadratic f(h) = g.h + h^T M h / 2 has its Hessian in S, and at h = s both q = g.h + h^T A0 h / 2
  // (maximal at s) and the remainder sum_ij E_ij r_i r_j / 2 are attained: the bound is f(s) exactly.
  RandomNetworks gen(14004);
  for (int trial = 0; trial < approxcert::test::random_cases(60); ++trial) {
    const std::size_t d = static_cast<std::size_t>(2 + trial % 3);
    std::vector<std::vector<Rational>> L(d, std::vector<Rational>(d)), A0(d, std::vector<Rational>(d)), E = A0;
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j <= i; ++j) L[i][j] = frac(gen.integer(-16, 16), 8);  // dyadic: A = A0 exactly
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j <= i; ++j) {
        Rational s = i == j ? frac(1, 4) : Rational(0);
        for (std::size_t k = 0; k < d; ++k) s += L[i][k] * L[j][k];
        A0[i][j] = A0[j][i] = -s;
        E[i][j] = E[j][i] = frac(gen.integer(0, 16), 32);
      }
    std::vector<Rational> sign(d), g(d, Rational(0));
    for (std::size_t i = 0; i < d; ++i) sign[i] = Rational(gen.integer(0, 1) ? 1 : -1);
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j < d; ++j) g[i] -= A0[i][j] * sign[j];
    SecondOrderTerms t{point(Rational(0)), {}, {}};
    Rational f_at_s(0);
    for (std::size_t i = 0; i < d; ++i) {
      t.gradient.push_back(point(g[i]));
      t.hessian.emplace_back();
      f_at_s += g[i] * sign[i];
      for (std::size_t j = 0; j < d; ++j) {
        t.hessian[i].push_back(Range{A0[i][j] - E[i][j], A0[i][j] + E[i][j]});
        const Rational Mij = A0[i][j] + E[i][j] * sign[i] * sign[j];
        f_at_s += Mij * sign[i] * sign[j] / Rational(2);
      }
    }
    const std::vector<Range> off(d, Range{Rational(-1), Rational(1)});
    const DefiniteQuadraticBound q = second_order_definite(t, off);
    CAPTURE(trial);
    REQUIRE(q.upper.has_value());  // A = A0 is negative definite
    CHECK(*q.upper == f_at_s);
  }
}

TEST_CASE("second-order form: rejects terms of mismatched sizes") {
  SecondOrderTerms t{point(Rational(0)), {point(Rational(0))}, {{point(Rational(0))}}};
  const std::vector<Range> two(2, Range{Rational(-1), Rational(1)});
  CHECK_THROWS_AS(second_order_range(t, two), std::invalid_argument);
}

TEST_CASE("second-order form: the bounder's form encloses 4-input tanh networks (200-bit reference)") {
  RandomNetworks gen(14003);
  const char* target = "sin(2*x0)*sin(2*x1)*sin(2*x2)*sin(2*x3)";
  const Box domain = cube(Rational(-1), Rational(1), 4);
  int used = 0;
  for (int n = 0; n < approxcert::test::random_cases(4); ++n) {
    const Program prog = net_error_program(lower(gen.network(4, Hidden::Tanh, 5)), 0, target);
    for (bool fast : {false, true}) {
      BounderOptions opts;
      opts.all_forms = true;
      opts.max_taylor_dim = 4;
      opts.fast_path = fast;
      const auto bounder = make_bounder(prog, Prec(64), Arithmetic::Ball, opts);
      for (int k = 0; k < 10; ++k) {
        Box box = domain;
        const Rational w = pow2(-gen.integer(1, 6));
        for (std::size_t i = 0; i < 4; ++i) {
          box.lo[i] = min(gen.point(domain)[i], Rational(1) - w);
          box.hi[i] = box.lo[i] + w;
        }
        const BoxBounds b = bounder->bound(box, Rational(0));
        if (!b.taylor) continue;
        ++used;
        for (int s = 0; s < 8; ++s) {
          const Ball y = reference_value(prog, gen.point(box));
          REQUIRE(is_finite(y));
          CHECK(b.taylor->lo <= upper(y));
          CHECK(lower(y) <= b.taylor->hi);
        }
        if (b.best) CHECK(b.best->value.lo <= b.taylor->hi);
      }
    }
  }
  CHECK(used >= 60);
}

TEST_CASE("second-order form: the excess over a non-degenerate maximum is O(w^3)") {
  // f = exp(-(x0^2 + x0 x1 + x1^2 + x2^2 - x2 x3 + x3^2)): maximum 1 at 0, Hessian not diagonal.
  const Program prog = expression_error_program("0", "exp(-(x0^2 + x0*x1 + x1^2 + x2^2 - x2*x3 + x3^2))", 4);
  BounderOptions opts;
  opts.all_forms = true;
  opts.max_taylor_dim = 4;
  const auto bounder = make_bounder(prog, Prec(128), Arithmetic::Ball, opts);
  std::vector<Rational> excess;
  for (int k = 3; k <= 6; ++k) {
    // An off-centre box around the maximum, so that the gradient at the box's midpoint is not 0.
    const Rational w = pow2(-k);
    Box box = cube(-w, w, 4);
    box.hi[0] = w + w / Rational(2);
    const BoxBounds b = bounder->bound(box, Rational(0));
    REQUIRE(b.taylor.has_value());
    CHECK(Rational(1) <= b.taylor->hi);  // f(0) = 1 is in the box
    excess.push_back(b.taylor->hi - Rational(1));
  }
  for (std::size_t k = 1; k < excess.size(); ++k) {
    CAPTURE(k);
    CHECK(excess[k] * Rational(6) <= excess[k - 1]);  // about 8x per halving; O(w^2) would be 4x
  }
}
