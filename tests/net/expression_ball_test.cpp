// Target expressions with transcendental functions: the Ball enclosure at 128 bits must contain
// an independent MPFR reference computed at 300 bits, and be tight (radius < 2^-100).
#include <doctest/doctest.h>
#include <mpfr.h>

#include <functional>
#include <string_view>
#include <vector>

#include "net/evaluate.hpp"
#include "net/expression.hpp"

using namespace approxcert;

namespace {

constexpr mpfr_prec_t kRefBits = 300;

struct Mpfr {
  mpfr_t v;
  Mpfr() { mpfr_init2(v, kRefBits); }
  explicit Mpfr(const Rational& x) : Mpfr() { mpfr_set_q(v, x.get_mpq_t(), MPFR_RNDN); }
  ~Mpfr() { mpfr_clear(v); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
};

Rational to_rational(const mpfr_t v) {
  mpq_class out;
  mpfr_get_q(out.get_mpq_t(), v);
  return Rational(out);
}

// Computes the reference value r from the point x (given as MPFR numbers) at kRefBits.
using Reference = std::function<void(mpfr_t r, const std::vector<mpfr_ptr>& x)>;

void check_encloses(std::string_view text, const std::vector<Rational>& point, const Reference& reference) {
  CAPTURE(text);
  const Program prog = compile_target(text, point.size());
  std::vector<Ball> in(point.size());
  for (std::size_t k = 0; k < point.size(); ++k) set(in[k], point[k], Prec(128));
  const Ball out = evaluate<Ball>(prog, std::span<const Ball>(in), Prec(128))[0];
  REQUIRE(is_finite(out));

  std::vector<Mpfr> xs(point.size());
  std::vector<mpfr_ptr> ptrs;
  for (std::size_t k = 0; k < point.size(); ++k) {
    mpfr_set_q(xs[k].v, point[k].get_mpq_t(), MPFR_RNDN);
    ptrs.push_back(xs[k].v);
  }
  Mpfr ref;
  reference(ref.v, ptrs);
  const Rational r = to_rational(ref.v);
  CAPTURE(to_string(out));
  CHECK(lower(out) <= r);
  CHECK(r <= upper(out));
  CHECK(rad(out) < pow2(-100));
}

}  // namespace

TEST_CASE("target expression: transcendental enclosures contain a 300-bit MPFR reference") {
  const Rational half = parse_rational("0.5"), third = parse_rational("1/3");

  check_encloses("exp(x0)*sin(x1)+atan(1/3)", {half, parse_rational("-1.25")}, [](mpfr_t r, const auto& x) {
    Mpfr a, b, c;
    mpfr_exp(a.v, x[0], MPFR_RNDN);
    mpfr_sin(b.v, x[1], MPFR_RNDN);
    mpfr_mul(r, a.v, b.v, MPFR_RNDN);
    mpfr_set_ui(c.v, 1, MPFR_RNDN);
    mpfr_div_ui(c.v, c.v, 3, MPFR_RNDN);
    mpfr_atan(c.v, c.v, MPFR_RNDN);
    mpfr_add(r, r, c.v, MPFR_RNDN);
  });
  check_encloses("pi", {}, [](mpfr_t r, const auto&) { mpfr_const_pi(r, MPFR_RNDN); });
  check_encloses("e", {}, [](mpfr_t r, const auto&) {
    mpfr_set_ui(r, 1, MPFR_RNDN);
    mpfr_exp(r, r, MPFR_RNDN);
  });
  check_encloses("e^2 - 2*pi", {}, [](mpfr_t r, const auto&) {
    Mpfr p;
    mpfr_set_ui(r, 2, MPFR_RNDN);
    mpfr_exp(r, r, MPFR_RNDN);
    mpfr_const_pi(p.v, MPFR_RNDN);
    mpfr_mul_ui(p.v, p.v, 2, MPFR_RNDN);
    mpfr_sub(r, r, p.v, MPFR_RNDN);
  });
  for (const char* x : {"0.75", "-3.5", "0"}) {
    check_encloses("sigmoid(x0)", {parse_rational(x)}, [](mpfr_t r, const auto& xs) {
      mpfr_neg(r, xs[0], MPFR_RNDN);
      mpfr_exp(r, r, MPFR_RNDN);
      mpfr_add_ui(r, r, 1, MPFR_RNDN);
      mpfr_ui_div(r, 1, r, MPFR_RNDN);
    });
    check_encloses("tanh(x0)", {parse_rational(x)}, [](mpfr_t r, const auto& xs) { mpfr_tanh(r, xs[0], MPFR_RNDN); });
  }
  check_encloses("log(x0) + sqrt(x0) - cos(x0)/tan(x0)", {Rational(3)}, [](mpfr_t r, const auto& x) {
    Mpfr s, c, t;
    mpfr_log(r, x[0], MPFR_RNDN);
    mpfr_sqrt(s.v, x[0], MPFR_RNDN);
    mpfr_add(r, r, s.v, MPFR_RNDN);
    mpfr_cos(c.v, x[0], MPFR_RNDN);
    mpfr_tan(t.v, x[0], MPFR_RNDN);
    mpfr_div(c.v, c.v, t.v, MPFR_RNDN);
    mpfr_sub(r, r, c.v, MPFR_RNDN);
  });
  check_encloses("x0^-3 * exp(-x0^2/2)", {third}, [](mpfr_t r, const auto& x) {
    Mpfr g;
    mpfr_sqr(g.v, x[0], MPFR_RNDN);
    mpfr_div_si(g.v, g.v, -2, MPFR_RNDN);
    mpfr_exp(g.v, g.v, MPFR_RNDN);
    mpfr_pow_si(r, x[0], -3, MPFR_RNDN);
    mpfr_mul(r, r, g.v, MPFR_RNDN);
  });
}

TEST_CASE("target expression: functional identities hold in Ball arithmetic") {
  // sin^2 + cos^2 = 1, cos(pi/3) = 1/2, exp(log(x)) = x: the exact value must be enclosed.
  auto encloses = [](std::string_view text, const Rational& x, const Rational& value) {
    CAPTURE(text);
    const Program prog = compile_target(text, 1);
    std::vector<Ball> in(1);
    set(in[0], x, Prec(128));
    const Ball out = evaluate<Ball>(prog, std::span<const Ball>(in), Prec(128))[0];
    CHECK(lower(out) <= value);
    CHECK(value <= upper(out));
    CHECK(rad(out) < pow2(-100));
  };
  encloses("sin(x0)^2 + cos(x0)^2", parse_rational("0.7"), 1);
  encloses("cos(pi/3)", 0, parse_rational("1/2"));
  encloses("exp(log(x0))", parse_rational("2.5"), parse_rational("5/2"));
  encloses("tan(atan(x0))", parse_rational("-4"), -4);
  encloses("sigmoid(x0) + sigmoid(-x0)", parse_rational("1.5"), 1);
}
