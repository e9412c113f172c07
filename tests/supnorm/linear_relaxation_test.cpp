// The linear-relaxation form (supnorm/linear_relaxation.hpp) against independent references, no
// slack: at random exact points of random boxes, the output's lower and upper forms evaluated at
// the point, and the concretised range, contain
//   - for random networks of every hidden layer kind: the layer-by-layer reference interpreter
//     (reference/reference_interpreter.hpp; exact rationals for rational networks, 512-bit MPFR
//     once a transcendental enters, allowed only its own rounding, 2^-400 relative);
//   - for expressions using every operation the relaxation handles (products, relu, abs, min, max,
//     exp, log, sqrt, sin, cos, tan, atan, tanh, sigmoid, powers, log2, log10, asin, acos, sinh, cosh,
//     asinh, acosh, atanh, erf, erfc, real powers by fallback, division by fallback): closed
//     forms written here in 512-bit MPFR, likewise.
// Both on Ball and on Interval. Plus: exactness on affine programs (the concretised range of an
// affine function is its exact range up to the working precision), and the form inside the bounder.
#include <doctest/doctest.h>

#include <mpfr.h>

#include <functional>
#include <string>
#include <vector>

#include "../test_multiplier.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "reference/programs.hpp"
#include "reference/reference_interpreter.hpp"
#include "scalar/fast_interval.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/linear_relaxation.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

// A 512-bit MPFR number with value semantics, for the closed forms below.
class Ref {
 public:
  Ref() { mpfr_init2(v_, 512); }
  Ref(const Rational& q) : Ref() { mpfr_set_q(v_, q.get_mpq_t(), MPFR_RNDN); }  // NOLINT
  Ref(long n) : Ref() { mpfr_set_si(v_, n, MPFR_RNDN); }                        // NOLINT
  Ref(const Ref& o) : Ref() { mpfr_set(v_, o.v_, MPFR_RNDN); }
  Ref& operator=(const Ref& o) {
    mpfr_set(v_, o.v_, MPFR_RNDN);
    return *this;
  }
  ~Ref() { mpfr_clear(v_); }
  using Fn = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
  using Fn2 = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
  friend Ref apply(Fn f, const Ref& a) {
    Ref r;
    f(r.v_, a.v_, MPFR_RNDN);
    return r;
  }
  friend Ref apply(Fn2 f, const Ref& a, const Ref& b) {
    Ref r;
    f(r.v_, a.v_, b.v_, MPFR_RNDN);
    return r;
  }
  friend Ref operator+(const Ref& a, const Ref& b) { return apply(mpfr_add, a, b); }
  friend Ref operator-(const Ref& a, const Ref& b) { return apply(mpfr_sub, a, b); }
  friend Ref operator*(const Ref& a, const Ref& b) { return apply(mpfr_mul, a, b); }
  friend Ref operator/(const Ref& a, const Ref& b) { return apply(mpfr_div, a, b); }
  Rational exact() const {
    mpq_class q;
    mpfr_get_q(q.get_mpq_t(), v_);
    return Rational(q);
  }

 private:
  mpfr_t v_;
};

Ref relu_ref(const Ref& a) { return a.exact().sign() > 0 ? a : Ref(0L); }
Ref max_ref(const Ref& a, const Ref& b) { return a.exact() < b.exact() ? b : a; }
Ref min_ref(const Ref& a, const Ref& b) { return a.exact() < b.exact() ? a : b; }
Ref sigmoid_ref(const Ref& a) { return Ref(1L) / (Ref(1L) + apply(mpfr_exp, Ref(0L) - a)); }

// The reference value: exact, or a 512-bit rounded value allowed 2^-400 (1 + |v|) either way.
struct RefValue {
  Rational value, tolerance;
};
RefValue rounded(const Ref& r) {
  const Rational v = r.exact();
  return {v, (Rational(1) + (v.sign() < 0 ? -v : v)) / Rational(mpz_class(mpz_class(1) << 400))};
}

struct ClosedForm {
  std::string text;
  std::size_t dim;
  std::function<Ref(const std::vector<Ref>&)> value;
};

const std::vector<ClosedForm>& closed_forms() {
  static const std::vector<ClosedForm> forms = {
      {"sin(2*x0)*sin(2*x1) - tanh(x0 - x1/2)", 2,
       [](const std::vector<Ref>& x) {
         return apply(mpfr_sin, Ref(2L) * x[0]) * apply(mpfr_sin, Ref(2L) * x[1]) -
                apply(mpfr_tanh, x[0] - x[1] / Ref(2L));
       }},
      {"exp(x0)*cos(x1) + atan(x0*x1) - sigmoid(3*x1 - x0)", 2,
       [](const std::vector<Ref>& x) {
         return apply(mpfr_exp, x[0]) * apply(mpfr_cos, x[1]) + apply(mpfr_atan, x[0] * x[1]) -
                sigmoid_ref(Ref(3L) * x[1] - x[0]);
       }},
      {"abs(x0 - x1) + max(x0, x1^2) - min(x0*x1, 1/3) + relu(x0 + x1 - 1/4)", 2,
       [](const std::vector<Ref>& x) {
         return apply(mpfr_abs, x[0] - x[1]) + max_ref(x[0], x[1] * x[1]) - min_ref(x[0] * x[1], Ref(1L) / Ref(3L)) +
                relu_ref(x[0] + x[1] - Ref(1L) / Ref(4L));
       }},
      {"log(2 + x0)*sqrt(3 + x1) + x2^3 - tan(x0/2) + x0/(3 + x1) - x2^-2", 3,
       [](const std::vector<Ref>& x) {
         return apply(mpfr_log, Ref(2L) + x[0]) * apply(mpfr_sqrt, Ref(3L) + x[1]) + x[2] * x[2] * x[2] -
                apply(mpfr_tan, x[0] / Ref(2L)) + x[0] / (Ref(3L) + x[1]) - Ref(1L) / (x[2] * x[2]);
       }},
      // the functions of issue 17
      {"log2(2 + x0) + asin(x1/2) - acos(x0*x1/2) + sinh(x0)*cosh(x1)", 2,
       [](const std::vector<Ref>& x) {
         return apply(mpfr_log2, Ref(2L) + x[0]) + apply(mpfr_asin, x[1] / Ref(2L)) -
                apply(mpfr_acos, x[0] * x[1] / Ref(2L)) + apply(mpfr_sinh, x[0]) * apply(mpfr_cosh, x[1]);
       }},
      {"asinh(2*x0) - atanh(x1/2) + erf(x0 - x1) + erfc(x1) + log10(3 + x0*x1)", 2,
       [](const std::vector<Ref>& x) {
         return apply(mpfr_asinh, Ref(2L) * x[0]) - apply(mpfr_atanh, x[1] / Ref(2L)) + apply(mpfr_erf, x[0] - x[1]) +
                apply(mpfr_erfc, x[1]) + apply(mpfr_log10, Ref(3L) + x[0] * x[1]);
       }},
      {"x0^(1/3) + pow(x1, x2) - acosh(1 + x2) + (x0 + x1)^(-3/2)", 3,
       [](const std::vector<Ref>& x) {
         return apply(mpfr_cbrt, x[0]) + apply(mpfr_pow, x[1], x[2]) - apply(mpfr_acosh, Ref(1L) + x[2]) +
                apply(mpfr_pow, x[0] + x[1], Ref(-3L) / Ref(2L));
       }},
  };
  return forms;
}

// A random sub-box of [-1, 1]^d (or of [1/2, 1] for coordinates that must avoid 0), widths from
// 2^-12 to the whole interval.
Box random_box(RandomNetworks& gen, std::size_t d, bool positive) {
  Box b{std::vector<Rational>(d), std::vector<Rational>(d)};
  for (std::size_t i = 0; i < d; ++i) {
    const Rational lo0 = positive ? frac(1, 2) : Rational(-1), hi0(1);
    const Rational w = (hi0 - lo0) / Rational(mpz_class(mpz_class(1) << gen.integer(0, 12)));
    b.lo[i] = lo0 + (hi0 - lo0 - w) * frac(gen.integer(0, 1024), 1024);
    b.hi[i] = b.lo[i] + w;
  }
  return b;
}

// Runs the relaxation on `box` and checks that the forms at random points and the range contain
// the reference there. Returns the range's width (for the callers' statistics; nothing asserted).
template <RigorousScalar S>
void check_box(const Program& prog, const Box& box, RandomNetworks& gen,
               const std::function<RefValue(const std::vector<Rational>&)>& reference) {
  const Prec p(64);
  std::vector<S> in(box.dim());
  for (std::size_t i = 0; i < in.size(); ++i) set_interval(in[i], box.lo[i], box.hi[i], p);
  Evaluator<S> natural(prog, p);
  natural.run(in);
  LinearRelaxation<S> relax(prog, prog.outputs()[0], p);
  const auto r = relax.bound(box, natural.values());
  REQUIRE(r.has_value());
  CHECK(r->range.lo <= r->range.hi);
  CHECK(r->dirty_slope.size() == box.dim());
  for (int k = 0; k < 20; ++k) {
    const std::vector<Rational> x = gen.point(box);
    const RefValue ref = reference(x);
    const auto at = relax.forms_at(box, x);
    REQUIRE(at.has_value());
    CHECK(at->lo <= ref.value + ref.tolerance);
    CHECK(ref.value - ref.tolerance <= at->hi);
    CHECK(r->range.lo <= ref.value + ref.tolerance);
    CHECK(ref.value - ref.tolerance <= r->range.hi);
  }
}

RefValue network_reference(const Network& net, const std::vector<Rational>& x) {
  const RefVector out = reference_outputs(net, x);
  if (out[0].is_exact()) return {out[0].value(), Rational(0)};
  const Rational v = out[0].value();
  return {v, (Rational(1) + (v.sign() < 0 ? -v : v)) / Rational(mpz_class(mpz_class(1) << 400))};
}

template <RigorousScalar S>
void check_random_networks(std::uint64_t seed) {
  RandomNetworks gen(seed);
  for (const Hidden kind : kAllHidden)
    for (std::size_t d = 2; d <= 4; ++d)
      for (int rep = 0; rep < approxcert::test::random_cases(3); ++rep) {
        const Network net = gen.network(d, kind, static_cast<std::size_t>(gen.integer(2, 6)));
        const Program prog = lower(net);
        CAPTURE(layer_type_name(net.layers[1]));
        CAPTURE(d);
        for (int b = 0; b < 3; ++b)
          check_box<S>(prog, random_box(gen, d, false), gen,
                       [&](const std::vector<Rational>& x) { return network_reference(net, x); });
      }
}

template <RigorousScalar S>
void check_closed_forms(std::uint64_t seed) {
  RandomNetworks gen(seed);
  for (const ClosedForm& f : closed_forms()) {
    const Program prog = compile_target(f.text, f.dim);
    CAPTURE(f.text);
    for (int b = 0; b < 12; ++b)
      check_box<S>(prog, random_box(gen, f.dim, f.dim == 3), gen, [&](const std::vector<Rational>& x) {
        std::vector<Ref> xs(x.begin(), x.end());
        return rounded(f.value(xs));
      });
  }
}

}  // namespace

TEST_CASE("linear relaxation: random networks of every hidden layer kind, Ball") { check_random_networks<Ball>(71); }

TEST_CASE("linear relaxation: random networks of every hidden layer kind, Interval") {
  check_random_networks<Interval>(72);
}

TEST_CASE("linear relaxation: random networks of every hidden layer kind, FastInterval") {
  check_random_networks<FastInterval>(75);
}

TEST_CASE("linear relaxation: every handled operation against MPFR closed forms, FastInterval") {
  check_closed_forms<FastInterval>(76);
}

TEST_CASE("linear relaxation: every handled operation against MPFR closed forms, Ball") {
  check_closed_forms<Ball>(73);
}

TEST_CASE("linear relaxation: every handled operation against MPFR closed forms, Interval") {
  check_closed_forms<Interval>(74);
}

TEST_CASE("linear relaxation: an affine program's range is its exact range up to rounding") {
  // f = x0 - 2 x1 + x2/3 + 1/7 on [-1, 1/2] x [0, 1] x [1/4, 3/4]: exact range
  // [-1 - 2 + 1/12 + 1/7, 1/2 + 0 + 1/4 + 1/7].
  const Program prog = compile_target("x0 - 2*x1 + x2/3 + 1/7", 3);
  const Box box{{Rational(-1), Rational(0), frac(1, 4)}, {frac(1, 2), Rational(1), frac(3, 4)}};
  const Rational lo = Rational(-3) + frac(1, 12) + frac(1, 7), hi = frac(3, 4) + frac(1, 7);
  const Prec p(64);
  std::vector<Interval> in(3);
  for (std::size_t i = 0; i < 3; ++i) set_interval(in[i], box.lo[i], box.hi[i], p);
  Evaluator<Interval> natural(prog, p);
  natural.run(in);
  LinearRelaxation<Interval> relax(prog, prog.outputs()[0], p);
  const auto r = relax.bound(box, natural.values());
  REQUIRE(r.has_value());
  const Rational slack = Rational(1) / Rational(mpz_class(mpz_class(1) << 55));
  CHECK(r->range.lo <= lo);
  CHECK(lo - slack <= r->range.lo);
  CHECK(hi <= r->range.hi);
  CHECK(r->range.hi <= hi + slack);
  // The slopes in x units: |df/dx_i| = 1, 2, 1/3.
  CHECK(r->dirty_slope[0] == doctest::Approx(1.0));
  CHECK(r->dirty_slope[1] == doctest::Approx(2.0));
  CHECK(r->dirty_slope[2] == doctest::Approx(1.0 / 3));
}

TEST_CASE("linear relaxation: inside the bounder, present for 2+ inputs unless turned off") {
  const Program prog = compile_target("relu(x0 - x1) - relu(x1 - x0) - x0 + x1", 2);  // identically 0
  const Box box = cube(Rational(-1), Rational(1), 2);
  BounderOptions on;
  on.all_forms = true;
  const BoxBounds b = make_bounder(prog, Prec(64), std::nullopt, on)->bound(box, Rational(0));
  REQUIRE(b.linear.has_value());
  CHECK(b.linear->lo <= Rational(0));
  CHECK(Rational(0) <= b.linear->hi);
  BounderOptions off = on;
  off.linear_relaxation = false;
  CHECK_FALSE(make_bounder(prog, Prec(64), std::nullopt, off)->bound(box, Rational(0)).linear.has_value());
  const Program one = compile_target("relu(x0)", 1);
  CHECK_FALSE(make_bounder(one, Prec(64), std::nullopt, on)
                  ->bound(cube(Rational(-1), Rational(1), 1), Rational(0))
                  .linear.has_value());
}
